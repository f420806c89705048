"""An event's settings: the typed object, what is wrong with a stored one, and changing it.

`StoredEvent` is what the file holds (any JSON); `EventSettings` the typed object the
program reads.  `event_problems` lists what cannot be used; `read_event_settings` raises
`SettingError` with the command that fixes it; `apply_event_changes` checks a change whole.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from app.domain import Scoring
from app.event_codes import event_code_problem
from app.pairing.colours import COLOUR_LIMITS_KEY, default_colour_limits
from app.pairing.mcmahon import McMahonError, McMahonSettings, bounds
from app.pairing.model import PairingSettings
from app.settings.schema import (
    EVENT_SETTINGS,
    FIX_IN_WINDOW,
    GROUPS,
    INTERNAL_KEYS,
    KIND_NAMES,
    KINDS,
    TEAM_MATCH_TIEBREAKS,
    EventKind,
    Gender,
    IneligiblePrizes,
    PairRule,
    Problem,
    Setting,
    SettingError,
    TeamFormat,
    change_error,
    check_value,
    fix_command,
    similar,
    tiebreak_names,
    unknown_key,
    value_text,
)
from app.settings.tournament import tournament_problems
from app.standings.model import MCMAHON_SCORE, MCMAHON_TIEBREAKS, StandingsSettings
from app.standings.teams import TEAM_TIEBREAKS
from app.standings.tiebreaks import Tiebreak, label, labels

_STANDINGS_DEFAULTS = StandingsSettings()


# -- the typed objects ------------------------------------------------------------------------


@dataclass(frozen=True)
class Eligibility:
    """Who may enter (checked at registration, composing and `finals eligibility`)."""

    gender: Gender | None = None
    born_from: str | None = None  # ISO date, inclusive
    born_to: str | None = None
    min_grade: str | None = None
    team_size: int | None = None
    team_max: int | None = None  # with reserves: team_size .. team_max members
    pair: PairRule | None = None
    adult_age: int = 18
    # Teams (issue 13): a member whose 来源 holds one of these words may not be in a team;
    # a team that fails its rules is still ranked, and paid or not by the setting.
    team_excluded_sources: tuple[str, ...] = ()
    ineligible_team_prizes: IneligiblePrizes = "pay"
    late_team_prizes: IneligiblePrizes = "pay"  # a team composed by force after round 1
    # Players (issue 13): Go §六.2; 亲子 = a child under child_under on the start date and a
    # parent at least parent_older_by years older; the Go youth's 弈战 username; events a
    # player should not play both of (a warning).
    professionals: bool = True
    child_under: int = 18
    parent_older_by: int = 18
    platform_account_required: bool = False
    exclusive_with: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "team_excluded_sources", tuple(self.team_excluded_sources))
        object.__setattr__(self, "exclusive_with", tuple(self.exclusive_with))


@dataclass(frozen=True)
class EventSettings:
    """Every setting in force for one event, typed; defaults filled in."""

    kind: EventKind = EventKind.INDIVIDUAL
    rounds_planned: int = 0
    scoring: Scoring = field(default_factory=Scoring)
    pairing: PairingSettings = field(default_factory=PairingSettings)
    standings: StandingsSettings = field(default_factory=StandingsSettings)
    withdraw_after_forfeits: int = 2  # consecutive forfeit losses; 0 = never
    team_format: TeamFormat = "sum"
    best_of: int | None = None  # team: only the N best members count
    grades_include_held: bool = False  # the grade application form lists grades already held
    eligibility: Eligibility = field(default_factory=Eligibility)
    mcmahon: McMahonSettings = field(default_factory=McMahonSettings)

    @property
    def is_mcmahon(self) -> bool:
        return self.pairing.system == "mcmahon"

    @property
    def is_team_match(self) -> bool:
        return self.kind == EventKind.TEAM and self.team_format == "match"

    @property
    def plays_rounds(self) -> bool:
        return self.kind != EventKind.TEAM or self.is_team_match

    def groups(self) -> dict[str, Any]:
        """The settings as `finals settings --event X --json` shows them."""
        team = self.kind == EventKind.TEAM
        eligibility = {
            k: list(v) if isinstance(v, tuple) else v
            for k, v in vars(self.eligibility).items()
            if self.kind in EVENT_SETTINGS[f"eligibility.{k}"].kinds
        }
        return {
            "rounds_planned": self.rounds_planned,
            "scoring": self.scoring.to_dict(),
            "pairing": {
                **self.pairing.to_dict(),
                "withdraw_after_forfeits": self.withdraw_after_forfeits,
                **({"team_format": self.team_format} if team else {}),
            },
            "standings": {
                **self.standings.to_dict(),
                **({"best_of": self.best_of} if team else {}),
                **(
                    {"grades_include_held": self.grades_include_held}
                    if self.kind == EventKind.INDIVIDUAL
                    else {}
                ),
            },
            "eligibility": eligibility,
            **({"mcmahon": self.mcmahon.to_dict()} if self.kind == EventKind.INDIVIDUAL else {}),
        }


# -- events: checking what is stored -------------------------------------------------------


@dataclass(frozen=True)
class StoredEvent:
    """An event's settings exactly as the file holds them (any JSON)."""

    code: str
    name: str
    kind: str
    rounds_planned: Any = 0
    scoring: Mapping[str, Any] = field(default_factory=dict)
    pairing: Mapping[str, Any] = field(default_factory=dict)
    standings: Mapping[str, Any] = field(default_factory=dict)
    eligibility: Mapping[str, Any] = field(default_factory=dict)

    def group(self, name: str) -> Mapping[str, Any]:
        if name in NESTED_GROUPS:  # kept inside another group of the file
            data = self.group(NESTED_GROUPS[name]).get(name)
        else:
            data = getattr(self, name)
        return data if isinstance(data, Mapping) else {}

    def flat(self) -> dict[str, Any]:
        """{"pairing.system": "swiss", ...}: every key the file holds."""
        out: dict[str, Any] = {"rounds_planned": self.rounds_planned}
        for group in GROUPS:
            for key, value in self.group(group).items():
                if NESTED_GROUPS.get(key) == group and isinstance(value, Mapping):
                    continue  # flattened as its own group
                out[f"{group}.{key}"] = value
        return out

    def with_flat(self, flat: Mapping[str, Any]) -> StoredEvent:
        groups: dict[str, dict[str, Any]] = {g: {} for g in GROUPS}
        for key, value in flat.items():
            group, _, name = key.partition(".")
            if group in groups and name:
                groups[group][name] = value
        for nested, parent in NESTED_GROUPS.items():
            if groups[nested]:
                groups[parent][nested] = groups[nested]
        return replace(
            self,
            rounds_planned=flat.get("rounds_planned", 0),
            scoring=groups["scoring"],
            pairing=groups["pairing"],
            standings=groups["standings"],
            eligibility=groups["eligibility"],
        )


