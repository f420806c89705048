"""Name columns fit the longest name of the event (issue 40 §4): the lists were sized from
their first rows, and a four-character name further down was cut ("东方…", "诸葛…")."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.ui.conftest import wait_idle

LONG = "欧阳诸葛明"


def test_the_longest_name_far_down_the_list_is_not_cut(
    built_demo: Callable[..., Path], qtbot, tmp_path: Path
) -> None:  # noqa: ANN001
    from app.services.players import edit_player
    from app.services.rounds import round_view
    from app.services.tournament import open_tournament
    from ui.main import make_app
    from ui.main_window import MainWindow

    path = tmp_path / "go.finals"
    built_demo(path, "hangzhou-go", players=160, seed=3, rounds=1)
    db = open_tournament(path)
    try:
        last = max(round_view(db, "MEN", 1).games, key=lambda g: g.table)
        seed = round_view(db, "MEN", 1).seeds[last.first]
        edit_player(db, "MEN", str(seed), {"name": LONG}, "测试裁判")
    finally:
        db.close()
    make_app()
    window = MainWindow()
    window.ctx.open_documents = False
    qtbot.addWidget(window)
    assert window.open_file(path)
    window.ctx.set_event("MEN")
    window.show()
    try:
        for name in ("results", "round"):
            window.show_view(name)
            wait_idle(window, qtbot)
            view = window.results if name == "results" else window.round_board
            assert view.model.rowCount() > 60  # more rows than the list measures
            column = view.model.column_of("first_name")
            needed = view.table.fontMetrics().horizontalAdvance(LONG)
            assert view.table.columnWidth(column) >= needed + 8, name
    finally:
        window.ctx.close()
