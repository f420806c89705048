"""Big synthetic fields, fast: the history of earlier rounds is paired by a cheap greedy
(1–2, 3–4 down the standings, skipping rematches), not by the engine, so that a request for
round 9 of a 3,000-player open takes a second to build (shared by tests and benchmarks)."""

from __future__ import annotations

import random

from app.domain import GameRecord, Result
from app.pairing.model import PairingEntrant, PairingRequest, PairingSettings

UNITS = ("杭州", "宁波", "温州", "绍兴", "湖州", "嘉兴", "金华", "衢州", "台州", "丽水")


def big_field(
    n: int,
    round_number: int,
    seed: int = 2026,
    draws: float = 0.1,
    rounds_planned: int = 9,
    settings: PairingSettings | None = None,
) -> PairingRequest:
    """The request for `round_number` of an n-player event with random results
    (`draws` of the games drawn) and a few absentees each round."""
    rng = random.Random(seed)
    entrants = tuple(
        PairingEntrant(id=k + 1, seed=k + 1, name=f"选手{k + 1}", unit=rng.choice(UNITS))
        for k in range(n)
    )
    ids = [e.id for e in entrants]
    score = dict.fromkeys(ids, 0.0)
    met: dict[int, set[int]] = {i: set() for i in ids}
    colour = dict.fromkeys(ids, 0)  # firsts − seconds
    history: list[GameRecord] = []
    for rnd in range(1, round_number):
        active = [i for i in ids if rng.random() > 0.01]
        active.sort(key=lambda i: (-score[i], rng.random()))
        table = 0
        if len(active) % 2:
            bye = active.pop()
            score[bye] += 1.0
            table += 1
            history.append(GameRecord(rnd, table, bye, None, Result.BYE))
        while active:
            a = active.pop(0)
            k = next((k for k, b in enumerate(active) if b not in met[a]), 0)
            b = active.pop(k)
            met[a].add(b)
            met[b].add(a)
            table += 1
            # The one who had the second seat more often gets the first (as the rules do).
            lean = colour[a] - colour[b]
            first, second = (b, a) if lean > 0 or (lean == 0 and rng.random() < 0.5) else (a, b)
            colour[first] += 1
            colour[second] -= 1
            roll = rng.random()
            if roll < draws:
                result = Result.DRAW
                score[a] += 0.5
                score[b] += 0.5
            else:
                result = Result.FIRST_WINS if roll < (1 + draws) / 2 else Result.SECOND_WINS
                score[first if result == Result.FIRST_WINS else second] += 1.0
            history.append(GameRecord(rnd, table, first, second, result))
    active_set = frozenset(i for i in ids if rng.random() > 0.01)
    return PairingRequest(
        round_number,
        max(rounds_planned, round_number),
        entrants,
        active_set,
        tuple(history),
        settings=settings or PairingSettings(),
    )
