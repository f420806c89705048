"""Creating a tournament from a preset, and reading its outline."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import selectinload

from app.domain import EventKind, RoundState
from app.errors import FinalsError
from app.presets import load_preset
from app.services.audit import record
from app.services.snapshots import settings_in_force, stored_event
from app.settings import (
    GROUPS,
    MAX_TEXT,
    EventSettings,
    Problem,
    StoredEvent,
    TournamentSettings,
    apply_event_changes,
    apply_tournament_changes,
    change_error,
    event_code_problems,
    event_problems,
    event_settings_lenient,
    fix_command,
    preset_problems,
    read_tournament_settings,
    tournament_problems,
    tournament_settings_lenient,
)
from app.store.address import is_server_url
from app.store.database import Database, create_database, open_database
from app.store.models import Entrant, Event, GradeTable, PrizeTable, Round, Tournament
from app.text import clean_text


def _date(text: str | None) -> date | None:
    return date.fromisoformat(text) if text else None


def create_tournament(
    path: Path | str, preset_name: str, title: str | None = None, operator: str = ""
) -> Database:
    """A new final from a preset: a new file, or an empty database on a server (a URL).

    `title` (None: the preset's) is checked as `settings --set title=…` checks it, before
    the file is made."""
    if title is not None:
        title = clean_text(title, "比赛名称", required=True, max_length=MAX_TEXT)
    preset = load_preset(preset_name)
    problems = preset_problems(preset)
    if problems:
        raise FinalsError(
            f"预设 {preset_name} 中有不能使用的设置，请改正预设文件后重试。", problems
        )
    db = _create_store(path)
    try:
        with db.transaction() as session:
            info = preset["tournament"]
            tournament = Tournament(
                title=title or info["title"],
                game=info["game"],
                preset=preset["name"],
                organisers=list(info.get("organisers", [])),
                venue=info.get("venue"),
                start_date=_date(info.get("start_date")),
                end_date=_date(info.get("end_date")),
                operators=[operator] if operator else [],
                settings=dict(info.get("settings", {})),
            )
            session.add(tournament)
            for position, spec in enumerate(preset["events"]):
                session.add(
                    Event(
                        code=spec["code"],
                        name=spec["name"],
                        kind=spec["kind"],
                        position=position,
                        rounds_planned=spec.get("rounds_planned", 0),
                        source_event=spec.get("source_event"),
                        scoring=dict(spec.get("scoring", preset.get("scoring", {}))),
                        pairing=dict(spec.get("pairing", {})),
                        standings=dict(spec.get("standings", {})),
                        eligibility={
                            **spec.get("eligibility", {}),
                            "aliases": spec.get("aliases", []),
                        },
                        categories=list(spec.get("categories", [])),
                    )
                )
            for prize in preset.get("prizes", []):
                session.add(
                    PrizeTable(
                        event_code=prize["event"],
                        category=prize.get("category"),
                        name=prize["name"],
                        places=prize["places"],
                        shrink=prize.get("shrink", []),
                    )
                )
            for grade in preset.get("grades", []):
                session.add(
                    GradeTable(
                        event_code=grade["event"],
                        category=grade.get("category"),
                        name=grade["name"],
                        bands=grade["bands"],
                    )
                )
            record(
                session,
                operator,
                "新建比赛",
                tournament.title,
                after={"preset": preset["name"], "events": [e["code"] for e in preset["events"]]},
            )
    except Exception:
        db.close()
        if not db.is_server:
            Path(path).unlink(missing_ok=True)
        raise
    return db


def _create_store(target: Path | str) -> Database:
    if is_server_url(target):
        from app.store.server import create_server

        assert isinstance(target, str)
        return create_server(target)
    return create_database(Path(target))


def open_tournament(target: Path | str) -> Database:
    """The final in a tournament file, or on a server (`postgresql://user@host/final`)."""
    if is_server_url(target):
        from app.store.server import open_server

        assert isinstance(target, str)
        return open_server(target)
    return open_database(Path(target))


@dataclass(frozen=True, slots=True)
class TournamentInfo:
    """The tournament's own fields (`finals settings --json`: this, as a dict, with its
    prize rules)."""

    title: str
    game: str  # go | gomoku
    preset: str | None
    organisers: tuple[str, ...]
    venue: str | None
    start_date: str | None  # ISO date
    end_date: str | None
    operators: tuple[str, ...]
    settings: dict[str, Any]  # as the file holds them (a copy)


def tournament_info(db: Database) -> TournamentInfo:
    with db.reading() as session:
        t = session.scalars(select(Tournament)).first()
        if t is None:
            raise FinalsError(f"{db.label} 中没有比赛信息。文件可能已损坏，请从 backups 目录恢复。")
        return TournamentInfo(
            title=t.title,
            game=t.game,
            preset=t.preset,
            organisers=tuple(t.organisers),
            venue=t.venue,
            start_date=t.start_date.isoformat() if t.start_date else None,
            end_date=t.end_date.isoformat() if t.end_date else None,
            operators=tuple(t.operators),
            settings=dict(t.settings),
        )


def get_event(session: Any, code: str | None, *, with_games: bool = False) -> Event:
    """The event by code (any case) or name. `with_games`: its rounds, games and boards come
    in three queries now, for a use case that reads the whole history (pairing)."""
    events = list(session.scalars(select(Event).order_by(Event.position)))
    if with_games:
        found = _find_event(events, code)
        return session.scalars(  # type: ignore[no-any-return]
            select(Event)
            .where(Event.id == found.id)
            .options(selectinload(Event.rounds).selectinload(Round.games))
        ).one()
    return _find_event(events, code)


def _find_event(events: list[Event], code: str | None) -> Event:
    if code is None:
        playable = [e for e in events if e.kind != EventKind.TEAM]
        if len(playable) == 1:
            return playable[0]
        names = "、".join(f"{e.code}（{e.name}）" for e in events)
        raise FinalsError(
            "请用 --event 指定项目：" + names, window="请先在工具栏的“项目”中选择项目：" + names
        )
    for event in events:
        if event.code.lower() == code.lower() or event.name == code:
            return event
    raise FinalsError(
        f"没有项目 {code}。可用的项目：" + "、".join(f"{e.code}（{e.name}）" for e in events)
    )


@dataclass(frozen=True, slots=True)
class EventSummary:
    """One event as the outline shows it: its rules, its entrants and rounds counted
    (`finals events --json`: `as_json()` of each)."""

    code: str
    name: str
    kind: EventKind
    rounds_planned: int
    plays_rounds: bool  # pairs its own rounds (a team event scored from another's does not)
    source_event: str | None  # the event whose results score this one
    entrants: int
    rounds_paired: int
    rounds_complete: int
    scoring: dict[str, Any]  # as the file holds them
    pairing: dict[str, Any]  # ... without the OpenGotha file's own fields
    standings: dict[str, Any]
    eligibility: dict[str, Any]  # ... without the name aliases
    categories: list[Any]
    settings: EventSettings  # the same, typed: defaults in place of unset (or bad) values

    def as_json(self) -> dict[str, Any]:
        """The event as `finals events --json` writes it (the kind as its plain id)."""
        return {
            "code": self.code,
            "name": self.name,
            "kind": self.kind.value,
            "rounds_planned": self.rounds_planned,
            "plays_rounds": self.plays_rounds,
            "source_event": self.source_event,
            "entrants": self.entrants,
            "rounds_paired": self.rounds_paired,
            "rounds_complete": self.rounds_complete,
            "scoring": self.scoring,
            "pairing": self.pairing,
            "standings": self.standings,
            "eligibility": self.eligibility,
            "categories": self.categories,
        }


def list_events(db: Database) -> list[EventSummary]:
    with db.reading() as session:
        events = session.scalars(select(Event).order_by(Event.position)).all()
        entrants: dict[int, int] = {  # counted where they are: no rows loaded
            event_id: count
            for event_id, count in session.execute(
                select(Entrant.event_id, func.count()).group_by(Entrant.event_id)
            )
        }
        rounds: dict[int, list[str]] = {}
        for event_id, status in session.execute(select(Round.event_id, Round.status)):
            rounds.setdefault(event_id, []).append(status)
        typed = {e.id: settings_in_force(e) for e in events}
        return [
            EventSummary(
                code=e.code,
                name=e.name,
                kind=e.kind,
                rounds_planned=e.rounds_planned,
                plays_rounds=typed[e.id].plays_rounds,
                source_event=e.source_event,
                entrants=entrants.get(e.id, 0),
                rounds_paired=len(rounds.get(e.id, ())),
                rounds_complete=rounds.get(e.id, []).count(RoundState.COMPLETE),
                scoring=e.scoring,
                pairing={k: v for k, v in e.pairing.items() if k != "opengotha"},
                standings=e.standings,
                eligibility={k: v for k, v in e.eligibility.items() if k != "aliases"},
                categories=e.categories,
                settings=typed[e.id],
            )
            for e in events
        ]


SETTING_GROUPS = GROUPS


def _shown_settings(event: Event, clean: bool) -> tuple[dict[str, Any], list[Problem]]:
    stored = stored_event(event)
    typed, problems = event_settings_lenient(stored)
    shown = typed.groups()
    if not clean:  # a bad value is shown as the file holds it, so it can be seen and fixed
        for problem in problems:
            if problem.unused or problem.key not in stored.flat():
                continue
            group, _, name = problem.key.partition(".")
            if name:
                shown[group][name] = problem.value
            else:
                shown[group] = problem.value
    return shown, problems


def event_settings(db: Database, code: str, clean: bool = False) -> dict[str, Any]:
    """Every setting in force for an event, defaults filled in.

    A value the file holds that cannot be used (written by an older version) is shown as
    it is; with `clean` the default that replaces it is shown instead.
    """
    with db.reading() as session:
        return _shown_settings(get_event(session, code), clean)[0]


def forfeit_rule_notice(db: Database, code: str) -> str | None:
    """Why the forfeit rule is off in a Dutch or McMahon event that did not set it."""
    from app.settings import forfeit_rule_note

    with db.reading() as session:
        return forfeit_rule_note(stored_event(get_event(session, code)))


def colour_rule_notice(db: Database, code: str) -> str | None:
    """What the colour limits are worth where they are only a preference (None: absolute)."""
    from app.settings import colour_rule_note

    with db.reading() as session:
        return colour_rule_note(stored_event(get_event(session, code)))


def event_setting_problems(db: Database, code: str) -> list[Problem]:
    """What is wrong with an event's stored settings (empty when all is well)."""
    with db.reading() as session:
        return event_problems(stored_event(get_event(session, code)))


