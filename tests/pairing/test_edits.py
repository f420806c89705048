"""Manual edits: each returns a new round; impossible edits raise EditError in Chinese."""

from __future__ import annotations

import pytest

from app.pairing.checker import check_round
from app.pairing.edits import (
    EditError,
    exchange_colours,
    give_bye,
    move_table,
    set_against,
    swap_players,
)
from app.pairing.model import PairedGame as G

from .helpers import request

ROUND = (G(1, 1, 2), G(2, 3, 4), G(3, 5, 6), G(4, 7, None))


def test_swap_players_across_tables():
    assert swap_players(ROUND, 2, 3) == (G(1, 1, 3), G(2, 2, 4), G(3, 5, 6), G(4, 7, None))


def test_swap_players_on_one_table_exchanges_their_seats():
    assert swap_players(ROUND, 1, 2)[0] == G(1, 2, 1)


def test_swap_with_the_bye_player():
    assert swap_players(ROUND, 7, 4)[1:] == (G(2, 3, 7), G(3, 5, 6), G(4, 4, None))


def test_exchange_colours():
    assert exchange_colours(ROUND, 2)[1] == G(2, 4, 3)
    with pytest.raises(EditError, match="第4台是轮空"):
        exchange_colours(ROUND, 4)
    with pytest.raises(EditError, match="本轮没有第9台"):
        exchange_colours(ROUND, 9)


def test_set_against_moves_the_former_opponents_to_the_other_table():
    out = set_against(ROUND, 1, 4)
    assert out == (G(1, 1, 4), G(2, 3, 2), G(3, 5, 6), G(4, 7, None))


def test_set_against_the_bye_player_gives_the_bye_to_the_lonely_one():
    out = set_against(ROUND, 7, 5)
    assert out == (G(1, 1, 2), G(2, 3, 4), G(3, 6, None), G(4, 7, 5))
    with pytest.raises(EditError):
        set_against(ROUND, 1, 1)


def test_move_table_swaps_numbers():
    assert move_table(ROUND, 3, 1) == (G(1, 5, 6), G(2, 3, 4), G(3, 1, 2), G(4, 7, None))
    assert move_table(ROUND, 2, 9)[-1] == G(9, 3, 4)
    with pytest.raises(EditError, match="台号必须是正整数"):
        move_table(ROUND, 2, 0)


def test_give_bye():
    assert give_bye(ROUND, 5) == (G(1, 1, 2), G(2, 3, 4), G(3, 7, 6), G(4, 5, None))
    assert give_bye(ROUND, 7) == ROUND
    with pytest.raises(EditError, match="不在本轮编排中"):
        give_bye(ROUND, 99)
    even = ROUND[:3]
    assert give_bye(even, 8) == (*even, G(4, 8, None))
    with pytest.raises(EditError, match="没有轮空台"):
        give_bye(even, 1)


def test_unknown_entrant():
    with pytest.raises(EditError, match="编号42"):
        swap_players(ROUND, 1, 42)


def test_edits_are_checked_afterwards():
    req = request(7, 1)
    assert check_round(req, ROUND) == ()
    edited = set_against(ROUND, 1, 3)
    assert check_round(req, edited) == ()
    bad = give_bye(ROUND, 1)  # 7 moves to table 1; 1 has the bye: still legal in round 1
    assert {f.rule for f in check_round(req, bad)} == set()