_KIND_OF: dict[str, EventKind] = {k: k for k in KINDS}
# Groups the file keeps inside another group's mapping (the store has no column for them):
# mcmahon.bar is stored as pairing["mcmahon"]["bar"].
NESTED_GROUPS: dict[str, str] = {"mcmahon": "pairing"}


def _kind(stored: StoredEvent) -> EventKind:
    return _KIND_OF.get(stored.kind, EventKind.INDIVIDUAL)


def team_format_of(stored: StoredEvent) -> TeamFormat:
    value = stored.group("pairing").get("team_format", "sum")
    return "match" if stored.kind == EventKind.TEAM and value == "match" else "sum"


def default_tiebreaks(kind: str, team_format: str = "sum", system: str = "") -> tuple[str, ...]:
    if kind == EventKind.TEAM:
        return TEAM_TIEBREAKS if team_format == "sum" else TEAM_MATCH_TIEBREAKS
    if system == "mcmahon":
        return MCMAHON_TIEBREAKS
    return _STANDINGS_DEFAULTS.tiebreaks


# Pairing systems whose events (imported from TRF or OpenGotha) follow their own rules: the
# Chinese forfeit rule (pairing.withdraw_after_forfeits) is off unless the arbiter sets it.
OWN_FORFEIT_RULES = {"dutch": "荷兰制", "mcmahon": "麦克马洪制"}


