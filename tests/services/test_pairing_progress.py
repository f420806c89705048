"""Issue 30: the pairing use case tells a window its stages (reading the players, pairing,
saving); the round paired with a report is the round paired without one."""

from __future__ import annotations

from pathlib import Path

from app.pairing.progress import PairingStep
from app.services.rounds import pair_next, repair
from app.services.tournament import open_tournament
from tests.finals import demo_copy


def test_pairing_reports_reading_pairing_and_saving_and_pairs_as_without(
    demo_master, tmp_path: Path
) -> None:  # noqa: ANN001
    master = demo_master("hangzhou-go", players=40, seed=7, rounds=2)
    views = []
    steps: list[PairingStep] = []
    for name, report in (("with", steps.append), ("without", None)):
        db = open_tournament(demo_copy(master, tmp_path / f"{name}.finals"))
        try:
            views.append(pair_next(db, "MEN", "裁判", progress=report))
        finally:
            db.close()
    assert views[0].number == 3 and views[0].games == views[1].games
    assert [s.stage for s in steps] == ["reading", "pairing", "saving"]


def test_re_pairing_reports_its_stages_too(demo_master, tmp_path: Path) -> None:  # noqa: ANN001
    db = open_tournament(
        demo_copy(demo_master("hangzhou-go", players=40, seed=7, rounds=2), tmp_path / "go.finals")
    )
    try:
        paired = pair_next(db, "MEN", "裁判")
        steps: list[PairingStep] = []
        again = repair(db, "MEN", 3, "裁判", progress=steps.append)
    finally:
        db.close()
    assert again.games == paired.games
    assert [s.stage for s in steps] == ["reading", "pairing", "saving"]
