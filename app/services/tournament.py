"""Creating a tournament from a preset, and reading its outline."""

from __future__ import annotations

import zlib
from datetime import date
from pathlib import Path
from typing import Any

from sqlalchemy import select

from app.errors import FinalsError
from app.presets import load_preset
from app.services.audit import record
from app.store.database import Database, create_database, open_database
from app.store.models import Event, GradeTable, PrizeTable, Tournament


def _date(text: str | None) -> date | None:
    return date.fromisoformat(text) if text else None


def create_tournament(
    path: Path, preset_name: str, title: str | None = None, operator: str = ""
) -> Database:
    preset = load_preset(preset_name)
    db = create_database(Path(path))
    try:
        with db.transaction() as session:
            info = preset["tournament"]
            tournament = Tournament(
                title=title or info["title"], game=info["game"], preset=preset["name"],
                organisers=list(info.get("organisers", [])), venue=info.get("venue"),
                start_date=_date(info.get("start_date")), end_date=_date(info.get("end_date")),
                operators=[operator] if operator else [], settings=dict(info.get("settings", {})),
            )
            session.add(tournament)
            for position, spec in enumerate(preset["events"]):
                session.add(Event(
                    code=spec["code"], name=spec["name"], kind=spec["kind"], position=position,
                    rounds_planned=spec.get("rounds_planned", 0),
                    source_event=spec.get("source_event"),
                    scoring=dict(spec.get("scoring", preset.get("scoring", {}))),
                    pairing=dict(spec.get("pairing", {})),
                    standings=dict(spec.get("standings", {})),
                    eligibility={**spec.get("eligibility", {}), "aliases": spec.get("aliases", [])},
                    categories=list(spec.get("categories", [])),
                ))
            for prize in preset.get("prizes", []):
                session.add(PrizeTable(
                    event_code=prize["event"], category=prize.get("category"), name=prize["name"],
                    places=prize["places"], shrink=prize.get("shrink", []),
                ))
            for grade in preset.get("grades", []):
                session.add(GradeTable(
                    event_code=grade["event"], category=grade.get("category"),
                    name=grade["name"], bands=grade["bands"],
                ))
            record(session, operator, "新建比赛", tournament.title,
                   after={"preset": preset["name"], "events": [e["code"] for e in preset["events"]]})
    except Exception:
        db.close()
        Path(path).unlink(missing_ok=True)
        raise
    return db


def open_tournament(path: Path) -> Database:
    return open_database(Path(path))


def tournament_info(db: Database) -> dict[str, Any]:
    with db.reading() as session:
        t = session.scalars(select(Tournament)).first()
        if t is None:
            raise FinalsError(f"{db.path.name} 中没有比赛信息。文件可能已损坏，请从 backups 目录恢复。")
        return {
            "title": t.title, "game": t.game, "preset": t.preset, "organisers": list(t.organisers),
            "venue": t.venue, "start_date": t.start_date.isoformat() if t.start_date else None,
            "end_date": t.end_date.isoformat() if t.end_date else None,
            "operators": list(t.operators), "settings": dict(t.settings),
        }


def get_event(session: Any, code: str | None) -> Event:
    events = list(session.scalars(select(Event).order_by(Event.position)))
    if code is None:
        playable = [e for e in events if e.kind != "team"]
        if len(playable) == 1:
            return playable[0]
        raise FinalsError("请用 --event 指定项目：" + "、".join(f"{e.code}（{e.name}）" for e in events))
    for event in events:
        if event.code.lower() == code.lower() or event.name == code:
            return event
    raise FinalsError(
        f"没有项目 {code}。可用的项目：" + "、".join(f"{e.code}（{e.name}）" for e in events)
    )


def list_events(db: Database) -> list[dict[str, Any]]:
    with db.reading() as session:
        events = session.scalars(select(Event).order_by(Event.position))
        return [
            {"code": e.code, "name": e.name, "kind": e.kind, "rounds_planned": e.rounds_planned,
             "plays_rounds": e.kind != "team" or (e.pairing or {}).get("team_format") == "match",
             "source_event": e.source_event, "entrants": len(e.entrants),
             "rounds_paired": len(e.rounds),
             "rounds_complete": sum(1 for r in e.rounds if r.status == "complete"),
             "scoring": e.scoring, "pairing": e.pairing, "standings": e.standings,
             "eligibility": {k: v for k, v in e.eligibility.items() if k != "aliases"},
             "categories": e.categories}
            for e in events
        ]