def forfeit_rule_note(stored: StoredEvent) -> str | None:
    """Why the forfeit rule is off in a Dutch or McMahon event that did not set it (None
    when the event sets it or plays another system), with the command that turns it on."""
    system = OWN_FORFEIT_RULES.get(system_of(stored))
    if system is None or "withdraw_after_forfeits" in stored.group("pairing"):
        return None
    return (
        f"{stored.code}是{system}项目，按其本身规则编排：不执行“连续弃权取消资格”"
        "（pairing.withdraw_after_forfeits=0）。如需执行，请设置："
        f"finals settings FILE --event {stored.code} --set pairing.withdraw_after_forfeits=2。"
    )


def colour_rule_note(stored: StoredEvent) -> str | None:
    """What 禁连三 and the surplus limit are worth where they are only a preference
    (pairing.colour_limits=preference: a McMahon event paired by OpenGotha's engine unless it
    sets otherwise), with the command that makes them absolute; None where they are absolute."""
    settings, _ = event_settings_lenient(stored)
    if settings.pairing.colour_limits != "preference":
        return None
    how = (
        "是麦克马洪制项目，按 OpenGotha 的先后手平衡编排（只是编排代价，不是限制）："
        if settings.is_mcmahon
        else "的"
    )
    return (
        f"{stored.code}{how}禁连三与先后手差上限只是编排偏好（{COLOUR_LIMITS_KEY}=preference），"
        "检查只作提示、不算违规。如需作为绝对规则（编排必须遵守，无法满足时放宽并报告）"
        f"，请设置：finals settings FILE --event {stored.code} --set {COLOUR_LIMITS_KEY}=absolute。"
    )


def system_of(stored: StoredEvent) -> str:
    value = stored.group("pairing").get("system")
    return value if isinstance(value, str) else ""


def default_value(key: str, stored: StoredEvent | None = None) -> Any:
    spec = EVENT_SETTINGS[key]
    if key == "standings.tiebreaks" and stored is not None:
        return list(default_tiebreaks(stored.kind, team_format_of(stored), system_of(stored)))
    if key == "standings.lot_seed" and stored is not None and _uses_lot(stored.group("standings")):
        return lot_seed_for(stored.code)
    if key == COLOUR_LIMITS_KEY and stored is not None:
        engine = stored.group("mcmahon").get("engine", default_value("mcmahon.engine"))
        return default_colour_limits(system_of(stored), str(engine))
    if key == "pairing.withdraw_after_forfeits" and stored is not None:
        if system_of(stored) in OWN_FORFEIT_RULES:
            return 0  # Dutch and McMahon events follow their own system's rules
    return list(spec.default) if isinstance(spec.default, tuple) else spec.default


def lot_seed_for(code: str) -> int:
    """The recorded seed of a standings lot: drawn once from the event code, printed."""
    return zlib.crc32(f"{code}:standings-lot".encode())


def _uses_lot(standings: Mapping[str, Any]) -> bool:
    tiebreaks = standings.get("tiebreaks")
    return standings.get("ties") == "lot" or (
        isinstance(tiebreaks, list | tuple)
        and any(Tiebreak.named(t) is Tiebreak.LOT for t in tiebreaks)
    )


def event_keys(kind: str) -> list[str]:
    return [k for k, s in EVENT_SETTINGS.items() if kind in s.kinds]


def _kind_mismatch(spec: Setting, stored: StoredEvent) -> str:
    kinds = "、".join(KIND_NAMES[k] for k in spec.kinds)
    return (
        f"{spec.title()}只适用于{kinds}项目；{stored.code}（{stored.name}）是"
        f"{KIND_NAMES.get(stored.kind, stored.kind)}项目。"
    )


def _tiebreak_fix(value: Any, names: Sequence[str], default: Sequence[str]) -> str:
    """The tie-break list with typos corrected and unknown names dropped."""
    fixed: list[str] = []
    for item in value if isinstance(value, list | tuple) else []:
        written = label(str(item))
        name = written if written in names else similar(written, names)
        if name and name not in fixed:
            fixed.append(name)
    return ",".join(fixed or labels(default))


