"""The window's save dialogs never write onto the open final or any tournament file (issue 24
§1). Qt's dialog asks before replacing an existing file; a final is refused all the same,
with a message box in Chinese that names the file and no command-line flag."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox

from tests.finals import copy_of


@pytest.fixture
def told(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The message boxes the window shows (this test expects them)."""
    shown: list[str] = []

    def record(box: QMessageBox) -> int:
        shown.append(f"{box.text()} {box.informativeText()}".strip())
        return int(QMessageBox.StandardButton.Ok.value)

    monkeypatch.setattr(QMessageBox, "exec", record)
    return shown


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def still_the_final(window) -> None:  # noqa: ANN001
    from app.services.read_model import load_final

    assert window.ctx.path.read_bytes()[:16] == b"SQLite format 3\0"
    assert load_final(window.ctx.db).events


def choose(monkeypatch: pytest.MonkeyPatch, target: Path | str) -> None:
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))


def refused_with(told: list[str], target: Path) -> str:
    assert len(told) == 1, told
    text = told[0]
    assert target.name in text and "--" not in text, text
    return text


def test_the_template_is_never_saved_onto_the_open_final(
    window, qtbot, settle, monkeypatch, told, tmp_path: Path
) -> None:  # noqa: ANN001
    final = window.ctx.path
    os.link(final, tmp_path / "link.xlsx")
    for target in (final, tmp_path / "x" / ".." / final.name, tmp_path / "link.xlsx"):
        (tmp_path / "x").mkdir(exist_ok=True)
        told.clear()
        choose(monkeypatch, target)
        window.players.save_template()
        settle(window)
        assert "正在读取" in refused_with(told, Path(target))
        still_the_final(window)


def test_trf_export_never_lands_on_another_final(
    window, qtbot, settle, monkeypatch, told, gomoku_demo_master: Path, tmp_path: Path
) -> None:  # noqa: ANN001
    other = copy_of(gomoku_demo_master, tmp_path / "other.finals")
    renamed = copy_of(gomoku_demo_master, tmp_path / "other.trf")  # a final by its content
    for target in (other, renamed, window.ctx.path):
        before = digest(target)
        told.clear()
        choose(monkeypatch, target)
        window.trf.export_trf()
        qtbot.waitUntil(lambda: bool(told), timeout=30000)
        settle(window)
        refused_with(told, target)
        if target != window.ctx.path:
            assert "比赛文件" in told[0]
            assert digest(target) == before
    still_the_final(window)


def test_save_as_never_replaces_another_final(
    window, qtbot, settle, monkeypatch, told, gomoku_demo_master: Path, tmp_path: Path
) -> None:  # noqa: ANN001
    original = window.ctx.path
    other = copy_of(gomoku_demo_master, tmp_path / "saved.finals")
    before = digest(other)
    choose(monkeypatch, other)
    window.save_as_action.trigger()
    qtbot.waitUntil(lambda: bool(told), timeout=30000)
    settle(window)
    assert "比赛文件" in refused_with(told, other)
    assert digest(other) == before
    assert window.ctx.path == original


def test_a_plain_existing_file_is_replaced_once_the_dialog_asked(
    window, settle, monkeypatch, tmp_path: Path
) -> None:  # noqa: ANN001
    sheet = tmp_path / "报名表模板.xlsx"
    sheet.write_bytes(b"old")
    choose(monkeypatch, sheet)  # Qt's dialog has asked "replace it?" and the user said yes
    window.players.save_template()
    settle(window)
    assert sheet.read_bytes()[:2] == b"PK"  # a workbook now
