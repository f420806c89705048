"""Building the read model of a final from its file: a handful of bulk queries in one
read transaction, once per file revision (cached while the file does not change)."""

from __future__ import annotations

import threading
import weakref
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session, joinedload, selectinload

from app.domain import (
    EntrantId,
    EntrantStatus,
    EventKind,
    RoundStatus,
    Scoring,
    Seed,
    points_for,
)
from app.pairing.model import PairingSettings
from app.presets import preset_medal_tables
from app.readmodel.model import (
    Final,
    FinalBoard,
    FinalCategory,
    FinalEntrant,
    FinalEvent,
    FinalGame,
    FinalRound,
    GradeLine,
    LateChange,
    PrizeLine,
    TournamentFacts,
)
from app.services.ranking import (
    EventRanking,
    grade_awards,
    grade_tables,
    grades_on_form,
    prize_awards,
    prize_rules,
    prize_tables,
    rank_all,
)
from app.services.snapshots import (
    board_points,
    disqualified_after,
    event_games,
    event_settings_of,
    is_team_match,
    mcmahon_start_points,
    requested_byes,
    standings_settings,
    stored_event,
    withdrawn_from,
)
from app.services.teams import entrant_problems, late_changes
from app.settings import (
    TournamentSettings,
    event_settings_lenient,
    tournament_settings_lenient,
)
from app.store.database import Database
from app.store.models import Board, Entrant, Event, Game, Round, Tournament

# Finals kept per open file: the latest few (after-round views of one revision).
_KEEP = 6
_cache: weakref.WeakKeyDictionary[Database, dict[tuple[int, int | None], Final]] = (
    weakref.WeakKeyDictionary()
)
_lock = threading.Lock()


def load_final(db: Database, after_round: int | None = None) -> Final:
    """The final as the file holds it now; standings after `after_round` when given.

    Built once per file revision and after-round, then shared: every reader (a document, a
    view, the export) gets the same frozen object until a use case writes.
    """
    with db.snapshot() as session:
        revision = db.revision(session)
        key = (revision, after_round) if revision is not None else None
        if key is not None:
            with _lock:
                cached = _cache.get(db, {}).get(key)
            if cached is not None:
                return cached
        final = _build(session, revision or 0, after_round)
    if key is not None:
        with _lock:
            kept = _cache.setdefault(db, {})
            if all(key[0] >= k[0] for k in kept):  # a slower, older build never evicts
                for old in [k for k in kept if k[0] != revision]:
                    del kept[old]
                if len(kept) >= _KEEP:
                    del kept[next(iter(kept))]
                kept[key] = final
    return final


def build_export(db: Database, after_round: int | None = None) -> dict[str, Any]:
    """The JSON export document (docs/export-schema.md) of the file as it is now."""
    from app.io.export_json import to_document

    return to_document(load_final(db, after_round))


# -- building ---------------------------------------------------------------------------------


def _events(session: Session) -> list[Event]:
    """Every event with its entrants, rounds, games and boards: one query per level."""
    return list(
        session.scalars(
            select(Event)
            .order_by(Event.position)
            .options(
                selectinload(Event.entrants),
                selectinload(Event.rounds)
                .selectinload(Round.games)
                .selectinload(Game.boards)
                .options(joinedload(Board.first_player), joinedload(Board.second_player)),
            )
        )
    )


