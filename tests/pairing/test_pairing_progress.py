"""Issue 30: pairing a big field reports how far it has got (for the window), and the report
never changes the pairing."""

from __future__ import annotations

from app.pairing.engine import pair_round
from app.pairing.progress import PairingStep, throttled
from tests.pairing.large import big_field


def test_a_big_field_reports_the_share_paired_and_pairs_the_same_as_without() -> None:
    request = big_field(1200, 3)
    steps: list[PairingStep] = []
    with_report = pair_round(request, steps.append)
    assert with_report == pair_round(request)
    shares = [s.fraction for s in steps]
    assert {s.stage for s in steps} == {"pairing"}
    assert shares[0] == 0.0 and all(f is not None and 0 <= f < 1 for f in shares)
    assert shares == sorted(shares) and any(0 < f < 1 for f in shares if f is not None), shares


def test_the_finals_sizes_pair_the_same_with_a_report() -> None:
    request = big_field(360, 4)
    steps: list[PairingStep] = []
    assert pair_round(request, steps.append) == pair_round(request)
    assert steps and steps[0] == PairingStep("pairing", 0.0)


def test_reports_inside_a_stage_are_throttled_but_a_new_stage_always_passes() -> None:
    now = [0.0]
    heard: list[PairingStep] = []
    report = throttled(heard.append, 0.1, clock=lambda: now[0])
    report(PairingStep("reading"))
    report(PairingStep("pairing", 0.0))
    for k in range(1, 10):  # ten reports in 45 ms: only the first of the stage passes
        now[0] += 0.005
        report(PairingStep("pairing", k / 10))
    now[0] += 0.2
    report(PairingStep("pairing", 0.95))
    report(PairingStep("pairing", 1.0))  # a stage's end always passes
    report(PairingStep("saving"))
    assert heard == [
        PairingStep("reading"),
        PairingStep("pairing", 0.0),
        PairingStep("pairing", 0.95),
        PairingStep("pairing", 1.0),
        PairingStep("saving"),
    ]
