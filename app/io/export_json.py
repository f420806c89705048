"""The JSON export: the interchange format (docs/export-schema.md), the serialisation of the
read model (`app.readmodel`). No private fields."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

from app.readmodel.model import (
    Final,
    FinalEntrant,
    FinalEvent,
    FinalGame,
    FinalRound,
    GradeLine,
    LateChange,
    PrizeLine,
)
from app.standings.categories import CategoryStanding
from app.standings.model import Standing

FORMAT_VERSION = 1


def _num(value: float) -> float | int:
    return int(value) if float(value).is_integer() else value


def yuan_number(fen: int) -> int | float:
    """Fen as the yuan of the `amount` field: an int when whole (622), else at most two
    decimals, written exactly (622.2).  Sums are made of `amount_fen`, never of these."""
    if fen % 100 == 0:
        return fen // 100
    return float(Decimal(fen).scaleb(-2))


def late_change_document(change: LateChange) -> dict[str, Any]:
    return {"action": change.action, "team": change.team, "members": list(change.members),
            "after_round": change.after_round, "forced": True, "operator": change.operator,
            "time": change.time}


def _late(change: LateChange | None) -> dict[str, Any] | None:
    return late_change_document(change) if change is not None else None


def _entrant(event: FinalEvent, entrant: FinalEntrant) -> dict[str, Any]:
    row: dict[str, Any] = {
        "id": entrant.id, "seed": entrant.seed, "name": entrant.name,
        "gender": entrant.gender, "unit": entrant.unit, "region": entrant.region,
        "birth_date": entrant.birth_date.isoformat() if entrant.birth_date else None,
        "grade": entrant.grade, "rating": entrant.rating, "source": entrant.source,
        "status": entrant.status,
        "members": list(entrant.members),
        "member_ids": list(entrant.member_ids),
    }
    if event.kind in ("team", "pair"):
        row["eligibility_problems"] = list(entrant.eligibility_problems)
    if event.kind == "team":
        row["late"] = _late(entrant.late)
    return row


def _game(game: FinalGame) -> dict[str, Any]:
    row: dict[str, Any] = {
        "table": game.table, "first": game.first, "second": game.second,
        "result": game.result, "manner": game.manner, "fouls": list(game.fouls),
        "opening": game.opening, "seat_swapped": game.seat_swapped,
        "first_points": _num(game.first_points),
        "second_points": _num(game.second_points) if game.second_points is not None else None,
    }
    if game.board_points is not None:  # team matches: every board and the board points (局分)
        row["board_points"] = [_num(game.board_points[0]), _num(game.board_points[1])]
        row["boards"] = [{"board": b.board, "first": b.first, "second": b.second,
                          "result": b.result, "manner": b.manner} for b in game.boards]
    return row


def _round(rnd: FinalRound) -> dict[str, Any]:
    return {
        "number": rnd.number, "status": rnd.status, "opening": rnd.opening,
        "date": rnd.date.isoformat() if rnd.date else None,
        # the timetable's start ("YYYY-MM-DD HH:MM", tournament setting `schedule`)
        "scheduled": rnd.scheduled,
        "lot_seed": rnd.lot_seed, "opening_seed": rnd.opening_seed,
        "relaxations": list(rnd.relaxations),
        "games": [_game(g) for g in rnd.games],
    }


def _standing(row: Standing) -> dict[str, Any]:
    return {"rank": row.rank, "entrant": row.entrant, "points": _num(row.points),
            "tiebreaks": {k: _num(v) for k, v in row.tiebreaks.items()}, "shared": row.shared}


def _category_standing(row: CategoryStanding) -> dict[str, Any]:
    return {"rank": row.rank, "entrant": row.entrant, "overall_rank": row.overall_rank,
            "points": _num(row.points),
            "tiebreaks": {k: _num(v) for k, v in row.tiebreaks.items()}, "shared": row.shared}


def _event(event: FinalEvent) -> dict[str, Any]:
    stored = event.stored
    doc: dict[str, Any] = {
        "code": event.code, "name": event.name, "kind": event.kind,
        "rounds_planned": event.rounds_planned, "source_event": event.source_event,
        "settings": {
            "scoring": event.scoring.to_dict(),
            "pairing": dict(stored.pairing),
            "standings": (event.standings_settings.to_dict()
                          if event.standings_settings is not None else dict(stored.standings)),
            "eligibility": {k: v for k, v in stored.eligibility.items() if k != "aliases"},
        },
        "categories": [
            {"code": c.code, "name": c.name, "gender": c.gender, "born_from": c.born_from,
             "born_to": c.born_to, "min_grade": c.min_grade,
             # the regulation's own event (Go 女子个人), not a prize group of this one
             "own_event": c.own_event}
            for c in event.categories
        ],
        "entrants": [_entrant(event, e) for e in event.entrants],
        "rounds": [_round(r) for r in event.rounds],
        "schedule": {str(n): at for n, at in event.schedule.items()},
        "standings_round": event.standings.after_round,
        "standings": [_standing(r) for r in event.standings.rows],
        "category_standings": {code: [_category_standing(r) for r in rows]
                               for code, rows in event.category_standings.items()},
        "explanation": list(event.standings.explanation),
    }
    if event.kind == "team":
        doc["late_changes"] = [late_change_document(c) for c in event.late_changes]
    return doc


def _prize(line: PrizeLine) -> dict[str, Any]:
    award = line.award
    return {
        "event": award.event, "category": award.category, "table": award.table_name,
        "category_name": line.category_name,
        "place": award.place, "title": award.title, "entrant": award.entrant,
        "name": line.name, "unit": line.unit, "members": list(line.members),
        "amount": yuan_number(award.amount_fen), "amount_fen": award.amount_fen,
        "shared": award.shared, "tied": award.tied, "pool_fen": award.pool_fen,
        "pool_places": list(award.pool_places) if award.pool_places else None,
        "unpaid_fen": award.unpaid_fen,
        "ineligible": line.ineligible, "eligibility_problems": list(line.eligibility_problems),
        "late": _late(line.late),
    }


def _grade(line: GradeLine) -> dict[str, Any]:
    g = line.award
    return {"event": g.event, "category": g.category, "rank": g.rank, "entrant": g.entrant,
            "name": line.name, "unit": line.unit, "grade": g.grade, "held": g.held,
            "already_held": g.already_held, "on_form": line.on_form}


def to_document(final: Final) -> dict[str, Any]:
    """The export document of `final` (docs/export-schema.md)."""
    t = final.tournament
    return {
        "format": "finals-export", "version": FORMAT_VERSION,
        "exported_at": datetime.now().replace(microsecond=0).isoformat(),
        "tournament": {
            "title": t.title, "game": t.game, "organisers": list(t.organisers),
            "venue": t.venue,
            "start_date": t.start_date.isoformat() if t.start_date else None,
            "end_date": t.end_date.isoformat() if t.end_date else None,
            "operators": list(t.operators),
            "komi": t.komi,
            # may a game be recorded as a draw (Go with komi 3又3/4子: no; slips, phone)
            "draws": t.draws,
            "certificate": dict(t.certificate),
        },
        "events": [_event(e) for e in final.events],
        "prizes": [_prize(p) for p in final.prizes],
        "withheld_prizes": [_prize(p) for p in final.withheld_prizes],
        "prize_rules": final.prize_rules.to_dict(),
        "grades": [_grade(g) for g in final.grades],
    }


def build_export(db: Any, after_round: int | None = None) -> dict[str, Any]:
    """Moved to `app.readmodel.load.build_export` (this name goes once its callers moved)."""
    from app.readmodel.load import build_export as build

    return build(db, after_round)
