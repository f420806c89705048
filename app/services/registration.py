"""Registering players: importing the organiser's sheet, all or nothing."""

from __future__ import annotations

import os
import sys
import time
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path

from sqlalchemy import func, select
from sqlalchemy.orm import Session, selectinload

from app.domain import EventKind
from app.errors import FinalsError, first_few
from app.io.registration import ExistingPlayer, PlayerRow, plan_registration
from app.io.sheets import SheetRow, load_sheet
from app.services.audit import record
from app.services.lookup import event_rules
from app.services.seeding import player_seed_key
from app.services.tournament import get_event
from app.store.database import Database
from app.store.models import Entrant, EntrantMember, Event, Player, Round, Tournament

SHOWN_ROW_ERRORS = 50  # a sheet's errors listed; beyond, how many more is said


@dataclass(frozen=True)
class ImportSummary:
    players: int
    entrants: dict[str, int]
    teams: int
    pairs: int
    sheet: str | None = None  # the worksheet read from an .xlsx (None for a CSV)
    warnings: tuple[str, ...] = ()  # imported all the same: e.g. a child in open and youth

    def describe(self) -> str:
        """The summary as the organiser reads it, naming the worksheet that was read."""
        detail = "，".join(f"{code} {n}" for code, n in self.entrants.items())
        where = f"从工作表“{self.sheet}”" if self.sheet else ""
        return (
            f"已{where}导入 {self.players} 名选手（{detail}）；"
            f"队伍 {self.teams} 支，双人组合 {self.pairs} 对。"
        )


def existing_players(session: Session) -> list[ExistingPlayer]:
    rows = session.execute(
        select(
            Player.id,
            Player.name,
            Player.gender,
            Player.birth_date,
            Player.id_number,
            Player.platform_account,
        )
    )
    return [ExistingPlayer(*row) for row in rows]


def _new_player(row: PlayerRow) -> Player:
    return Player(
        name=row.name,
        gender=row.gender,
        birth_date=row.birth_date,
        unit=row.unit,
        region=row.region,
        grade=row.grade,
        rating=row.rating,
        source=row.source,
        qualifier_rank=row.qualifier_rank,
        id_number=row.id_number,
        phone=row.phone,
        platform_account=row.platform_account,
    )


def _shared_unit(players: list[Player]) -> str | None:
    units = Counter(p.unit for p in players if p.unit)
    return units.most_common(1)[0][0] if units else None


def import_sheet(
    db: Database, sheet_path: Path, event_code: str | None = None, operator: str = ""
) -> ImportSummary:
    sheet_path = Path(sheet_path)
    sheet = load_sheet(sheet_path)  # read before the write lock is taken
    label = sheet_path.name
    if sheet.worksheet is not None:
        label += f"（工作表“{sheet.worksheet}”）"
    summary = import_rows(db, sheet.rows, label, event_code, operator)
    return replace(summary, sheet=sheet.worksheet)