def event_problems(stored: StoredEvent) -> list[Problem]:
    """Everything wrong with an event's stored settings (empty when all is well)."""
    problems: list[Problem] = []
    kind = _kind(stored)
    team_format = team_format_of(stored)
    names = tiebreak_names(kind, team_format)
    flat = stored.flat()
    for key, value in flat.items():
        if key in INTERNAL_KEYS:
            continue
        spec = EVENT_SETTINGS.get(key)
        if spec is None:
            group = key.partition(".")[0]
            where = f"{group} 组" if group in GROUPS else "项目"
            known = (
                [k for k in event_keys(kind) if k.startswith(f"{group}.")]
                if group in GROUPS
                else event_keys(kind)
            )
            problems.append(Problem(key, value, unknown_key(key, known, where), None, unused=True))
            continue
        if kind not in spec.kinds:
            problems.append(Problem(key, value, _kind_mismatch(spec, stored), None, unused=True))
            continue
        allowed = names
        if (
            key == "standings.tiebreaks"
            and team_format == "match"
            and isinstance(value, list | tuple)
            and value
            and all(Tiebreak.named(v) in TEAM_TIEBREAKS for v in value)
        ):
            allowed = labels(TEAM_TIEBREAKS)  # the sum model's order, replaced by the match order
        message = check_value(spec, value, allowed)
        if message:
            fix = (
                _tiebreak_fix(value, names, default_tiebreaks(kind, team_format, system_of(stored)))
                if spec.type == "tiebreaks"
                else _default_fix(key, stored)
            )
            problems.append(Problem(key, value, message, fix))
    problems.extend(_cross_problems(stored, {p.key for p in problems}))
    return problems


def _default_fix(key: str, stored: StoredEvent) -> str | None:
    value = default_value(key, stored)
    return None if value is None else value_text(value)


def _cross_problems(stored: StoredEvent, bad: set[str]) -> list[Problem]:
    """Settings that are each fine but impossible together."""
    out: list[Problem] = []
    elig, standings = stored.group("eligibility"), stored.group("standings")
    kind = _kind(stored)

    def fine(key: str) -> bool:
        return key not in bad and kind in EVENT_SETTINGS[key].kinds

    size, most = elig.get("team_size"), elig.get("team_max")
    if (
        fine("eligibility.team_size")
        and fine("eligibility.team_max")
        and size is not None
        and most is not None
        and most < size
    ):
        out.append(
            Problem(
                "eligibility.team_max",
                most,
                f"{EVENT_SETTINGS['eligibility.team_max'].title()}为 {most}，少于每队人数 "
                f"eligibility.team_size（{size}）：应不少于 {size}，不设替补时写 null。",
                str(size),
            )
        )
    largest = most if fine("eligibility.team_max") and most is not None else size
    best = standings.get("best_of")
    if (
        fine("standings.best_of")
        and best is not None
        and largest is not None
        and (fine("eligibility.team_size") or fine("eligibility.team_max"))
        and best > largest
    ):
        out.append(
            Problem(
                "standings.best_of",
                best,
                f"{EVENT_SETTINGS['standings.best_of'].title()}为 {best}，多于每队最多"
                f"人数（{largest}）：应为 1 到 {largest} 之间的整数，全部队员都计时写 null。",
                None,
            )
        )
    start, end = elig.get("born_from"), elig.get("born_to")
    if (
        fine("eligibility.born_from")
        and fine("eligibility.born_to")
        and start
        and end
        and start > end
    ):
        out.append(
            Problem(
                "eligibility.born_to",
                end,
                f"{EVENT_SETTINGS['eligibility.born_to'].title()}（{end}）早于 "
                f"eligibility.born_from（{start}）：出生日期范围为空。",
                None,
            )
        )
    out.extend(_mcmahon_problems(stored, bad))
    if (
        fine("standings.lot_seed")
        and "standings.ties" not in bad
        and "standings.tiebreaks" not in bad
        and _uses_lot(standings)
        and standings.get("lot_seed") is None
    ):
        out.append(
            Problem(
                "standings.lot_seed",
                None,
                f"{EVENT_SETTINGS['standings.lot_seed'].title()}缺失：抽签决定名次需要"
                "一个记录在案的随机种子，以便公开复现。",
                str(lot_seed_for(stored.code)),
            )
        )
    return out


