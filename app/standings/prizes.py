"""Prize allocation from final rankings (RULES §7; Gomoku §十五, Go §十二).

Rules:

* Place k of a table goes to whoever holds rank k of that table's ranking; nobody is
  shifted (不顺延) when a woman takes an open place.
* A women's (or youth) table reads its own ranking (the mixed list filtered), so a woman
  may win an open prize and a women's prize: her money is the sum of her awards.
* A place nobody holds is not paid; a table's `shrink` pays fewer places in a small field
  (Gomoku teams: fewer than 3 teams -> champion only, exactly 3 -> first and second).
* Entrants tied on a shared rank r (k of them) cover places r..r+k-1.  With
  ``split="equal"`` the money of the *paid* places among r..r+k-1 is pooled (places beyond
  the table or the paid limit add nothing) and shared by the k.  With ``split="tiebreak"``
  the ranks must already be unique (broken by lot) and each place is paid whole.

Money is whole fen (分), never a float.  A share is the pool divided by k, rounded down to
the unit in force (``unit``: yuan or jiao); what is left over (less than one unit for each
of the k) follows ``remainder``: ``"unpaid"`` (default) keeps it unpaid and every award of
the tie states it (``unpaid_fen``); ``"first"`` gives one unit more to each of the first
entrants in the list (a tie lists by seed number) until it is used up.  So a tie never pays
more than its pooled places, the tied are paid alike (or one unit apart), and every row
adds up to the totals.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal, TypedDict, get_args

from app.domain import EntrantId
from app.standings.categories import CategoryStanding
from app.standings.model import Standings
from app.standings.place_words import shared_title

RankingKey = tuple[str, str | None]  # (event, category or None for the event's own list)
PrizeSplit = Literal["equal", "tiebreak"]
PrizeUnit = Literal["yuan", "jiao"]  # a share is rounded down to whole yuan or jiao
PrizeRemainder = Literal["unpaid", "first"]  # what is left of a shared pool after rounding
UNIT_FEN: dict[PrizeUnit, int] = {"yuan": 100, "jiao": 10}
UNIT_WORDS: dict[PrizeUnit, str] = {"yuan": "元", "jiao": "角"}


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
    entrant: EntrantId
    shared: bool = False


@dataclass(frozen=True)
class Award:
    """One entrant's money from one table, in whole fen.

    A shared place also says what was shared: the paid places pooled (`pool_places`, None
    when no place was paid), their money (`pool_fen`), how many share it (`tied`) and what of
    it is not paid after rounding (`unpaid_fen`, the same on every award of the tie).
    """

    event: str
    category: str | None
    table_name: str
    place: int
    title: str
    entrant: EntrantId
    amount_fen: int
    shared: bool
    pool_fen: int = 0
    pool_places: tuple[int, int] | None = None
    tied: int = 1
    unpaid_fen: int = 0

    @property
    def amount(self) -> Decimal:
        """The money in yuan, exact (622, 622.2)."""
        return yuan(self.amount_fen)


class PrizeTotals(TypedDict):
    """Sums of awards in whole fen."""

    overall_fen: int
    by_table_fen: dict[tuple[str, str | None, str], int]
    by_category_fen: dict[RankingKey, int]
    by_entrant_fen: dict[int, int]


def yuan(fen: int) -> Decimal:
    """Fen as an exact amount of yuan: 62220 -> Decimal('622.2'), 62200 -> Decimal('622')."""
    value = Decimal(fen).scaleb(-2)
    return value.quantize(Decimal(1)) if fen % 100 == 0 else value.normalize()


def split_pool(
    pool_fen: int, tied: int, unit: PrizeUnit = "yuan", remainder: PrizeRemainder = "unpaid"
) -> tuple[list[int], int]:
    """(each tied entrant's share in list order, the fen not paid) of a pool shared by `tied`."""
    if unit not in UNIT_FEN:
        raise ValueError(f"unknown prize unit {unit!r}: {', '.join(get_args(PrizeUnit))}")
    if remainder not in get_args(PrizeRemainder):
        raise ValueError(
            f"unknown remainder rule {remainder!r}: {', '.join(get_args(PrizeRemainder))}"
        )
    step = UNIT_FEN[unit]
    share = pool_fen // tied // step * step
    shares = [share] * tied
    left = pool_fen - share * tied
    if remainder == "first":
        for i in range(min(left // step, tied)):
            shares[i] += step
            left -= step
    return shares, left


@dataclass(frozen=True)
class PrizeRules:
    """The tournament's rules for shared places (settings prize_split, prize_unit,
    prize_remainder) and their wording."""

    split: PrizeSplit = "equal"
    unit: PrizeUnit = "yuan"
    remainder: PrizeRemainder = "unpaid"

    @property
    def text(self) -> str:
        return prize_rule_text(self.split, self.unit, self.remainder)

    def to_dict(self) -> dict[str, str]:
        return {
            "split": self.split,
            "unit": self.unit,
            "remainder": self.remainder,
            "text": self.text,
        }


def prize_rule_text(split: PrizeSplit, unit: PrizeUnit, remainder: PrizeRemainder) -> str:
    """The rule for shared places in force, in the words printed on the prize sheet."""
    word = UNIT_WORDS[unit]
    one = f"一{word}"
    shared = (
        f"并列者平分其所占名次中录取名次以内的奖金（录取名次以外的名次不计奖金），"
        f"每人金额按{word}取整（不足{one}的部分舍去），"
    )
    shared += (
        "分剩的余额不发放"
        if remainder == "unpaid"
        else f"分剩的余额按名单顺序（并列者按序号）每人多发{one}，直至分完"
    )
    if split == "tiebreak":
        return f"名次并列时按小分排定名次，各名次奖金全额发放；小分仍无法区分的，{shared}。"
    return f"名次并列时，{shared}。"


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
    split: PrizeSplit = "equal",
    unit: PrizeUnit = "yuan",
    remainder: PrizeRemainder = "unpaid",
) -> tuple[Award, ...]:
    split_pool(0, 1, unit, remainder)  # an unknown unit or rule is refused, even with no tie
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
            held = [k for k in covered if k in by_place]
            if not held:
                continue
            first = by_place[held[0]]
            pool_fen = sum(by_place[k].amount * 100 for k in held)
            shares, unpaid = split_pool(pool_fen, len(group), unit, remainder)
            shared = len(group) > 1
            title = (
                shared_title(first.title, first.place_from, first.place_to, rank)
                if shared
                else first.title
            )
            for entry, share in zip(group, shares, strict=True):
                awards.append(
                    Award(
                        event=table.event,
                        category=table.category,
                        table_name=table.name,
                        place=rank,
                        title=title,
                        entrant=entry.entrant,
                        amount_fen=share,
                        shared=shared,
                        pool_fen=pool_fen,
                        pool_places=(held[0], held[-1]),
                        tied=len(group),
                        unpaid_fen=unpaid,
                    )
                )
    return tuple(awards)


def totals(awards: Iterable[Award]) -> PrizeTotals:
    """Money per table, per (event, category), per entrant and overall, in whole fen."""
    out: PrizeTotals = {
        "overall_fen": 0,
        "by_table_fen": {},
        "by_category_fen": {},
        "by_entrant_fen": {},
    }
    for a in awards:
        out["overall_fen"] += a.amount_fen
        t = (a.event, a.category, a.table_name)
        out["by_table_fen"][t] = out["by_table_fen"].get(t, 0) + a.amount_fen
        c = (a.event, a.category)
        out["by_category_fen"][c] = out["by_category_fen"].get(c, 0) + a.amount_fen
        e = a.entrant
        out["by_entrant_fen"][e] = out["by_entrant_fen"].get(e, 0) + a.amount_fen
    return out
