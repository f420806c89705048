"""The medal list of a final (奖牌名单), composed from its read model: the prizes paid and the
events' medal tables (`app.standings.medals`)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from app.readmodel.model import Final, PrizeLine
from app.standings.medals import Medal, allocate_medals


@dataclass(frozen=True, slots=True)
class MedalLine:
    """The medal of one prize line; `count`: one for each member of a team or pair."""

    prize: PrizeLine
    medal: Medal
    count: int


def medal_lines(final: Final, prizes: Iterable[PrizeLine] | None = None) -> tuple[MedalLine, ...]:
    """The medals that go with `prizes` (default: every prize paid), in the prizes' order.
    A prize withheld, or a place nobody holds, has no medal; nor has an event without a
    medal table."""
    lines = tuple(final.prizes if prizes is None else prizes)
    tables = [t for ev in final.events for t in ev.medal_tables]
    members = {p.award.entrant: len(p.members) for p in lines if p.members}
    by_award = {id(p.award): p for p in lines}
    return tuple(
        MedalLine(by_award[id(m.award)], m.medal, m.count)
        for m in allocate_medals((p.award for p in lines), tables, members)
    )
