"""The tournament's settings: the typed object, what is wrong with stored ones, changing them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from app.settings.komi import parse_komi
from app.settings.schema import (
    EVENT_SETTINGS,
    FIX_IN_WINDOW,
    GROUPS,
    TOURNAMENT_FIELDS,
    TOURNAMENT_SETTINGS,
    DrawRule,
    PrizeRemainder,
    PrizeSplit,
    PrizeUnit,
    Problem,
    SettingError,
    change_error,
    check_value,
    fix_command,
    unknown_key,
    value_text,
)


@dataclass(frozen=True)
class Certificate:
    issuer: str | None = None
    template: str | None = None
    background: str | None = None
    number_prefix: str | None = None
    per_member: bool = True  # a team or pair prize: one certificate for each member
    seal: bool = False  # the dashed seal circle and （盖章处）


@dataclass(frozen=True)
class TournamentSettings:
    prize_split: PrizeSplit = "equal"
    prize_unit: PrizeUnit = "yuan"  # a shared place's share is whole yuan (or jiao)
    prize_remainder: PrizeRemainder = "unpaid"  # what rounding leaves of a shared pool
    backups_keep: int = 20  # 0 = keep every copy
    komi: str | None = None
    draws: DrawRule = "auto"  # see `refuses_draws`
    certificate: Certificate = field(default_factory=Certificate)
    remote_entry_url: str | None = None
    # {event code or "*": {"1": "2022-10-28 09:00"}}: each round's scheduled start (issue 14)
    schedule: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    # the officials the 秩序册 lists (裁判长, 副裁判长, 裁判员) and the venue's Wi-Fi name,
    # printed on the poster (issue 39)
    chief_arbiter: str | None = None
    deputy_arbiters: tuple[str, ...] = ()
    arbiters: tuple[str, ...] = ()
    venue_wifi: str | None = None

    def round_time(self, event: str, number: int) -> str | None:
        """The round's scheduled start, "YYYY-MM-DD HH:MM" (the event's own, else "*")."""
        for key in (event, "*"):
            at = (self.schedule.get(key) or {}).get(str(number))
            if at:
                return at
        return None

    def in_force(self) -> dict[str, Any]:
        """Every setting in force as plain JSON values, defaults filled in (what the export's
        `tournament.settings` holds and `finals settings` prints)."""
        out = asdict(self)
        out["schedule"] = {k: dict(v) for k, v in self.schedule.items()}
        out["deputy_arbiters"] = list(self.deputy_arbiters)
        out["arbiters"] = list(self.arbiters)
        return out

    def refuses_draws(self, game: str) -> bool:
        """Whether a game of this final may not be recorded as a draw (=): `draws`, or with
        "auto" a Go final whose komi has a half point (3又3/4子 = 7.5目: no jigo)."""
        if self.draws != "auto":
            return self.draws == "refused"
        komi = parse_komi(self.komi)
        return game == "go" and komi is not None and not komi.allows_jigo


# -- the tournament ---------------------------------------------------------------------------


def flat_tournament_settings(settings: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in settings.items():
        if key == "certificate" and isinstance(value, Mapping):
            out.update({f"certificate.{k}": v for k, v in value.items()})
        else:
            out[key] = value
    return out


def nest_tournament_settings(flat: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in flat.items():
        group, _, name = key.partition(".")
        if group == "certificate" and name:
            out.setdefault("certificate", {})[name] = value
        else:
            out[key] = value
    return out


def tournament_problems(
    settings: Mapping[str, Any], fields: Mapping[str, Any] | None = None
) -> list[Problem]:
    """What is wrong with the tournament's stored settings (and, if given, its fields)."""
    problems: list[Problem] = []
    for key, value in flat_tournament_settings(settings).items():
        spec = TOURNAMENT_SETTINGS.get(key)
        if key == "certificate":
            continue  # not an object: below
        if spec is None:
            problems.append(Problem(key, value, _unknown_tournament_key(key), None, unused=True))
            continue
        message = check_value(spec, value)
        if message:
            fix = None if spec.default is None else value_text(spec.default)
            problems.append(Problem(key, value, message, fix))
    if "certificate" in settings and not isinstance(settings["certificate"], Mapping):
        problems.append(
            Problem(
                "certificate",
                settings["certificate"],
                "certificate 应为证书设置（issuer、template、background、number_prefix、per_member、seal）。",
                None,
            )
        )
    for key, value in (fields or {}).items():
        wrong = check_value(TOURNAMENT_FIELDS[key], value)
        if wrong:
            problems.append(Problem(key, value, wrong, None))
    if fields:
        start, end = fields.get("start_date"), fields.get("end_date")
        if (
            isinstance(start, str)
            and isinstance(end, str)
            and not any(p.key in ("start_date", "end_date") for p in problems)
            and end < start
        ):
            problems.append(
                Problem(
                    "end_date",
                    end,
                    f"{TOURNAMENT_FIELDS['end_date'].title()}（{end}）早于 "
                    f"start_date（{start}）：结束日期应不早于开始日期。",
                    None,
                )
            )
    return problems


