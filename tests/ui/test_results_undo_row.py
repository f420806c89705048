"""Ctrl+Z / Ctrl+Y in the results line change one row, not the round (issue 40 §2): the
round is not read again, and the next result is taken at once (it used to be refused with
"the round is being read again" for as long as the reread took)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from app.services.rounds import round_view
from tests.ui.conftest import wait_idle
from tests.ui.test_waiting_writer import _round_three, _type


def test_undo_and_redo_of_a_result_update_its_row_only(window, qtbot, monkeypatch) -> None:  # noqa: ANN001
    import ui.readers

    results = _round_three(window, qtbot)
    _type(qtbot, results, "2 1")
    wait_idle(window, qtbot)
    reads: list[tuple[str, int]] = []
    real = ui.readers.round_of

    def counted(db, event, number):  # noqa: ANN001, ANN202
        reads.append((event, number))
        return real(db, event, number)

    monkeypatch.setattr(ui.readers, "round_of", counted)
    row = results.model.row_for_table(2)
    results.entry.setFocus()
    qtbot.keyClick(results.entry, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert not results._loading  # the line takes the next result at once
    wait_idle(window, qtbot)
    assert results.model.row(row).result is None
    assert round_view(window.ctx.db, "OPEN", 3).results[2] is None
    qtbot.keyClick(results.entry, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    _type(qtbot, results, "3 0")  # typed right after the redo: taken, not refused
    assert results.entry.text() == ""
    wait_idle(window, qtbot)
    assert results.model.row(row).result == "1-0"
    assert round_view(window.ctx.db, "OPEN", 3).results[2] == "1-0"
    assert round_view(window.ctx.db, "OPEN", 3).results[3] == "0-1"
    assert reads == []  # not one reread of the round