def _mcmahon_problems(stored: StoredEvent, bad: set[str]) -> list[Problem]:
    """McMahon only for individual events (a grade per entrant); the bar above the floor."""
    kind = _kind(stored)
    out: list[Problem] = []
    if (
        "pairing.system" not in bad
        and system_of(stored) == "mcmahon"
        and kind != EventKind.INDIVIDUAL
    ):
        spec = EVENT_SETTINGS["pairing.system"]
        out.append(
            Problem(
                spec.key,
                "mcmahon",
                f"{spec.title()}不能为 mcmahon：麦克马洪制按每名棋手的段级位定起始分，只用于"
                f"个人项目；{stored.code}（{stored.name}）是{KIND_NAMES.get(kind, kind)}项目。"
                "请用 swiss 等其他编排方法。",
                "swiss",
            )
        )
    group = stored.group("mcmahon")
    if kind == EventKind.INDIVIDUAL and not {"mcmahon.bar", "mcmahon.floor"} & bad:
        bar = group.get("bar", default_value("mcmahon.bar"))
        floor = group.get("floor", default_value("mcmahon.floor"))
        try:
            bounds(str(bar), str(floor))
        except McMahonError:
            spec = EVENT_SETTINGS["mcmahon.bar"]
            out.append(
                Problem(
                    spec.key if "bar" in group else "mcmahon.floor",
                    bar if "bar" in group else floor,
                    f"麦克马洪上限 mcmahon.bar（{bar}）应高于下限 mcmahon.floor（{floor}）："
                    "上限及以上的棋手起始分相同，下限及以下的起始分为 0，上限须比下限至少高一级。",
                    None,
                )
            )
        zero = group.get("zero")
        if not out and zero is not None and "mcmahon.zero" not in bad:
            try:
                bounds(str(bar), str(floor), str(zero))
            except McMahonError as exc:
                out.append(Problem("mcmahon.zero", zero, str(exc), None))
    return out


def _typed(stored: StoredEvent, skip: set[str]) -> EventSettings:
    """The typed object, with the default wherever a key is missing or in `skip`."""
    kind = _kind(stored)

    def get(key: str) -> Any:
        group, _, name = key.partition(".")
        source = stored.group(group) if name else {"rounds_planned": stored.rounds_planned}
        name = name or key
        if key in skip or name not in source or kind not in EVENT_SETTINGS[key].kinds:
            return default_value(key, stored)
        return source[name]

    team_format: TeamFormat = (
        "match" if kind == EventKind.TEAM and get("pairing.team_format") == "match" else "sum"
    )
    tiebreaks = tuple(get("standings.tiebreaks"))
    if (
        kind == EventKind.TEAM
        and team_format == "match"
        and any(Tiebreak.named(t) in TEAM_TIEBREAKS for t in tiebreaks)
    ):
        tiebreaks = TEAM_MATCH_TIEBREAKS
    standings: dict[str, Any] = {
        n: get(f"standings.{n}") for n in StandingsSettings.__dataclass_fields__
    }
    standings["tiebreaks"] = tiebreaks
    return EventSettings(
        kind=kind,
        rounds_planned=get("rounds_planned"),
        scoring=Scoring(**{n: float(get(f"scoring.{n}")) for n in Scoring.__dataclass_fields__}),
        pairing=PairingSettings(
            **{n: get(f"pairing.{n}") for n in PairingSettings.__dataclass_fields__}
        ),
        standings=StandingsSettings(**standings),
        withdraw_after_forfeits=get("pairing.withdraw_after_forfeits"),
        team_format=team_format,
        best_of=get("standings.best_of"),
        grades_include_held=get("standings.grades_include_held"),
        eligibility=Eligibility(
            **{n: get(f"eligibility.{n}") for n in Eligibility.__dataclass_fields__}
        ),
        mcmahon=McMahonSettings(
            **{n: get(f"mcmahon.{n}") for n in McMahonSettings.__dataclass_fields__}
        ),
    )


