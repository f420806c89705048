"""The result line in the window, over a real final: a table number is never taken for a
result key, and Ctrl+Z undoes the result even while the line has the focus (issue 11, case 8)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from app.domain import Result
from app.services.rounds import pair_next, round_view
from tests.ui.conftest import wait_idle

R = Result


def _results(window, qtbot):  # noqa: ANN001, ANN202
    window.show_view("results")
    results = window.results
    wait_idle(window, qtbot)  # the round is read in a worker
    window.activateWindow()
    results.focus_entry()
    qtbot.waitUntil(lambda: results.entry.hasFocus(), timeout=3000)
    return results


def _type(qtbot, widget, text: str) -> None:  # noqa: ANN001
    if text.isascii():
        qtbot.keyClicks(widget, text)
    else:  # QTest types ASCII only; an input method inserts the rest
        widget.insert(text)
    qtbot.keyClick(widget, Qt.Key.Key_Return)


def test_a_bare_number_selects_the_table_and_records_nothing(window, qtbot) -> None:  # noqa: ANN001
    results = _results(window, qtbot)
    assert results.view.number == 2
    before = dict(round_view(window.ctx.db, "OPEN", 2).results)
    _type(qtbot, results.entry, "11")
    assert round_view(window.ctx.db, "OPEN", 2).results == before
    assert results.selected_table() == 11
    assert results.entry.text() == "11 "  # ready for the key
    assert "11" in results.feedback.text()
    results.entry.clear()
    _type(qtbot, results.entry, "7")
    assert results.selected_table() == 7
    assert results.entry.text() == "7 "
    assert window.ctx.undo_stack.count() == 0
    # the key completes the table number that is waiting in the field
    new = R.SECOND_WINS if before[7] != "0-1" else R.FIRST_WINS
    qtbot.keyClicks(results.entry, new.key)
    qtbot.keyClick(results.entry, Qt.Key.Key_Return)
    assert round_view(window.ctx.db, "OPEN", 2).results[7] == before[7]  # asks first
    qtbot.keyClick(results.entry, Qt.Key.Key_Return)  # table 7 has a result: Enter again
    wait_idle(window, qtbot)  # a result is saved in the write queue
    assert round_view(window.ctx.db, "OPEN", 2).results[7] == new


def test_forty_is_not_table_four_lost(window, qtbot) -> None:  # noqa: ANN001
    results = _results(window, qtbot)
    before = dict(round_view(window.ctx.db, "OPEN", 2).results)
    assert len(before) == 20
    _type(qtbot, results.entry, "40")
    assert round_view(window.ctx.db, "OPEN", 2).results == before
    assert "40" in results.feedback.text()
    assert window.ctx.undo_stack.count() == 0
    for text in ("121", "11", "121-0"):
        results.entry.clear()
        _type(qtbot, results.entry, text)
        assert round_view(window.ctx.db, "OPEN", 2).results == before, text
    assert window.ctx.undo_stack.count() == 0


def test_ctrl_z_in_the_entry_undoes_the_result(window, qtbot) -> None:  # noqa: ANN001
    pair_next(window.ctx.db, "OPEN")
    window.ctx.notify("rounds")
    results = _results(window, qtbot)
    assert results.view.number == 3
    _type(qtbot, results.entry, "3 1")
    wait_idle(window, qtbot)  # a result is saved in the write queue
    assert round_view(window.ctx.db, "OPEN", 3).results[3] == "1-0"
    assert results.entry.hasFocus()
    qtbot.keyClick(results.entry, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    wait_idle(window, qtbot)  # undo and redo save in the write queue
    assert round_view(window.ctx.db, "OPEN", 3).results[3] is None
    assert results.model.row(results.model.row_for_table(3)).result is None
    qtbot.keyClick(results.entry, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    wait_idle(window, qtbot)  # undo and redo save in the write queue
    assert round_view(window.ctx.db, "OPEN", 3).results[3] == "1-0"
    qtbot.keyClick(results.entry, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    wait_idle(window, qtbot)  # undo and redo save in the write queue
    assert round_view(window.ctx.db, "OPEN", 3).results[3] is None
    qtbot.keyClick(
        results.entry,
        Qt.Key.Key_Z,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    wait_idle(window, qtbot)  # undo and redo save in the write queue
    assert round_view(window.ctx.db, "OPEN", 3).results[3] == "1-0"
    # from the table too
    results.table.setFocus()
    qtbot.waitUntil(lambda: results.table.hasFocus(), timeout=3000)
    qtbot.keyClick(results.table, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    wait_idle(window, qtbot)  # undo and redo save in the write queue
    assert round_view(window.ctx.db, "OPEN", 3).results[3] is None
    qtbot.keyClick(results.table, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    wait_idle(window, qtbot)  # undo and redo save in the write queue
    assert round_view(window.ctx.db, "OPEN", 3).results[3] == "1-0"


def test_colon_and_chinese_results_from_the_keyboard(window, qtbot) -> None:  # noqa: ANN001
    pair_next(window.ctx.db, "OPEN")
    window.ctx.notify("rounds")
    results = _results(window, qtbot)
    for text in ("1 1:0", "2 白胜", "3 ½-½", "4+", "5 黑弃权", "６　０：１"):
        _type(qtbot, results.entry, text)
        assert results.entry.text() == "", results.feedback.text()
    wait_idle(window, qtbot)  # the six were typed one after the other, saved in that order
    got = round_view(window.ctx.db, "OPEN", 3).results
    assert [got[t] for t in (1, 2, 3, 4, 5, 6)] == ["1-0", "0-1", "=", "+-", "-+", "0-1"]


def test_help_text_is_readable(window, qtbot, tmp_path) -> None:  # noqa: ANN001
    from app.domain import RESULT_KEYS

    results = _results(window, qtbot)
    window.resize(1024, 768)
    qtbot.wait(50)
    help_text = results.help_text.text()
    import re

    segments = help_text.split("\n")[0].split(" · ")  # "…: 1 first wins · 0 second wins · …"
    segments[0] = re.split("[：:]", segments[0], maxsplit=1)[1]
    named = {segment.strip().split(" ")[0] for segment in segments}
    assert set(RESULT_KEYS) <= named, set(RESULT_KEYS) - named  # the core's keys, all named
    assert "12 1" in help_text and "Ctrl+Z" in help_text
    assert "12 1" in results.entry.placeholderText()
    # every line of help fits: the label is as tall as its wrapped text needs
    label = results.help_text
    assert label.height() >= label.heightForWidth(label.width())
    results.grab().save(str(tmp_path / "results.png"))
