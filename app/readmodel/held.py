"""Which results standings hold, in words every list prints the same (issue 25 §2).

Standings are after the latest complete round; while round N is paired and not complete
they are 第N−1轮后 and say that round N is in progress.  The command line, the PDFs, the
export and the window all word it here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.domain import RoundState
from app.readmodel.model import FinalEvent, FinalRound


@dataclass(frozen=True, slots=True)
class RoundsHeld:
    """Standings after round `after` (0: before round 1), and what the rounds say of it."""

    after: int
    base: str  # 开赛前 | 第3轮后 | 第3轮（进行中）
    note: str = ""  # 第4轮进行中 | 最终 | 已录入 5/10 台 ...
    final: bool = False  # every planned round is complete and counted

    @property
    def text(self) -> str:
        return f"{self.base}（{self.note}）" if self.note else self.base


def rounds_held(after: int, rounds: Sequence[FinalRound], planned: int) -> RoundsHeld:
    """What standings after `after` hold, given the event's rounds (its source event's for a
    team whose score is its members' sum) and the rounds planned."""
    by_number = {r.number: r for r in rounds}
    last = max(by_number, default=0)
    current = by_number.get(after)
    if current is not None and current.status != RoundState.COMPLETE:
        games = [g for g in current.games if g.second is not None]
        done = sum(1 for g in games if g.result is not None)
        return RoundsHeld(after, f"第{after}轮", f"进行中，已录入 {done}/{len(games)} 台")
    base = "开赛前" if after == 0 else f"第{after}轮后"
    following = by_number.get(after + 1)
    if following is not None and following.status != RoundState.COMPLETE:
        return RoundsHeld(after, base, f"第{after + 1}轮进行中")
    if after > 0 and after == last and after >= planned:
        return RoundsHeld(after, base, "最终", final=True)
    return RoundsHeld(after, base)


def event_rounds_held(event: FinalEvent, source: FinalEvent | None = None) -> RoundsHeld:
    """`rounds_held` of an event's standings (`source`: a summed team's source event)."""
    played = source if source is not None and not event.rounds else event
    return rounds_held(event.standings.after_round, played.rounds, played.rounds_planned)


def last_round(event: FinalEvent, source: FinalEvent | None = None) -> int:
    """The event's last paired round (a summed team's: its source event's)."""
    played = source if source is not None and not event.rounds else event
    return max((r.number for r in played.rounds), default=0)


def beyond_last_round(
    event: FinalEvent, number: int, source: FinalEvent | None = None
) -> str | None:
    """Why standings after round `number` cannot be shown (None when they can)."""
    last = last_round(event, source)
    if number <= last:
        return None
    played = source if source is not None and not event.rounds else event
    if last == 0:
        return f"{event.name}还没有编排任何轮次，没有第{number}轮后的排名。"
    planned = f"（计划 {played.rounds_planned} 轮）" if played.rounds_planned else ""
    return (
        f"{event.name}只进行到第{last}轮{planned}，没有第{number}轮后的排名："
        f"请用 1 到 {last} 之间的轮次，或不指定轮次查看最新排名。"
    )
