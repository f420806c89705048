"""The projector never starves the window (issue 40 §1): a typed result changes nothing on
the projector's pairing list, so it reads nothing; changes that do touch it are read one at a
time (coalesced), and a pairing list is one load of the read model, never three."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from tests.finals import copy_of
from tests.ui.conftest import wait_idle


@pytest.fixture
def fresh_round(gomoku_demo_master: Path, tmp_path: Path) -> Path:
    """The 40-player final with round 3 paired and no result in it yet."""
    from app.services.rounds import pair_next
    from app.services.tournament import open_tournament

    path = copy_of(gomoku_demo_master, tmp_path / "projector.finals")
    db = open_tournament(path)
    try:
        pair_next(db, "OPEN", operator="编排")
    finally:
        db.close()
    return path


class Counter:
    """Counts the read model's builds (and display reads), and how many ran at once."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.calls = 0
        self.running = 0
        self.most = 0

    def wrap(self, fn):  # noqa: ANN001, ANN201
        def counted(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
            with self.lock:
                self.calls += 1
                self.running += 1
                self.most = max(self.most, self.running)
            try:
                return fn(*args, **kwargs)
            finally:
                with self.lock:
                    self.running -= 1

        return counted


@pytest.fixture
def projector(qtbot, fresh_round: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN001, ANN201
    import ui.context
    from ui.main import make_app
    from ui.main_window import MainWindow

    # the read model built ahead after a pause is not the projector's: not in this count
    monkeypatch.setattr(ui.context, "WARM_AFTER_MS", 10**7)
    make_app()
    window = MainWindow()
    window.ctx.open_documents = False
    window.ctx.watch_other_stations(False)
    qtbot.addWidget(window)
    assert window.open_file(fresh_round)
    window.show()
    window.show_view("results")
    wait_idle(window, qtbot)
    window.display_action.trigger()
    display = window.display
    assert display is not None and display.isVisible()
    qtbot.waitUntil(lambda: display.data is not None, timeout=30000)
    wait_idle(window, qtbot)
    yield window, display
    window.ctx.close()


def test_typed_results_read_nothing_for_the_projector(
    projector, qtbot, monkeypatch: pytest.MonkeyPatch
) -> None:  # noqa: ANN001
    import app.services.read_model as read_model

    window, display = projector
    builds = Counter()
    monkeypatch.setattr(read_model, "_build", builds.wrap(read_model._build))
    results = window.results
    assert results.view is not None and results.view.number == 3
    shown = [display.table.item(r, 1).text() for r in range(display.table.rowCount())]
    fills = display.fills
    tables = [t for t in sorted(results.view.results) if results.view.results[t] is None][:6]
    for table in tables:  # typed fast, as at the desk
        results.entry.setFocus()
        qtbot.keyClicks(results.entry, f"{table} 1")
        qtbot.keyClick(results.entry, Qt.Key.Key_Return)
    wait_idle(window, qtbot)
    assert all(results.view.results[t] == "1-0" for t in tables)
    # Six results, none of which completes the round: the pairing list is as it was, and
    # the read model was not built once for it.
    assert builds.calls == 0
    assert display.fills == fills
    assert [display.table.item(r, 1).text() for r in range(display.table.rowCount())] == shown


def test_changes_that_touch_the_projector_are_read_one_at_a_time(
    projector, qtbot, monkeypatch: pytest.MonkeyPatch
) -> None:  # noqa: ANN001
    import app.services.read_model as read_model
    import ui.display
    from ui import context as ctxmod

    window, display = projector
    builds = Counter()
    reads = Counter()
    monkeypatch.setattr(read_model, "_build", builds.wrap(read_model._build))
    monkeypatch.setattr(ui.display, "display_data", reads.wrap(ui.display.display_data))
    for _ in range(8):  # eight changes in a burst (another station, say): each touches it
        window.ctx.apply_change(ctxmod.ALL)
    qtbot.waitUntil(lambda: not window.ctx.runner.busy, timeout=30000)
    wait_idle(window, qtbot)
    assert reads.most == 1  # never two reads of the projector's lists at once
    assert reads.calls <= 2  # the first, and one more for every change that came meanwhile
    # The file did not change: the pairing list is one load of the read model at most (the
    # cached one), never one per list on screen.
    assert builds.calls <= 1


def test_a_pairing_list_is_one_load_of_the_read_model(
    projector, qtbot, monkeypatch: pytest.MonkeyPatch
) -> None:  # noqa: ANN001
    import app.services.read_model as read_model

    window, display = projector
    builds = Counter()
    monkeypatch.setattr(read_model, "_build", builds.wrap(read_model._build))
    # a change to the pairing (a table's colours exchanged) with the pairings on screen
    before = display.data.by_table.rows[0]
    window.show_view("round")
    wait_idle(window, qtbot)
    board = window.round_board
    qtbot.waitUntil(lambda: board.view is not None, timeout=30000)
    assert board.apply_edit("colours", board.view.games[0].table, label="colours")
    exchanged = (before[5], before[1])
    qtbot.waitUntil(
        lambda: (display.data.by_table.rows[0][1], display.data.by_table.rows[0][5]) == exchanged,
        timeout=30000,
    )  # the colours shown exchanged
    wait_idle(window, qtbot)
    # the round board reads its round (not the read model); the projector loads it once
    assert builds.calls == 1
    # the standings, shown with S, are read then
    qtbot.keyClick(display, Qt.Key.Key_S)
    qtbot.waitUntil(lambda: "第2轮后排名" in display.title.text(), timeout=30000)
    wait_idle(window, qtbot)
