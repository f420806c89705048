"""Issue 23 §3 ("never cries wolf"): a single arbiter's own results move the file's
revision; the window knows them for its own, never says 已显示其他站点的改动 for them and
never refuses an Enter while it rereads what it wrote itself. Another station's change is
still shown."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from app.services.results import clear_result
from app.services.rounds import pair_next, round_view
from app.services.tournament import open_tournament
from tests.finals import copy_of, demo_copy
from tests.ui.conftest import wait_idle

CHANGED_ELSEWHERE = ("Changes made at another station are shown.", "已显示其他站点的改动。")


@pytest.fixture(scope="module")
def big_master(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Gomoku final of 320 players, round 1 paired: 160 tables to enter."""

    path = tmp_path_factory.mktemp("gomoku-320") / "big.finals"
    demo_copy(demo_master("shaoxing-gomoku-2022", players=320), path)
    db = open_tournament(path)
    try:
        pair_next(db, "OPEN", "裁判长")
    finally:
        db.close()
    return path


def test_a_single_arbiter_typing_fast_is_never_told_of_another_station(
    big_master: Path, tmp_path: Path, qtbot, monkeypatch
) -> None:  # noqa: ANN001
    """§3: the window's own results move the file's revision; they are not "changes made at
    another station", and no Enter is refused while the window rereads what it wrote."""
    from ui import context
    from ui.main import make_app
    from ui.main_window import MainWindow

    monkeypatch.setattr(context, "WATCH_MS", 60)  # look for other stations often
    make_app()
    win = MainWindow()
    win.ctx.open_documents = False
    qtbot.addWidget(win)
    assert win.open_file(copy_of(big_master, tmp_path / "big.finals"))
    win.show()
    win.ctx.watch_other_stations(True)
    messages: list[str] = []
    win.ctx.message.connect(messages.append)
    try:
        win.show_view("results")
        results = win.results
        wait_idle(win, qtbot)
        tables = [g.table for g in results.view.games if g.second is not None]
        assert len(tables) == 160
        refused: list[str] = []
        for table in tables:
            results.entry.setText(f"{table} 1")
            qtbot.keyClick(results.entry, Qt.Key.Key_Return)
            if results.entry.text():  # kept: the Enter was refused
                refused.append(f"{table}: {results.feedback.text()}")
            qtbot.wait(25)  # a fast arbiter: the next slip is typed in a moment
        wait_idle(win, qtbot)
        qtbot.wait(200)  # a few more looks at the file
        assert refused == []
        assert not [m for m in messages if m in CHANGED_ELSEWHERE]
        done = round_view(win.ctx.db, "OPEN", 1).results
        assert all(done[t] == "1-0" for t in tables)
        # and a real other station's change is still shown
        other = open_tournament(win.ctx.db.path)
        try:
            clear_result(other, "OPEN", 1, tables[0], operator="记录台")
        finally:
            other.close()
        qtbot.waitUntil(lambda: any(m in CHANGED_ELSEWHERE for m in messages), timeout=3000)
        qtbot.waitUntil(lambda: results.view.results[tables[0]] is None, timeout=3000)
    finally:
        win.ctx.close()