def _build(session: Session, revision: int, after_round: int | None) -> Final:
    tournament = session.scalars(select(Tournament)).one()
    events = _events(session)
    rankings = rank_all(session, after_round)
    by_id = {e.id: e for ev in events for e in ev.entrants}
    stored_settings = dict(tournament.settings or {})
    settings = tournament_settings_lenient(stored_settings)[0]
    problems = entrant_problems(session)
    late = late_changes(session)
    late_of = {i: c for i, c in late.by_entrant.items() if i in by_id and by_id[i].name == c.team}
    source_entrant = {
        (ev.code, e.player_id): EntrantId(e.id) for ev in events for e in ev.entrants if e.player_id
    }
    prize_tables_all, grade_tables_all = prize_tables(session), grade_tables(session)
    medal_tables_all = preset_medal_tables(tournament.preset)
    final_events = tuple(
        _event(
            event,
            rankings[event.code],
            settings,
            problems,
            late_of,
            source_entrant,
            late.by_event.get(event.code, ()),
        )
        for event in events
    )
    final_events = tuple(
        replace(
            ev,
            prize_tables=tuple(t for t in prize_tables_all if t.event == ev.code),
            grade_tables=tuple(t for t in grade_tables_all if t.event == ev.code),
            medal_tables=tuple(t for t in medal_tables_all if t.event == ev.code),
        )
        for ev in final_events
    )
    category_names = {(ev.code, c["code"]): c["name"] for ev in events for c in ev.categories or []}

    prizes: list[PrizeLine] = []
    withheld: list[PrizeLine] = []
    for award in prize_awards(session, rankings):
        entrant = by_id[award.entrant]
        found = tuple(problems.get(award.entrant, ()))
        # A team that fails its rules, or composed by force after round 1, is still ranked;
        # paid or not by the settings (ineligible_team_prizes, late_team_prizes).
        rules = (
            event_settings_of(entrant.event, "eligibility").eligibility
            if entrant.event.kind == EventKind.TEAM
            else None
        )
        withhold = rules is not None and (
            (bool(found) and rules.ineligible_team_prizes == "withhold")
            or (award.entrant in late_of and rules.late_team_prizes == "withhold")
        )
        line = PrizeLine(
            award=award,
            category_name=category_names.get((award.event, award.category), award.table_name),
            name=entrant.name,
            unit=entrant.unit,
            members=tuple(m.player.name for m in entrant.members),
            eligibility_problems=found,
            late=late_of.get(award.entrant),
        )
        (withheld if withhold else prizes).append(line)
    # A grade the player already holds (or exceeds) is listed, marked, and left off the
    # application form unless the event's standings.grades_include_held says otherwise.
    include_held = {ev.code: grades_on_form(ev) for ev in events}
    grades = tuple(
        GradeLine(
            award=g,
            name=by_id[g.entrant].name,
            unit=by_id[g.entrant].unit,
            on_form=not g.already_held or include_held.get(g.event, False),
        )
        for g in grade_awards(session, rankings)
    )
    return Final(
        revision=revision,
        after_round=after_round,
        tournament=TournamentFacts(
            title=tournament.title,
            game=tournament.game,
            organisers=tuple(tournament.organisers or ()),
            venue=tournament.venue,
            start_date=tournament.start_date,
            end_date=tournament.end_date,
            operators=tuple(tournament.operators or ()),
            komi=stored_settings.get("komi"),
            draws=not settings.refuses_draws(tournament.game),
            certificate=_mapping(stored_settings.get("certificate")),
            settings=settings.in_force(),
        ),
        events=final_events,
        prizes=tuple(prizes),
        withheld_prizes=tuple(withheld),
        prize_rules=prize_rules(session),
        grades=grades,
    )


def _mapping(value: object) -> Mapping[str, object]:
    return dict(value) if isinstance(value, Mapping) else {}


def _event(
    event: Event,
    ranking: EventRanking,
    settings: TournamentSettings,
    problems: Mapping[int, list[str]],
    late_of: Mapping[EntrantId, LateChange],
    source_entrant: Mapping[tuple[str, int], EntrantId],
    late_changes_of_event: Iterable[LateChange],
) -> FinalEvent:
    team_match = is_team_match(event)
    stored = stored_event(event)
    starts = mcmahon_start_points(event, strict=False)
    last = max(event.rounds_planned or 0, len(event.rounds))
    schedule = {n: at for n in range(1, last + 1) if (at := settings.round_time(event.code, n))}
    return FinalEvent(
        code=event.code,
        name=event.name,
        kind=event.kind,
        rounds_planned=event.rounds_planned,
        source_event=event.source_event,
        stored=stored,
        settings=event_settings_lenient(stored)[0],
        scoring=Scoring.from_dict(event.scoring or {}),
        standings_settings=(
            standings_settings(event) if event.kind != EventKind.TEAM or team_match else None
        ),
        team_match=team_match,
        categories=tuple(
            FinalCategory(
                code=c["code"],
                name=c["name"],
                gender=c.get("gender"),
                born_from=c.get("born_from"),
                born_to=c.get("born_to"),
                min_grade=c.get("min_grade"),
                own_event=bool(c.get("own_event")),
            )
            for c in event.categories or ()
        ),
        entrants=tuple(
            _entrant(event, e, problems, late_of, source_entrant, starts.get(e.id, 0.0))
            for e in event.entrants
        ),
        rounds=_rounds(event, schedule),
        schedule=schedule,
        standings=ranking.standings,
        category_standings=dict(ranking.categories),
        late_changes=tuple(late_changes_of_event) if event.kind == EventKind.TEAM else (),
    )


