"""Issue 23 §4: a read-only file says so when it is opened (title, a note over the tabs, the
status bar), its changes are refused with that reason and the phone server does not start on
it; a file opened from `backups/` says it is a backup and asks before any change."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from app.services.rounds import pair_next, round_view
from app.services.tournament import open_tournament
from tests.finals import copy_of, demo_copy
from tests.store.faults import read_only
from tests.ui.conftest import wait_idle

EVENT = "OPEN"


@pytest.fixture(scope="module")
def open_round(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Gomoku final: round 1 played, round 2 paired with no result yet."""

    path = tmp_path_factory.mktemp("ro") / "t.finals"
    demo_copy(demo_master("shaoxing-gomoku-2022", players=24, rounds=1), path)
    db = open_tournament(path)
    try:
        pair_next(db, EVENT)
    finally:
        db.close()
    return path


def _window(qtbot: Any, path: Path, monkeypatch: Any) -> Any:  # noqa: ANN401
    from ui.main import make_app
    from ui.main_window import MainWindow

    errors: list[str] = []
    monkeypatch.setattr(
        "ui.views.remote_entry.show_error", lambda _w, exc, *a: errors.append(str(exc))
    )
    make_app()
    win = MainWindow()
    win.ctx.open_documents = False
    win.errors = errors
    qtbot.addWidget(win)
    assert win.open_file(path)
    win.ctx.set_event(EVENT)
    win.resize(1280, 800)
    win.show()
    wait_idle(win, qtbot)
    return win


def _enter(win: Any, qtbot: Any, text: str) -> str:  # noqa: ANN401
    win.show_view("results")
    wait_idle(win, qtbot)
    results = win.results
    results.entry.clear()
    qtbot.keyClicks(results.entry, text)
    qtbot.keyClick(results.entry, Qt.Key.Key_Return)
    wait_idle(win, qtbot)  # a result is written (or refused) in the window's write queue
    return str(results.feedback.text())


def test_a_read_only_file_is_marked_refuses_changes_and_serves_no_phone(
    qtbot, open_round: Path, tmp_path: Path, monkeypatch
) -> None:  # noqa: ANN001
    target = copy_of(open_round, tmp_path / "ro" / "t.finals")
    with read_only(target):
        win = _window(qtbot, target, monkeypatch)
        try:
            assert win.ctx.read_only is not None and not win.ctx.guarded
            assert win.tr("READ-ONLY") in win.windowTitle()
            assert win.banner_box.isVisible() and "只读" in win.banner.text()
            assert "查看、打印和导出不受影响" in win.banner.text()
            assert win.file_state.isVisible() and not win.allow_button.isVisible()
            assert not win.import_action.isEnabled()
            win.show_view("round")
            win.grab().save("/tmp/shots/read_only_window.png")

            shown = _enter(win, qtbot, "1 1")
            assert "只读" in shown, shown  # refused, with the reason
            assert round_view(win.ctx.db, EVENT, 2).results[1] is None

            win.show_view("remote")
            panel = win.remote
            assert not panel.start_button.isEnabled()
            assert "cannot" in panel.status.text() or "不能" in panel.status.text()
            win.grab().save("/tmp/shots/read_only_remote.png")
            panel.address.setEditText("127.0.0.1")
            panel.port.setValue(0)
            assert not panel.start_server()  # no server: a phone never meets the file's path
            assert panel.server is None and not panel.running()
            assert win.errors and "只读" in win.errors[0]
        finally:
            win.ctx.close()


def _backup_copy(master: Path, tmp_path: Path) -> Path:
    folder = tmp_path / "venue" / "backups"
    folder.mkdir(parents=True)
    return copy_of(master, folder / "t-20221028-100200-000000-round1-complete.finals")


def test_a_backup_says_so_and_asks_before_the_first_change(
    qtbot, open_round: Path, tmp_path: Path, monkeypatch
) -> None:  # noqa: ANN001
    copy = _backup_copy(open_round, tmp_path)
    win = _window(qtbot, copy, monkeypatch)
    try:
        assert win.ctx.backup is not None and win.ctx.guarded
        assert "第1轮赛完后" in win.windowTitle() and "2022-10-28 10:02" in win.windowTitle()
        assert win.banner_box.isVisible() and win.allow_button.isVisible()
        assert "t.finals" in win.banner.text() and "备份" in win.banner.text()
        win.show_view("results")
        win.grab().save("/tmp/shots/backup_window.png")

        shown = _enter(win, qtbot, "1 1")  # refused until the arbiter says yes
        assert "允许修改这份备份" in shown, shown
        assert round_view(win.ctx.db, EVENT, 2).results[1] is None
        assert not win.remote.start_button.isEnabled()

        asked: list[str] = []
        monkeypatch.setattr(win, "confirm", lambda title, text: asked.append(text) or False)
        assert not win.allow_backup_changes()  # no: still guarded
        assert win.ctx.guarded and "t.finals" in asked[0]
        monkeypatch.setattr(win, "confirm", lambda title, text: asked.append(text) or True)
        assert win.allow_backup_changes()
        assert not win.ctx.guarded and not win.allow_button.isVisible()
        assert win.remote.start_button.isEnabled()

        _enter(win, qtbot, "1 1")
        assert round_view(win.ctx.db, EVENT, 2).results[1] == "1-0"
        assert "备份" in win.windowTitle()  # still marked as a backup
    finally:
        win.ctx.close()


def test_a_tournament_file_is_not_marked(window) -> None:  # noqa: ANN001
    assert window.ctx.backup is None and window.ctx.read_only is None
    assert not window.banner_box.isVisible() and not window.file_state.isVisible()
    assert window.windowTitle().endswith(window.tr("Finals Manager"))