SETTING_GROUPS = ("scoring", "pairing", "standings", "eligibility")


def event_settings(db: Database, code: str) -> dict[str, Any]:
    """Every setting in force for an event, defaults filled in."""
    from app.services.snapshots import pairing_settings, scoring, standings_settings

    with db.reading() as session:
        event = get_event(session, code)
        return {
            "rounds_planned": event.rounds_planned,
            "scoring": scoring(event).to_dict(),
            "pairing": {**pairing_settings(event).to_dict(),
                        "withdraw_after_forfeits": (event.pairing or {}).get("withdraw_after_forfeits", 2),
                        **({"team_format": (event.pairing or {}).get("team_format", "sum")}
                           if event.kind == "team" else {})},
            "standings": {**standings_settings(event).to_dict(),
                          **({"best_of": (event.standings or {}).get("best_of")}
                             if event.kind == "team" else {})},
            "eligibility": {k: v for k, v in (event.eligibility or {}).items() if k != "aliases"},
        }


def update_event_settings(
    db: Database, code: str, changes: dict[str, Any], operator: str = ""
) -> dict[str, Any]:
    """Change settings such as {"pairing.same_unit": "always", "rounds_planned": 9}."""
    from app.domain import Scoring
    from app.pairing.model import PairingSettings
    from app.standings.model import StandingsSettings

    with db.transaction() as session:
        event = get_event(session, code)
        before = {"rounds_planned": event.rounds_planned, "scoring": dict(event.scoring or {}),
                  "pairing": dict(event.pairing or {}), "standings": dict(event.standings or {}),
                  "eligibility": dict(event.eligibility or {})}
        groups = {g: dict(before[g]) for g in SETTING_GROUPS}
        for key, value in changes.items():
            if key == "rounds_planned":
                event.rounds_planned = int(value)
                continue
            group, _, name = key.partition(".")
            if group not in SETTING_GROUPS or not name:
                raise FinalsError(f"未知设置 {key}。格式为 scoring.win、pairing.same_unit、standings.tiebreaks、eligibility.team_max 等。")
            groups[group][name] = value
        if groups["standings"].get("ties") == "lot" and groups["standings"].get("lot_seed") is None:
            # A lot must be replayable: its seed is drawn once, recorded and printed.
            groups["standings"]["lot_seed"] = zlib.crc32(f"{event.code}:standings-lot".encode())
        try:
            Scoring.from_dict(groups["scoring"])
            PairingSettings.from_dict(groups["pairing"])
            StandingsSettings.from_dict(groups["standings"])
        except (TypeError, ValueError) as exc:
            raise FinalsError(f"设置值无效：{exc}") from exc
        event.scoring, event.pairing, event.standings, event.eligibility = (
            groups["scoring"], groups["pairing"], groups["standings"], groups["eligibility"])
        after = {"rounds_planned": event.rounds_planned, "scoring": event.scoring,
                 "pairing": event.pairing, "standings": event.standings,
                 "eligibility": event.eligibility}
        record(session, operator, "修改设置", event.code, before, after)
        return after


def set_tournament_fields(db: Database, changes: dict[str, Any], operator: str = "") -> None:
    """Title, venue, dates, organisers, operators, komi, certificate wording..."""
    with db.transaction() as session:
        t = session.scalars(select(Tournament)).one()
        before = {"title": t.title, "venue": t.venue, "settings": dict(t.settings or {})}
        for key, value in changes.items():
            if key in ("title", "venue"):
                setattr(t, key, value)
            elif key in ("start_date", "end_date"):
                setattr(t, key, _date(value))
            elif key in ("organisers", "operators"):
                setattr(t, key, list(value))
            else:
                t.settings = {**(t.settings or {}), key: value}
        record(session, operator, "修改比赛信息", t.title, before,
               {"title": t.title, "venue": t.venue, "settings": dict(t.settings or {})})
