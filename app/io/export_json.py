"""The JSON export: the interchange format (docs/export-schema.md), the serialisation of the
read model (`app.readmodel`). No private fields."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict, replace
from datetime import date, datetime
from decimal import Decimal
from enum import StrEnum
from typing import Any, TypeVar

from app.domain import (
    EntrantId,
    EntrantStatus,
    EventKind,
    LateChangeAction,
    RoundState,
    Scoring,
    Seed,
)
from app.pairing.model import PairingSettings
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
from app.settings import (
    StoredEvent,
    TournamentSettings,
    event_settings_lenient,
    tournament_settings_lenient,
)
from app.standings.categories import CategoryStanding
from app.standings.grades import GradeAward, GradeBand, GradeTable
from app.standings.medals import Medal, MedalPlace, MedalTable
from app.standings.model import Standing, Standings, StandingsSettings
from app.standings.prizes import Award, PrizePlace, PrizeRules, PrizeTable
from app.standings.tiebreaks import labels

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
    return {
        "action": change.action,
        "team": change.team,
        "members": list(change.members),
        "after_round": change.after_round,
        "forced": True,
        "operator": change.operator,
        "time": change.time,
    }


def _late(change: LateChange | None) -> dict[str, Any] | None:
    return late_change_document(change) if change is not None else None


def entrant_document(event: FinalEvent, entrant: FinalEntrant) -> dict[str, Any]:
    row: dict[str, Any] = {
        "id": entrant.id,
        "seed": entrant.seed,
        "name": entrant.name,
        "gender": entrant.gender,
        "unit": entrant.unit,
        "region": entrant.region,
        "birth_date": entrant.birth_date.isoformat() if entrant.birth_date else None,
        "grade": entrant.grade,
        "rating": entrant.rating,
        "source": entrant.source,
        "status": entrant.status,
        "members": list(entrant.members),
        "member_ids": list(entrant.member_ids),
        # who plays which round, and the points carried in (a late entrant's award)
        "joined_round": entrant.joined_round,
        "initial_points": _num(entrant.initial_points),
        "withdrawn_from_round": entrant.withdrawn_from_round,
        "absent_rounds": list(entrant.absent_rounds),
    }
    if entrant.withdrawn_rounds:  # only an entrant reinstated after sitting rounds out
        row["withdrawn_rounds"] = list(entrant.withdrawn_rounds)
    if entrant.requested_byes:  # TRF's H, F, Z: only an entrant who requested one has them
        row["requested_byes"] = [{"round": r, "points": _num(p)} for r, p in entrant.requested_byes]
    if _is_mcmahon(event):
        row["mcmahon_start"] = _num(entrant.mcmahon_start)
    if entrant.disqualified:  # 取消资格: only a disqualified entrant has it
        row["disqualification"] = {
            "after_round": entrant.disqualified_after_round or 0,
            "reason": entrant.disqualified_reason,
        }
    if event.kind in (EventKind.TEAM, EventKind.PAIR):
        row["eligibility_problems"] = list(entrant.eligibility_problems)
    if event.kind == EventKind.TEAM:
        row["late"] = _late(entrant.late)
    return row


def game_document(game: FinalGame) -> dict[str, Any]:
    row: dict[str, Any] = {
        "table": game.table,
        "first": game.first,
        "second": game.second,
        "result": game.result,
        "manner": game.manner,
        "fouls": list(game.fouls),
        "opening": game.opening,
        "seat_swapped": game.seat_swapped,
        "first_points": _num(game.first_points),
        "second_points": _num(game.second_points) if game.second_points is not None else None,
    }
    if game.board_points is not None:  # team matches: every board and the board points (局分)
        row["board_points"] = [_num(game.board_points[0]), _num(game.board_points[1])]
        row["boards"] = [
            {
                "board": b.board,
                "first": b.first,
                "second": b.second,
                "result": b.result,
                "manner": b.manner,
            }
            for b in game.boards
        ]
    return row


def _round(rnd: FinalRound) -> dict[str, Any]:
    return {
        "number": rnd.number,
        "status": rnd.status,
        "opening": rnd.opening,
        "date": rnd.date.isoformat() if rnd.date else None,
        # the timetable's start ("YYYY-MM-DD HH:MM", tournament setting `schedule`)
        "scheduled": rnd.scheduled,
        "lot_seed": rnd.lot_seed,
        "opening_seed": rnd.opening_seed,
        "relaxations": list(rnd.relaxations),
        # the pairing settings the round was paired by (null: paired before they were kept)
        "pairing_settings": rnd.pairing_settings.to_dict() if rnd.pairing_settings else None,
        "games": [game_document(g) for g in rnd.games],
    }


def standing_document(row: Standing) -> dict[str, Any]:
    return {
        "rank": row.rank,
        "entrant": row.entrant,
        "points": _num(row.points),
        "tiebreaks": {k: _num(v) for k, v in row.tiebreaks.items()},
        "shared": row.shared,
    }


def category_standing_document(row: CategoryStanding) -> dict[str, Any]:
    return {
        "rank": row.rank,
        "entrant": row.entrant,
        "overall_rank": row.overall_rank,
        "points": _num(row.points),
        "tiebreaks": {k: _num(v) for k, v in row.tiebreaks.items()},
        "shared": row.shared,
    }


def _is_mcmahon(event: FinalEvent) -> bool:
    return event.kind == EventKind.INDIVIDUAL and event.settings.pairing.system == "mcmahon"


def event_settings_document(event: FinalEvent) -> dict[str, Any]:
    """Every setting of the event in force, defaults filled in (a value the file holds that
    cannot be used: the default that stands in for it), as `finals settings --json` shows."""
    groups = event.settings.groups()
    doc: dict[str, Any] = {
        "scoring": event.scoring.to_dict(),
        "pairing": groups["pairing"],
        "standings": (
            {**groups["standings"], **event.standings_settings.to_dict()}
            if event.standings_settings is not None
            else groups["standings"]
        ),
        "eligibility": groups["eligibility"],
    }
    if _is_mcmahon(event):
        doc["mcmahon"] = groups["mcmahon"]
    return doc


def prize_table_document(table: PrizeTable) -> dict[str, Any]:
    return {
        "category": table.category,
        "name": table.name,
        "places": [
            {
                "from": p.place_from,
                "to": p.place_to,
                "title": p.title,
                "amount": p.amount,
                "amount_fen": p.amount * 100,
            }
            for p in table.places
        ],
        "shrink": [[a, b] for a, b in table.shrink],
    }


def grade_table_document(table: GradeTable) -> dict[str, Any]:
    return {
        "category": table.category,
        "name": table.name,
        "bands": [{"from": b.rank_from, "to": b.rank_to, "grade": b.grade} for b in table.bands],
    }


def medal_table_document(table: MedalTable) -> dict[str, Any]:
    return {
        "category": table.category,
        "places": [
            {"from": p.place_from, "to": p.place_to, "medal": p.medal.value, "name": p.medal.zh}
            for p in table.places
        ],
    }


def _event(event: FinalEvent) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "code": event.code,
        "name": event.name,
        "kind": event.kind,
        "rounds_planned": event.rounds_planned,
        "source_event": event.source_event,
        "settings": event_settings_document(event),
        "categories": [
            {
                "code": c.code,
                "name": c.name,
                "gender": c.gender,
                "born_from": c.born_from,
                "born_to": c.born_to,
                "min_grade": c.min_grade,
                # the regulation's own event (Go 女子个人), not a prize group of this one
                "own_event": c.own_event,
            }
            for c in event.categories
        ],
        "entrants": [entrant_document(event, e) for e in event.entrants],
        "rounds": [_round(r) for r in event.rounds],
        "schedule": {str(n): at for n, at in event.schedule.items()},
        "standings_round": event.standings.after_round,
        "standings": [standing_document(r) for r in event.standings.rows],
        "category_standings": {
            code: [category_standing_document(r) for r in rows]
            for code, rows in event.category_standings.items()
        },
        "explanation": list(event.standings.explanation),
        "prize_tables": [prize_table_document(t) for t in event.prize_tables],
        "grade_tables": [grade_table_document(t) for t in event.grade_tables],
    }
    if event.medal_tables:  # only where the regulation awards medals (Gomoku §十五.2/3)
        doc["medal_tables"] = [medal_table_document(t) for t in event.medal_tables]
    if event.kind == EventKind.TEAM:
        doc["late_changes"] = [late_change_document(c) for c in event.late_changes]
    return doc


def prize_document(line: PrizeLine) -> dict[str, Any]:
    award = line.award
    return {
        "event": award.event,
        "category": award.category,
        "table": award.table_name,
        "category_name": line.category_name,
        "place": award.place,
        "title": award.title,
        "entrant": award.entrant,
        "name": line.name,
        "unit": line.unit,
        "members": list(line.members),
        "amount": yuan_number(award.amount_fen),
        "amount_fen": award.amount_fen,
        "shared": award.shared,
        "tied": award.tied,
        "pool_fen": award.pool_fen,
        "pool_places": list(award.pool_places) if award.pool_places else None,
        "unpaid_fen": award.unpaid_fen,
        "ineligible": line.ineligible,
        "eligibility_problems": list(line.eligibility_problems),
        "late": _late(line.late),
    }


def grade_document(line: GradeLine) -> dict[str, Any]:
    g = line.award
    return {
        "event": g.event,
        "category": g.category,
        "rank": g.rank,
        "entrant": g.entrant,
        "name": line.name,
        "unit": line.unit,
        "grade": g.grade,
        "held": g.held,
        "already_held": g.already_held,
        "on_form": line.on_form,
    }


def certificate_document(stored: Mapping[str, object]) -> dict[str, Any]:
    """The certificate settings in force: every key, its default when not set."""
    typed = tournament_settings_lenient({"certificate": dict(stored)})[0].certificate
    return asdict(typed)


def to_document(final: Final) -> dict[str, Any]:
    """The export document of `final` (docs/export-schema.md)."""
    t = final.tournament
    return {
        "format": "finals-export",
        "version": FORMAT_VERSION,
        "exported_at": datetime.now().replace(microsecond=0).isoformat(),
        "tournament": {
            "title": t.title,
            "game": t.game,
            "organisers": list(t.organisers),
            "venue": t.venue,
            "start_date": t.start_date.isoformat() if t.start_date else None,
            "end_date": t.end_date.isoformat() if t.end_date else None,
            "operators": list(t.operators),
            "komi": t.komi,
            # may a game be recorded as a draw (Go with komi 3又3/4子: no; slips, phone)
            "draws": t.draws,
            "certificate": certificate_document(t.certificate),
            # every tournament setting in force, defaults filled in
            "settings": dict(t.settings or {}),
        },
        "events": [_event(e) for e in final.events],
        "prizes": [prize_document(p) for p in final.prizes],
        "withheld_prizes": [prize_document(p) for p in final.withheld_prizes],
        "prize_rules": final.prize_rules.to_dict(),
        "grades": [grade_document(g) for g in final.grades],
    }


# -- reading a document back ------------------------------------------------------------------
# A document from this program (or a test's hand-made one) becomes the read model again;
# missing optional fields take their defaults, and fields the format does not name (anything
# private a document might carry by mistake) are never read.


class DocumentError(ValueError):
    """Not an export document of this program (the message says what is missing)."""


def _date(text: object) -> date | None:
    if not text:
        return None
    try:
        return date.fromisoformat(str(text)[:10])
    except ValueError:
        return None


def _late_from(data: object, event: str, entrant: EntrantId | None) -> LateChange | None:
    """A late change as the document holds it; its event and entrant come from where it
    stands (the document does not repeat them)."""
    if not isinstance(data, Mapping):
        return None
    return LateChange(
        event=event,
        action=_word(
            LateChangeAction, str(data.get("action") or ""), f"队伍“{data.get('team')}”的临时变动"
        ),
        team=str(data.get("team") or ""),
        entrant=entrant,
        members=tuple(str(m) for m in data.get("members") or ()),
        after_round=int(data.get("after_round") or 0),
        operator=str(data.get("operator") or ""),
        time=str(data.get("time") or ""),
    )


W = TypeVar("W", bound=StrEnum)


def _word(vocabulary: type[W], text: str, what: str) -> W:
    """`text` as a word of `vocabulary`; a word this program never writes is refused naming
    `what` (选手“张三”的状态, 第2轮的状态) and the words it knows."""
    if text not in {w.value for w in vocabulary}:
        raise DocumentError(
            f"导出文件中{what}“{text}”无法识别"
            f"（{'、'.join(w.value for w in vocabulary)}）：请用本程序重新导出。"
        )
    return vocabulary(text)


def _round_state(data: Mapping[str, Any]) -> RoundState:
    text = str(data.get("status") or RoundState.PAIRED)
    return _word(RoundState, text, f"第{data.get('number')}轮的状态")


def _entrant_status(data: Mapping[str, Any]) -> EntrantStatus:
    text = str(data.get("status") or EntrantStatus.PLAYING)
    return _word(EntrantStatus, text, f"选手“{data.get('name')}”的状态")


def _late_changes_from(
    data: Iterable[object], event: str, entrants: tuple[FinalEntrant, ...]
) -> tuple[LateChange, ...]:
    """An event's late changes; a composition names the team it made while that team
    stands under its name (a dissolved or renamed team's id is not in the document)."""
    composed = {e.name: e.id for e in entrants if e.late is not None}
    changes = []
    for item in data:
        change = _late_from(item, event, None)
        if change is None:
            continue
        if change.action is LateChangeAction.COMPOSED and change.team in composed:
            change = replace(change, entrant=composed[change.team])
        changes.append(change)
    return tuple(changes)


def _entrant_from(data: Mapping[str, Any], event: str) -> FinalEntrant:
    entrant = EntrantId(int(data["id"]))
    disqualified = data.get("disqualification")
    return FinalEntrant(
        id=entrant,
        seed=Seed(int(data.get("seed") or 0)),
        name=str(data.get("name") or ""),
        gender=data.get("gender"),
        unit=data.get("unit"),
        region=data.get("region"),
        birth_date=_date(data.get("birth_date")),
        grade=data.get("grade"),
        rating=data.get("rating"),
        source=data.get("source"),
        status=_entrant_status(data),
        members=tuple(str(m) for m in data.get("members") or ()),
        member_ids=tuple(
            None if m is None else EntrantId(int(m)) for m in data.get("member_ids") or ()
        ),
        eligibility_problems=tuple(str(p) for p in data.get("eligibility_problems") or ()),
        late=_late_from(data.get("late"), event, entrant),
        withdrawn_from_round=_int_or_none(data.get("withdrawn_from_round")),
        joined_round=int(data.get("joined_round") or 1),
        absent_rounds=tuple(int(n) for n in data.get("absent_rounds") or ()),
        withdrawn_rounds=tuple(int(n) for n in data.get("withdrawn_rounds") or ()),
        initial_points=float(data.get("initial_points") or 0),
        requested_byes=tuple(
            (int(b["round"]), float(b["points"])) for b in data.get("requested_byes") or ()
        ),
        mcmahon_start=float(data.get("mcmahon_start") or 0),
        disqualified_after_round=(
            int(disqualified.get("after_round") or 0) if isinstance(disqualified, dict) else None
        ),
        disqualified_reason=(
            str(disqualified.get("reason") or "") or None
            if isinstance(disqualified, dict)
            else None
        ),
    )


def _int_or_none(value: object) -> int | None:
    return int(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def _prize_table_from(code: str, data: Mapping[str, Any]) -> PrizeTable:
    return PrizeTable(
        event=code,
        category=data.get("category"),
        name=str(data.get("name") or ""),
        places=tuple(
            PrizePlace(
                int(p["from"]), int(p["to"]), int(p.get("amount") or 0), str(p.get("title") or "")
            )
            for p in data.get("places") or ()
        ),
        shrink=tuple((int(a), int(b)) for a, b in data.get("shrink") or ()),
    )


def _medal_table_from(code: str, data: Mapping[str, Any]) -> MedalTable:
    return MedalTable(
        event=code,
        category=data.get("category"),
        places=tuple(
            MedalPlace(int(p["from"]), int(p["to"]), Medal.parse(str(p.get("medal") or "")))
            for p in data.get("places") or ()
        ),
    )


def _grade_table_from(code: str, data: Mapping[str, Any]) -> GradeTable:
    return GradeTable(
        event=code,
        category=data.get("category"),
        bands=tuple(
            GradeBand(int(b["from"]), int(b["to"]), str(b.get("grade") or ""))
            for b in data.get("bands") or ()
        ),
        name=str(data.get("name") or ""),
    )


def _game_from(data: Mapping[str, Any], rnd: Mapping[str, Any]) -> FinalGame:
    fouls = list(data.get("fouls") or (0, 0)) + [0, 0]
    points = data.get("board_points")
    second = data.get("second")
    return FinalGame(
        table=int(data["table"]),
        first=EntrantId(int(data["first"])),
        second=EntrantId(int(second)) if second is not None else None,
        result=data.get("result"),
        manner=data.get("manner"),
        fouls=(int(fouls[0] or 0), int(fouls[1] or 0)),
        opening=data.get("opening") or rnd.get("opening"),
        seat_swapped=bool(data.get("seat_swapped")),
        first_points=float(data.get("first_points") or 0),
        second_points=(float(data.get("second_points") or 0) if second is not None else None),
        board_points=(float(points[0]), float(points[1])) if points else None,
        boards=tuple(
            FinalBoard(
                board=int(b["board"]),
                first=str(b.get("first") or ""),
                second=str(b.get("second") or ""),
                result=b.get("result"),
                manner=b.get("manner"),
            )
            for b in data.get("boards") or ()
        ),
    )


def _round_from(data: Mapping[str, Any]) -> FinalRound:
    return FinalRound(
        number=int(data["number"]),
        status=_round_state(data),
        opening=data.get("opening"),
        date=_date(data.get("date")),
        scheduled=data.get("scheduled"),
        lot_seed=data.get("lot_seed"),
        opening_seed=data.get("opening_seed"),
        relaxations=tuple(str(r) for r in data.get("relaxations") or ()),
        games=tuple(_game_from(g, data) for g in data.get("games") or ()),
        pairing_settings=(
            PairingSettings.from_dict(dict(data["pairing_settings"]))
            if isinstance(data.get("pairing_settings"), Mapping)
            else None
        ),
    )


def _tiebreaks(data: object) -> dict[str, float]:
    return {str(k): float(v) for k, v in (data or {}).items()} if isinstance(data, Mapping) else {}


def _event_from(data: Mapping[str, Any]) -> FinalEvent:
    settings = data.get("settings") or {}
    kind_text = str(data.get("kind") or "individual")
    if kind_text not in {k.value for k in EventKind}:
        raise DocumentError(
            f"项目“{data.get('code')}”的类型“{kind_text}”不是本程序的项目类型"
            f"（{'、'.join(k.value for k in EventKind)}）：请用本程序重新导出。"
        )
    kind = EventKind(kind_text)
    stored = StoredEvent(
        code=str(data.get("code") or ""),
        name=str(data.get("name") or data.get("code") or ""),
        kind=kind,
        rounds_planned=data.get("rounds_planned") or 0,
        scoring=dict(settings.get("scoring") or {}),
        pairing=dict(settings.get("pairing") or {}),
        standings=dict(settings.get("standings") or {}),
        eligibility=dict(settings.get("eligibility") or {}),
    )
    team_match = kind == EventKind.TEAM and stored.pairing.get("team_format") == "match"
    standings_settings = (
        StandingsSettings.from_dict(dict(stored.standings))
        if kind != EventKind.TEAM or team_match
        else None
    )
    rows = tuple(
        Standing(
            rank=int(r["rank"]),
            entrant=EntrantId(int(r["entrant"])),
            points=float(r.get("points") or 0),
            tiebreaks=_tiebreaks(r.get("tiebreaks")),
            shared=bool(r.get("shared")),
        )
        for r in data.get("standings") or ()
    )
    order = [t for t in labels(stored.standings.get("tiebreaks") or ()) if t != "积分"]
    if not order:
        for row in rows:
            order += [t for t in row.tiebreaks if t != "积分" and t not in order]
    rounds = tuple(
        sorted((_round_from(r) for r in data.get("rounds") or ()), key=lambda r: r.number)
    )
    standings_round = data.get("standings_round")
    if not isinstance(standings_round, int):
        standings_round = max(
            (r.number for r in rounds if r.status == RoundState.COMPLETE), default=0
        )
    entrants = tuple(_entrant_from(e, stored.code) for e in data.get("entrants") or ())
    return FinalEvent(
        code=stored.code,
        name=stored.name,
        kind=kind,
        rounds_planned=int(data.get("rounds_planned") or len(rounds)),
        source_event=data.get("source_event"),
        stored=stored,
        settings=event_settings_lenient(stored)[0],
        scoring=Scoring.from_dict(dict(stored.scoring)),
        standings_settings=standings_settings,
        team_match=team_match,
        categories=tuple(
            FinalCategory(
                code=str(c.get("code") or ""),
                name=str(c.get("name") or ""),
                gender=c.get("gender"),
                born_from=c.get("born_from"),
                born_to=c.get("born_to"),
                min_grade=c.get("min_grade"),
                own_event=bool(c.get("own_event")),
            )
            for c in data.get("categories") or ()
        ),
        entrants=entrants,
        rounds=rounds,
        schedule={int(n): str(at) for n, at in (data.get("schedule") or {}).items()},
        standings=Standings(
            after_round=standings_round,
            rows=rows,
            tiebreak_order=tuple(order),
            explanation=tuple(str(x) for x in data.get("explanation") or ()),
        ),
        category_standings={
            str(code): tuple(
                CategoryStanding(
                    rank=int(r["rank"]),
                    entrant=EntrantId(int(r["entrant"])),
                    overall_rank=int(r.get("overall_rank") or r["rank"]),
                    points=float(r.get("points") or 0),
                    tiebreaks=_tiebreaks(r.get("tiebreaks")),
                    shared=bool(r.get("shared")),
                )
                for r in rows_
            )
            for code, rows_ in (data.get("category_standings") or {}).items()
        },
        late_changes=_late_changes_from(data.get("late_changes") or (), stored.code, entrants),
        prize_tables=tuple(
            _prize_table_from(stored.code, t) for t in data.get("prize_tables") or ()
        ),
        grade_tables=tuple(
            _grade_table_from(stored.code, t) for t in data.get("grade_tables") or ()
        ),
        medal_tables=tuple(
            _medal_table_from(stored.code, t) for t in data.get("medal_tables") or ()
        ),
    )


def _prize_from(data: Mapping[str, Any]) -> PrizeLine:
    fen = data.get("amount_fen")
    if fen is None:
        fen = int(round(float(data.get("amount") or 0) * 100))
    places = data.get("pool_places")
    event = str(data.get("event") or "")
    entrant = EntrantId(int(data.get("entrant") or 0))
    return PrizeLine(
        award=Award(
            event=event,
            category=data.get("category"),
            table_name=str(data.get("table") or ""),
            place=int(data.get("place") or 0),
            title=str(data.get("title") or ""),
            entrant=entrant,
            amount_fen=int(fen),
            shared=bool(data.get("shared")),
            pool_fen=int(data.get("pool_fen") or 0),
            pool_places=(int(places[0]), int(places[1])) if places else None,
            tied=int(data.get("tied") or 1),
            unpaid_fen=int(data.get("unpaid_fen") or 0),
        ),
        category_name=str(data.get("category_name") or data.get("table") or ""),
        name=str(data.get("name") or ""),
        unit=data.get("unit"),
        members=tuple(str(m) for m in data.get("members") or ()),
        eligibility_problems=tuple(str(p) for p in data.get("eligibility_problems") or ()),
        late=_late_from(data.get("late"), event, entrant),
    )


def _grade_from(data: Mapping[str, Any]) -> GradeLine:
    already = bool(data.get("already_held"))
    return GradeLine(
        award=GradeAward(
            event=str(data.get("event") or ""),
            category=data.get("category"),
            rank=int(data.get("rank") or 0),
            entrant=EntrantId(int(data.get("entrant") or 0)),
            grade=str(data.get("grade") or ""),
            held=data.get("held"),
            already_held=already,
        ),
        name=str(data.get("name") or ""),
        unit=data.get("unit"),
        on_form=bool(data.get("on_form", not already)),
    )


def _draws(tournament: Mapping[str, Any]) -> bool:
    """`draws` as written; an export older than the field: as the `auto` setting decides
    (a Go final whose komi has a half point, 3又3/4子, has no draws)."""
    if isinstance(tournament.get("draws"), bool):
        return bool(tournament["draws"])
    return not TournamentSettings(komi=tournament.get("komi")).refuses_draws(
        str(tournament.get("game") or "go")
    )


def from_document(doc: Mapping[str, Any]) -> Final:
    """The read model of an export document (the inverse of `to_document`)."""
    if not isinstance(doc, Mapping) or not isinstance(doc.get("tournament"), Mapping):
        raise DocumentError("这不是本程序导出的赛事文件（缺少 tournament 部分）。")
    t = doc["tournament"]
    rules = doc.get("prize_rules") or {}
    return Final(
        revision=0,
        after_round=None,
        tournament=TournamentFacts(
            title=str(t.get("title") or ""),
            game=str(t.get("game") or "go"),
            organisers=tuple(str(o) for o in t.get("organisers") or ()),
            venue=t.get("venue"),
            start_date=_date(t.get("start_date")),
            end_date=_date(t.get("end_date")),
            operators=tuple(str(o) for o in t.get("operators") or ()),
            komi=t.get("komi") or None,
            draws=_draws(t),
            certificate=dict(t.get("certificate") or {}),
            settings=dict(t.get("settings") or {}),
        ),
        events=tuple(_event_from(e) for e in doc.get("events") or ()),
        prizes=tuple(_prize_from(p) for p in doc.get("prizes") or ()),
        withheld_prizes=tuple(_prize_from(p) for p in doc.get("withheld_prizes") or ()),
        prize_rules=PrizeRules(
            **{k: v for k, v in rules.items() if k in ("split", "unit", "remainder")}
        ),
        grades=tuple(_grade_from(g) for g in doc.get("grades") or ()),
        exported_at=doc.get("exported_at"),
    )
