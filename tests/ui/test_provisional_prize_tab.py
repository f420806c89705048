"""Issue 38 §5 in the window: the prize and grade tabs say which results they hold, as
`finals prizes` heads them: 临时（第N轮后） mid-event, 第N轮后（最终） once it is over."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from app.services.tournament import open_tournament, update_event_settings
from tests.ui.conftest import wait_idle


def _window(path: Path, qtbot):  # noqa: ANN001, ANN202
    from ui.main import make_app
    from ui.main_window import MainWindow

    make_app()
    win = MainWindow()
    win.ctx.open_documents = False
    qtbot.addWidget(win)
    assert win.open_file(path)
    win.show()
    wait_idle(win, qtbot)
    win.show_view("standings")
    wait_idle(win, qtbot)
    return win


def test_the_prize_tab_mid_event_is_headed_provisional(
    built_demo: Callable[..., Path], qtbot, tmp_path: Path
) -> None:  # noqa: ANN001
    path = tmp_path / "go.finals"
    built_demo(path, "hangzhou-go", players=40, seed=7, rounds=2)
    win = _window(path, qtbot)
    view = win.standings
    view.tabs.setCurrentWidget(view.prizes_page)
    wait_idle(win, qtbot)
    assert view.prizes_heading.text() == "临时（第2轮后）"
    assert view.prizes_model.rowCount() > 0
    view.after_combo.setCurrentIndex(view.after_combo.findData(1))  # after round 1
    wait_idle(win, qtbot)
    assert view.prizes_heading.text() == "临时（第1轮后）"
    view.tabs.setCurrentWidget(view.grades_page)
    wait_idle(win, qtbot)
    assert view.grades_heading.text() == "临时（第1轮后）"
    win.ctx.close()


def test_the_prize_tab_of_a_finished_final_says_final(
    built_demo: Callable[..., Path], qtbot, tmp_path: Path
) -> None:  # noqa: ANN001
    path = tmp_path / "go.finals"
    built_demo(path, "hangzhou-go", players=40, seed=7, rounds=2)
    db = open_tournament(path)
    try:
        for code in ("MEN", "YOUTH", "MPAIR", "WPAIR", "XPAIR", "PCPAIR"):
            update_event_settings(db, code, {"rounds_planned": 2})
    finally:
        db.close()
    win = _window(path, qtbot)
    view = win.standings
    view.tabs.setCurrentWidget(view.prizes_page)
    wait_idle(win, qtbot)
    assert view.prizes_heading.text() == "第2轮后（最终）"
    win.ctx.close()


def test_the_standings_explain_a_late_entrants_points(
    built_demo: Callable[..., Path], qtbot, tmp_path: Path
) -> None:  # noqa: ANN001
    from app.services.players import add_player

    path = tmp_path / "go.finals"
    built_demo(path, "hangzhou-go", players=40, seed=7, rounds=2)
    db = open_tournament(path)
    try:
        fields = {"name": "王磊", "gender": "M"}
        add_player(db, "MEN", fields, "测试", initial_points=1)
    finally:
        db.close()
    win = _window(path, qtbot)
    assert "41号王磊：迟到，第3轮加入，给1分" in win.standings.explanation.text()
    win.ctx.close()
