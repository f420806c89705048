"""Issue 23 §4: on the pairing board Ctrl+Z undoes a manual edit and Ctrl+Y redoes it, as
the window's help says (and Ctrl+Shift+Z too), whatever the platform's own redo key is."""

from __future__ import annotations

from PySide6.QtCore import QItemSelectionModel, Qt

from app.services.rounds import round_view


def _games(window):  # noqa: ANN001, ANN202
    return round_view(window.ctx.db, "OPEN", 3).games


def test_ctrl_y_redoes_a_pairing_edit_on_the_board(window, qtbot, settle) -> None:  # noqa: ANN001
    board = window.round_board
    window.show_view("round")
    qtbot.mouseClick(board.pair_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: board.view is not None and board.view.number == 3, timeout=30000)
    settle(window)
    before = _games(window)
    selection = board.table.selectionModel()
    for row, key in ((0, "first_name"), (2, "second_name")):
        index = board.model.index(row, board.model.column_of(key))
        selection.select(index, QItemSelectionModel.SelectionFlag.Select)
    board.table.setFocus()
    qtbot.keyClick(board.table, Qt.Key.Key_S)
    settle(window)
    swapped = _games(window)
    assert swapped != before

    for undo, redo in (
        (Qt.Key.Key_Z, (Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)),
        (
            Qt.Key.Key_Z,
            (Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier),
        ),
    ):
        qtbot.keyClick(board.table, undo, Qt.KeyboardModifier.ControlModifier)
        settle(window)
        assert _games(window) == before
        qtbot.keyClick(board.table, redo[0], redo[1])
        settle(window)
        assert _games(window) == swapped, "redo on the pairing board"
        assert board.view.games == swapped
