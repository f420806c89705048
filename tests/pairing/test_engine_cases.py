"""Hand-made cases from RULES §2–§5, written out table by table."""

from __future__ import annotations

from app.pairing.checker import check_round
from app.pairing.engine import pair_round
from app.pairing.model import PairedGame

from .helpers import D, L, W, pairs, request, unordered

# --- Round 1 (RULES §5) -------------------------------------------------------------


def test_round_one_split_pairs_seed_i_with_seed_i_plus_half_higher_seed_first_on_odd_tables():
    p = pair_round(request(8, 1, first_round="split"))
    assert pairs(p.games) == [(1, 5), (6, 2), (3, 7), (8, 4)]
    assert [n.colour_reason for n in p.notes] == [
        "首轮单数台小序号先手",
        "首轮双数台大序号先手",
    ] * 2
    assert p.relaxations == ()
    assert p.lot_seed is None


def test_round_one_adjacent_pairs_one_two_three_four():
    p = pair_round(request(6, 1, first_round="adjacent"))
    assert pairs(p.games) == [(1, 2), (4, 3), (5, 6)]


def test_round_one_odd_field_bye_to_the_highest_seed_number_printed_last():
    p = pair_round(request(7, 1, first_round="split"))
    assert p.games[-1] == PairedGame(4, 7, None)
    assert pairs(p.games[:3]) == [(1, 4), (5, 2), (3, 6)]


def test_round_one_lot_is_reproducible_from_the_recorded_seed():
    a = pair_round(request(16, 1, first_round="lot", lot_seed=20260101))
    b = pair_round(request(16, 1, first_round="lot", lot_seed=20260101))
    c = pair_round(request(16, 1, first_round="lot", lot_seed=7))
    assert a.lot_seed == 20260101
    assert a.games == b.games
    assert unordered(a.games) != unordered(c.games)
    assert check_round(request(16, 1), a.games) == ()


def test_round_one_lot_without_a_seed_picks_one_and_returns_it():
    p = pair_round(request(10, 1, first_round="lot"))
    assert p.lot_seed is not None
    again = pair_round(request(10, 1, first_round="lot", lot_seed=p.lot_seed))
    assert again.games == p.games


def test_round_one_avoids_same_unit_when_it_can():
    units = ["杭州", "杭州", "宁波", "宁波"]
    p = pair_round(request(4, 1, units=units, first_round="adjacent"))
    for g in p.games:
        assert g.second is not None
        assert units[g.first - 1] != units[g.second - 1]
    assert p.relaxations == ()


def test_same_unit_clash_that_cannot_be_avoided_is_reported():
    units = ["杭州", "杭州", "杭州", "宁波"]
    p = pair_round(request(4, 1, units=units))
    clashes = [g for g in p.games if g.second and units[g.first - 1] == units[g.second - 1]]
    assert len(clashes) == 1
    assert len(p.relaxations) == 1
    assert p.relaxations[0].startswith("第1轮：同单位回避无法全部满足，已放宽（第")
    assert any(n.same_unit for n in p.notes)


def test_same_unit_is_not_avoided_after_the_first_k_rounds():
    units = ["杭州", "杭州", "宁波", "宁波"]
    hist = [(1, 1, 3, W), (1, 2, 4, W), (2, 1, 4, W), (2, 3, 2, W)]
    # Only 1 v 2 and 3 v 4 are left (no rematch), both inside a unit.  Inside the
    # avoidance window that is a reported relaxation; after it, a normal round.
    inside = pair_round(request(4, 3, hist, units=units, same_unit_rounds=3))
    outside = pair_round(request(4, 3, hist, units=units, same_unit_rounds=2))
    assert unordered(outside.games) == {frozenset((1, 2)), frozenset((3, 4))}
    assert inside.relaxations and "同单位" in inside.relaxations[0]
    assert outside.relaxations == ()


# --- Score groups and floats (RULES §2.2–2.4) ----------------------------------------


def test_a_lone_leader_and_a_group_that_cannot_pair_inside_float_down():
    # After 2 rounds: 3 has 4 points, 1 and 2 have 3, 5 has 2, 4 and 6 have 0.
    # 3 met 4 and 5; 1 and 2 drew each other in round 1.
    hist = [
        (1, 1, 2, D), (1, 3, 4, W), (1, 5, 6, W),
        (2, 4, 1, L), (2, 6, 2, L), (2, 3, 5, W),
    ]  # fmt: skip
    p = pair_round(request(6, 3, hist))
    games = unordered(p.games)
    assert frozenset((4, 6)) in games
    assert games - {frozenset((4, 6))} in (
        {frozenset((3, 1)), frozenset((2, 5))},
        {frozenset((3, 2)), frozenset((1, 5))},
    )
    assert p.relaxations == ()
    top = p.notes[0]
    assert (top.first_score, top.second_score) in ((4, 3), (3, 4))
    assert {top.first_float, top.second_float} == {"↓", "↑"}
    assert p.notes[2].first_float == p.notes[2].second_float == ""  # 4 v 6: same group