def settings_warning(db: Database, code: str | None) -> str:
    """A Chinese note on the stored settings that cannot be used, with the fixing command."""
    if code is None:
        with db.reading() as session:
            t = session.scalars(select(Tournament)).first()
            problems = tournament_problems(t.settings or {}) if t else []
        event = name = None
    else:
        with db.reading() as session:
            found = get_event(session, code)
            event, name = found.code, found.name
            problems = event_problems(stored_event(found))
    if not problems:
        return ""
    where = f"项目 {event}（{name}）" if event else "比赛"
    lines = [
        f"注意：{where}的设置中有 {len(problems)} 处不能使用（由旧版本写入或直接改动了文件）："
    ]
    lines += [f"  - {'本程序不读取，可删去：' if p.unused else ''}{p.message}" for p in problems]
    lines.append("改正：" + fix_command(db.label, event, problems))
    return "\n".join(lines)


def _changed_event(
    session: Any, code: str, changes: dict[str, Any], unset: tuple[str, ...] | list[str]
) -> tuple[Event, StoredEvent]:
    event = get_event(session, code)
    after = apply_event_changes(
        stored_event(event), changes, unset, rounds_paired=len(event.rounds)
    )
    if "eligibility.exclusive_with" in changes:  # names other events: checked against them
        codes = list(session.scalars(select(Event.code).where(Event.kind == EventKind.INDIVIDUAL)))
        wrong = event_code_problems(after, codes)
        if wrong:
            raise change_error(wrong, f"项目 {event.code}（{event.name}）的")
    return event, after