def _unknown_tournament_key(key: str) -> str:
    if key in EVENT_SETTINGS or key.partition(".")[0] in GROUPS:
        return (
            f"{key} 是项目的设置，不是比赛的设置：请用 --event 指定项目，如 "
            f"finals settings FILE --event 项目代码 --set {key}=…。"
        )
    known = list(TOURNAMENT_FIELDS) + list(TOURNAMENT_SETTINGS)
    return unknown_key(key, known, "比赛")


def tournament_settings_lenient(
    settings: Mapping[str, Any],
) -> tuple[TournamentSettings, list[Problem]]:
    problems = tournament_problems(settings)
    bad = {p.key for p in problems}
    flat = flat_tournament_settings(settings)

    def get(key: str) -> Any:
        return TOURNAMENT_SETTINGS[key].default if key in bad or key not in flat else flat[key]

    certificate = Certificate(
        **{n: get(f"certificate.{n}") for n in Certificate.__dataclass_fields__}
    )
    return TournamentSettings(
        prize_split=get("prize_split"),
        prize_unit=get("prize_unit"),
        prize_remainder=get("prize_remainder"),
        backups_keep=get("backups_keep"),
        komi=get("komi"),
        draws=get("draws"),
        certificate=certificate,
        remote_entry_url=get("remote_entry_url"),
        schedule=get("schedule"),
        chief_arbiter=get("chief_arbiter"),
        deputy_arbiters=tuple(get("deputy_arbiters")),
        arbiters=tuple(get("arbiters")),
        venue_wifi=get("venue_wifi"),
    ), problems


def read_tournament_settings(
    settings: Mapping[str, Any], keys: Sequence[str] = (), file: str = "FILE"
) -> TournamentSettings:
    """The typed tournament settings; SettingError (with the fixing command) for a bad one."""
    typed, problems = tournament_settings_lenient(settings)
    wanted = [
        p
        for p in problems
        if not p.unused and (not keys or any(p.key == k or p.key.startswith(f"{k}.") for k in keys))
    ]
    if wanted:
        command = fix_command(file, None, wanted)
        head = "比赛设置有误，无法继续"
        if len(wanted) == 1:
            raise SettingError(
                f"{head}：{wanted[0].message}请先改正：{command}",
                wanted,
                window=f"{head}：{wanted[0].message}{FIX_IN_WINDOW}",
            )
        raise SettingError(
            f"{head}。请先改正：{command}",
            wanted,
            [p.message for p in wanted],
            window=f"{head}。{FIX_IN_WINDOW}",
        )
    return typed


def apply_tournament_changes(
    fields: Mapping[str, Any],
    settings: Mapping[str, Any],
    changes: Mapping[str, Any],
    unset: Iterable[str] = (),
) -> tuple[dict[str, Any], dict[str, Any]]:
    """(fields, settings) after the changes, or SettingError; nothing half-applied.

    `fields` are the tournament's own columns (title, dates, organisers…) as plain values;
    `settings` its settings JSON.  `certificate` may be given whole (an object) or key by key.
    """
    expanded: dict[str, Any] = {}
    for key, value in changes.items():
        if key == "certificate" and isinstance(value, Mapping):
            expanded.update({f"certificate.{k}": v for k, v in value.items()})
        else:
            expanded[key] = value
    new_fields, flat = dict(fields), flat_tournament_settings(settings)
    before = tournament_problems(settings, fields)
    touched: set[str] = set()
    refused: list[Problem] = []
    known = TOURNAMENT_FIELDS.keys() | TOURNAMENT_SETTINGS.keys()
    for key in unset:
        if key == "title":
            refused.append(Problem(key, None, "比赛名称 title 不能删除；可用 --set title=… 修改。"))
        elif key in TOURNAMENT_FIELDS:
            new_fields[key] = TOURNAMENT_FIELDS[key].default
        elif key in flat or key in known:
            flat.pop(key, None)  # back to the default; or a key an older version left behind
        else:
            refused.append(Problem(key, None, _unknown_tournament_key(key), unused=True))
        touched.add(key)
    for key, value in expanded.items():
        value = list(value) if isinstance(value, tuple) else value
        if key in TOURNAMENT_FIELDS:
            new_fields[key] = value
        elif key in TOURNAMENT_SETTINGS:
            flat[key] = value
        else:
            refused.append(Problem(key, value, _unknown_tournament_key(key), unused=True))
        touched.add(key)
    if refused:
        raise change_error(refused)
    new_settings = nest_tournament_settings(flat)
    old = {(p.key, p.message) for p in before}
    new = [
        p
        for p in tournament_problems(new_settings, new_fields)
        if p.key in touched or (p.key, p.message) not in old
    ]
    if new:
        raise change_error(new)
    return new_fields, new_settings