def test_many_small_score_gaps_are_preferred_over_one_large_gap():
    # Active 1 (4 pts), 2 and 3 (2 pts), 4 (0 pts); 3 and 4 met.  1 v 3 + 2 v 4 (two
    # gaps of 2) beats 1 v 4 + 2 v 3 (one gap of 4): both cross two score boundaries.
    hist = [
        (1, 1, 5, W), (1, 2, 6, W), (1, 3, 4, W),
        (2, 1, 6, W), (2, 5, 2, W), (2, 7, 3, W), (2, 4, 8, L),
    ]  # fmt: skip
    p = pair_round(request(8, 3, hist, active=[1, 2, 3, 4]))
    assert unordered(p.games) == {frozenset((1, 3)), frozenset((2, 4))}
    assert [n.first_score + (n.second_score or 0) for n in p.notes] == [6, 2]
    assert p.relaxations == ()


def test_winners_meet_winners_and_colours_alternate():
    hist = [(1, 1, 3, W), (1, 4, 2, L)]  # round 1: 1 and 2 win; 1 first, 2 second
    p = pair_round(request(4, 2, hist))
    assert pairs(p.games) == [(2, 1), (3, 4)]
    assert p.notes[0].colour_reason == "先手次数少"


# --- Colours (RULES §3) ----------------------------------------------------------------


def test_two_firsts_in_a_row_gets_second():
    hist = [(1, 1, 3, W), (1, 2, 4, W), (2, 1, 4, W), (2, 3, 2, W)]
    p = pair_round(request(4, 3, hist))
    table = next(g for g in p.games if 1 in (g.first, g.second))
    assert table.second == 1


def test_colour_limit_forces_the_seat_against_the_fewer_firsts_rule():
    # 1: S S F F (diff 0, two firsts in a row); 2: F S F (diff +1, absent in round 4).
    hist = [
        (1, 3, 1, W), (1, 2, 7, W),
        (2, 4, 1, W), (2, 8, 2, W),
        (3, 1, 5, W), (3, 2, 3, W),
        (4, 1, 6, W),
    ]  # fmt: skip
    p = pair_round(request(8, 5, hist, active=[1, 2]))
    assert pairs(p.games) == [(2, 1)]
    assert p.notes[0].colour_reason == "避免连续三局同色"
    assert p.relaxations == ()


def test_equal_histories_odd_round_smaller_seed_first_even_round_larger_first():
    hist = [(1, 1, 3, W), (1, 2, 4, W), (2, 3, 1, L), (2, 4, 2, L)]  # 1, 2: F S each
    p3 = pair_round(request(4, 3, hist))
    assert pairs(p3.games)[0] == (1, 2)
    assert p3.notes[0].colour_reason == "单数轮小序号先手"
    # Same again (1 and 2: F S F S, never met), now for round 6, an even round.
    hist4 = [*hist, (3, 1, 3, D), (3, 2, 4, D), (4, 3, 1, D), (4, 4, 2, D)]
    p6 = pair_round(request(4, 6, hist4))
    game = next(g for g in p6.games if {g.first, g.second} == {1, 2})
    assert game.first == 2
    assert p6.notes[0].colour_reason == "双数轮大序号先手"


def test_who_moved_first_more_recently_moves_second():
    # 1: F S, 2: S F — equal counts; 2 moved first last round, so 2 moves second.
    hist = [(1, 1, 3, W), (1, 4, 2, L), (2, 4, 1, L), (2, 2, 3, W)]
    p = pair_round(request(4, 3, hist))
    assert pairs(p.games)[0] == (1, 2)
    assert p.notes[0].colour_reason == "上轮后手"


# --- Byes (RULES §4) ---------------------------------------------------------------------


def test_bye_to_the_lowest_placed_player_without_a_bye():
    # Round 1 of 5: 5 had the bye.  Round 2: losers 3 and 4 (0 pts); the bye goes to 4
    # (lowest score, highest seed number), never again to 5.
    hist = [(1, 1, 3, W), (1, 4, 2, L), (1, 5, None, None)]
    p = pair_round(request(5, 2, hist))
    assert p.games[-1] == PairedGame(3, 4, None)
    assert p.relaxations == ()


