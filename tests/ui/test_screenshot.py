"""`finals gui FILE --view V --screenshot OUT.png` renders offscreen and exits 0."""

from __future__ import annotations

from pathlib import Path

import pytest


def _differing(one: Path, other: Path) -> float:
    """The share of pixels (every second one, both ways) that differ between two pictures."""
    from PySide6.QtGui import QImage

    a, b = QImage(str(one)), QImage(str(other))
    assert (a.width(), a.height()) == (b.width(), b.height())
    points = [(x, y) for x in range(0, a.width(), 2) for y in range(0, a.height(), 2)]
    return sum(a.pixel(x, y) != b.pixel(x, y) for x, y in points) / len(points)


@pytest.mark.parametrize("view", ["players", "round", "results", "standings"])
def test_screenshot_writes_png(qtbot, gomoku_demo: Path, tmp_path: Path, view: str) -> None:  # noqa: ANN001
    from ui.main import run_gui

    out = tmp_path / f"{view}.png"
    assert run_gui(gomoku_demo, view=view, screenshot=str(out)) == 0
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) > 10_000
    # the picture shows the final, not the window as it is with no final open (a third of
    # it and more differs: the view's rows; a blank window or an empty view differs in none)
    empty = tmp_path / "empty.png"
    assert run_gui(None, screenshot=str(empty)) == 0
    assert _differing(out, empty) > 0.2
