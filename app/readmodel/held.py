"""Which results standings hold, in words every list prints the same (issue 25 §2).

Standings are after the latest complete round; while round N is paired and not complete
they are 第N−1轮后 and say that round N is in progress.  The command line, the PDFs, the
export and the window all word it here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.domain import RoundState
from app.readmodel.model import Final, FinalEvent, FinalRound


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


# -- lists of several events' results: prizes, grades (issue 38 §5) -------------------------


@dataclass(frozen=True, slots=True)
class EventHeld:
    """One event's place in a list of results: what its standings hold, out of how many
    rounds (a summed team event: its source event's)."""

    code: str
    name: str
    held: RoundsHeld
    planned: int

    @property
    def unfinished(self) -> bool:
        return bool(self.planned) and self.held.after < self.planned


def _round_of(after: int) -> str:
    return "开赛前" if after == 0 else f"第{after}轮后"


@dataclass(frozen=True, slots=True)
class ResultsHeld:
    """Which results a list of several events (the prizes, the grades) holds: the heading
    the command line, the window and the printed sheets word the same."""

    events: tuple[EventHeld, ...]

    @property
    def unfinished(self) -> tuple[EventHeld, ...]:
        return tuple(e for e in self.events if e.unfinished)

    @property
    def final(self) -> bool:
        """Every event's planned rounds are complete and counted."""
        return not self.unfinished

    @property
    def after_round(self) -> int | None:
        """The round every event's results are after (None: they differ, or no event)."""
        afters = {e.held.after for e in self.events}
        return afters.pop() if len(afters) == 1 else None

    @property
    def mark(self) -> str:
        """临时（第4轮后）; events at different rounds: 临时（公开组第4轮后、少儿组第3轮后）;
        "" when final."""
        unfinished = self.unfinished
        if not unfinished:
            return ""
        afters = {e.held.after for e in unfinished}
        if len(afters) == 1:
            return f"临时（{_round_of(afters.pop())}）"
        return "临时（" + "、".join(f"{e.name}{_round_of(e.held.after)}" for e in unfinished) + "）"

    @property
    def text(self) -> str:
        """The heading: the provisional mark, else 第9轮后（最终） (events ending at different
        rounds: 最终)."""
        if not self.final:
            return self.mark
        after = self.after_round
        return f"{_round_of(after)}（最终）" if after else "最终"


def results_held(
    events: Sequence[FinalEvent], all_events: Sequence[FinalEvent] | None = None
) -> ResultsHeld:
    """What the results of `events` hold (`all_events`: where a summed team's source is)."""
    pool = {e.code: e for e in (all_events if all_events is not None else events)}
    out = []
    for event in events:
        source = pool.get(event.source_event) if event.source_event else None
        played = source if source is not None and not event.rounds else event
        # a summed team's results are its source event's, after the rounds that one played
        held = event_rounds_held(played)
        out.append(EventHeld(event.code, event.name or event.code, held, played.rounds_planned))
    return ResultsHeld(tuple(out))


def list_beyond_last_round(
    events: Sequence[FinalEvent],
    number: int,
    document: str,
    all_events: Sequence[FinalEvent] | None = None,
) -> str | None:
    """Why a list of `events`' results (`document`: 奖金分配, 等级申报) after round `number`
    cannot be shown: no event reached it (None when one did)."""
    pool = {e.code: e for e in (all_events if all_events is not None else events)}
    reached = [
        (e, last_round(e, pool.get(e.source_event) if e.source_event else None)) for e in events
    ]
    if not reached or number <= max(last for _, last in reached):
        return None
    last = max(last for _, last in reached)
    if last == 0:
        return f"还没有编排任何轮次，没有第{number}轮后的{document}。"
    where = "、".join(
        dict.fromkeys(f"{e.name}第{n}轮" if n else f"{e.name}未开赛" for e, n in reached)
    )
    return (
        f"各项目只进行到第{last}轮（{where}），没有第{number}轮后的{document}："
        f"请用 1 到 {last} 之间的轮次，或不指定轮次查看最新结果。"
    )


def prize_events(final: Final) -> list[FinalEvent]:
    """The events whose results the prize list states (all of them if none has a table)."""
    paid = {p.award.event for p in (*final.prizes, *final.withheld_prizes)}
    return [e for e in final.events if e.prize_tables or e.code in paid] or list(final.events)


def grade_events(final: Final, events: Sequence[FinalEvent] | None = None) -> list[FinalEvent]:
    """Of `events` (default: all), those whose results the grade list states: the ones with
    a grade table (all of them if none has one)."""
    chosen = list(final.events if events is None else events)
    return [e for e in chosen if e.grade_tables] or chosen
