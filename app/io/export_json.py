"""The JSON export: the interchange format (docs/export-schema.md). No private fields."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import select

from app.domain import Scoring, points_for
from app.services.ranking import (
    EventRanking,
    grade_awards,
    grades_on_form,
    prize_awards,
    prize_rules,
    rank_all,
)
from app.services.snapshots import (
    board_points,
    event_games,
    event_settings_of,
    is_team_match,
    standings_settings,
)
from app.services.teams import entrant_problems, late_changes
from app.settings import TournamentSettings, tournament_settings_lenient
from app.store.database import Database
from app.store.models import Entrant, Event, Game, Tournament

FORMAT_VERSION = 1


def _num(value: float) -> float | int:
    return int(value) if float(value).is_integer() else value


def yuan_number(fen: int) -> int | float:
    """Fen as the yuan of the `amount` field: an int when whole (622), else at most two
    decimals, written exactly (622.2).  Sums are made of `amount_fen`, never of these."""
    if fen % 100 == 0:
        return fen // 100
    return float(Decimal(fen).scaleb(-2))


def _entrant(entrant: Entrant) -> dict[str, Any]:
    player = entrant.player
    members = [m.player for m in entrant.members]
    genders = {m.gender for m in members}
    return {
        "id": entrant.id, "seed": entrant.seed, "name": entrant.name,
        "gender": player.gender if player else (genders.pop() if len(genders) == 1 else None),
        "unit": entrant.unit, "region": player.region if player else None,
        "birth_date": player.birth_date.isoformat() if player and player.birth_date else None,
        "grade": player.grade if player else None,
        "rating": player.rating if player else None,
        "source": player.source if player else None,
        "status": entrant.status,
        "members": [m.name for m in members],
        "member_ids": [],
    }


def _boards(game: Game) -> dict[str, Any]:
    """Team matches: every board and the board points (局分) of both teams."""
    if not game.boards:
        return {}
    first, second = board_points(game)
    return {
        "board_points": [_num(first), _num(second)],
        "boards": [{"board": b.board, "first": b.first_player.name, "second": b.second_player.name,
                    "result": b.result, "manner": b.manner} for b in game.boards],
    }


def _rounds(event: Event, schedule: TournamentSettings | None = None) -> list[dict[str, Any]]:
    scoring = Scoring.from_dict(event.scoring or {})
    initial = {e.id: e.initial_points or 0.0 for e in event.entrants}
    out = []
    for rnd in event.rounds:
        before = dict(initial)
        for game in event_games(event, rnd.number - 1):
            for who in (game.first, game.second):
                if who is not None:
                    before[who] = before.get(who, 0.0) + points_for(game, who, scoring)
        out.append({
            "number": rnd.number, "status": rnd.status, "opening": rnd.opening,
            "date": rnd.paired_at.date().isoformat() if rnd.paired_at else None,
            # the timetable's start ("YYYY-MM-DD HH:MM", tournament setting `schedule`)
            "scheduled": schedule.round_time(event.code, rnd.number) if schedule else None,
            "lot_seed": rnd.lot_seed, "opening_seed": rnd.opening_seed,
            "relaxations": list(rnd.relaxations or []),
            "games": [
                {"table": g.table, "first": g.first_id, "second": g.second_id,
                 "result": g.result, "manner": g.manner,
                 "fouls": [g.fouls_first or 0, g.fouls_second or 0],
                 "opening": g.opening or rnd.opening, "seat_swapped": bool(g.seat_swapped),
                 "first_points": _num(before.get(g.first_id, 0.0)),
                 "second_points": _num(before.get(g.second_id, 0.0)) if g.second_id else None,
                 **_boards(g)}
                for g in rnd.games
            ],
        })
    return out


def _standings(ranking: EventRanking) -> list[dict[str, Any]]:
    return [
        {"rank": row.rank, "entrant": row.entrant, "points": _num(row.points),
         "tiebreaks": {k: _num(v) for k, v in row.tiebreaks.items()}, "shared": row.shared}
        for row in ranking.standings.rows
    ]


def build_export(db: Database, after_round: int | None = None) -> dict[str, Any]:
    with db.reading() as session:
        tournament = session.scalars(select(Tournament)).one()
        events = list(session.scalars(select(Event).order_by(Event.position)))
        rankings = rank_all(session, after_round)
        by_id = {e.id: e for ev in events for e in ev.entrants}
        source_entrant = {
            (ev.code, e.player_id): e.id for ev in events for e in ev.entrants if e.player_id
        }
        settings = dict(tournament.settings or {})
        typed_settings = tournament_settings_lenient(settings)[0]
        # Teams and pairs: what makes one ineligible now, and a team's forced late change.
        ineligible = entrant_problems(session)
        late = late_changes(session)
        late_of = {i: c.to_dict() for i, c in late.by_entrant.items()
                   if i in by_id and by_id[i].name == c.team}
        doc_events = []
        for event in events:
            ranking = rankings[event.code]
            entrants = []
            for entrant in event.entrants:
                row = _entrant(entrant)
                if event.kind == "team" and event.source_event:
                    row["member_ids"] = [
                        source_entrant.get((event.source_event, m.player_id))
                        for m in entrant.members
                    ]
                if event.kind in ("team", "pair"):
                    row["eligibility_problems"] = ineligible.get(entrant.id, [])
                if event.kind == "team":
                    row["late"] = late_of.get(entrant.id)
                entrants.append(row)
            doc_events.append({
                "code": event.code, "name": event.name, "kind": event.kind,
                "rounds_planned": event.rounds_planned, "source_event": event.source_event,
                "settings": {"scoring": Scoring.from_dict(event.scoring or {}).to_dict(),
                             "pairing": dict(event.pairing or {}),
                             "standings": standings_settings(event).to_dict()
                             if event.kind != "team" or is_team_match(event)
                             else dict(event.standings or {}),
                             "eligibility": {k: v for k, v in (event.eligibility or {}).items()
                                             if k != "aliases"}},
                "categories": [
                    {"code": c["code"], "name": c["name"], "gender": c.get("gender"),
                     "born_from": c.get("born_from"), "born_to": c.get("born_to"),
                     "min_grade": c.get("min_grade"),
                     # the regulation's own event (Go 女子个人), not a prize group of this one
                     "own_event": bool(c.get("own_event"))}
                    for c in event.categories or []
                ],
                "entrants": entrants,
                "rounds": _rounds(event, typed_settings),
                "schedule": {str(n): at for n in range(1, max(event.rounds_planned or 0, len(
                    event.rounds)) + 1) if (at := typed_settings.round_time(event.code, n))},
                "standings_round": ranking.standings.after_round,
                "standings": _standings(ranking),
                "category_standings": {
                    code: [{"rank": r.rank, "entrant": r.entrant, "overall_rank": r.overall_rank,
                            "points": _num(r.points),
                            "tiebreaks": {k: _num(v) for k, v in r.tiebreaks.items()},
                            "shared": r.shared}
                           for r in rows]
                    for code, rows in ranking.categories.items()
                },
                "explanation": list(ranking.standings.explanation),
                **({"late_changes": [c.to_dict() for c in late.by_event.get(event.code, ())]}
                   if event.kind == "team" else {}),
            })
        category_names = {
            (ev.code, c["code"]): c["name"] for ev in events for c in ev.categories or []
        }
        prizes: list[dict[str, Any]] = []
        withheld: list[dict[str, Any]] = []
        for award in prize_awards(session, rankings):
            entrant = by_id[award.entrant]
            problems = ineligible.get(award.entrant, [])
            # A team that fails its rules is still ranked; paid or not by the setting.
            withhold = bool(problems) and entrant.event.kind == "team" and event_settings_of(
                entrant.event, "eligibility").eligibility.ineligible_team_prizes == "withhold"
            (withheld if withhold else prizes).append({
                "event": award.event, "category": award.category, "table": award.table_name,
                "category_name": category_names.get((award.event, award.category), award.table_name),
                "place": award.place, "title": award.title, "entrant": award.entrant,
                "name": entrant.name, "unit": entrant.unit,
                "members": [m.player.name for m in entrant.members],
                "amount": yuan_number(award.amount_fen), "amount_fen": award.amount_fen,
                "shared": award.shared, "tied": award.tied, "pool_fen": award.pool_fen,
                "pool_places": list(award.pool_places) if award.pool_places else None,
                "unpaid_fen": award.unpaid_fen,
                "ineligible": bool(problems), "eligibility_problems": problems,
                "late": late_of.get(award.entrant),
            })
        # A grade the player already holds (or exceeds) is listed, marked, and left off the
        # application form unless the event's standings.grades_include_held says otherwise.
        include_held = {ev.code: grades_on_form(ev) for ev in events}
        grades = [
            {"event": g.event, "category": g.category, "rank": g.rank, "entrant": g.entrant,
             "name": by_id[g.entrant].name, "unit": by_id[g.entrant].unit, "grade": g.grade,
             "held": g.held, "already_held": g.already_held,
             "on_form": not g.already_held or include_held.get(g.event, False)}
            for g in grade_awards(session, rankings)
        ]
        return {
            "format": "finals-export", "version": FORMAT_VERSION,
            "exported_at": datetime.now().replace(microsecond=0).isoformat(),
            "tournament": {
                "title": tournament.title, "game": tournament.game,
                "organisers": list(tournament.organisers or []), "venue": tournament.venue,
                "start_date": tournament.start_date.isoformat() if tournament.start_date else None,
                "end_date": tournament.end_date.isoformat() if tournament.end_date else None,
                "operators": list(tournament.operators or []),
                "komi": settings.get("komi"),
                # may a game be recorded as a draw (Go with komi 3又3/4子: no; slips, phone)
                "draws": not tournament_settings_lenient(settings)[0].refuses_draws(tournament.game),
                "certificate": settings.get("certificate", {}),
            },
            "events": doc_events,
            "prizes": prizes,
            "withheld_prizes": withheld,
            "prize_rules": prize_rules(session).to_dict(),
            "grades": grades,
        }
