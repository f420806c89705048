"""The window over a real demo final: pair in the worker, type results, edit, standings."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from app.services.results import record_result, round_status
from app.services.rounds import round_view
from app.services.tournament import event_settings, list_events


def _pair_round_three(window, qtbot) -> None:  # noqa: ANN001
    board = window.round_board
    window.show_view("round")
    assert window.ctx.event_code == "OPEN"
    qtbot.mouseClick(board.pair_button, Qt.MouseButton.LeftButton)
    assert board.progress.isVisible()  # the window keeps running while the worker pairs
    qtbot.waitUntil(lambda: not window.ctx.runner.busy, timeout=30000)
    qtbot.waitUntil(lambda: board.view is not None and board.view.number == 3, timeout=5000)


def test_opens_demo_and_lists_players(window) -> None:  # noqa: ANN001
    assert window.stack.currentWidget() is window.file_page and window.tabs.isVisible()
    assert window.players.model.rowCount() >= 56
    from ui.models.base import ROW_ROLE
    from ui.search import search_keys

    name = window.players.model.row(0).name
    window.players.search.setText(search_keys(name)[1])  # initials, e.g. zs for 张三
    proxy = window.players.proxy
    shown = proxy.rowCount()
    assert name in [proxy.data(proxy.index(r, 0), ROW_ROLE).name for r in range(shown)]
    assert 0 < shown < window.players.model.rowCount()
    assert (
        window.players.count.text().startswith(f"显示 {shown} /")
        or str(shown) in window.players.count.text()
    )
    assert window.event_combo.count() == 4


def test_pair_next_round_in_worker(window, qtbot) -> None:  # noqa: ANN001
    _pair_round_three(window, qtbot)
    events = {e.code: e for e in list_events(window.ctx.db)}
    assert events["OPEN"].rounds_paired == 3
    board = window.round_board
    assert board.model.rowCount() == 20
    assert board.report.toPlainText().startswith("第3轮")
    assert board.round_combo.currentData() == 3


def test_results_by_keyboard_reach_the_service(window, qtbot, settle) -> None:  # noqa: ANN001
    _pair_round_three(window, qtbot)
    window.show_view("results")
    results = window.results
    settle(window)
    assert results.view.number == 3
    entry = results.entry
    qtbot.keyClicks(entry, "1 1")
    qtbot.keyClick(entry, Qt.Key.Key_Return)
    qtbot.keyClicks(entry, "2 0")
    qtbot.keyClick(entry, Qt.Key.Key_Enter)
    qtbot.keyClicks(entry, "3=")
    qtbot.keyClick(entry, Qt.Key.Key_Return)
    settle(window)  # the three are saved in the write queue, in the order typed
    view = round_view(window.ctx.db, "OPEN", 3)
    assert (view.results[1], view.results[2], view.results[3]) == ("1-0", "0-1", "=")
    # the row shows it at once, the entry is ready for the next table, which is selected
    assert results.model.row(0).result == "1-0"
    assert entry.text() == ""
    assert results.selected_table() == 4
    # a key alone records the selected table
    qtbot.keyClicks(entry, "1")
    qtbot.keyClick(entry, Qt.Key.Key_Return)
    settle(window)
    assert round_view(window.ctx.db, "OPEN", 3).results[4] == "1-0"
    status = round_status(window.ctx.db, "OPEN", 3)
    assert status.done == 4 and not status.complete
    assert results.progress.value() == 4
    # a first entry typed by mistake is undone: the table is open again (audited)
    window.ctx.undo_stack.undo()
    settle(window)
    assert round_view(window.ctx.db, "OPEN", 3).results[4] is None
    assert round_status(window.ctx.db, "OPEN", 3).done == 3


def test_correction_after_next_round_asks_and_is_undoable(
    window, qtbot, monkeypatch, settle
) -> None:  # noqa: ANN001
    from PySide6.QtWidgets import QMessageBox

    _pair_round_three(window, qtbot)
    window.show_view("results")
    results = window.results
    results.round_combo.setCurrentIndex(results.round_combo.findData(2))
    settle(window)
    assert results.view.number == 2
    old = results.view.results[1]
    new = "0-1" if old != "0-1" else "1-0"
    asked: list[str] = []

    def yes(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        asked.append(args[2])
        return QMessageBox.StandardButton.Yes

    monkeypatch.setattr(QMessageBox, "question", yes)
    qtbot.keyClicks(results.entry, f"1 {'0' if new == '0-1' else '1'}")
    qtbot.keyClick(results.entry, Qt.Key.Key_Return)
    settle(window)  # the file refuses it unforced, the window asks, then saves it forced
    assert asked, "a correction after the next round is paired must be confirmed"
    assert round_view(window.ctx.db, "OPEN", 2).results[1] == new
    window.ctx.undo_stack.undo()
    settle(window)
    assert round_view(window.ctx.db, "OPEN", 2).results[1] == old


def test_manual_swap_creating_a_rematch_is_flagged_and_undone(window, qtbot, settle) -> None:  # noqa: ANN001
    _pair_round_three(window, qtbot)
    db = window.ctx.db
    view = round_view(db, "OPEN", 3)
    board = window.round_board
    assert not view.findings
    earlier = round_view(db, "OPEN", 1)
    table_of = {p: g for g in view.games for p in (g.first, g.second) if p is not None}
    # A met B in round 1; put B opposite A in round 3 by swapping B with A's opponent C.
    for game in earlier.games:
        a, b = game.first, game.second
        if b is None or table_of.get(a) is None or table_of.get(b) is None:
            continue
        current = table_of[a]
        c = current.second if current.first == a else current.first
        if c is not None and c != b and table_of[b] is not current:
            break
    assert board.apply_edit("swap", c, b, label="swap")  # saved in the write queue
    assert window.saving.isVisible() and not board.pair_button.isEnabled()  # busy, said
    settle(window)
    after = board.view
    assert after is not None and after.games != view.games
    assert any(
        a in f.entrants or any(t == table_of[a].table for t in f.tables) for f in after.findings
    )
    assert board.findings.count() >= 1
    assert board.findings_title.text()
    row = board.model.row_for_table(table_of[a].table)
    assert board.model.row(row).findings
    assert board.model.data(board.model.index(row, 0), Qt.ItemDataRole.BackgroundRole) is not None
    # undo restores the pairing through the audited service
    window.ctx.undo_stack.undo()
    settle(window)
    assert round_view(db, "OPEN", 3).games == view.games
    assert board.view.games == view.games
    window.ctx.undo_stack.redo()
    settle(window)
    assert round_view(db, "OPEN", 3).games == after.games
    assert board.view.games == after.games


def test_standings_view_shows_tiebreak_columns(window, settle) -> None:  # noqa: ANN001
    window.show_view("standings")
    settle(window)  # computed in a worker
    standings = window.standings
    model = standings.model
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    for name in event_settings(window.ctx.db, "OPEN")["standings"]["tiebreaks"]:
        assert name in headers
    assert model.rowCount() == 40
    assert standings.after_combo.count() == 3  # latest, after round 1, after round 2
    standings.after_combo.setCurrentIndex(standings.after_combo.findData(1))
    settle(window)
    assert max(r.points for r in model.rows()) <= 2


def test_settings_change_goes_through_the_service_and_undoes(
    window, qtbot, monkeypatch, settle
) -> None:  # noqa: ANN001
    from ui.dialogs.settings import SettingsDialog

    dialog = SettingsDialog(window.ctx.db, window.ctx.events, "OPEN", "测试裁判", window)
    qtbot.addWidget(dialog)
    dialog._set(dialog.same_unit, "always")
    before, after = dialog.changes()
    assert after == {"pairing.same_unit": "always"}
    monkeypatch.setattr(SettingsDialog, "exec", lambda self: True)
    monkeypatch.setattr(SettingsDialog, "changes", lambda self: (before, after))
    window.open_settings()
    settle(window)  # written in the window's write queue
    assert event_settings(window.ctx.db, "OPEN")["pairing"]["same_unit"] == "always"
    window.ctx.undo_stack.undo()
    settle(window)
    assert event_settings(window.ctx.db, "OPEN")["pairing"]["same_unit"] == "first_k"


def test_withdraw_and_undo(window, monkeypatch, settle) -> None:  # noqa: ANN001
    from PySide6.QtWidgets import QMessageBox

    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    players = window.players
    players.table.selectRow(0)
    row = players.selected()
    players.toggle_withdrawn()
    settle(window)
    status = {(r.event, r.seed): r.status for r in players.model.rows()}
    assert status[(row.event, row.seed)] == "withdrawn"
    window.ctx.undo_stack.undo()
    settle(window)
    status = {(r.event, r.seed): r.status for r in players.model.rows()}
    assert status[(row.event, row.seed)] == "playing"
    window.show_view("audit")
    settle(window)
    actions = [r.action for r in window.audit.model.rows()]
    assert actions[:2] == ["选手状态", "选手状态"]


def test_printing_writes_a_pdf(window, qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    made: list[str] = []
    window.printing.document_ready.connect(made.append)
    window.printing.print_report("standings")
    qtbot.waitUntil(lambda: bool(made), timeout=60000)
    path = Path(made[0])
    assert path.suffix == ".pdf" and path.read_bytes()[:4] == b"%PDF"


def test_a_round_document_is_printed_for_the_round_on_the_tab_shown(window, qtbot, settle) -> None:  # noqa: ANN001
    made: list[str] = []
    window.printing.document_ready.connect(made.append)
    board, results = window.round_board, window.results
    window.show_view("round")
    settle(window)
    assert board.round_combo.currentData() == 2  # the latest round
    window.show_view("results")
    results.round_combo.setCurrentIndex(results.round_combo.findData(1))
    settle(window)
    window.printing.print_report("pairings")
    qtbot.waitUntil(lambda: len(made) == 1, timeout=60000)
    assert "第1轮" in Path(made[0]).name  # the results tab's round, not the board's
    window.show_view("round")
    settle(window)
    window.printing.print_report("pairings")
    qtbot.waitUntil(lambda: len(made) == 2, timeout=60000)
    assert "第2轮" in Path(made[1]).name


def test_record_result_service_still_sees_window_changes(window, settle) -> None:  # noqa: ANN001
    # the window keeps no private copy: a change made elsewhere shows after a refresh
    view = round_view(window.ctx.db, "OPEN", 2)
    record_result(window.ctx.db, "OPEN", 2, 1, view.results[1], force=True, operator="x")
    window.ctx.notify("results")
    settle(window)
    assert window.results.view.results[1] == view.results[1]


def test_open_demo_from_the_start_page(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    from ui import prefs
    from ui.main import make_app
    from ui.main_window import MainWindow

    make_app()
    prefs.set_output_dir(tmp_path / "demo-out")
    win = MainWindow()
    win.ctx.open_documents = False
    qtbot.addWidget(win)
    assert win.stack.currentWidget() is win.start
    qtbot.mouseClick(
        win.start.findChildren(type(win.round_board.pair_button))[2], Qt.MouseButton.LeftButton
    )
    qtbot.waitUntil(lambda: win.ctx.db is not None, timeout=60000)
    assert win.ctx.info.game == "go"
    qtbot.waitUntil(lambda: win.players.model.rowCount() > 360, timeout=10000)
    win.ctx.close()


def test_disqualify_and_undo_from_the_players_view(window, monkeypatch, settle) -> None:  # noqa: ANN001
    """Players → 取消资格 / 撤销…: asked for the reason, the player is 取消资格 in the list
    and leaves the window's standings; Edit → Undo gives him back."""
    from PySide6.QtWidgets import QInputDialog

    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("经查实冒名参赛", True))
    players = window.players
    players.table.selectRow(0)
    row = players.selected()
    players.toggle_disqualified()
    settle(window)
    status = {(r.event, r.seed): r.status for r in players.model.rows()}
    assert status[(row.event, row.seed)] == "disqualified"
    window.show_view("standings")
    settle(window)
    lines = window.standings.model.rows()
    assert row.name not in {r.name for r in lines if not r.disqualified}  # no place
    (his,) = [r for r in lines if r.name == row.name]  # listed after the ranking, with why
    assert his.status_note == "取消资格（第2轮后：经查实冒名参赛）"
    assert lines[-1].name == row.name
    window.ctx.undo_stack.undo()
    settle(window)
    status = {(r.event, r.seed): r.status for r in players.model.rows()}
    assert status[(row.event, row.seed)] == "playing"
    window.show_view("audit")
    settle(window)
    assert [r.action for r in window.audit.model.rows()][:2] == ["撤销取消资格", "取消资格"]
