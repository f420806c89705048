"""Issue 13, clause 8 in the window: a draw typed for a Go table (komi 3又3/4子) is refused
with the service's message, in red, nothing recorded and nothing to undo; correcting an
older round into a draw does not ask "correct anyway?" first."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from app.services.rounds import pair_next, round_view
from app.services.tournament import open_tournament
from tests.finals import demo_copy
from tests.ui.conftest import wait_idle


@pytest.fixture(scope="module")
def go_master(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("go-demo") / "go.finals"
    demo_copy(demo_master("hangzhou-go", players=40, seed=7, rounds=2), path)
    db = open_tournament(path)
    try:
        pair_next(db, "MEN")  # round 3: open tables
    finally:
        db.close()
    return path


@pytest.fixture
def go_window(qtbot, go_master: Path, tmp_path: Path, monkeypatch):  # noqa: ANN001, ANN201
    from ui.main import make_app
    from ui.main_window import MainWindow

    target = tmp_path / "go.finals"
    db = open_tournament(go_master)
    try:
        db.backup_to(target)
    finally:
        db.close()
    asked: list[str] = []
    monkeypatch.setattr(
        QMessageBox,
        "question",
        lambda *a, **k: asked.append(a[2]) or QMessageBox.StandardButton.Yes,
    )
    make_app()
    win = MainWindow()
    win.ctx.open_documents = False
    qtbot.addWidget(win)
    assert win.open_file(target)
    win.show()
    wait_idle(win, qtbot)
    win.asked = asked
    yield win
    win.ctx.close()


def _enter(win, qtbot, text: str):  # noqa: ANN001, ANN202
    win.show_view("results")
    results = win.results
    results.entry.clear()
    qtbot.keyClicks(results.entry, text)
    qtbot.keyClick(results.entry, Qt.Key.Key_Return)
    wait_idle(win, qtbot)  # a result is written in the window's write queue
    return results


def test_a_typed_draw_is_refused_with_the_reason(go_window, qtbot, monkeypatch) -> None:  # noqa: ANN001
    asked: list[str] = []
    monkeypatch.setattr(
        go_window.results, "ask_allow_draws", lambda text, table: asked.append(text) or False
    )
    results = _enter(go_window, qtbot, "3 =")
    assert results.view.event == "MEN" and results.view.number == 3
    assert len(asked) == 1 and "三劫循环" in asked[0]  # the arbiter may rule a draw: asked
    shown = results.feedback.text()
    assert "和棋" in shown and "3又3/4子" in shown and "允许和棋" in shown
    assert "--" not in shown and "finals " not in shown  # the window's way, no command
    assert "#b00000" in results.feedback.styleSheet()  # an error, in red
    assert round_view(go_window.ctx.db, "MEN", 3).results[3] is None
    assert go_window.ctx.undo_stack.count() == 0
    assert results.entry.text() == "3 ="  # left as typed, to be corrected
    results = _enter(go_window, qtbot, "3 1")  # a win goes through
    assert round_view(go_window.ctx.db, "MEN", 3).results[3] == "1-0"


def test_a_draw_for_an_older_round_is_refused_without_asking(go_window, qtbot, monkeypatch) -> None:  # noqa: ANN001
    monkeypatch.setattr(go_window.results, "ask_allow_draws", lambda text, table: False)
    go_window.show_view("results")
    results = go_window.results
    results.round_combo.setCurrentIndex(results.round_combo.findData(1))
    wait_idle(go_window, qtbot)
    assert results.view.number == 1
    before = round_view(go_window.ctx.db, "MEN", 1).results[2]
    assert before is not None
    results.entry.setText("2 和")  # typed through an input method
    qtbot.keyClick(results.entry, Qt.Key.Key_Return)
    wait_idle(go_window, qtbot)
    assert go_window.asked == []  # no "correct anyway?" for a result that cannot be
    assert "和棋" in results.feedback.text()
    assert round_view(go_window.ctx.db, "MEN", 1).results[2] == before


def test_the_arbiter_allows_a_draw_by_triple_ko_from_the_window(go_window, qtbot) -> None:  # noqa: ANN001
    """Issue 23 §4: the window's own way to a draw in Go — asked, then the setting 和棋 is
    "allowed" (audited) and the draw is recorded, with undo; the help line says so."""
    from app.services.audit import audit_log
    from app.services.tournament import tournament_settings

    results = _enter(go_window, qtbot, "3 =")
    assert len(go_window.asked) == 1 and "三劫循环" in go_window.asked[0]
    assert round_view(go_window.ctx.db, "MEN", 3).results[3] == "="
    assert tournament_settings(go_window.ctx.db).draws == "allowed"
    assert any(e.action == "修改比赛信息" for e in audit_log(go_window.ctx.db)[:3])
    assert "3又3/4子" not in results.help_text.text()  # draws are taken now
    assert go_window.ctx.undo_stack.count() == 1
    wait_idle(go_window, qtbot)
    results = _enter(go_window, qtbot, "4 =")  # the next one: no question
    assert len(go_window.asked) == 1
    assert round_view(go_window.ctx.db, "MEN", 3).results[4] == "="


def test_draws_are_allowed_in_the_settings_dialog(go_window, qtbot) -> None:  # noqa: ANN001
    from PySide6.QtWidgets import QDialog

    from app.services.tournament import tournament_settings
    from ui.dialogs.settings import SettingsDialog

    dialog = SettingsDialog(go_window.ctx.db, go_window.ctx.events, "MEN", "测试裁判", go_window)
    qtbot.addWidget(dialog)
    tab = dialog.tournament
    assert tab.draws.currentData() == "auto"
    tab.draws.setCurrentIndex(tab.draws.findData("allowed"))
    dialog.tabs.setCurrentWidget(tab)
    dialog.resize(1000, 760)
    dialog.grab().save("/tmp/shots/settings_draws.png")
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted, dialog.error.text()
    assert tournament_settings(go_window.ctx.db).draws == "allowed"


def test_the_help_line_says_a_go_final_takes_no_draws(
    built_demo: Callable[..., Path], qtbot, tmp_path
) -> None:  # noqa: ANN001
    """The keys' help names why "=" is refused in this final; a Gomoku final says nothing."""
    from ui.main import make_app
    from ui.main_window import MainWindow

    for preset, refused in (("hangzhou-go", True), ("shaoxing-gomoku-2022", False)):
        path = tmp_path / f"{preset}.finals"
        built_demo(path, preset, players=16, seed=3, rounds=1)
        make_app()
        window = MainWindow()
        window.ctx.open_documents = False
        qtbot.addWidget(window)
        assert window.open_file(path)
        wait_idle(window, qtbot)  # the final's draw setting is read in a worker
        text = window.results.help_text.text()
        assert ("不记和棋" in text or "No draws" in text) is refused, (preset, text)
        if refused:
            assert "3又3/4子" in text
        window.ctx.close()


def test_a_final_without_draws_does_not_offer_the_draw_key(
    built_demo: Callable[..., Path], qtbot, tmp_path
) -> None:  # noqa: ANN001
    """Issue 40 §4: the keys' help and the line's placeholder offer "=" only in a final that
    takes draws."""
    from ui.main import make_app
    from ui.main_window import MainWindow

    for preset, draws in (("hangzhou-go", False), ("shaoxing-gomoku-2022", True)):
        path = tmp_path / f"{preset}.finals"
        built_demo(path, preset, players=16, seed=3, rounds=1)
        make_app()
        window = MainWindow()
        window.ctx.open_documents = False
        qtbot.addWidget(window)
        assert window.open_file(path)
        wait_idle(window, qtbot)
        keys = window.results.help_text.text().split("\n")[0]
        placeholder = window.results.entry.placeholderText()
        assert ("= " in keys) is draws, (preset, keys)
        assert ("12 =" in placeholder) is draws, (preset, placeholder)
        window.ctx.close()
