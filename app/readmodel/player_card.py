"""A player's card (选手卡片): round by round opponent, colour, result and points, the
tie-breaks, and the status changes (withdrawn, absent rounds, joined late).

A pure function over the read model (`Final`): no file, no store. The window shows it in a
dialog; the public pages can show the same rows.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.domain import EntrantId, EntrantStatus, GameRecord, Outcome, Result, Seed, points_for
from app.readmodel.model import Final, FinalEntrant, FinalEvent, FinalGame

# What a round was for the player, in Chinese (the outcome codes of `Result.outcome`).
OUTCOME_WORDS: dict[Outcome, str] = {
    Outcome.WIN: "胜",
    Outcome.LOSS: "负",
    Outcome.DRAW: "和",
    Outcome.FORFEIT_WIN: "对方弃权（胜）",
    Outcome.FORFEIT_LOSS: "弃权（负）",
    Outcome.NOT_PLAYED: "未赛",
    Outcome.BYE: "轮空",
}
DOUBLE_FORFEIT = "双方弃权"
PENDING = "待赛"  # paired, no result yet
ABSENT = "请假"
WITHDRAWN = "退赛"
NOT_JOINED = "未参赛"


@dataclass(frozen=True, slots=True)
class CardRound:
    """One round of a player's card."""

    number: int
    table: int | None  # None: not paired this round
    opponent: EntrantId | None  # None: a bye or no game
    opponent_seed: Seed | None
    opponent_name: str | None
    colour: str  # 黑/白 (Go), 先/后 (Gomoku: the seat), "" without an opponent
    result: str | None  # the table's result as written, first mover first ("1-0"), or None
    outcome: str  # 胜 负 和 轮空 … 待赛 请假 退赛 未参赛
    points: float  # earned in this round
    total: float  # points after this round

    @property
    def played(self) -> bool:
        return self.table is not None


@dataclass(frozen=True, slots=True)
class PlayerCard:
    event_code: str
    event_name: str
    game: str  # go | gomoku
    entrant_id: EntrantId
    seed: Seed
    name: str
    unit: str | None
    grade: str | None
    rating: int | None
    members: tuple[str, ...]
    status: EntrantStatus
    rank: int | None  # in the event's standings (None: not ranked)
    shared: bool
    points: float | None
    tiebreaks: tuple[tuple[str, float], ...]  # in the event's order, 积分 left out
    rounds: tuple[CardRound, ...]
    status_changes: tuple[str, ...]  # e.g. 第3轮起退赛, 第2轮请假, 第2轮起参赛

    @property
    def rank_text(self) -> str:
        if self.rank is None:
            return ""
        return f"{self.rank}" + ("=" if self.shared else "")


def _record(game: FinalGame, number: int) -> GameRecord:
    result: Result | None = None
    if game.result is not None:
        try:
            result = Result(game.result)
        except ValueError:
            result = None
    return GameRecord(
        round=number,
        table=game.table,
        first=game.first,
        second=game.second,
        result=result,
        fouls_first=game.fouls[0],
        fouls_second=game.fouls[1],
        seat_swapped=game.seat_swapped,
        first_board_points=game.board_points[0] if game.board_points else 0.0,
        second_board_points=game.board_points[1] if game.board_points else 0.0,
    )


def _outcome(record: GameRecord, entrant_id: int) -> str:
    if record.result is None:
        return PENDING
    if record.second is None or record.result is Result.BYE:
        return OUTCOME_WORDS[Outcome.BYE]
    if record.result is Result.DOUBLE_FORFEIT:
        return DOUBLE_FORFEIT
    return OUTCOME_WORDS.get(record.result.outcome(entrant_id == record.first), "")


def _ranges(numbers: list[int]) -> str:
    """[2, 3, 5] → 第2、3、5轮."""
    return "第" + "、".join(str(n) for n in numbers) + "轮"


