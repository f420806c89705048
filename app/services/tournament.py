"""Creating a tournament from a preset, and reading its outline."""

from __future__ import annotations

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
             "source_event": e.source_event, "entrants": len(e.entrants),
             "rounds_paired": len(e.rounds),
             "rounds_complete": sum(1 for r in e.rounds if r.status == "complete"),
             "scoring": e.scoring, "pairing": e.pairing, "standings": e.standings,
             "eligibility": {k: v for k, v in e.eligibility.items() if k != "aliases"},
             "categories": e.categories}
            for e in events
        ]
