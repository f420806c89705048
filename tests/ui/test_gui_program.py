"""`finals-gui [FILE]`: the window as a program with no console window (Windows' gui-scripts
launcher, the windowed build). There, sys.stdout and sys.stderr are None: nothing it says
may fail for want of a terminal, and a failure is shown in a message box, not printed."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest


@pytest.fixture
def boxes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    from PySide6.QtWidgets import QMessageBox

    shown: list[str] = []

    def record(box: QMessageBox) -> int:
        shown.append(box.text())
        return int(QMessageBox.StandardButton.Ok.value)

    monkeypatch.setattr(QMessageBox, "exec", record)
    return shown


def _finals_gui(monkeypatch: pytest.MonkeyPatch, *argv: str) -> int:
    """Run `finals-gui ARGV` as with no console (set here, in the test's call: pytest puts its
    own capture back between a fixture's setup and the call)."""
    from ui.main import run

    monkeypatch.setattr(sys, "argv", ["finals-gui", *argv])
    streams = sys.stdout, sys.stderr
    sys.stdout = sys.stderr = None  # type: ignore[assignment]
    try:
        with pytest.raises(SystemExit) as done:
            run()
        assert sys.stdout is None and sys.stderr is None  # given back as they were
    finally:
        sys.stdout, sys.stderr = streams
    return int(done.value.code or 0)


def test_the_windowed_program_opens_a_file_with_no_console(
    qtbot, gomoku_demo: Path, tmp_path: Path, boxes, monkeypatch
) -> None:
    shot = tmp_path / "window.png"
    code = _finals_gui(
        monkeypatch, str(gomoku_demo), "--view", "players", "--screenshot", str(shot)
    )
    assert code == 0 and boxes == []
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_failure_is_shown_in_a_message_box(qtbot, tmp_path: Path, boxes, monkeypatch) -> None:
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr("sys.platform", "linux")  # no display: `finals gui` reads the file
    missing = tmp_path / "无此文件.finals"
    code = _finals_gui(monkeypatch, str(missing))
    assert code == 1
    assert len(boxes) == 1 and "错误" in boxes[0] and "无此文件.finals" in boxes[0]
    assert not missing.exists()


def test_bad_usage_is_shown_in_a_message_box(qtbot, boxes, monkeypatch) -> None:
    code = _finals_gui(monkeypatch, "--view", "nowhere")
    assert code == 2 and len(boxes) == 1 and "用法错误" in boxes[0]


def test_the_program_is_installed_as_a_gui_script() -> None:
    import tomllib

    pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
    project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    assert project["gui-scripts"] == {"finals-gui": "ui.main:run"}
    assert project["scripts"]["finals"] == "app.cli.main:run"