def check_event_settings(
    db: Database, code: str, changes: dict[str, Any], unset: tuple[str, ...] | list[str] = ()
) -> None:
    """Raise the SettingError `update_event_settings` would raise; store nothing."""
    with db.reading() as session:
        _changed_event(session, code, changes, unset)


def update_event_settings(
    db: Database,
    code: str,
    changes: dict[str, Any],
    operator: str = "",
    unset: tuple[str, ...] | list[str] = (),
) -> StoredEvent:
    """Change settings such as {"pairing.same_unit": "always", "rounds_planned": 9}; the
    event's settings as now stored.

    Every change is checked (`app.settings`) before anything is written: an unknown key, a
    bad value or an impossible combination raises SettingError and the file is unchanged.
    `unset` returns keys to their defaults.
    """
    with db.transaction() as session:
        event, new = _changed_event(session, code, changes, unset)
        before = {
            "rounds_planned": event.rounds_planned,
            "scoring": dict(event.scoring or {}),
            "pairing": dict(event.pairing or {}),
            "standings": dict(event.standings or {}),
            "eligibility": dict(event.eligibility or {}),
        }
        event.rounds_planned = new.rounds_planned
        event.scoring, event.pairing, event.standings, event.eligibility = (
            dict(new.scoring),
            dict(new.pairing),
            dict(new.standings),
            dict(new.eligibility),
        )
        after = {
            "rounds_planned": event.rounds_planned,
            "scoring": event.scoring,
            "pairing": event.pairing,
            "standings": event.standings,
            "eligibility": event.eligibility,
        }
        record(session, operator, "修改设置", event.code, before, after)
        return new


