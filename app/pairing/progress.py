"""How far pairing a round has got (issue 30): for a window's progress display.

A report is a side effect only: the pairing is the same with or without one.  The stages are
the ones an arbiter understands — reading the players, computing the pairings (with the share
of the field paired so far), saving the round.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

Stage = Literal["reading", "pairing", "saving"]


@dataclass(frozen=True)
class PairingStep:
    stage: Stage
    fraction: float | None = None  # how much of the stage is done (0–1); None: not known


Progress = Callable[[PairingStep], None]

THROTTLE = 0.1  # seconds: reports inside one stage at most this often


def throttled(
    report: Progress, interval: float = THROTTLE, clock: Callable[[], float] = time.monotonic
) -> Progress:
    """`report`, called at most once per `interval` seconds within a stage: a new stage and
    a stage's end (fraction 1) always pass, the steps in between are dropped."""
    last: list[tuple[Stage, float]] = []

    def throttle(step: PairingStep) -> None:
        now = clock()
        if last and last[0][0] == step.stage and step.fraction != 1.0:
            if now - last[0][1] < interval:
                return
        last[:] = [(step.stage, now)]
        report(step)

    return throttle
