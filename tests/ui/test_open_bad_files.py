"""Issue 41 §1: a file that is not a final, opened in the window, is named in the box with
what is wrong with it (不是比赛文件, 空文件, 已损坏) — a file name ending in `.finals` is not a
command-line hint. `finals gui BAD.finals --screenshot s.png` prints the failure and exits 1:
it never waits on a box nobody can click."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from app.errors import FinalsError


@pytest.fixture
def boxes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    from PySide6.QtWidgets import QMessageBox

    shown: list[str] = []

    def record(box: QMessageBox) -> int:
        shown.append(f"{box.text()}\n{box.informativeText()}".strip())
        return int(QMessageBox.StandardButton.Ok.value)

    monkeypatch.setattr(QMessageBox, "exec", record)
    return shown


def _bad_files(folder: Path) -> dict[str, Path]:
    from app.services.tournament import create_tournament

    foreign = folder / "bad.finals"
    foreign.write_text("这不是比赛文件\n", encoding="utf-8")
    empty = folder / "empty.finals"
    empty.write_bytes(b"")
    good = folder / "good.finals"
    create_tournament(good, "shaoxing-gomoku-2022").close()
    damaged = folder / "damaged.finals"
    damaged.write_bytes(good.read_bytes()[:3000])  # a copy cut short
    return {"不是比赛文件": foreign, "空文件": empty, "已损坏": damaged}


def test_the_box_names_the_file_and_what_is_wrong(qtbot, tmp_path: Path, boxes) -> None:  # noqa: ANN001
    from ui.main import make_app
    from ui.main_window import MainWindow

    make_app()
    for words, path in _bad_files(tmp_path).items():
        win = MainWindow()
        qtbot.addWidget(win)
        boxes.clear()
        assert not win.open_file(path)
        assert len(boxes) == 1, boxes
        assert path.name in boxes[0] and words in boxes[0], boxes[0]
        assert "finals new" not in boxes[0]  # the window names its own way


def test_the_box_shows_the_errors_own_window_wording_as_it_is() -> None:
    """The window words an error from its data (`window_message`), never by cutting clauses
    out of the prose: a subject with `.finals ` in it stays."""
    from ui.errors import error_text

    exc = FinalsError("比赛文件 final.finals 已损坏，不能使用。请从其他副本恢复。")
    assert error_text(exc)[0] == exc.message
    flagged = FinalsError("第1轮已编排。请加 --force 强制修改。", window="第1轮已编排。")
    assert error_text(flagged)[0] == "第1轮已编排。"


def test_a_screenshot_of_a_bad_file_prints_the_failure_and_exits_1(tmp_path: Path) -> None:
    bad = tmp_path / "BAD.finals"
    bad.write_text("not a final\n", encoding="utf-8")
    shot = tmp_path / "s.png"
    done = subprocess.run(
        [sys.executable, "-m", "app.cli.main", "gui", str(bad), "--screenshot", str(shot)],
        capture_output=True,
        encoding="utf-8",
        timeout=60,
        env={**__import__("os").environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert "BAD.finals" in done.stderr and "不是比赛文件" in done.stderr
    assert "Traceback" not in done.stderr
    assert not shot.exists()
