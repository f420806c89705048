"""The pairing board shows each player's unit (单位) beside the name: same-unit avoidance is
a rule, so the arbiter editing a pairing must see who comes from where."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from app.services.rounds import round_view


def _headers(model) -> list[str]:  # noqa: ANN001
    return [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]


def test_each_name_on_the_board_has_its_unit_beside_it(window, settle, tmp_path: Path) -> None:  # noqa: ANN001
    window.resize(1280, 800)
    window.show_view("round")
    settle(window)
    board = window.round_board
    model = board.model
    assert board.view is not None and board.view.number == 2
    headers = _headers(model)
    assert "先手单位" in headers and "后手单位" in headers  # Gomoku's words
    first, second = model.column_of("first_unit"), model.column_of("second_unit")
    assert first == model.column_of("first_name") + 1
    assert second == model.column_of("second_name") + 1
    on_file = round_view(window.ctx.db, "OPEN", 2)
    assert any(on_file.units.values())
    for row, game in enumerate(on_file.games):
        assert model.data(model.index(row, first)) == (on_file.units[game.first] or "")
        if game.second is not None:
            assert model.data(model.index(row, second)) == (on_file.units[game.second] or "")
        else:
            assert model.data(model.index(row, second)) == ""
    assert not board.table.isColumnHidden(first)
    assert board.table.columnWidth(first) > 20  # sized to show the unit
    # a long unit is elided so the checker stays in view; its cell's tooltip has it whole
    longest = max(
        range(len(on_file.games)), key=lambda r: len(on_file.units[on_file.games[r].first] or "")
    )
    unit = on_file.units[on_file.games[longest].first]
    assert unit in model.data(model.index(longest, first), Qt.ItemDataRole.ToolTipRole)
    assert (
        board.table.columnViewportPosition(model.column_of("findings"))
        < board.table.viewport().width()
    )
    window.grab().save(str(tmp_path / "board-units.png"))


def test_go_heads_the_units_black_and_white(qtbot) -> None:  # noqa: ANN001
    from ui.main import make_app
    from ui.models.games import GamesModel

    make_app()  # the window's language (Chinese), whichever test ran before
    model = GamesModel()
    model.set_game("go")
    headers = _headers(model)
    assert "黑方单位" in headers and "白方单位" in headers
    assert headers.index("黑方单位") == model.column_of("first_name") + 1
