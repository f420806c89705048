"""Medals (奖牌) beside the prizes (Gomoku §十五.2/3: "授予奖金、奖牌和奖状").

A medal table says which prize places of an event get which medal: 冠军 金牌, 亚军 银牌,
季军 铜牌, and the places after them a 奖牌 whose metal the regulation does not name.  A
medal goes with a prize award: whoever holds a paid place (a tie: each of the tied, by the
place they share) gets its medal; a place nobody holds, or that a small field does not pay
(the team tables' shrink), or a prize withheld, gets none.  A team's or a pair's medal is
one for each member.  Pure: the awards in, the medals out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from app.domain import EntrantId
from app.standings.prizes import Award


class Medal(StrEnum):
    """A kind of medal, in the order a list and an order form give them."""

    GOLD = "gold"
    SILVER = "silver"
    BRONZE = "bronze"
    PLACE = "place"  # a medal for a place after the third, its metal not named

    @property
    def zh(self) -> str:
        """金牌, 银牌, 铜牌, 奖牌."""
        return _MEDAL_LABELS[self][0]

    @property
    def en(self) -> str:
        return _MEDAL_LABELS[self][1]

    @classmethod
    def parse(cls, text: str) -> Medal:
        """金牌 / 金 / gold (any case) → GOLD; ValueError naming the words allowed."""
        word = str(text).strip().lower()
        for medal in cls:
            zh = medal.zh
            if word in (medal.value, zh, zh.removesuffix("牌"), medal.en.lower()):
                return medal
        allowed = "、".join(f"{m.zh}（{m.value}）" for m in cls)
        raise ValueError(f"奖牌“{text}”无法识别：应为 {allowed}。")


_MEDAL_LABELS: dict[Medal, tuple[str, str]] = {
    Medal.GOLD: ("金牌", "Gold"),
    Medal.SILVER: ("银牌", "Silver"),
    Medal.BRONZE: ("铜牌", "Bronze"),
    Medal.PLACE: ("奖牌", "Medal"),
}


@dataclass(frozen=True)
class MedalPlace:
    place_from: int
    place_to: int
    medal: Medal


@dataclass(frozen=True)
class MedalTable:
    """The medals of one prize table (event, category or None for the event's own list)."""

    event: str
    category: str | None
    places: tuple[MedalPlace, ...]

    def medal_for(self, place: int) -> Medal | None:
        for band in self.places:
            if band.place_from <= place <= band.place_to:
                return band.medal
        return None


@dataclass(frozen=True)
class MedalAward:
    """The medal that goes with one prize award; `count`: how many are handed over (one for
    each member of a team or pair, else one)."""

    award: Award
    medal: Medal
    count: int


def allocate_medals(
    awards: Iterable[Award],
    tables: Iterable[MedalTable],
    members: Mapping[EntrantId, int] | None = None,
) -> tuple[MedalAward, ...]:
    """The medal of each award whose table and place have one, in the awards' order.

    `members`: entrant id → number of members (a team's or a pair's); absent: one medal."""
    by_key = {(t.event, t.category): t for t in tables}
    out: list[MedalAward] = []
    for award in awards:
        table = by_key.get((award.event, award.category))
        medal = table.medal_for(award.place) if table is not None else None
        if medal is not None:
            count = max((members or {}).get(award.entrant, 1), 1)
            out.append(MedalAward(award, medal, count))
    return tuple(out)


def medal_counts(medals: Iterable[MedalAward]) -> dict[Medal, int]:
    """How many of each medal to order, every kind listed (0 when none)."""
    counts = dict.fromkeys(Medal, 0)
    for m in medals:
        counts[m.medal] += m.count
    return counts
