"""`finals gui FILE --view V --screenshot OUT.png` renders offscreen and exits 0."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.mark.parametrize("view", ["players", "round", "results", "standings"])
def test_screenshot_writes_png(qtbot, gomoku_demo: Path, tmp_path: Path, view: str) -> None:  # noqa: ANN001
    from ui.main import run_gui

    out = tmp_path / f"{view}.png"
    assert run_gui(gomoku_demo, view=view, screenshot=str(out)) == 0
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) > 10_000
