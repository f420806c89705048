"""Issue 44: OpenGotha's engine on a 360-player McMahon round and on a 709-player field
(matched in OpenGotha's groups, as it does over 600), in round 1 and in round 4 after three
rounds played (rematches, draw-ups, colour balances in the costs); and the costs of every
pair of such a round alone (`PairCosts`).  Timing only, never pass/fail."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.io.opengotha import GothaResult
from app.pairing.opengotha_cost import PairingRound
from app.pairing.opengotha_edges import PairCosts
from app.pairing.opengotha_model import Game, Tournament
from app.pairing.opengotha_pairing import pair_round, players_to_pair
from tests.pairing.gotha_fixtures import P, gotha

RANKS = [f"{k}K" for k in range(20, 0, -1)] + [f"{d}D" for d in range(1, 7)]


def _field(n: int) -> Tournament:
    players = [
        P(f"N{i:04d}", "A", rank=RANKS[i % len(RANKS)], rating=2400 - i, club=f"C{i % 40}")
        for i in range(n)
    ]
    return gotha(players, general={"genMMBar": "5D", "genMMFloor": "20K"})


def played(t: Tournament, rounds: int) -> Tournament:
    """`t` after `rounds` rounds paired by the engine, White winning two games in three."""
    games = list(t.games)
    byes = dict(t.byes)
    for r in range(1, rounds + 1):
        paired = pair_round(replace(t, games=tuple(games), byes=byes), r)
        for table, g in enumerate(paired.games):
            white_wins = (table + r) % 3 != 0
            result = GothaResult.WHITE_WINS if white_wins else GothaResult.BLACK_WINS
            games.append(Game(r - 1, g.white, g.black, result, g.handicap))
        if paired.bye is not None:
            byes[r - 1] = paired.bye
    return replace(t, games=tuple(games), byes=byes)


@pytest.fixture(scope="module")
def field_360() -> Tournament:
    return _field(360)


@pytest.fixture(scope="module")
def field_709() -> Tournament:
    return _field(709)


@pytest.fixture(scope="module")
def field_360_after_3(field_360: Tournament) -> Tournament:
    return played(field_360, 3)


@pytest.fixture(scope="module")
def field_709_after_3(field_709: Tournament) -> Tournament:
    return played(field_709, 3)


def test_opengotha_round_one_360(benchmark, field_360: Tournament) -> None:
    paired = benchmark.pedantic(pair_round, (field_360, 1), rounds=3, iterations=1)
    assert len(paired.games) == 180


def test_opengotha_round_one_709(benchmark, field_709: Tournament) -> None:
    paired = benchmark.pedantic(pair_round, (field_709, 1), rounds=1, iterations=1)
    assert len(paired.games) == 354


def test_opengotha_round_four_360(benchmark, field_360_after_3: Tournament) -> None:
    paired = benchmark.pedantic(pair_round, (field_360_after_3, 4), rounds=3, iterations=1)
    assert len(paired.games) == 180


def test_opengotha_round_four_709(benchmark, field_709_after_3: Tournament) -> None:
    paired = benchmark.pedantic(pair_round, (field_709_after_3, 4), rounds=3, iterations=1)
    assert len(paired.games) == 354


def test_opengotha_costs_of_every_pair_360(benchmark, field_360_after_3: Tournament) -> None:
    costs = PairingRound(field_360_after_3, 3)
    keys = players_to_pair(costs)

    def every_pair() -> list[tuple[int, int, int]]:
        return PairCosts(costs, keys).edges(keys)

    edges = benchmark.pedantic(every_pair, rounds=5, iterations=1)
    assert len(edges) == 360 * 359 // 2
