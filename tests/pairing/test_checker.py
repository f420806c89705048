"""The checker finds every planted breach of the absolute rules, naming table and players."""

from __future__ import annotations

from app.pairing.checker import check_round
from app.pairing.model import PairedGame as G

from .helpers import W, request

HIST = [(1, 1, 3, W), (1, 2, 4, W), (2, 1, 4, W), (2, 3, 2, W)]  # 1: F F, 2: F S


def rules(findings):
    return sorted(f.rule for f in findings)


def test_a_clean_round_has_no_findings():
    assert check_round(request(4, 3, HIST), (G(1, 2, 1), G(2, 4, 3))) == ()


def test_planted_rematch():
    found = check_round(request(4, 3, HIST), (G(1, 3, 1), G(2, 4, 2)))
    assert rules(found) == ["rematch", "rematch"]
    assert found[0].message == "第1台：3号王五—1号张三 已在第1轮相遇（重复对局）"
    assert found[0].tables == (1,) and set(found[0].entrants) == {1, 3}


def test_planted_third_first_move_in_a_row():
    found = check_round(request(4, 3, HIST), (G(1, 1, 2), G(2, 3, 4)))
    assert "colour_row" in rules(found)
    row = next(f for f in found if f.rule == "colour_row")
    assert row.entrants == (1,) and "1号张三将连续第三局执先手" in row.message


def test_planted_colour_surplus():
    hist = [(1, 1, 3, W), (1, 2, 4, W), (2, 4, 1, W), (2, 3, 2, W), (3, 1, 2, W), (3, 3, 4, W)]
    # 1: F S F (+1); 3: S F F (+1) ... give 1 two more firsts via a relaxed limit of 1.
    found = check_round(request(4, 4, hist, max_colour_surplus=1), (G(1, 1, 4), G(2, 3, 2)))
    assert "colour_surplus" in rules(found)
    f = next(f for f in found if f.rule == "colour_surplus")
    assert "先后手差为2，超过上限1" in f.message


def test_colour_limits_can_be_switched_off():
    found = check_round(request(4, 3, HIST, no_three_in_row=False), (G(1, 1, 2), G(2, 3, 4)))
    assert "colour_row" not in rules(found)


def test_unpaired_double_inactive_and_duplicate_tables():
    req = request(6, 1, active=[1, 2, 3, 4, 5])
    found = check_round(req, (G(1, 1, 2), G(1, 3, 6), G(2, 1, 4)))
    assert rules(found) == ["double", "inactive", "table", "unpaired"]
    messages = " / ".join(f.message for f in found)
    assert "1号张三被编排了2次（第1台、第2台）" in messages
    assert "6号孙八本轮不参赛" in messages
    assert "5号钱七本轮未被编排" in messages
    assert "第1台：台号重复" in messages


def test_bye_to_a_player_who_had_one_while_others_had_none():
    hist = [(1, 1, 2, W), (1, 3, None, None)]
    found = check_round(request(3, 2, hist), (G(1, 1, 2), G(2, 3, None)))
    assert "bye" in rules(found)
    ok = check_round(request(3, 2, hist), (G(1, 3, 1), G(2, 2, None)))
    assert "bye" not in rules(ok)


def test_a_bye_in_an_even_field_is_flagged():
    found = check_round(request(4, 1), (G(1, 1, 2), G(2, 3, None), G(3, 4, None)))
    assert rules(found) == ["bye"]


def test_same_unit_only_inside_the_avoidance_rounds():
    units = ["杭州", "杭州", "宁波", "宁波"]
    inside = check_round(request(4, 1, units=units), (G(1, 1, 2), G(2, 3, 4)))
    assert rules(inside) == ["same_unit", "same_unit"]
    assert "同属“杭州”" in inside[0].message
    never = check_round(request(4, 1, units=units, same_unit="never"), (G(1, 1, 2), G(2, 3, 4)))
    assert never == ()
    late = request(4, 4, HIST + [(3, 1, 2, W), (3, 3, 4, W)], units=units)
    assert "same_unit" not in rules(check_round(late, (G(1, 2, 1), G(2, 4, 3))))


def test_forfeits_count_as_met_only_when_the_setting_says_so():
    from app.domain import Result

    hist = [(1, 1, 2, Result.FIRST_WINS_BY_FORFEIT), (1, 3, 4, W), (1, 5, 6, W)]
    game = (G(1, 2, 1), G(2, 3, 5), G(3, 4, 6))
    assert rules(check_round(request(6, 2, hist), game)) == ["rematch"]
    assert check_round(request(6, 2, hist, forfeit_counts_as_met=False), game) == ()