def event_settings_lenient(stored: StoredEvent) -> tuple[EventSettings, list[Problem]]:
    """The typed settings (defaults in place of bad values) and what is wrong: never raises."""
    problems = event_problems(stored)
    return _typed(stored, {p.key for p in problems}), problems


def read_event_settings(
    stored: StoredEvent, keys: Sequence[str] = (), file: str = "FILE"
) -> EventSettings:
    """The typed settings of an event, for a reader that needs `keys` (prefixes; all if empty).

    A bad value among them raises `SettingError` saying which key of which event, what it
    allows and the command that fixes it.  Keys nothing reads are ignored.
    """
    settings, problems = event_settings_lenient(stored)
    wanted = [
        p
        for p in problems
        if not p.unused and (not keys or any(p.key == k or p.key.startswith(f"{k}.") for k in keys))
    ]
    if wanted:
        raise stored_event_error(stored, wanted, file)
    return settings


def stored_event_error(stored: StoredEvent, problems: Sequence[Problem], file: str) -> SettingError:
    command = fix_command(file, stored.code, problems)
    head = f"项目 {stored.code}（{stored.name}）的设置有误，无法继续"
    if len(problems) == 1:
        return SettingError(
            f"{head}：{problems[0].message}请先改正：{command}",
            problems,
            window=f"{head}：{problems[0].message}{FIX_IN_WINDOW}",
        )
    return SettingError(
        f"{head}。请先改正：{command}",
        problems,
        [p.message for p in problems],
        window=f"{head}。{FIX_IN_WINDOW}",
    )


# -- events: changing ------------------------------------------------------------------------


def _key_problem(stored: StoredEvent, key: str, value: Any) -> Problem | None:
    """Why `key` cannot be set on this event (unknown, or not for its kind), or None."""
    spec = EVENT_SETTINGS.get(key)
    kind = _kind(stored)
    if spec is None:
        group = key.partition(".")[0]
        if group in GROUPS:
            known = [k for k in event_keys(kind) if k.startswith(f"{group}.")]
            return Problem(key, value, unknown_key(key, known, f"{group} 组"), unused=True)
        return Problem(key, value, unknown_key(key, event_keys(kind), "项目"), unused=True)
    if kind not in spec.kinds:
        return Problem(key, value, _kind_mismatch(spec, stored), unused=True)
    return None


def _where(stored: StoredEvent) -> str:
    return f"项目 {stored.code}（{stored.name}）的"


def apply_event_changes(
    stored: StoredEvent,
    changes: Mapping[str, Any],
    unset: Iterable[str] = (),
    rounds_paired: int = 0,
) -> StoredEvent:
    """The settings after `changes` (set) and `unset` (back to the default), or SettingError.

    Refused whole when any change names an unknown key or a key not for this kind of event,
    holds a bad value, or makes the settings impossible together.  A bad value the file held
    before and that the change leaves alone does not block it (fix one key at a time).
    """
    before = event_problems(stored)
    flat = stored.flat()
    touched: set[str] = set()
    refused: list[Problem] = []
    for key in unset:
        problem = _key_problem(stored, key, None)
        if key == "rounds_planned":
            flat[key] = 0
        elif key in flat or problem is None:
            flat.pop(key, None)  # back to the default; or a key an older version left behind
        else:
            refused.append(problem)
        touched.add(key)
    for key, value in changes.items():
        problem = _key_problem(stored, key, value)
        if problem is not None:
            refused.append(problem)
        flat[key] = list(value) if isinstance(value, tuple) else value
        touched.add(key)
    if refused:
        raise change_error(refused, _where(stored))
    after_stored = stored.with_flat(flat)
    standings = dict(after_stored.group("standings"))
    if "pairing.system" in touched and "standings.tiebreaks" not in touched:
        standings = _mcmahon_order(stored, after_stored, standings)
        after_stored = replace(after_stored, standings=standings)
    if (
        _uses_lot(standings)
        and standings.get("lot_seed") is None
        and "standings.lot_seed" not in changes
    ):
        # A lot must be replayable: its seed is drawn once, recorded and printed.
        standings["lot_seed"] = lot_seed_for(stored.code)
        after_stored = replace(after_stored, standings=standings)
    old = {(p.key, p.message) for p in before}
    new = [
        p for p in event_problems(after_stored) if p.key in touched or (p.key, p.message) not in old
    ]
    planned = after_stored.rounds_planned
    if (
        "rounds_planned" in touched
        and isinstance(planned, int)
        and not isinstance(planned, bool)
        and 0 < planned < rounds_paired
    ):
        new.append(
            Problem(
                "rounds_planned",
                planned,
                f"{EVENT_SETTINGS['rounds_planned'].title()}不能为 {planned}：已编排 "
                f"{rounds_paired} 轮，应不少于 {rounds_paired}（0 表示不定）。",
            )
        )
    if new:
        raise change_error(new, _where(stored))
    return after_stored


