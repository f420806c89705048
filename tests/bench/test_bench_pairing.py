"""Pairing speed (DESIGN: a round of 180 tables paired in well under a second).

Run with `pytest tests/bench/test_bench_pairing.py --benchmark-enable`.  Targets: the
engine pairs round 9 of 9 for 360 entrants in ≤ 0.3 s and for 150 entrants in ≤ 0.1 s.
The history (8 rounds) is made by the engine itself with random results.
"""

from __future__ import annotations

import random

import pytest

from app.domain import GameRecord, Result
from app.pairing.engine import pair_round
from app.pairing.model import PairingEntrant, PairingRequest

UNITS = ("杭州", "宁波", "温州", "绍兴", "湖州", "嘉兴", "金华", "衢州", "台州", "丽水")
RESULTS = [Result.FIRST_WINS] * 9 + [Result.SECOND_WINS] * 9 + [Result.DRAW] * 2


def _round_nine(n: int, seed: int = 2026) -> PairingRequest:
    rng = random.Random(seed)
    entrants = tuple(
        PairingEntrant(id=k + 1, seed=k + 1, name=f"选手{k + 1}", unit=rng.choice(UNITS))
        for k in range(n)
    )
    ids = [e.id for e in entrants]
    history: list[GameRecord] = []
    for rnd in range(1, 10):
        # A few absentees per round, as in a real final.
        active = frozenset(i for i in ids if rng.random() > 0.01)
        req = PairingRequest(rnd, 9, entrants, active, tuple(history))
        if rnd == 9:
            return req
        for g in pair_round(req).games:
            result = Result.BYE if g.second is None else rng.choice(RESULTS)
            history.append(GameRecord(rnd, g.table, g.first, g.second, result))
    raise AssertionError("unreachable")


@pytest.fixture(scope="module")
def round_nine_360() -> PairingRequest:
    return _round_nine(360)


@pytest.fixture(scope="module")
def round_nine_150() -> PairingRequest:
    return _round_nine(150)


def test_pair_360_entrants_round_9(benchmark, round_nine_360: PairingRequest) -> None:
    pairing = benchmark(pair_round, round_nine_360)
    assert len(pairing.games) == (len(round_nine_360.active) + 1) // 2


def test_pair_150_entrants_round_9(benchmark, round_nine_150: PairingRequest) -> None:
    pairing = benchmark(pair_round, round_nine_150)
    assert len(pairing.games) == (len(round_nine_150.active) + 1) // 2
