"""Registering players: importing the organiser's sheet, all or nothing."""

from __future__ import annotations

import os
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.errors import FinalsError
from app.io.registration import EventRules, ExistingPlayer, PlayerRow, plan_registration
from app.io.sheets import SheetRow, read_sheet
from app.services.audit import record
from app.services.seeding import reseed
from app.services.tournament import get_event
from app.store.database import Database
from app.store.models import Entrant, EntrantMember, Event, Player, Tournament


@dataclass(frozen=True)
class ImportSummary:
    players: int
    entrants: dict[str, int]
    teams: int
    pairs: int


def event_rules(session: Session) -> list[EventRules]:
    return [
        EventRules(
            code=e.code, name=e.name, kind=e.kind,
            aliases=tuple(e.eligibility.get("aliases", [])), source_event=e.source_event,
            eligibility={k: v for k, v in e.eligibility.items() if k != "aliases"},
        )
        for e in session.scalars(select(Event).order_by(Event.position))
    ]


def existing_players(session: Session) -> list[ExistingPlayer]:
    return [
        ExistingPlayer(p.id, p.name, p.gender, p.birth_date, p.id_number)
        for p in session.scalars(select(Player))
    ]


def _new_player(row: PlayerRow) -> Player:
    return Player(
        name=row.name, gender=row.gender, birth_date=row.birth_date, unit=row.unit,
        region=row.region, grade=row.grade, rating=row.rating, source=row.source,
        qualifier_rank=row.qualifier_rank, id_number=row.id_number, phone=row.phone,
    )


def _next_seed(event: Event) -> int:
    return max((e.seed for e in event.entrants), default=0) + 1


def _shared_unit(players: list[Player]) -> str | None:
    units = Counter(p.unit for p in players if p.unit)
    return units.most_common(1)[0][0] if units else None


def import_sheet(
    db: Database, sheet_path: Path, event_code: str | None = None, operator: str = ""
) -> ImportSummary:
    sheet_path = Path(sheet_path)
    return import_rows(db, read_sheet(sheet_path), sheet_path.name, event_code, operator)


def import_rows(
    db: Database, sheet: list[SheetRow], label: str, event_code: str | None = None,
    operator: str = "",
) -> ImportSummary:
    """Validate every row, then register all of them in one transaction, or none."""
    with db.transaction() as session:
        tournament = session.scalars(select(Tournament)).one()
        events = {e.code: e for e in session.scalars(select(Event))}
        default_event = get_event(session, event_code).code if event_code else None
        plan = plan_registration(
            sheet, event_rules(session), existing_players(session), default_event,
            tournament.start_date,
        )
        if plan.errors:
            raise FinalsError(
                f"报名表 {label} 有 {len(plan.errors)} 处错误，未导入任何选手。"
                "请按下列提示修改后重新导入：",
                [str(error) for error in plan.errors],
            )
        players: dict[int, Player] = {}
        for row in plan.players:
            player = _new_player(row)
            session.add(player)
            players[row.row] = player
        session.flush()

        counts: Counter[str] = Counter()
        explicit: dict[int, int] = {}
        touched: set[str] = set()
        for row in plan.players:
            for code in row.events:
                event = events[code]
                if event.kind != "individual":
                    continue
                player = players[row.row]
                entrant = Entrant(
                    event=event, seed=_next_seed(event), name=player.name, player=player,
                    unit=player.unit, joined_round=len(event.rounds) + 1,
                )
                session.add(entrant)
                session.flush()
                if row.seed is not None:
                    explicit[entrant.id] = row.seed
                counts[code] += 1
                touched.add(code)
        for (code, team_name), rows in plan.teams.items():
            event = events[code]
            members = [players[r.row] for r in rows]
            team = Entrant(event=event, seed=_next_seed(event), name=team_name,
                           unit=_shared_unit(members) or team_name)
            team.members = [EntrantMember(position=i, player=p) for i, p in enumerate(members)]
            session.add(team)
            session.flush()
            counts[code] += 1
        for code, first, second in plan.pairs:
            event = events[code]
            members = [players[first.row], players[second.row]]
            pair = Entrant(event=event, seed=_next_seed(event),
                           name=f"{members[0].name}/{members[1].name}", unit=_shared_unit(members),
                           joined_round=len(event.rounds) + 1)
            pair.members = [EntrantMember(position=i, player=p) for i, p in enumerate(members)]
            session.add(pair)
            session.flush()
            counts[code] += 1
        for code in touched:
            if not events[code].rounds:
                reseed(session, events[code], explicit)
        pause = os.environ.get("FINALS_FAULT_PAUSE_BEFORE_COMMIT")
        if pause:  # fault-injection hook for the crash-safety test
            print("FAULT-PAUSE", file=sys.stderr, flush=True)
            time.sleep(float(pause))
        record(
            session, operator, "导入报名表", label,
            after={"players": len(plan.players), "entrants": dict(counts),
                   "names": [row.name for row in plan.players][:500]},
        )
        return ImportSummary(len(plan.players), dict(counts), len(plan.teams), len(plan.pairs))
