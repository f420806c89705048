"""The window never overwrites unseen a result that another writer stored meanwhile:
typing over a table, undo and redo all check that the table still holds what the
arbiter saw (issue 11, case 6)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from app.services.results import record_result
from app.services.rounds import pair_next, round_view
from app.services.tournament import open_tournament
from tests.ui.conftest import wait_idle


def _open_round(window, qtbot):  # noqa: ANN001, ANN202
    # The view stays as it was when the other station writes (no watching for its changes):
    # what is typed over it is checked against the file (tests/ui/test_stations.py watches).
    window.ctx.watch_other_stations(False)
    pair_next(window.ctx.db, "OPEN")
    window.ctx.notify("rounds")
    window.show_view("results")
    results = window.results
    qtbot.waitUntil(lambda: results.view is not None and results.view.number == 3, timeout=5000)
    return results


def _another_station(window, table: int, result: str) -> None:  # noqa: ANN001
    other = open_tournament(window.ctx.db.path)
    try:
        record_result(other, "OPEN", 3, table, result, operator="记录台")
    finally:
        other.close()


def test_typing_over_a_result_that_arrived_meanwhile_is_refused(window, qtbot) -> None:  # noqa: ANN001
    results = _open_round(window, qtbot)
    assert results.view.results[5] is None
    _another_station(window, 5, "1-0")
    results.entry.setText("5 0")
    qtbot.keyClick(results.entry, Qt.Key.Key_Return)
    wait_idle(window, qtbot)  # refused by the write queue; the round is read again in a worker
    assert round_view(window.ctx.db, "OPEN", 3).results[5] == "1-0"
    assert "改为 1-0" in results.feedback.text()
    assert window.ctx.undo_stack.count() == 0  # the refused result left no step to undo
    assert results.view.results[5] == "1-0"  # the view now shows what is on file
    results.entry.setText("5 0")  # seen now: a deliberate correction goes through ...
    qtbot.keyClick(results.entry, Qt.Key.Key_Return)
    assert round_view(window.ctx.db, "OPEN", 3).results[5] == "1-0"
    qtbot.keyClick(results.entry, Qt.Key.Key_Return)  # ... asked, and confirmed
    wait_idle(window, qtbot)  # a result is saved in the write queue
    assert round_view(window.ctx.db, "OPEN", 3).results[5] == "0-1"


def test_undo_does_not_clear_a_result_changed_by_someone_else(window, qtbot, monkeypatch) -> None:  # noqa: ANN001
    errors: list[str] = []
    monkeypatch.setattr("ui.commands.show_error", lambda _w, exc: errors.append(str(exc)))
    results = _open_round(window, qtbot)
    results.entry.setText("6 1")
    qtbot.keyClick(results.entry, Qt.Key.Key_Return)
    wait_idle(window, qtbot)  # a result is saved in the write queue
    assert round_view(window.ctx.db, "OPEN", 3).results[6] == "1-0"
    _another_station(window, 6, "=")
    window.ctx.undo_stack.undo()
    wait_idle(window, qtbot)  # undo saves in the write queue
    assert round_view(window.ctx.db, "OPEN", 3).results[6] == "="
    assert errors and "改为 =" in errors[0]