def _entrant(
    event: Event,
    entrant: Entrant,
    problems: Mapping[int, list[str]],
    late_of: Mapping[EntrantId, LateChange],
    source_entrant: Mapping[tuple[str, int], EntrantId],
    mcmahon_start: float = 0.0,
) -> FinalEntrant:
    player = entrant.player
    members = [m.player for m in entrant.members]
    genders = {m.gender for m in members}
    member_ids: tuple[EntrantId | None, ...] = ()
    if event.kind == EventKind.TEAM and event.source_event:
        member_ids = tuple(
            source_entrant.get((event.source_event, m.player_id)) for m in entrant.members
        )
    return FinalEntrant(
        id=EntrantId(entrant.id),
        seed=Seed(entrant.seed),
        name=entrant.name,
        gender=player.gender if player else (genders.pop() if len(genders) == 1 else None),
        unit=entrant.unit,
        region=player.region if player else None,
        birth_date=player.birth_date if player else None,
        grade=player.grade if player else None,
        rating=player.rating if player else None,
        source=player.source if player else None,
        status=entrant.status,
        members=tuple(m.name for m in members),
        member_ids=member_ids,
        eligibility_problems=tuple(problems.get(entrant.id, ())),
        late=late_of.get(EntrantId(entrant.id)) if event.kind == EventKind.TEAM else None,
        withdrawn_from_round=withdrawn_from(entrant),
        joined_round=entrant.joined_round or 1,
        absent_rounds=tuple(
            sorted(s.round_number for s in entrant.round_status if s.status == RoundStatus.ABSENT)
        ),
        withdrawn_rounds=tuple(
            sorted(
                s.round_number for s in entrant.round_status if s.status == RoundStatus.WITHDRAWN
            )
        ),
        initial_points=entrant.initial_points or 0.0,
        requested_byes=tuple(sorted(requested_byes(entrant).items())),
        mcmahon_start=mcmahon_start,
        country=player.country if player else None,
        mcmahon_correction=entrant.mcmahon_correction or 0,
        disqualified_after_round=disqualified_after(entrant),
        disqualified_reason=entrant.disqualified_reason
        if entrant.status == EntrantStatus.DISQUALIFIED
        else None,
    )


def _rounds(event: Event, schedule: Mapping[int, str]) -> tuple[FinalRound, ...]:
    scoring = Scoring.from_dict(event.scoring or {})
    # McMahon: the lists show the McMahon score each player carries into a round
    starts = mcmahon_start_points(event, strict=False)
    before = {e.id: (e.initial_points or 0.0) + starts.get(e.id, 0.0) for e in event.entrants}
    records = {(g.round, g.table): g for g in event_games(event)}
    out = []
    for rnd in event.rounds:
        games = tuple(_game(game, rnd, before) for game in rnd.games)
        out.append(
            FinalRound(
                number=rnd.number,
                status=rnd.status,
                opening=rnd.opening,
                date=rnd.paired_at.date() if rnd.paired_at else None,
                scheduled=schedule.get(rnd.number),
                lot_seed=rnd.lot_seed,
                opening_seed=rnd.opening_seed,
                relaxations=tuple(rnd.relaxations or ()),
                games=games,
                pairing_settings=(
                    PairingSettings.from_dict(dict(rnd.pairing_settings))
                    if rnd.pairing_settings
                    else None
                ),
            )
        )
        for game in rnd.games:  # the points every entrant carries into the next round
            record = records[(rnd.number, game.table)]
            for who in (record.first, record.second):
                if who is not None:
                    before[who] = before.get(who, 0.0) + points_for(record, who, scoring)
    return tuple(out)


def _game(game: Game, rnd: Round, before: Mapping[int, float]) -> FinalGame:
    boards: tuple[FinalBoard, ...] = ()
    points: tuple[float, float] | None = None
    if game.boards:
        points = board_points(game)
        boards = tuple(
            FinalBoard(
                board=b.board,
                first=b.first_player.name,
                second=b.second_player.name,
                result=b.result,
                manner=b.manner,
            )
            for b in game.boards
        )
    return FinalGame(
        table=game.table,
        first=EntrantId(game.first_id),
        second=None if game.second_id is None else EntrantId(game.second_id),
        result=game.result,
        manner=game.manner,
        fouls=(game.fouls_first or 0, game.fouls_second or 0),
        opening=game.opening or rnd.opening,
        seat_swapped=bool(game.seat_swapped),
        first_points=before.get(game.first_id, 0.0),
        second_points=before.get(game.second_id, 0.0) if game.second_id else None,
        board_points=points,
        boards=boards,
        handicap=game.handicap or 0,
    )
