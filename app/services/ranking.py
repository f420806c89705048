"""Standings of every event, category, team and pair; prizes and grades (read side)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.domain import EntrantId, EventKind, Seed
from app.errors import FinalsError
from app.services.snapshots import (
    event_settings_of,
    is_team_match,
    session_file,
    standings_request,
)
from app.services.tournament import tournament_settings_of
from app.standings.categories import Category, CategoryStanding, filter_category
from app.standings.grades import GradeAward, GradeBand, GradeTable, allocate_grades
from app.standings.model import Standings, StandingsRequest
from app.standings.prizes import (
    Award,
    PrizePlace,
    PrizeRules,
    PrizeTable,
    RankedEntry,
    allocate_prizes,
    entries_from_category,
    entries_from_standings,
)
from app.standings.ranking import StandingsError, compute_standings
from app.standings.teams import TeamDef, team_standings
from app.store.database import Database
from app.store.models import Event
from app.store.models import GradeTable as GradeTableRow
from app.store.models import PrizeTable as PrizeTableRow


@dataclass
class EventRanking:
    event: Event
    standings: Standings
    categories: dict[str, tuple[CategoryStanding, ...]] = field(default_factory=dict)


def categories_of(event: Event) -> list[Category]:
    return [
        Category(
            code=c["code"],
            name=c["name"],
            gender=c.get("gender"),
            born_from=c.get("born_from"),
            born_to=c.get("born_to"),
            min_grade=c.get("min_grade"),
        )
        for c in event.categories or []
    ]


def _team_ranking(event: Event, source: EventRanking) -> Standings:
    by_player = {
        e.player_id: EntrantId(e.id) for e in source.event.entrants if e.player_id is not None
    }
    teams = [
        TeamDef(
            id=EntrantId(t.id),
            seed=Seed(t.seed),
            name=t.name,
            member_ids=tuple(by_player[m.player_id] for m in t.members if m.player_id in by_player),
        )
        for t in event.entrants
    ]
    settings = event_settings_of(event, "standings")
    return team_standings(
        teams, source.standings, best_of=settings.best_of, tiebreaks=settings.standings.tiebreaks
    )


def _compute(request: StandingsRequest) -> Standings:
    try:
        return compute_standings(request)
    except StandingsError as exc:
        raise FinalsError(str(exc)) from exc


def rank_event(
    event: Event, after_round: int | None = None, sources: dict[str, EventRanking] | None = None
) -> EventRanking:
    if event.kind == EventKind.TEAM and not is_team_match(event):
        source_event = next(
            (e for e in (sources or {}).values() if e.event.code == event.source_event), None
        )
        if source_event is None:
            raise FinalsError(f"{event.name}的成绩来自项目 {event.source_event}，但该项目不存在。")
        return EventRanking(event, _team_ranking(event, source_event))
    request = standings_request(event, after_round)
    standings = _compute(request)
    ranking = EventRanking(event, standings)
    for category in categories_of(event):
        ranking.categories[category.code] = filter_category(standings, request.entrants, category)
    return ranking


def rank_all(session: Session, after_round: int | None = None) -> dict[str, EventRanking]:
    events = list(session.scalars(select(Event).order_by(Event.position)))
    rankings: dict[str, EventRanking] = {}
    summed = [e for e in events if e.kind == EventKind.TEAM and not is_team_match(e)]
    for event in [e for e in events if e not in summed]:
        rankings[event.code] = rank_event(event, after_round)
    for event in summed:
        rankings[event.code] = rank_event(event, None, rankings)
    return rankings


def category_rows(
    db: Database, event_code: str, category: Category, after_round: int | None = None
) -> tuple[CategoryStanding, ...]:
    """Any category (gender, birth window, grade) filtered from the event's mixed list."""
    from app.services.tournament import get_event

    with db.reading() as session:
        event = get_event(session, event_code)
        request = standings_request(event, after_round)
        try:
            return filter_category(_compute(request), request.entrants, category)
        except ValueError as exc:
            raise FinalsError(str(exc)) from exc


def prize_tables(session: Session) -> list[PrizeTable]:
    return [
        PrizeTable(
            event=row.event_code,
            category=row.category,
            name=row.name,
            places=tuple(
                PrizePlace(p["from"], p["to"], int(p["amount"]), p.get("title", ""))
                for p in row.places
            ),
            shrink=tuple((int(a), int(b)) for a, b in row.shrink or []),
        )
        for row in session.scalars(select(PrizeTableRow).order_by(PrizeTableRow.id))
    ]


def grade_tables(session: Session) -> list[GradeTable]:
    return [
        GradeTable(
            event=row.event_code,
            category=row.category,
            bands=tuple(GradeBand(b["from"], b["to"], b["grade"]) for b in row.bands),
            name=row.name,
        )
        for row in session.scalars(select(GradeTableRow).order_by(GradeTableRow.id))
    ]


def _entries(
    rankings: dict[str, EventRanking],
) -> tuple[dict[Any, tuple[RankedEntry, ...]], dict[Any, int]]:
    entries: dict[Any, tuple[RankedEntry, ...]] = {}
    counts: dict[Any, int] = {}
    for code, ranking in rankings.items():
        if ranking.standings.after_round < 1:
            continue  # before any round is complete nobody holds a place: no prize, no grade
        entries[(code, None)] = entries_from_standings(ranking.standings)
        counts[(code, None)] = len(ranking.standings.rows)
        for cat, rows in ranking.categories.items():
            entries[(code, cat)] = entries_from_category(rows)
            counts[(code, cat)] = len(rows)
    return entries, counts


PRIZE_KEYS = ("prize_split", "prize_unit", "prize_remainder")


def prize_awards(session: Session, rankings: dict[str, EventRanking]) -> tuple[Award, ...]:
    """Every table's awards in whole fen, by the prize settings in force (PRIZE_KEYS)."""
    entries, counts = _entries(rankings)
    settings = tournament_settings_of(session, session_file(session), PRIZE_KEYS)
    tables = prize_tables(session)
    unit, remainder = settings.prize_unit, settings.prize_remainder
    try:
        return allocate_prizes(
            tables, entries, counts, split=settings.prize_split, unit=unit, remainder=remainder
        )
    except ValueError:
        # "By tie-break" cannot order entrants the tie-breaks left equal (并列): those
        # places are shared equally, as the regulations do when no lot was drawn.
        return allocate_prizes(
            tables, entries, counts, split="equal", unit=unit, remainder=remainder
        )


def prize_rules(session: Session) -> PrizeRules:
    """The rules for shared places in force (printed on the prize sheet and by `settings`)."""
    settings = tournament_settings_of(session, session_file(session), PRIZE_KEYS)
    return PrizeRules(settings.prize_split, settings.prize_unit, settings.prize_remainder)


def grade_awards(session: Session, rankings: dict[str, EventRanking]) -> tuple[GradeAward, ...]:
    """Grades by rank band; each marked when the player's 段位 already is that grade or more."""
    entries, _ = _entries(rankings)
    held = {e.id: e.player.grade for r in rankings.values() for e in r.event.entrants if e.player}
    return allocate_grades(grade_tables(session), entries, held)


def grades_on_form(event: Event) -> bool:
    """Whether the event's grade application form lists grades already held (a setting)."""
    return (
        event.kind == EventKind.INDIVIDUAL
        and event_settings_of(event, "standings.grades_include_held").grades_include_held
    )
