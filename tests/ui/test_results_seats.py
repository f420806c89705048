"""Issue 23 §2: a result typed at the window lands only on the players its row showed, and
typing over a result on file asks first.

A second writer is another program (another window, another station) on the same file: it
opens the file itself and calls the use case the round board calls, as another operator.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from app.services.audit import audit_log
from app.services.rounds import edit_round, pair_next, round_view
from app.services.tournament import open_tournament
from tests.ui.conftest import wait_idle


def _round_three(window, qtbot):  # noqa: ANN001, ANN202
    """Round 3 paired, no result yet, shown in the results view. The view is not refreshed
    behind the arbiter's back (no watching): what is typed over it is checked against the file."""
    window.ctx.watch_other_stations(False)
    pair_next(window.ctx.db, "OPEN")
    window.ctx.notify("rounds")
    window.show_view("results")
    results = window.results
    qtbot.waitUntil(lambda: results.view is not None and results.view.number == 3, timeout=5000)
    return results


def _other_window(path: Path, edit: str, *args: int) -> None:
    """Another window (or station) on the same file edits round 3 as operator 记录台."""
    other = open_tournament(path)
    try:
        edit_round(other, "OPEN", 3, edit, *args, operator="记录台")
    finally:
        other.close()


def _names(results, table: int) -> tuple[str, str]:  # noqa: ANN001
    row = results.model.row(results.model.row_for_table(table))
    return row.first_name, row.second_name


def _type(qtbot, results, text: str) -> None:  # noqa: ANN001
    results.entry.setText(text)
    qtbot.keyClick(results.entry, Qt.Key.Key_Return)
    wait_idle(results.window(), qtbot)  # a result is written in the window's write queue


@pytest.mark.parametrize("edit", ["swap", "colours"])
def test_a_result_is_refused_when_another_window_changed_the_table_s_players(
    window, qtbot, edit: str
) -> None:  # noqa: ANN001
    results = _round_three(window, qtbot)
    path = window.ctx.db.path
    seen = round_view(window.ctx.db, "OPEN", 3).games
    five = next(g for g in seen if g.table == 5)
    six = next(g for g in seen if g.table == 6)
    old_first, old_second = _names(results, 5)
    if edit == "swap":  # table 5's Black and table 6's Black change places
        _other_window(path, "swap", five.first, six.first)
    else:  # table 5's players change seats: Black plays White
        _other_window(path, "colours", 5)
    now = next(g for g in round_view(window.ctx.db, "OPEN", 3).games if g.table == 5)
    assert (now.first, now.second) != (five.first, five.second)
    assert _names(results, 5) == (old_first, old_second)  # the window still shows the old seats

    _type(qtbot, results, "5 1")

    assert round_view(window.ctx.db, "OPEN", 3).results[5] is None  # nothing written
    said = results.feedback.text()
    assert "#b00000" in results.feedback.styleSheet()
    assert "记录台" in said  # who changed it, from the audit log
    assert "对阵" in said and "未" in said  # what changed, and that nothing was recorded
    assert old_first in said  # what the desk saw ...
    new_first = round_view(window.ctx.db, "OPEN", 3).names[now.first]
    assert new_first in said  # ... and who sits there now
    assert not [e for e in audit_log(window.ctx.db) if e.target.startswith("OPEN 第3轮 第")]
    wait_idle(window, qtbot)  # the round is read again in a worker
    assert _names(results, 5)[0] == new_first  # the row shows the table as it is now
    assert results.selected_table() == 5
    # seen now: the arbiter types it again, and it lands on the players shown
    _type(qtbot, results, "5 1")
    assert round_view(window.ctx.db, "OPEN", 3).results[5] == "1-0"
    entry = next(e for e in audit_log(window.ctx.db) if e.action == "录入成绩")
    assert entry.target == "OPEN 第3轮 第5台" and entry.operator == "测试裁判"


def test_only_the_tables_whose_players_changed_are_refused(window, qtbot) -> None:  # noqa: ANN001
    """A table whose players did not change still takes its result: only the changed tables
    are refused."""
    results = _round_three(window, qtbot)
    seen = round_view(window.ctx.db, "OPEN", 3).games
    five = next(g for g in seen if g.table == 5)
    six = next(g for g in seen if g.table == 6)
    _other_window(window.ctx.db.path, "swap", five.first, six.first)
    _type(qtbot, results, "7 0")
    assert round_view(window.ctx.db, "OPEN", 3).results[7] == "0-1"
    wait_idle(window, qtbot)
    _type(qtbot, results, "6 0")
    assert round_view(window.ctx.db, "OPEN", 3).results[6] is None


