"""The window's title names the open file (as Swiss-Manager and OpenGotha do), beside the
final's title and any 只读 / 备份 mark."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog


def test_the_title_names_the_file(window, gomoku_demo: Path) -> None:  # noqa: ANN001
    title = window.windowTitle()
    assert gomoku_demo.name in title
    assert title.startswith(window.ctx.info.title)
    assert title.endswith(window.tr("Finals Manager"))


def test_save_as_names_the_new_file(window, qtbot, settle, monkeypatch, tmp_path: Path) -> None:  # noqa: ANN001
    target = tmp_path / "saved" / "第二天.finals"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    window.save_as_action.trigger()
    qtbot.waitUntil(lambda: window.ctx.path == target, timeout=30000)
    settle(window)
    assert "第二天.finals" in window.windowTitle()
    assert "final.finals" not in window.windowTitle()


def test_a_read_only_file_keeps_its_mark_beside_its_name(qtbot, gomoku_demo: Path) -> None:  # noqa: ANN001
    from tests.store.faults import read_only
    from ui.main import make_app
    from ui.main_window import MainWindow

    with read_only(gomoku_demo):
        make_app()
        win = MainWindow()
        qtbot.addWidget(win)
        assert win.open_file(gomoku_demo)
        try:
            assert gomoku_demo.name in win.windowTitle()
            assert win.tr("READ-ONLY") in win.windowTitle()
        finally:
            win.ctx.close()


def test_closing_the_file_takes_its_name_out(window, gomoku_demo: Path) -> None:  # noqa: ANN001
    window.ctx.close()
    assert gomoku_demo.name not in window.windowTitle()