def _tournament_fields(t: Tournament) -> dict[str, Any]:
    return {
        "title": t.title,
        "venue": t.venue,
        "start_date": t.start_date.isoformat() if t.start_date else None,
        "end_date": t.end_date.isoformat() if t.end_date else None,
        "organisers": list(t.organisers or []),
        "operators": list(t.operators or []),
    }


def set_tournament_fields(
    db: Database,
    changes: dict[str, Any],
    operator: str = "",
    unset: tuple[str, ...] | list[str] = (),
) -> None:
    """Title, venue, dates, organisers, operators, komi, certificate wording...

    Checked whole before anything is written (`app.settings`): an unknown key or a bad value
    raises SettingError and the file is unchanged.
    """
    with db.transaction() as session:
        t = session.scalars(select(Tournament)).one()
        fields = _tournament_fields(t)
        new_fields, new_settings = apply_tournament_changes(
            fields, t.settings or {}, changes, unset
        )
        before = {"title": t.title, "venue": t.venue, "settings": dict(t.settings or {})}
        for key, value in new_fields.items():
            if value == fields[key]:
                continue
            if key in ("start_date", "end_date"):
                setattr(t, key, _date(value))
            elif key in ("organisers", "operators"):
                setattr(t, key, list(value))
            else:
                setattr(t, key, value)
        t.settings = new_settings
        record(
            session,
            operator,
            "修改比赛信息",
            t.title,
            before,
            {"title": t.title, "venue": t.venue, "settings": dict(t.settings or {})},
        )


def tournament_settings_of(
    session: Any, file: str = "FILE", keys: tuple[str, ...] = ()
) -> TournamentSettings:
    """The typed tournament settings inside a use case's session.

    SettingError (naming the key, the values allowed and the command that fixes it) when a
    setting among `keys` (all when empty) holds a value the program cannot use.
    """
    t = session.scalars(select(Tournament)).first()
    if t is None:
        return TournamentSettings()
    return read_tournament_settings(t.settings or {}, keys, file)


def tournament_settings(
    db: Database, keys: tuple[str, ...] = (), strict: bool = True
) -> TournamentSettings:
    """The typed tournament settings of a file, e.g. `tournament_settings(db).backups_keep`.

    strict: a bad stored value among `keys` (all when empty) raises SettingError naming the
    key, the values allowed and the command that fixes it.  Not strict: the default stands
    in for a bad value (never raises).
    """
    with db.reading() as session:
        if strict:
            return tournament_settings_of(session, db.label, keys)
        t = session.scalars(select(Tournament)).first()
        return tournament_settings_lenient(t.settings or {} if t else {})[0]


def tournament_setting_problems(db: Database) -> list[Problem]:
    with db.reading() as session:
        t = session.scalars(select(Tournament)).first()
        return tournament_problems(t.settings or {}) if t else []
