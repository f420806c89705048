"""A late entrant's awarded points are explained where they count (issue 38 §5): the
standings (command line and print) and the crosstable's legend say 迟到，第3轮加入，给1分."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.cli.runner import run
from tests.finals import demo_copy

NOTE = "41号王磊：迟到，第3轮加入，给1分"


def _pdf_text(path: Path) -> str:
    return re.sub(r"\s+", "", "".join(p.extract_text() or "" for p in PdfReader(path).pages))


@pytest.fixture
def late(
    demo_master: Callable[..., Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> str:
    """The Go final after round 2, a player added to MEN with 1 point (he joins round 3)."""
    path = demo_copy(
        demo_master("hangzhou-go", players=40, seed=7, rounds=2), tmp_path / "go.finals"
    )
    code, _out, err = run(
        capsys, "add-player", str(path), "--event", "MEN", "--name", "王磊", "--gender", "男",
        "--points", "1",
    )  # fmt: skip
    assert code == 0, err
    return str(path)


def test_the_standings_explain_a_late_entrants_points(
    late: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(capsys, "standings", late, "--event", "MEN")
    assert code == 0, err
    assert NOTE in out
    pdf = tmp_path / "s.pdf"
    code, _out, err = run(capsys, "report", late, "standings", "--event", "MEN", "-o", str(pdf))
    assert code == 0, err
    assert NOTE in _pdf_text(pdf)
    # a player who entered on time has nothing to explain
    code, out, err = run(capsys, "standings", late, "--event", "YOUTH")
    assert code == 0 and "迟到" not in out


def test_the_crosstable_legend_explains_a_late_entrants_points(
    late: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pdf = tmp_path / "x.pdf"
    code, _out, err = run(capsys, "report", late, "crosstable", "--event", "MEN", "-o", str(pdf))
    assert code == 0, err
    assert NOTE in _pdf_text(pdf)