def _mcmahon_order(
    before: StoredEvent, after: StoredEvent, standings: dict[str, Any]
) -> dict[str, Any]:
    """A change into McMahon ranks by 麦克马洪分, SOS, SOSOS, SODOS; a change out of it drops
    that order (back to the default) — unless the same change sets standings.tiebreaks."""
    was, now = system_of(before) == "mcmahon", system_of(after) == "mcmahon"
    order = standings.get("tiebreaks")
    ranks_by_mms = isinstance(order, list | tuple) and any(
        Tiebreak.named(t) is MCMAHON_SCORE for t in order
    )
    if now and not was and not ranks_by_mms and _kind(after) == EventKind.INDIVIDUAL:
        return {**standings, "tiebreaks": list(MCMAHON_TIEBREAKS)}
    if was and not now and ranks_by_mms:
        return {k: v for k, v in standings.items() if k != "tiebreaks"}
    return standings


def event_code_problems(stored: StoredEvent, codes: Sequence[str]) -> list[Problem]:
    """`eligibility.exclusive_with` naming anything but another individual event of the
    tournament (`codes`: the individual events' codes, known only with the whole file)."""
    value = stored.group("eligibility").get("exclusive_with")
    if _kind(stored) != EventKind.INDIVIDUAL or not isinstance(value, list | tuple):
        return []
    others = [c for c in codes if c != stored.code]
    wrong = [v for v in value if v not in others]
    if not wrong:
        return []
    spec = EVENT_SETTINGS["eligibility.exclusive_with"]
    shown = "、".join(f"“{w}”" for w in wrong)
    fix = ",".join(v for v in value if v in others)
    return [
        Problem(
            spec.key,
            value,
            f"{spec.title()}中的{shown}不是本比赛的其他个人项目：应为项目代码，可用的有 "
            f"{'、'.join(others) or '（无）'}；写空值表示不限。",
            fix or None,
        )
    ]


# -- presets ----------------------------------------------------------------------------------


def preset_events(preset: Mapping[str, Any]) -> list[StoredEvent]:
    """The events of a preset as a new file will hold them."""
    return [
        StoredEvent(
            code=str(spec.get("code")),
            name=str(spec.get("name")),
            kind=str(spec.get("kind")),
            rounds_planned=spec.get("rounds_planned", 0),
            scoring=spec.get("scoring", preset.get("scoring", {})),
            pairing=spec.get("pairing", {}),
            standings=spec.get("standings", {}),
            eligibility={**spec.get("eligibility", {}), "aliases": spec.get("aliases", [])},
        )
        for spec in preset.get("events", [])
    ]


def preset_problems(preset: Mapping[str, Any]) -> list[str]:
    """Every preset value the program could not use, as "EVENT key: message" lines."""
    events = preset_events(preset)
    codes = [event.code for event in events if event.kind == EventKind.INDIVIDUAL]
    lines = [
        f"{event.code}：{p.message}"
        for event in events
        for p in [*event_problems(event), *event_code_problems(event, codes)]
    ]
    lines += [
        f"{spec.get('code')!r}：项目代码{problem}"
        for spec in preset.get("events", [])
        if (problem := event_code_problem(spec.get("code"))) is not None
    ]
    info = preset.get("tournament", {})
    lines += [
        f"tournament.settings：{p.message}" for p in tournament_problems(info.get("settings", {}))
    ]
    return lines
