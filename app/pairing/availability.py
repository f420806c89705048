"""Who is paired in a round: withdrawals, late arrivals, leave, and the forfeit rule."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from app.domain import GameRecord, Result


@dataclass(frozen=True)
class Availability:
    """What decides whether an entrant plays a round (from its entry and round statuses)."""

    id: int
    withdrawn_from_round: int | None = None  # set when withdrawn: gone from that round on
    joined_round: int = 1  # arrives late: paired from this round
    absent_rounds: frozenset[int] = frozenset()  # 请假: excused for these rounds


def forfeited(games: Iterable[GameRecord], entrant: int, round_number: int) -> bool:
    """Whether `entrant` lost round `round_number` by forfeit (or both sides forfeited)."""
    for game in games:
        if game.round == round_number and game.involves(entrant) and game.result is not None:
            if game.result is Result.DOUBLE_FORFEIT:
                return True
            if game.result is Result.FIRST_WINS_BY_FORFEIT:
                return entrant == game.second
            if game.result is Result.SECOND_WINS_BY_FORFEIT:
                return entrant == game.first
    return False


def inactive_reason(
    entrant: Availability, round_number: int, games: tuple[GameRecord, ...], limit: int
) -> str | None:
    """Why `entrant` is not paired in `round_number`, or None when it plays.

    `limit`: consecutive forfeit losses after which a player leaves the event (0 = never).
    """
    if entrant.withdrawn_from_round is not None and entrant.withdrawn_from_round <= round_number:
        return "退赛"
    if entrant.joined_round > round_number:
        return "未报到"
    if round_number in entrant.absent_rounds:
        return "请假"
    if limit and round_number > limit:
        earlier = [g for g in games if round_number - limit <= g.round < round_number]
        if all(
            forfeited(earlier, entrant.id, r) for r in range(round_number - limit, round_number)
        ):
            return f"连续{limit}轮弃权，取消后续比赛资格"
    return None


def active_ids(
    entrants: Iterable[Availability],
    round_number: int,
    games: tuple[GameRecord, ...],
    limit: int,
) -> frozenset[int]:
    """The entrants paired in `round_number` (`games`: the rounds before it)."""
    recent: dict[int, list[GameRecord]] = {}  # each entrant's games the forfeit rule reads
    if limit:
        for game in games:
            if round_number - limit <= game.round < round_number:
                for who in (game.first, game.second):
                    if who is not None:
                        recent.setdefault(who, []).append(game)
    return frozenset(
        e.id
        for e in entrants
        if inactive_reason(e, round_number, tuple(recent.get(e.id, ())), limit) is None
    )
