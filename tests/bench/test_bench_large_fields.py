"""Big fields (issue 30): the engine alone pairs round 2 and round 9 of a 9-round open with
draws.  Targets: 1,000 players ≤ 1 s, 3,000 players ≤ 10 s a round.

Run with `pytest tests/bench/test_bench_large_fields.py --benchmark-enable`.  The history is
paired by a cheap greedy (tests/pairing/large.py), so that building round 9 takes a second.
"""

from __future__ import annotations

import pytest

from app.pairing.engine import pair_round
from tests.pairing.large import big_field


@pytest.mark.parametrize("rnd", [2, 9])
@pytest.mark.parametrize("players", [1000, 2000, 3000])
def test_pair_a_big_field(benchmark, players: int, rnd: int) -> None:
    request = big_field(players, rnd)
    pairing = benchmark.pedantic(pair_round, (request,), rounds=1, iterations=1)
    paired = [p for g in pairing.games for p in (g.first, g.second) if p is not None]
    assert sorted(paired) == sorted(request.active)