def test_redo_does_not_put_the_result_on_players_who_moved_meanwhile(
    window, qtbot, monkeypatch
) -> None:  # noqa: ANN001
    """Ctrl+Z takes table 5's result back (the round has none now, so its pairing may be
    edited); another window swaps table 5's players; Ctrl+Y would put the result on them."""
    errors: list[str] = []
    monkeypatch.setattr("ui.commands.show_error", lambda _w, exc: errors.append(str(exc)))
    results = _round_three(window, qtbot)
    _type(qtbot, results, "5 1")
    assert round_view(window.ctx.db, "OPEN", 3).results[5] == "1-0"
    window.ctx.undo_stack.undo()
    wait_idle(window, qtbot)
    assert round_view(window.ctx.db, "OPEN", 3).results[5] is None
    seen = round_view(window.ctx.db, "OPEN", 3).games
    five = next(g for g in seen if g.table == 5)
    six = next(g for g in seen if g.table == 6)
    _other_window(window.ctx.db.path, "swap", five.first, six.first)
    window.ctx.undo_stack.redo()
    wait_idle(window, qtbot)
    assert round_view(window.ctx.db, "OPEN", 3).results[5] is None
    assert errors and "记录台" in errors[0] and "对阵" in errors[0]


def _complete_round_two(window, qtbot):  # noqa: ANN001, ANN202
    window.show_view("results")
    results = window.results
    wait_idle(window, qtbot)
    assert results.view.number == 2 and results.view.results[7] is not None
    window.activateWindow()
    results.focus_entry()
    qtbot.waitUntil(lambda: results.entry.hasFocus(), timeout=3000)
    return results


def _other_result(old: str) -> tuple[str, str]:
    """A key giving another result than `old`, and that result."""
    return ("0", "0-1") if old != "0-1" else ("1", "1-0")


def test_typing_over_a_result_asks_and_a_second_enter_replaces_it(window, qtbot) -> None:  # noqa: ANN001
    results = _complete_round_two(window, qtbot)
    old = round_view(window.ctx.db, "OPEN", 2).results[7]
    key, new = _other_result(old)
    qtbot.keyClicks(results.entry, f"7 {key}")
    qtbot.keyClick(results.entry, Qt.Key.Key_Return)
    assert round_view(window.ctx.db, "OPEN", 2).results[7] == old  # not yet
    asked = results.feedback.text()
    assert old in asked and "第7台" in asked and "回车" in asked and "Esc" in asked
    assert new in asked  # what it would become
    assert results.selected_table() == 7  # its row, with its players, is the one selected
    assert results.entry.text() == f"7 {key}"  # kept for the confirming Enter
    qtbot.keyClick(results.entry, Qt.Key.Key_Return)
    wait_idle(window, qtbot)  # written in the window's write queue
    assert round_view(window.ctx.db, "OPEN", 2).results[7] == new
    assert results.entry.text() == ""
    entry = audit_log(window.ctx.db, 1)[0]
    assert entry.action == "更正成绩" and entry.target == "OPEN 第2轮 第7台"
    assert entry.before["result"] == old and entry.after["result"] == new
    assert entry.operator == "测试裁判"
    # Ctrl+Z takes the correction back (audited too)
    qtbot.keyClick(results.entry, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    wait_idle(window, qtbot)
    assert round_view(window.ctx.db, "OPEN", 2).results[7] == old


def test_y_confirms_and_esc_cancels_a_replacement(window, qtbot) -> None:  # noqa: ANN001
    results = _complete_round_two(window, qtbot)
    before = dict(round_view(window.ctx.db, "OPEN", 2).results)
    key, new = _other_result(before[8])
    qtbot.keyClicks(results.entry, f"8 {key}")
    qtbot.keyClick(results.entry, Qt.Key.Key_Return)
    qtbot.keyClick(results.entry, Qt.Key.Key_Escape)
    assert round_view(window.ctx.db, "OPEN", 2).results == before
    assert results.entry.text() == ""
    assert "#b00000" not in results.feedback.styleSheet()  # "not changed", calmly
    # the cancelled question is gone: a new line asks again, Enter alone does not confirm
    qtbot.keyClicks(results.entry, f"8 {key}")
    qtbot.keyClick(results.entry, Qt.Key.Key_Return)
    assert round_view(window.ctx.db, "OPEN", 2).results == before
    qtbot.keyClick(results.entry, Qt.Key.Key_Y)
    wait_idle(window, qtbot)
    assert round_view(window.ctx.db, "OPEN", 2).results[8] == new
    assert results.entry.text() == ""
    # editing the line after the question withdraws it: Enter then asks about the new line
    key9, _new9 = _other_result(before[9])
    qtbot.keyClicks(results.entry, f"9 {key9}")
    qtbot.keyClick(results.entry, Qt.Key.Key_Return)
    qtbot.keyClick(results.entry, Qt.Key.Key_Backspace)
    qtbot.keyClicks(results.entry, key9)
    qtbot.keyClick(results.entry, Qt.Key.Key_Return)
    assert round_view(window.ctx.db, "OPEN", 2).results[9] == before[9]


def test_the_same_result_again_asks_nothing(window, qtbot) -> None:  # noqa: ANN001
    results = _complete_round_two(window, qtbot)
    old = round_view(window.ctx.db, "OPEN", 2).results[7]
    key = {"1-0": "1", "0-1": "0", "=": "="}.get(old)
    assert key is not None, f"the demo's table 7 holds a result, not {old}"
    qtbot.keyClicks(results.entry, f"7 {key}")
    qtbot.keyClick(results.entry, Qt.Key.Key_Return)
    assert results.entry.text() == ""
    assert round_view(window.ctx.db, "OPEN", 2).results[7] == old
