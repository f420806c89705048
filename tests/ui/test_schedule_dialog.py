"""Issue 14 (case 4): the settings dialog shows and changes each round's start time."""

from __future__ import annotations

from app.services.schedule import round_times, set_round_time


def test_the_schedule_tab_shows_the_timetable_and_refuses_a_bad_time(window, qtbot) -> None:  # noqa: ANN001
    from PySide6.QtWidgets import QDialog

    from ui.dialogs.settings import SettingsDialog

    set_round_time(window.ctx.db, "OPEN", 1, "2022-11-26 09:00")  # as the arbiter entered it
    dialog = SettingsDialog(window.ctx.db, window.ctx.events, "OPEN", "测试裁判", window)
    qtbot.addWidget(dialog)
    assert dialog.schedule.rowCount() == 9
    assert dialog.schedule.item(0, 1).text() == "2022-11-26 09:00"
    assert dialog.schedule_changes() == {}
    dialog.schedule.item(1, 1).setText("下午两点")
    dialog.accept()
    assert dialog.result() != QDialog.DialogCode.Accepted
    assert "第2轮" in dialog.error.text() and "YYYY-MM-DD HH:MM" in dialog.error.text()
    dialog.schedule.item(1, 1).setText("2022-11-26 14:30")
    assert dialog.schedule_changes() == {2: "2022-11-26 14:30"}
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted


def test_ok_stores_the_new_time(window, monkeypatch, settle) -> None:  # noqa: ANN001
    from ui.dialogs.settings import SettingsDialog

    set_round_time(window.ctx.db, "OPEN", 1, "2022-11-26 09:00")
    monkeypatch.setattr(SettingsDialog, "exec", lambda self: True)
    monkeypatch.setattr(SettingsDialog, "schedule_changes", lambda self: {3: "2022-11-27 08:30"})
    window.open_settings()
    settle(window)  # written in the window's write queue
    times = {t.round: t.at for t in round_times(window.ctx.db, "OPEN")}
    assert times[3] == "2022-11-27 08:30" and times[1] == "2022-11-26 09:00"
