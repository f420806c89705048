"""Random tournaments played out by the engine itself (shared by tests and benchmarks)."""

from __future__ import annotations

import random
from dataclasses import replace

from app.domain import GameRecord, Result
from app.pairing.engine import pair_round
from app.pairing.model import Pairing, PairingEntrant, PairingRequest, PairingSettings

RESULTS = (Result.FIRST_WINS, Result.SECOND_WINS, Result.DRAW)
UNITS = ("杭州", "宁波", "温州", "绍兴", "湖州", "嘉兴", "金华", "衢州")


def make_entrants(n: int, rng: random.Random, units: int = 0) -> tuple[PairingEntrant, ...]:
    return tuple(
        PairingEntrant(
            id=100 + k,
            seed=k + 1,
            name=f"选手{k + 1}",
            unit=UNITS[rng.randrange(units)] if units else None,
        )
        for k in range(n)
    )


def play(pairing: Pairing, rng: random.Random, forfeits: float = 0.0) -> list[GameRecord]:
    out = []
    for g in pairing.games:
        if g.second is None:
            result = Result.BYE
        elif rng.random() < forfeits:
            result = rng.choice((Result.FIRST_WINS_BY_FORFEIT, Result.SECOND_WINS_BY_FORFEIT))
        else:
            result = rng.choice(RESULTS)
        out.append(GameRecord(pairing.round_number, g.table, g.first, g.second, result))
    return out


def simulate(
    n: int,
    rounds: int,
    seed: int = 1,
    settings: PairingSettings | None = None,
    absent: float = 0.0,
    units: int = 0,
    rounds_planned: int | None = None,
) -> tuple[PairingRequest, list[tuple[PairingRequest, Pairing]]]:
    """Pair and play `rounds` rounds; returns the request for the next round and the log."""
    rng = random.Random(seed)
    entrants = make_entrants(n, rng, units)
    ids = [e.id for e in entrants]
    history: list[GameRecord] = []
    log: list[tuple[PairingRequest, Pairing]] = []
    planned = rounds_planned if rounds_planned is not None else rounds + 1
    base = PairingRequest(
        round_number=1,
        rounds_planned=planned,
        entrants=entrants,
        active=frozenset(ids),
        history=(),
        settings=settings or PairingSettings(),
    )
    for rnd in range(1, rounds + 2):
        active = frozenset(i for i in ids if rng.random() >= absent)
        req = replace(base, round_number=rnd, active=active, history=tuple(history))
        if rnd == rounds + 1:
            return req, log
        pairing = pair_round(req)
        log.append((req, pairing))
        history.extend(play(pairing, rng))
    raise AssertionError("unreachable")
