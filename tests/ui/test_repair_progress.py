"""Issue 30: 重新编排 shows the same progress as pairing the next round (读取棋手, 计算对阵,
保存) and ends with the round shown again, its manual edit replaced by the engine's pairing."""

from __future__ import annotations

from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtWidgets import QMessageBox

from app.services.rounds import round_view


def test_re_pairing_a_round_shows_its_progress_and_replaces_the_edit(
    window,
    qtbot,
    settle,
    monkeypatch,  # noqa: ANN001
) -> None:
    board = window.round_board
    window.show_view("round")
    qtbot.mouseClick(board.pair_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: board.view is not None and board.view.number == 3, timeout=30000)
    settle(window)
    engine = round_view(window.ctx.db, "OPEN", 3).games
    selection = board.table.selectionModel()
    for row, key in ((0, "first_name"), (2, "second_name")):
        index = board.model.index(row, board.model.column_of(key))
        selection.select(index, QItemSelectionModel.SelectionFlag.Select)
    board.table.setFocus()
    qtbot.keyClick(board.table, Qt.Key.Key_S)
    settle(window)
    assert round_view(window.ctx.db, "OPEN", 3).games != engine

    seen: list[str] = []
    board.pairing_progress.reported.connect(lambda _step: seen.append(board.status.text()))
    monkeypatch.setattr(QMessageBox, "question", lambda *_a, **_k: QMessageBox.StandardButton.Yes)
    board.repair_round()
    assert board.progress.isVisible()
    qtbot.waitUntil(lambda: not board.progress.isVisible(), timeout=30000)
    settle(window)
    assert seen and seen[0].endswith("第3轮：读取棋手…") and seen[-1].endswith("第3轮：保存…"), seen
    on_file = round_view(window.ctx.db, "OPEN", 3).games
    assert on_file == engine and board.view is not None and board.view.games == on_file