def _missing_reasons(
    entrant: FinalEntrant, paired: list[int], present: set[int]
) -> tuple[dict[int, str], list[str]]:
    """Why the player is in no game of some paired rounds, and the status lines.

    The stored facts are used when the read model carries them (`withdrawn_from_round`,
    `joined_round`, `absent_rounds`); otherwise they are read off the pairings: rounds
    before the first game are 未参赛 (joined late), rounds after the last game of a
    withdrawn player are 退赛, the other gaps are 请假.
    """
    # A document read back (`from_document`) does not carry these: then they are read off
    # the pairings below.
    withdrawn_from: int | None = entrant.withdrawn_from_round
    joined: int | None = entrant.joined_round if entrant.joined_round > 1 else None
    absent_known: tuple[int, ...] = entrant.absent_rounds
    missing = [n for n in paired if n not in present]
    first_game = min(present) if present else None
    last_game = max(present) if present else None
    if joined is None:  # the first round the player was there for (played or excused)
        there = [n for n in (first_game, *absent_known) if n is not None]
        joined = min(there) if there and min(there) > 1 else 1
    if withdrawn_from is None and entrant.status == EntrantStatus.WITHDRAWN:
        withdrawn_from = (last_game or 0) + 1
    reasons: dict[int, str] = {}
    for number in missing:
        if number in absent_known:  # stored: excused, whatever the pairings suggest
            reasons[number] = ABSENT
        elif number in entrant.withdrawn_rounds:  # withdrawn then, reinstated since
            reasons[number] = WITHDRAWN
        elif number < joined:
            reasons[number] = NOT_JOINED
        elif withdrawn_from is not None and number >= withdrawn_from:
            reasons[number] = WITHDRAWN
        else:
            reasons[number] = ABSENT
    absent = sorted(set(absent_known or ()) | {n for n, why in reasons.items() if why == ABSENT})
    lines: list[str] = []
    if joined > 1:
        lines.append(f"第{joined}轮起参赛（之前各轮未参赛）")
    if absent:
        lines.append(f"{_ranges(absent)}请假")
    if withdrawn_from is not None and entrant.status == EntrantStatus.WITHDRAWN:
        lines.append(f"第{withdrawn_from}轮起退赛")
    if entrant.withdrawn_rounds:
        lines.append(f"{_ranges(list(entrant.withdrawn_rounds))}退赛，之后恢复参赛")
    return reasons, lines


def player_card(final: Final, event_code: str, entrant_id: int) -> PlayerCard:
    """The card of one entrant of one event; KeyError when there is no such entrant."""
    event = final.event(event_code)
    if event is None:
        raise KeyError(event_code)
    entrant = event.entrant(entrant_id)
    if entrant is None:
        raise KeyError(entrant_id)
    return _card(final, event, entrant)


def _card(final: Final, event: FinalEvent, entrant: FinalEntrant) -> PlayerCard:
    go = final.tournament.game == "go"
    first_colour, second_colour = ("黑", "白") if go else ("先", "后")
    games: dict[int, FinalGame] = {}
    for rnd in event.rounds:
        for game in rnd.games:
            if entrant.id in (game.first, game.second):
                games[rnd.number] = game
                break
    # A final read "after round N" shows the card as it stood then.
    paired = [
        r.number for r in event.rounds if final.after_round is None or r.number <= final.after_round
    ]
    games = {n: g for n, g in games.items() if n in paired}
    reasons, lines = _missing_reasons(entrant, paired, set(games))

    rows: list[CardRound] = []
    total: float | None = None
    for number in paired:
        found = games.get(number)
        if found is None:
            rows.append(
                CardRound(
                    number=number,
                    table=None,
                    opponent=None,
                    opponent_seed=None,
                    opponent_name=None,
                    colour="",
                    result=None,
                    outcome=reasons.get(number, ABSENT),
                    points=0.0,
                    total=total or 0.0,
                )
            )
            continue
        game = found
        first = game.first == entrant.id
        before = game.first_points if first else (game.second_points or 0.0)
        record = _record(game, number)
        earned = points_for(record, entrant.id, event.scoring)
        total = before + earned
        other_id = game.second if first else game.first
        other = event.entrant(other_id) if other_id is not None else None
        rows.append(
            CardRound(
                number=number,
                table=game.table,
                opponent=other_id,
                opponent_seed=other.seed if other else None,
                opponent_name=other.name if other else None,
                colour="" if other_id is None else (first_colour if first else second_colour),
                result=game.result,
                outcome=_outcome(record, entrant.id),
                points=earned,
                total=total,
            )
        )

    standing = next((r for r in event.standings.rows if r.entrant == entrant.id), None)
    # The event's tie-breaks in their order (all the row has when the order is unknown).
    order = [k for k in event.standings.tiebreak_order if k != "积分"]
    if standing is not None and not order:
        order = [k for k in standing.tiebreaks if k != "积分"]
    tiebreaks = tuple(
        (name, standing.tiebreaks[name])
        for name in order
        if standing is not None and name in standing.tiebreaks
    )
    return PlayerCard(
        event_code=event.code,
        event_name=event.name,
        game=final.tournament.game,
        entrant_id=entrant.id,
        seed=entrant.seed,
        name=entrant.name,
        unit=entrant.unit,
        grade=entrant.grade,
        rating=entrant.rating,
        members=entrant.members,
        status=entrant.status,
        rank=standing.rank if standing else None,
        shared=standing.shared if standing else False,
        points=standing.points if standing else (total if total is not None else None),
        tiebreaks=tiebreaks,
        rounds=tuple(rows),
        status_changes=tuple(lines),
    )
