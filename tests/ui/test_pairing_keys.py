"""The keyboard route for pairing edits: select two players or two tables, one key."""

from __future__ import annotations

from PySide6.QtCore import QItemSelectionModel, Qt

from app.services.rounds import round_view


def _pair_round_three(window, qtbot, settle) -> None:  # noqa: ANN001
    board = window.round_board
    window.show_view("round")
    qtbot.mouseClick(board.pair_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: board.view is not None and board.view.number == 3, timeout=30000)
    settle(window)


def _select(board, *cells: tuple[int, str]) -> None:  # noqa: ANN001
    selection = board.table.selectionModel()
    selection.clearSelection()
    for row, key in cells:
        index = board.model.index(row, board.model.column_of(key))
        selection.select(index, QItemSelectionModel.SelectionFlag.Select)
    board.table.setFocus()


def _games(window):  # noqa: ANN001, ANN202
    return round_view(window.ctx.db, "OPEN", 3).games


def test_s_swaps_two_selected_players_and_undo_puts_them_back(window, qtbot, settle) -> None:  # noqa: ANN001
    _pair_round_three(window, qtbot, settle)
    board = window.round_board
    before = _games(window)
    _select(board, (0, "first_name"), (2, "second_name"))
    a, b = before[0].first, before[2].second
    assert board.picked_players() == [a, b]
    qtbot.keyClick(board.table, Qt.Key.Key_S)
    settle(window)
    after = _games(window)
    assert (after[0].first, after[2].second) == (b, a)
    assert board.view.games == after
    assert window.ctx.undo_stack.canUndo()
    window.ctx.undo_stack.undo()
    settle(window)
    assert _games(window) == before


def test_s_on_two_tables_exchanges_them(window, qtbot, settle) -> None:  # noqa: ANN001
    _pair_round_three(window, qtbot, settle)
    board = window.round_board
    before = {g.table: (g.first, g.second) for g in _games(window)}
    _select(board, (1, "table"), (4, "table"))
    assert board.picked_players() == []
    qtbot.keyClick(board.table, Qt.Key.Key_S)
    settle(window)
    after = {g.table: (g.first, g.second) for g in _games(window)}
    assert after[2] == before[5] and after[5] == before[2]
    assert after[1] == before[1]


def test_c_exchanges_colours_on_the_selected_table(window, qtbot, settle) -> None:  # noqa: ANN001
    _pair_round_three(window, qtbot, settle)
    board = window.round_board
    before = _games(window)
    _select(board, (3, "first_name"))
    qtbot.keyClick(board.table, Qt.Key.Key_C)
    settle(window)
    after = _games(window)
    assert (after[3].first, after[3].second) == (before[3].second, before[3].first)
    window.ctx.undo_stack.undo()
    settle(window)
    assert _games(window) == before


def test_a_wrong_pick_is_said_and_changes_nothing(window, qtbot, settle) -> None:  # noqa: ANN001
    _pair_round_three(window, qtbot, settle)
    board = window.round_board
    before = _games(window)
    said: list[str] = []
    window.ctx.message.connect(said.append)
    _select(board, (0, "first_name"))
    qtbot.keyClick(board.table, Qt.Key.Key_S)
    _select(board, (0, "first_name"), (1, "first_name"), (2, "first_name"))
    qtbot.keyClick(board.table, Qt.Key.Key_A)
    settle(window)
    assert len(said) == 2 and all(text for text in said)
    assert _games(window) == before


def test_keys_are_refused_on_a_round_with_results(window, qtbot, settle) -> None:  # noqa: ANN001
    board = window.round_board
    window.show_view("round")
    settle(window)
    assert board.view is not None and board.view.number == 2
    before = round_view(window.ctx.db, "OPEN", 2).games
    shown: list[str] = []
    import ui.views.round_board as rb

    original = rb.show_error
    rb.show_error = lambda _w, exc: shown.append(str(exc))
    try:
        _select(board, (0, "first_name"), (1, "first_name"))
        qtbot.keyClick(board.table, Qt.Key.Key_S)
        settle(window)
    finally:
        rb.show_error = original
    assert shown and "已有成绩" in shown[0]  # the same check as the menu's
    assert round_view(window.ctx.db, "OPEN", 2).games == before
