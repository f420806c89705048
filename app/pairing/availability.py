"""Who is paired in a round: withdrawals, late arrivals, leave, the forfeit rule and
disqualification (取消资格: not paired in any round after the one it was recorded in).

The forfeit rule (`pairing.withdraw_after_forfeits`, RULES §1): a player who lost the
`limit` rounds before a round by forfeit, one after another, is withdrawn from that round
on.  The core says whom the rule removes (`forfeit_withdrawals`); the pairing use case
records the withdrawal, so that he stays out of every later round until reinstated.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from app.domain import EntrantId, GameRecord, Result

# Why an entrant sits a round out, as every list prints it.
WITHDRAWN = "退赛"
FORFEITS = "连续弃权取消资格"
LATE = "迟到未入"
ON_LEAVE = "请假"
DISQUALIFIED = "取消资格"
SIT_OUT_REASONS = (WITHDRAWN, FORFEITS, LATE, ON_LEAVE, DISQUALIFIED)


@dataclass(frozen=True)
class Availability:
    """What decides whether an entrant plays a round (from its entry and round statuses)."""

    id: EntrantId
    withdrawn_from_round: int | None = None  # set when withdrawn: gone from that round on
    joined_round: int = 1  # arrives late: paired from this round
    absent_rounds: frozenset[int] = frozenset()  # 请假: excused for these rounds
    # rounds sat out as withdrawn before a reinstatement (the withdrawal is undone from the
    # next round on; these rounds stay as they were paired)
    withdrawn_rounds: frozenset[int] = frozenset()
    # 取消资格: disqualified when this many rounds were paired; sits out every later one
    disqualified_after_round: int | None = None

    def disqualified_in(self, round_number: int) -> bool:
        """Whether a disqualification keeps him out of `round_number`."""
        after = self.disqualified_after_round
        return after is not None and round_number > after


@dataclass(frozen=True)
class SitOut:
    """An entrant not paired in a round, and why (one of SIT_OUT_REASONS, then details)."""

    id: EntrantId
    reason: str
    detail: str = ""

    def text(self) -> str:
        return f"{self.reason}（{self.detail}）" if self.detail else self.reason


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


def forfeit_rule_fires(
    entrant: EntrantId, round_number: int, games: Iterable[GameRecord], limit: int
) -> bool:
    """Whether `entrant` lost each of the `limit` rounds before `round_number` by forfeit.

    A round without a game for him (leave, a bye, not yet arrived) breaks the run.
    """
    if not limit or round_number <= limit:
        return False
    earlier = [g for g in games if round_number - limit <= g.round < round_number]
    return all(forfeited(earlier, entrant, r) for r in range(round_number - limit, round_number))


def forfeit_reason(limit: int) -> str:
    """The reason recorded with a withdrawal by the forfeit rule: 连续弃权2轮."""
    return f"连续弃权{limit}轮"


def forfeit_rule_text(limit: int) -> str:
    """The rule in force, as the pairing report prints it."""
    if not limit:
        return "连续弃权取消资格：不执行（pairing.withdraw_after_forfeits=0）"
    return f"连续弃权取消资格：连续弃权{limit}轮者自下一轮起退赛"


def sit_out(
    entrant: Availability, round_number: int, games: Iterable[GameRecord], limit: int
) -> SitOut | None:
    """Why `entrant` is not paired in `round_number` (None when it plays).

    `games`: the games before the round (at least its `limit` last rounds); `limit`:
    consecutive forfeit losses after which a player leaves the event (0 = never).
    """
    if entrant.disqualified_in(round_number):
        return SitOut(entrant.id, DISQUALIFIED, f"第{entrant.disqualified_after_round}轮后")
    gone = entrant.withdrawn_from_round
    if gone is not None and gone < round_number:
        return SitOut(entrant.id, WITHDRAWN, f"自第{gone}轮起")
    if forfeit_rule_fires(entrant.id, round_number, games, limit):
        first = round_number - limit
        rounds = f"第{first}轮" if limit == 1 else f"第{first}–{round_number - 1}轮"
        return SitOut(entrant.id, FORFEITS, f"{rounds}连续弃权，自第{round_number}轮起退赛")
    if gone == round_number:  # a withdrawal dated for a later round waits for it
        return SitOut(entrant.id, WITHDRAWN, f"自第{gone}轮起")
    if round_number in entrant.withdrawn_rounds:
        return SitOut(entrant.id, WITHDRAWN, f"第{round_number}轮，之后恢复参赛")
    if entrant.joined_round > round_number:
        return SitOut(entrant.id, LATE, f"自第{entrant.joined_round}轮起参赛")
    if round_number in entrant.absent_rounds:
        return SitOut(entrant.id, ON_LEAVE, f"第{round_number}轮")
    return None


def inactive_reason(
    entrant: Availability, round_number: int, games: tuple[GameRecord, ...], limit: int
) -> str | None:
    """Why `entrant` is not paired in `round_number` (one of SIT_OUT_REASONS), or None."""
    found = sit_out(entrant, round_number, games, limit)
    return found.reason if found is not None else None


def _recent(
    games: Iterable[GameRecord], round_number: int, limit: int
) -> dict[int, list[GameRecord]]:
    """Each entrant's games the forfeit rule reads (the `limit` rounds before the round)."""
    recent: dict[int, list[GameRecord]] = {}
    if limit:
        for game in games:
            if round_number - limit <= game.round < round_number:
                for who in (game.first, game.second):
                    if who is not None:
                        recent.setdefault(who, []).append(game)
    return recent


def sitting_out(
    entrants: Iterable[Availability],
    round_number: int,
    games: Iterable[GameRecord],
    limit: int,
) -> tuple[SitOut, ...]:
    """Everyone not paired in `round_number` and why, in the order of `entrants`."""
    recent = _recent(games, round_number, limit)
    found = (sit_out(e, round_number, tuple(recent.get(e.id, ())), limit) for e in entrants)
    return tuple(s for s in found if s is not None)


def active_ids(
    entrants: Iterable[Availability],
    round_number: int,
    games: tuple[GameRecord, ...],
    limit: int,
) -> frozenset[EntrantId]:
    """The entrants paired in `round_number` (`games`: the rounds before it)."""
    entrants = tuple(entrants)
    out = {s.id for s in sitting_out(entrants, round_number, games, limit)}
    return frozenset(e.id for e in entrants if e.id not in out)


def forfeit_withdrawals(
    entrants: Iterable[Availability],
    round_number: int,
    games: Iterable[GameRecord],
    limit: int,
) -> tuple[int, ...]:
    """The entrants the forfeit rule withdraws from `round_number` on: it fires for them and
    they are not withdrawn already (from this round or before; one withdrawn from a later
    round is withdrawn earlier by the rule) nor disqualified from it."""
    recent = _recent(games, round_number, limit)
    return tuple(
        e.id
        for e in entrants
        if (e.withdrawn_from_round is None or e.withdrawn_from_round > round_number)
        and not e.disqualified_in(round_number)
        and forfeit_rule_fires(e.id, round_number, recent.get(e.id, ()), limit)
    )
