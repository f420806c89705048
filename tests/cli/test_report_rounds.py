"""Printing a chosen round of one event never depends on the other events' rounds."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.cli.runner import run


def test_slips_for_a_round_other_events_have_not_reached(
    built_demo: Callable[..., Path], tmp_path: Path, capsys
) -> None:
    path = tmp_path / "go.finals"
    built_demo(path, "hangzhou-go", players=40, seed=7, rounds=2)
    assert run(capsys, "pair", str(path), "--event", "MEN")[0] == 0  # MEN 3, YOUTH 2
    out = tmp_path / "slips.pdf"
    code, stdout, err = run(
        capsys,
        "report",
        str(path),
        "slips",
        "--event",
        "MEN",
        "--round",
        "3",
        "--base-url",
        "http://192.168.1.10:8765/",
        "-o",
        str(out),
    )
    assert code == 0, err
    assert out.stat().st_size > 0 and "少儿组" not in err
