"""Issue 13, clause 7: shared prize places pay money that can be paid.

Money is whole fen (分) everywhere; a share is rounded down to the unit in force (yuan or
jiao) and what is left over follows a stated rule; only the paid places a tie covers are
pooled; the rows add up to the totals exactly.
"""

from __future__ import annotations

from collections import Counter
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.standings import PrizePlace, PrizeTable, RankedEntry, allocate_prizes, totals
from app.standings.prizes import prize_rule_text

from .fixtures_prizes import GO_OPEN, GOMOKU_OPEN

OPEN_KEY = ("公开组", None)


def ranking(*ranks: int) -> tuple[RankedEntry, ...]:
    shared = {r for r in ranks if ranks.count(r) > 1}
    return tuple(RankedEntry(r, 100 + i, r in shared) for i, r in enumerate(ranks))


# Nine players tied on 10th-18th; the Gomoku open table pays 16 places (9th-16th 800 each).
NINE_TIED = ranking(*range(1, 10), *[10] * 9, 19, 20)


def test_nine_tied_across_the_last_paid_place_share_only_the_paid_places_in_whole_yuan() -> None:
    awards = allocate_prizes([GOMOKU_OPEN], {OPEN_KEY: NINE_TIED}, {OPEN_KEY: 20})
    tied = [a for a in awards if a.place == 10]
    assert len(tied) == 9
    # 10th..16th are paid (7 x 800 = 5600); 17th and 18th pay nothing and add nothing.
    assert {a.pool_fen for a in tied} == {5600_00}
    assert {a.pool_places for a in tied} == {(10, 16)}
    # 5600 / 9 = 622.22…: 622 yuan each, whole; 2 yuan are left over and not paid.
    assert [a.amount_fen for a in tied] == [622_00] * 9
    assert all(isinstance(a.amount_fen, int) for a in awards)
    assert {a.unpaid_fen for a in tied} == {2_00}
    assert tied[0].amount == Decimal(622)
    assert {a.entrant for a in awards} == set(range(100, 118))  # 19th and 20th not paid
    t = totals(awards)
    assert t["overall_fen"] == sum(a.amount_fen for a in awards) == 62400_00 - 2_00
    assert isinstance(t["overall_fen"], int)


def test_the_unit_may_be_jiao() -> None:
    awards = allocate_prizes([GOMOKU_OPEN], {OPEN_KEY: NINE_TIED}, {OPEN_KEY: 20}, unit="jiao")
    tied = [a for a in awards if a.place == 10]
    assert [a.amount_fen for a in tied] == [622_20] * 9  # 622.2 yuan
    assert tied[0].amount == Decimal("622.2")
    assert {a.unpaid_fen for a in tied} == {20}  # 2 jiao left over


def test_the_remainder_may_go_to_the_first_listed_of_the_tie() -> None:
    awards = allocate_prizes(
        [GOMOKU_OPEN], {OPEN_KEY: NINE_TIED}, {OPEN_KEY: 20}, remainder="first"
    )
    tied = [a for a in awards if a.place == 10]
    # 2 yuan left: the first two in the list (tie order: seed number) get one yuan more.
    assert [a.amount_fen for a in tied] == [623_00] * 2 + [622_00] * 7
    assert sum(a.amount_fen for a in tied) == 5600_00
    assert {a.unpaid_fen for a in tied} == {0}
    assert totals(awards)["overall_fen"] == 62400_00


def test_a_tie_wholly_beyond_the_paid_places_is_paid_nothing() -> None:
    awards = allocate_prizes(
        [GOMOKU_OPEN], {OPEN_KEY: ranking(*range(1, 17), 17, 17)}, {OPEN_KEY: 18}
    )
    assert max(a.place for a in awards) == 16
    assert len(awards) == 16


def test_a_shrunk_table_pools_only_the_places_it_still_pays() -> None:
    teams = PrizeTable(
        "T",
        None,
        "团体",
        (
            PrizePlace(1, 1, 10000, "冠军"),
            PrizePlace(2, 2, 6000, "亚军"),
            PrizePlace(3, 3, 4000, "季军"),
        ),
        shrink=((3, 2),),
    )
    awards = allocate_prizes([teams], {("T", None): ranking(1, 2, 2)}, {("T", None): 3})
    # Exactly 3 teams pay 1st and 2nd only: the two tied on 2nd share 6000, not 6000 + 4000.
    assert [a.amount_fen for a in awards] == [10000_00, 3000_00, 3000_00]