def test_when_everyone_had_a_bye_the_lowest_placed_gets_it_again():
    hist = [(1, 1, None, None), (1, 2, 3, W), (2, 2, None, None), (2, 3, 1, W)]
    hist += [(3, 3, None, None), (3, 1, 2, W)]
    # Scores: 1: 2+0+2 = 4, 2: 2+2+0 = 4, 3: 0+2+2 = 4; all had byes.  Lowest placed = 3.
    p = pair_round(request(3, 4, hist))
    assert p.games[-1].second is None and p.games[-1].first == 3
    # Rematches are unavoidable among three who all met: reported, never silent.
    assert any("重复对局" in r for r in p.relaxations)


def test_absent_players_get_nothing():
    p = pair_round(request(6, 1, active=[1, 2, 3, 4, 5]))
    seen = {i for g in p.games for i in (g.first, g.second) if i is not None}
    assert seen == {1, 2, 3, 4, 5}
    assert sum(g.second is None for g in p.games) == 1


def test_two_players_who_already_met_are_paired_and_the_rematch_reported():
    p = pair_round(request(2, 2, [(1, 1, 2, W)]))
    assert unordered(p.games) == {frozenset((1, 2))}
    assert p.relaxations and p.relaxations[0].startswith("第2轮：无法避免重复对局，已放宽")


def test_a_lone_active_player_gets_the_bye_and_nobody_active_gives_no_games():
    assert pairs(pair_round(request(4, 2, [(1, 1, 2, W)], active=[3])).games) == [(3, None)]
    assert pair_round(request(4, 2, [(1, 1, 2, W)], active=[])).games == ()


# --- Other systems ---------------------------------------------------------------------


def test_split_system_pairs_top_half_against_bottom_half_of_a_group():
    # Round 1 (adjacent): winners 1 and 5 moved first, 3 and 7 second.  Round 2 is even,
    # so the group of winners ranks 7, 5, 3, 1: top half {7, 5}, bottom half {3, 1}.
    # Split pairs across the halves and across the colour rows: 7 v 1, 5 v 3 (adjacent
    # would give 7 v 5, 3 v 1).
    hist = [(1, 1, 2, W), (1, 4, 3, L), (1, 5, 6, W), (1, 8, 7, L)]
    split = pair_round(request(8, 2, hist, system="split"))
    adjacent = pair_round(request(8, 2, hist))
    assert {frozenset((7, 1)), frozenset((5, 3))} <= unordered(split.games)
    assert {frozenset((7, 5)), frozenset((3, 1))} <= unordered(adjacent.games)
    assert split.relaxations == adjacent.relaxations == ()


def test_monrad_pairs_down_the_list_skipping_rematches():
    # After round 1 (adjacent) 1, 3, 5, 7 won.  Monrad: 1–3? ranking round 2 (even):
    # score, then seed descending.  1-2 met, so the list pairs around them.
    hist = [(1, 1, 2, W), (1, 3, 4, W), (1, 5, 6, W), (1, 7, 8, W)]
    p = pair_round(request(8, 2, hist, system="monrad"))
    ranked = [7, 5, 3, 1, 8, 6, 4, 2]
    expected = {frozenset(ranked[k : k + 2]) for k in range(0, 8, 2)}
    assert unordered(p.games) == expected
    assert check_round(request(8, 2, hist), p.games) == ()


def test_dutch_is_its_own_system():
    hist = [(1, 1, 3, W), (1, 4, 2, L)]
    p = pair_round(request(4, 2, hist, system="dutch"))
    assert not any("荷兰制" in r for r in p.relaxations)
    assert sorted(e for g in p.games for e in (g.first, g.second)) == [1, 2, 3, 4]


def test_round_robin_follows_the_berger_table_by_seed():
    p = pair_round(request(4, 2, [(1, 1, 4, W), (1, 2, 3, W)], system="round_robin"))
    assert unordered(p.games) == {frozenset((4, 3)), frozenset((1, 2))}
    assert set(pairs(p.games)) == {(4, 3), (1, 2)}
    assert all(n.colour_reason == "贝格尔表" for n in p.notes)


def test_round_robin_odd_field_gives_the_berger_bye():
    p = pair_round(request(5, 1, system="round_robin"))
    assert set(pairs(p.games)) == {(2, 5), (3, 4), (1, None)}
    assert p.games[-1] == PairedGame(3, 1, None)


def test_tables_are_ordered_by_higher_score_then_lower_score_then_seed():
    hist = [(1, 1, 5, W), (1, 6, 2, W), (1, 3, 7, D), (1, 8, 4, L)]
    # Scores: 1: 2, 4: 2, 6: 2, 3: 1, 7: 1, 2: 0, 5: 0, 8: 0.
    p = pair_round(request(8, 2, hist))
    keys = []
    for n in p.notes:
        hi = max(n.first_score, n.second_score or 0)
        lo = min(n.first_score, n.second_score or 0)
        keys.append((-hi, -lo))
    assert keys == sorted(keys)
    assert [g.table for g in p.games] == list(range(1, len(p.games) + 1))
