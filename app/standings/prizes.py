"""Prize allocation from final rankings (RULES §7; Gomoku §十五, Go §十二).

Rules:

* Place k of a table goes to whoever holds rank k of that table's ranking; nobody is
  shifted (不顺延) when a woman takes an open place.
* A women's (or youth) table reads its own ranking (the mixed list filtered), so a woman
  may win an open prize and a women's prize: her money is the sum of her awards.
* A place nobody holds is not paid; a table's `shrink` pays fewer places in a small field
  (Gomoku teams: fewer than 3 teams -> champion only, exactly 3 -> first and second).
* Entrants tied on a shared rank r (k of them) cover places r..r+k-1.  With
  ``split="equal"`` each gets the sum of those places' money divided by k (places beyond
  the table or the paid limit count 0).  With ``split="tiebreak"`` the ranks must already
  be unique (broken by lot) and each place is paid whole.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, TypedDict

from app.standings.categories import CategoryStanding
from app.standings.model import Standings

RankingKey = tuple[str, str | None]  # (event, category or None for the event's own list)


@dataclass(frozen=True)
class PrizePlace:
    place_from: int
    place_to: int
    amount: int
    title: str


@dataclass(frozen=True)
class PrizeTable:
    event: str
    category: str | None
    name: str
    places: tuple[PrizePlace, ...]
    shrink: tuple[tuple[int, int], ...] = ()  # (max_entrants, places_paid)

    def places_paid(self, entrants: int) -> int:
        """How many places this table pays in a field of `entrants`."""
        top = max((p.place_to for p in self.places), default=0)
        for max_entrants, paid in sorted(self.shrink):
            if entrants <= max_entrants:
                return min(paid, top)
        return top

    def place(self, k: int) -> PrizePlace | None:
        for p in self.places:
            if p.place_from <= k <= p.place_to:
                return p
        return None


@dataclass(frozen=True)
class RankedEntry:
    rank: int
    entrant: int
    shared: bool = False


@dataclass(frozen=True)
class Award:
    event: str
    category: str | None
    table_name: str
    place: int
    title: str
    entrant: int
    amount: float
    shared: bool


class PrizeTotals(TypedDict):
    overall: float
    by_table: dict[tuple[str, str | None, str], float]
    by_category: dict[RankingKey, float]
    by_entrant: dict[int, float]


def entries_from_standings(standings: Standings) -> tuple[RankedEntry, ...]:
    return tuple(RankedEntry(r.rank, r.entrant, r.shared) for r in standings.rows)


def entries_from_category(rows: Iterable[CategoryStanding]) -> tuple[RankedEntry, ...]:
    return tuple(RankedEntry(r.rank, r.entrant, r.shared) for r in rows)


def _rank_groups(ranking: Sequence[RankedEntry]) -> list[list[RankedEntry]]:
    groups: dict[int, list[RankedEntry]] = {}
    for entry in ranking:
        groups.setdefault(entry.rank, []).append(entry)
    return [groups[r] for r in sorted(groups)]


def allocate_prizes(
    tables: Iterable[PrizeTable],
    rankings: Mapping[RankingKey, Sequence[RankedEntry]],
    entrant_counts: Mapping[RankingKey, int],
    split: Literal["equal", "tiebreak"] = "equal",
) -> tuple[Award, ...]:
    awards: list[Award] = []
    for table in tables:
        key: RankingKey = (table.event, table.category)
        ranking = rankings.get(key, ())
        count = entrant_counts.get(key, len(ranking))
        paid = table.places_paid(count)
        by_place: dict[int, PrizePlace] = {}
        for p in table.places:
            for k in range(p.place_from, min(p.place_to, paid) + 1):
                by_place.setdefault(k, p)

        for group in _rank_groups(ranking):
            rank = group[0].rank
            if split == "tiebreak" and len(group) > 1:
                raise ValueError(
                    f"{table.name}：第{rank}名有 {len(group)} 人并列；"
                    "按小分分配奖金时名次必须已经分开（请用抽签打破并列，或改用平分）"
                )
            covered = range(rank, rank + len(group))
            held = [by_place[k] for k in covered if k in by_place]
            if not held:
                continue
            first = held[0]
            total = float(sum(p.amount for p in held))
            shared = len(group) > 1
            title = f"并列{first.title}" if shared else first.title
            for entry in group:
                awards.append(
                    Award(
                        event=table.event,
                        category=table.category,
                        table_name=table.name,
                        place=rank,
                        title=title,
                        entrant=entry.entrant,
                        amount=total / len(group),
                        shared=shared,
                    )
                )
    return tuple(awards)


def totals(awards: Iterable[Award]) -> PrizeTotals:
    """Money per table, per (event, category), per entrant and overall."""
    out: PrizeTotals = {"overall": 0.0, "by_table": {}, "by_category": {}, "by_entrant": {}}
    for a in awards:
        out["overall"] += a.amount
        t = (a.event, a.category, a.table_name)
        out["by_table"][t] = out["by_table"].get(t, 0.0) + a.amount
        c = (a.event, a.category)
        out["by_category"][c] = out["by_category"].get(c, 0.0) + a.amount
        out["by_entrant"][a.entrant] = out["by_entrant"].get(a.entrant, 0.0) + a.amount
    return out
