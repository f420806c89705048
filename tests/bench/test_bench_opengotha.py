"""Issue 44: OpenGotha's engine on a 360-player McMahon round and on a 709-player field
(matched group by group, as OpenGotha does over 600).  Timing only, never pass/fail."""

from __future__ import annotations

import pytest

from app.pairing.opengotha_model import Tournament
from app.pairing.opengotha_pairing import pair_round
from tests.pairing.gotha_fixtures import P, gotha

RANKS = [f"{k}K" for k in range(20, 0, -1)] + [f"{d}D" for d in range(1, 7)]


def _field(n: int) -> Tournament:
    players = [
        P(f"N{i:04d}", "A", rank=RANKS[i % len(RANKS)], rating=2400 - i, club=f"C{i % 40}")
        for i in range(n)
    ]
    return gotha(players, general={"genMMBar": "5D", "genMMFloor": "20K"})


@pytest.fixture(scope="module")
def field_360() -> Tournament:
    return _field(360)


@pytest.fixture(scope="module")
def field_709() -> Tournament:
    return _field(709)


def test_opengotha_round_one_360(benchmark, field_360: Tournament) -> None:
    paired = benchmark.pedantic(pair_round, (field_360, 1), rounds=3, iterations=1)
    assert len(paired.games) == 180


def test_opengotha_round_one_709(benchmark, field_709: Tournament) -> None:
    paired = benchmark.pedantic(pair_round, (field_709, 1), rounds=1, iterations=1)
    assert len(paired.games) == 354