def import_rows(
    db: Database,
    sheet: list[SheetRow],
    label: str,
    event_code: str | None = None,
    operator: str = "",
) -> ImportSummary:
    """Validate every row, then register all of them in one transaction, or none.

    In bulk: a handful of queries and one flush per stage, whatever the number of rows
    (10,000 rows in a few seconds), never a query or a lazy load per row.
    """
    with db.transaction() as session:
        tournament = session.scalars(select(Tournament)).one()
        events = {e.code: e for e in session.scalars(select(Event))}
        default_event = get_event(session, event_code).code if event_code else None
        plan = plan_registration(
            sheet,
            event_rules(session),
            existing_players(session),
            default_event,
            tournament.start_date,
        )
        if plan.errors:
            raise FinalsError(
                f"报名表 {label} 有 {len(plan.errors)} 处错误，未导入任何选手。"
                "请按下列提示修改后重新导入：",
                first_few([str(error) for error in plan.errors], limit=SHOWN_ROW_ERRORS),
            )
        # teams are registered before the final
        from app.services.teams import late_rows_for_window, late_team_rows

        late = late_team_rows(
            session, [(code, team, rows[0].row) for (code, team), rows in plan.teams.items()]
        )
        if late:
            raise FinalsError(
                f"报名表 {label} 有 {len(late)} 处错误，未导入任何选手。"
                "请按下列提示修改后重新导入：",
                late,
                window_details=late_rows_for_window(late),
            )
        players: dict[int, Player] = {row.row: _new_player(row) for row in plan.players}
        session.add_all(players.values())
        session.flush()

        rounds_played: dict[int, int] = dict(
            session.execute(select(Round.event_id, func.count()).group_by(Round.event_id)).all()
        )
        last_seed: dict[int, int] = dict(
            session.execute(
                select(Entrant.event_id, func.max(Entrant.seed)).group_by(Entrant.event_id)
            ).all()
        )

        def next_seed(event: Event) -> int:
            last_seed[event.id] = last_seed.get(event.id, 0) + 1
            return last_seed[event.id]

        counts: Counter[str] = Counter()
        individual: dict[str, list[PlayerRow]] = {}
        for row in plan.players:
            for code in row.events:
                if events[code].kind == EventKind.INDIVIDUAL:
                    individual.setdefault(code, []).append(row)
                    counts[code] += 1
        for code, rows in individual.items():
            event = events[code]
            played = rounds_played.get(event.id, 0)
            _add_individuals(
                session, event, [(row, players[row.row]) for row in rows], played, last_seed
            )
        for (code, team_name), rows in plan.teams.items():
            event = events[code]
            members = [players[r.row] for r in rows]
            team = Entrant(
                event_id=event.id,
                seed=next_seed(event),
                name=team_name,
                unit=_shared_unit(members) or team_name,
            )
            team.members = [EntrantMember(position=i, player=p) for i, p in enumerate(members)]
            session.add(team)
            counts[code] += 1
        for code, first, second in plan.pairs:
            event = events[code]
            members = [players[first.row], players[second.row]]
            pair = Entrant(
                event_id=event.id,
                seed=next_seed(event),
                name=f"{members[0].name}/{members[1].name}",
                unit=_shared_unit(members),
                joined_round=rounds_played.get(event.id, 0) + 1,
            )
            pair.members = [EntrantMember(position=i, player=p) for i, p in enumerate(members)]
            session.add(pair)
            counts[code] += 1
        session.flush()
        pause = os.environ.get("FINALS_FAULT_PAUSE_BEFORE_COMMIT")
        if pause:  # fault-injection hook for the crash-safety test
            print("FAULT-PAUSE", file=sys.stderr, flush=True)
            time.sleep(float(pause))
        record(
            session,
            operator,
            "导入报名表",
            label,
            after={
                "players": len(plan.players),
                "entrants": dict(counts),
                "names": [row.name for row in plan.players][:500],
            },
        )
        return ImportSummary(
            len(plan.players),
            dict(counts),
            len(plan.teams),
            len(plan.pairs),
            warnings=tuple(plan.warnings),
        )


def _add_individuals(
    session: Session,
    event: Event,
    new: list[tuple[PlayerRow, Player]],
    played: int,
    last_seed: dict[int, int],
) -> None:
    """The new players of an individual event. Before round 1 the whole event is numbered
    again in seeding order (given 序号, qualifiers by rank, wild cards by grade); after it,
    newcomers follow the last seed and join with the next round."""
    if played:
        for _, player in new:
            last_seed[event.id] = last_seed.get(event.id, 0) + 1
            session.add(
                Entrant(
                    event_id=event.id,
                    seed=last_seed[event.id],
                    name=player.name,
                    player_id=player.id,
                    unit=player.unit,
                    joined_round=played + 1,
                )
            )
        return
    existing = list(
        session.scalars(
            select(Entrant)
            .where(Entrant.event_id == event.id)
            .options(selectinload(Entrant.player))
        )
    )
    keyed: list[tuple[tuple[object, ...], Entrant | tuple[PlayerRow, Player]]] = [
        (player_seed_key(e.player, None, (0, e.id)), e) for e in existing
    ]
    keyed += [
        (player_seed_key(player, row.seed, (1, index)), (row, player))
        for index, (row, player) in enumerate(new)
    ]
    keyed.sort(key=lambda item: item[0])
    if existing:  # out of the way first: (event, seed) is unique at every flush
        for index, entrant in enumerate(existing, start=1):
            entrant.seed = -index
        session.flush()
    for seed, (_, item) in enumerate(keyed, start=1):
        if isinstance(item, Entrant):
            item.seed = seed
        else:
            row, player = item
            session.add(
                Entrant(
                    event_id=event.id,
                    seed=seed,
                    name=player.name,
                    player_id=player.id,
                    unit=player.unit,
                    joined_round=1,
                )
            )
    last_seed[event.id] = len(keyed)
