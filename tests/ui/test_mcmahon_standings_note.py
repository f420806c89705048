"""Issue 18 in the window: a McMahon grade that becomes unreadable after a round is paired
does not hide the round (its results must be entered), and the standings say so under the
rules line (the players, the fix, what is counted meanwhile), as `finals standings` and the
printed standings do."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from app.services.rounds import pair_next
from app.services.tournament import open_tournament, update_event_settings
from tests.ui.conftest import wait_idle


def test_the_standings_view_names_an_unreadable_grade(
    built_demo: Callable[..., Path], qtbot, tmp_path: Path
) -> None:  # noqa: ANN001
    from app.services.players import edit_player
    from ui.main import make_app
    from ui.main_window import MainWindow

    path = tmp_path / "go.finals"
    built_demo(path, "hangzhou-go", players=12, seed=5, rounds=0)
    db = open_tournament(path)
    try:
        update_event_settings(db, "MEN", {"pairing.system": "mcmahon"})
        pair_next(db, "MEN")
        edit_player(db, "MEN", "3", {"grade": "5断"})  # a typo after round 1 was paired
    finally:
        db.close()
    make_app()
    win = MainWindow()
    win.ctx.open_documents = False
    qtbot.addWidget(win)
    assert win.open_file(path)
    win.show()
    wait_idle(win, qtbot)
    # The round is shown (no refusal: its results must be entered), then the standings.
    win.show_view("round")
    wait_idle(win, qtbot)
    assert win.round_board.model.rowCount() == 6
    win.show_view("standings")
    wait_idle(win, qtbot)
    shown = win.standings.explanation.text()
    # which results it holds (round 1 is paired, not played), the rules line, then the note
    assert shown.splitlines()[0] == "开赛前（第1轮进行中）"
    assert shown.splitlines()[1].startswith("第0轮后排名")
    assert "注意：" in shown and "3号" in shown and "段位“5断”" in shown
    assert "--grade 5级" in shown and "可能不准" in shown
    win.ctx.close()