def test_a_whole_field_tied_on_first() -> None:
    # Round 0 of the Go final: all 40 tied on 1st cover places 1..40; 32 are paid.
    awards = allocate_prizes(
        [GO_OPEN], {("男子个人", None): ranking(*[1] * 40)}, {("男子个人", None): 40}
    )
    pool = (60000 + 30000 + 20000 + 10000 + 5000 + 5000 + 3000 + 3000 + 24 * 1000) * 100
    assert {a.pool_fen for a in awards} == {pool}
    assert {a.amount_fen for a in awards} == {pool // 40 // 100 * 100}
    assert sum(a.amount_fen for a in awards) + awards[0].unpaid_fen == pool


def test_tiebreak_split_pays_whole_places() -> None:
    awards = allocate_prizes(
        [GOMOKU_OPEN],
        {OPEN_KEY: ranking(*range(1, 20))},
        {OPEN_KEY: 19},
        split="tiebreak",
        unit="jiao",
        remainder="first",
    )
    assert [a.amount_fen for a in awards] == [
        x * 100 for x in (30000, 10000, 6000, *[2000] * 5, *[800] * 8)
    ]
    assert {a.unpaid_fen for a in awards} == {0} and not any(a.shared for a in awards)


def test_unknown_unit_or_rule_is_refused() -> None:
    with pytest.raises(ValueError):
        allocate_prizes([GOMOKU_OPEN], {OPEN_KEY: NINE_TIED}, {OPEN_KEY: 20}, unit="fen")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        allocate_prizes([GOMOKU_OPEN], {OPEN_KEY: NINE_TIED}, {OPEN_KEY: 20}, remainder="lot")  # type: ignore[arg-type]


def test_the_rule_in_force_is_stated_in_words() -> None:
    text = prize_rule_text("equal", "yuan", "unpaid")
    assert "平分" in text and "录取名次" in text and "元" in text and "不发放" in text
    assert "角" in prize_rule_text("equal", "jiao", "unpaid")
    assert "多发" in prize_rule_text("equal", "yuan", "first")
    assert "小分" in prize_rule_text("tiebreak", "yuan", "unpaid")


# -- the property -----------------------------------------------------------------------------


@st.composite
def prize_tables(draw: st.DrawFn) -> PrizeTable:
    """A table of 1..12 bands of places with whole-yuan money, perhaps shrinking."""
    places: list[PrizePlace] = []
    start = 1
    for _ in range(draw(st.integers(1, 6))):
        width = draw(st.integers(1, 5))
        amount = draw(st.integers(1, 60000))
        places.append(PrizePlace(start, start + width - 1, amount, f"第{start}名"))
        start += width
    shrink = draw(st.lists(st.tuples(st.integers(1, 12), st.integers(1, 12)), max_size=2))
    return PrizeTable("E", None, "表", tuple(places), tuple(shrink))


@st.composite
def tie_patterns(draw: st.DrawFn) -> tuple[RankedEntry, ...]:
    """Standard competition ranks (1, 2, 2, 4, …) of 0..40 entrants in random tie groups."""
    sizes = draw(st.lists(st.integers(1, 9), max_size=12))
    entries: list[RankedEntry] = []
    rank = 1
    for size in sizes:
        entries += [RankedEntry(rank, len(entries) + 1, size > 1) for _ in range(size)]
        rank += size
    return tuple(entries)


@settings(max_examples=300, deadline=None)
@given(
    prize_tables(),
    tie_patterns(),
    st.sampled_from(["yuan", "jiao"]),
    st.sampled_from(["unpaid", "first"]),
)
def test_money_is_whole_units_never_more_than_the_pooled_places_and_adds_up(
    table: PrizeTable, entries: tuple[RankedEntry, ...], unit: str, remainder: str
) -> None:
    key = ("E", None)
    awards = allocate_prizes(
        [table], {key: entries}, {key: len(entries)}, unit=unit, remainder=remainder
    )  # type: ignore[arg-type]
    unit_fen = {"yuan": 100, "jiao": 10}[unit]
    paid = table.places_paid(len(entries))
    rank_of = {e.entrant: e.rank for e in entries}
    group_size = Counter(e.rank for e in entries)

    def place_money(k: int) -> int:
        band = table.place(k)
        return band.amount * 100 if band is not None and k <= paid else 0

    by_rank: dict[int, list[int]] = {}
    for a in awards:
        assert isinstance(a.amount_fen, int) and a.amount_fen >= 0
        assert a.amount_fen % unit_fen == 0  # a whole unit
        assert a.place == rank_of[a.entrant]
        # nobody outside the paid places is paid unless tied into them
        assert a.place <= paid
        by_rank.setdefault(a.place, []).append(a.amount_fen)
    for rank, amounts in by_rank.items():
        size = group_size[rank]
        pooled = sum(place_money(k) for k in range(rank, rank + size))
        group = [a for a in awards if a.place == rank]
        assert len(amounts) == size  # every tied entrant shares
        assert {a.pool_fen for a in group} == {pooled}
        assert sum(amounts) <= pooled  # never more than the pooled places' money
        assert sum(amounts) + group[0].unpaid_fen == pooled  # what is left is stated
        assert pooled - sum(amounts) < size * unit_fen  # and less than a unit each
        if remainder == "unpaid":
            assert len(set(amounts)) == 1  # the tied are paid alike
        else:
            assert group[0].unpaid_fen == 0
            assert max(amounts) - min(amounts) <= unit_fen
    # everyone whose tie covers a paid place shares it (a pool smaller than one unit each
    # pays 0 under "unpaid": the place and its certificate stand)
    for e in entries:
        covers = sum(place_money(k) for k in range(e.rank, e.rank + group_size[e.rank]))
        assert (e.rank in by_rank) == (covers > 0)
    t = totals(awards)
    assert t["overall_fen"] == sum(a.amount_fen for a in awards)
    assert t["overall_fen"] == sum(t["by_table_fen"].values()) == sum(t["by_entrant_fen"].values())
    unpaid = sum(next(a for a in awards if a.place == r).unpaid_fen for r in by_rank)
    every_paid_place = sum(place_money(k) for k in range(1, len(entries) + 1))
    assert t["overall_fen"] + unpaid == every_paid_place  # no money lost without a word
