"""Dutch pairing speed: 150 players ≤ 0.5 s per round; 360 players ≤ 1.5 s.

Run with `pytest tests/bench/test_bench_dutch.py --benchmark-enable`.  The history is a
random tournament paired by the Dutch engine itself (1 / ½ / 0, some draws), and the
benchmark pairs the next round through `pair_round` (adapter, engine, checker, report).
"""

from __future__ import annotations

import random

import pytest

from app.domain import GameRecord, Result, Scoring
from app.pairing.engine import pair_round
from app.pairing.model import PairingEntrant, PairingRequest, PairingSettings

CHESS = Scoring(win=1, draw=0.5, loss=0, bye=1, forfeit_win=1, forfeit_loss=0)
RESULTS = [Result.FIRST_WINS] * 4 + [Result.SECOND_WINS] * 4 + [Result.DRAW] * 2


def _request(n: int, rnd: int, history: tuple[GameRecord, ...], planned: int) -> PairingRequest:
    entrants = tuple(PairingEntrant(id=k + 1, seed=k + 1, name=f"选手{k + 1}") for k in range(n))
    return PairingRequest(
        round_number=rnd,
        rounds_planned=planned,
        entrants=entrants,
        active=frozenset(e.id for e in entrants),
        history=history,
        scoring=CHESS,
        settings=PairingSettings(system="dutch", same_unit="never"),
    )


def _history(n: int, rounds: int, seed: int = 2026) -> tuple[GameRecord, ...]:
    rng = random.Random(seed)
    history: list[GameRecord] = []
    for rnd in range(1, rounds + 1):
        pairing = pair_round(_request(n, rnd, tuple(history), rounds + 1))
        for g in pairing.games:
            result = Result.BYE if g.second is None else rng.choice(RESULTS)
            history.append(GameRecord(rnd, g.table, g.first, g.second, result))
    return tuple(history)


@pytest.mark.parametrize(("players", "limit"), [(150, 0.5), (360, 1.5)])
def test_dutch_round(benchmark, players: int, limit: float) -> None:
    history = _history(players, 5)
    request = _request(players, 6, history, 9)
    pairing = benchmark.pedantic(pair_round, args=(request,), rounds=3, iterations=1)
    assert len(pairing.games) == (players + 1) // 2
    assert not any("改用积分编排" in r for r in pairing.relaxations)
    stats = benchmark.stats
    if stats is not None:  # with --benchmark-enable: the figure the issue names
        print(f"\n{players} players: mean {stats.stats.mean:.3f} s (target ≤ {limit} s)")
