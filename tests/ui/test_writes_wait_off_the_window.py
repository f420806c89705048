"""No write on the window's thread (issue 40 §2): while another writer holds the file, a
change made in the window is queued (its call returns at once), the window keeps turning its
event loop and says it saves, and the change is written once the file is free."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QTimer

from app.services.tournament import event_settings
from tests.ui.conftest import wait_idle
from tests.ui.test_waiting_writer import another_writer

HOLD = 2.0  # seconds another writer holds the file
TURNS = 20  # event-loop turns (a 10 ms timer's ticks) the window must make meanwhile


class Turns:
    """Counts the turns of the window's event loop: a 10 ms timer's ticks."""

    def __init__(self) -> None:
        self.count = 0
        self.timer = QTimer()
        self.timer.setInterval(10)
        self.timer.timeout.connect(self._tick)
        self.timer.start()

    def _tick(self) -> None:
        self.count += 1


def while_another_writer_holds_the_file(
    window: Any, qtbot: Any, action: Callable[[], Any]
) -> tuple[Any, int, bool]:
    """(what `action` returned, the event-loop turns until the other writer let go, whether
    the action had returned before it let go)."""
    wait_idle(window, qtbot)
    with another_writer(window.ctx.db.path, HOLD) as release:
        turns = Turns()
        value = action()
        returned_first = release.is_alive()
        qtbot.waitUntil(lambda: not release.is_alive(), timeout=int(HOLD * 1000) + 10000)
        turns.timer.stop()
    wait_idle(window, qtbot, timeout=40000)
    return value, turns.count, returned_first


def test_settings_ok_is_written_in_the_queue_while_the_file_is_held(
    window, qtbot, monkeypatch
) -> None:  # noqa: ANN001
    from ui.dialogs.settings import SettingsDialog

    saving: list[bool] = []
    window.ctx.runner.writing_changed.connect(saving.append)

    def ok(dialog: SettingsDialog) -> bool:  # the arbiter changes a setting, then OK
        dialog._set(dialog.same_unit, "always")
        dialog.accept()
        return True

    monkeypatch.setattr(SettingsDialog, "exec", ok)
    _, turns, returned_first = while_another_writer_holds_the_file(
        window, qtbot, window.open_settings
    )
    assert returned_first  # OK did not wait for the file
    assert turns >= TURNS  # ... and the window kept turning its event loop
    assert saving[:1] == [True]  # the window said it saves
    assert event_settings(window.ctx.db, "OPEN")["pairing"]["same_unit"] == "always"
    window.ctx.undo_stack.undo()
    wait_idle(window, qtbot)
    assert event_settings(window.ctx.db, "OPEN")["pairing"]["same_unit"] == "first_k"


def test_player_status_and_disqualification_wait_for_the_file_off_the_window(
    window, qtbot, monkeypatch
) -> None:  # noqa: ANN001
    from PySide6.QtWidgets import QInputDialog

    from app.services.players import list_entrants

    players = window.players
    players.table.selectRow(0)
    row = players.selected()
    assert row is not None
    _, turns, returned_first = while_another_writer_holds_the_file(
        window, qtbot, players.mark_absent
    )
    assert returned_first and turns >= TURNS
    assert window.ctx.undo_stack.count() == 1  # on the stack once the file has it

    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("冒名顶替", True))
    players.table.selectRow(1)
    out = players.selected()
    _, turns, returned_first = while_another_writer_holds_the_file(
        window, qtbot, players.toggle_disqualified
    )
    assert returned_first and turns >= TURNS
    status = {r.id: r.status for r in list_entrants(window.ctx.db, out.event)}
    assert status[out.id] == "disqualified"
    assert window.ctx.undo_stack.count() == 2


def test_a_team_dissolved_waits_for_the_file_off_the_window(window, qtbot, monkeypatch) -> None:  # noqa: ANN001
    from PySide6.QtWidgets import QMessageBox

    from app.services.players import list_entrants

    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    view = window.teams
    window.show_view("teams")
    view.event_combo.setCurrentIndex(view.event_combo.findData("WTEAM"))
    wait_idle(window, qtbot)
    view.table.setCurrentIndex(view.table.model().index(0, 0))
    name = view.model.row(view.table.model().mapToSource(view.table.currentIndex()).row()).name
    _, turns, returned_first = while_another_writer_holds_the_file(
        window, qtbot, view.dissolve_selected
    )
    assert returned_first and turns >= TURNS
    assert name not in [t.name for t in list_entrants(window.ctx.db, "WTEAM")]
    assert name not in [r.name for r in view.model.rows()]  # the list read again


def test_a_registration_sheet_is_imported_off_the_window(window, qtbot, tmp_path) -> None:  # noqa: ANN001
    from app.services.players import list_entrants
    from tests.services.sheets import player, write_sheet

    sheet = write_sheet(
        tmp_path / "p.xlsx", [player("新报名", birth="2012-03-04", events="少儿组")]
    )
    _, turns, returned_first = while_another_writer_holds_the_file(
        window, qtbot, lambda: window.players.import_path(sheet)
    )
    assert returned_first and turns >= TURNS
    assert "新报名" in [r.name for r in list_entrants(window.ctx.db, "YOUTH")]


def test_settings_open_with_the_final_read_off_the_window(window, qtbot, monkeypatch) -> None:  # noqa: ANN001
    """Opening Settings read the whole final (its prize and grade tables) on the window's
    thread (336–583 ms on a busy machine): it is read in a worker, then the dialog shows."""
    import threading

    import app.services.read_model as read_model
    from app.services.tournament import update_event_settings
    from ui import context as ctxmod
    from ui.dialogs.settings import SettingsDialog

    on_window_thread: list[int] = []
    real = read_model._build

    def build(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        if threading.current_thread() is threading.main_thread():
            on_window_thread.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(read_model, "_build", build)
    update_event_settings(window.ctx.db, "OPEN", {"pairing.same_unit": "always"}, "测试裁判")
    window.ctx.notify(ctxmod.SETTINGS)  # a change: the final is read anew
    shown: list[SettingsDialog] = []
    monkeypatch.setattr(SettingsDialog, "exec", lambda dialog: shown.append(dialog) or False)
    window.open_settings()
    qtbot.waitUntil(lambda: bool(shown), timeout=30000)
    assert on_window_thread == []
