"""A team match entered board by board from the keyboard."""

from __future__ import annotations

from PySide6.QtCore import Qt

from app.services.read_model import build_export
from app.services.rounds import pair_next
from app.services.tournament import update_event_settings
from tests.ui.conftest import wait_idle


def test_boards_by_keyboard(window, qtbot) -> None:  # noqa: ANN001
    db = window.ctx.db
    update_event_settings(db, "MTEAM", {"pairing.team_format": "match", "rounds_planned": 3})
    pair_next(db, "MTEAM")
    window.ctx.notify("all")
    index = window.event_combo.findData("MTEAM")
    if index < 0:  # the event list is read when the file opens
        window.open_file(db.path)
        index = window.event_combo.findData("MTEAM")
    window.event_combo.setCurrentIndex(index)
    window.show_view("results")
    results = window.results
    qtbot.waitUntil(
        lambda: results.view is not None and results.view.event == "MTEAM", timeout=5000
    )
    for key in ("1/1 1", "1/2 0", "1/3 1"):
        qtbot.keyClicks(results.entry, key)
        qtbot.keyClick(results.entry, Qt.Key.Key_Return)
    wait_idle(window, qtbot)  # the boards are saved in the write queue, in the order typed
    game = next(e for e in build_export(window.ctx.db)["events"] if e["code"] == "MTEAM")["rounds"][
        0
    ]["games"][0]
    assert [b["result"] for b in game["boards"]] == ["1-0", "0-1", "1-0"]
    # board 2 is moved first by the second team: its "0-1" is another point for the first team
    assert game["board_points"] == [6, 0] and game["result"] == "1-0"


def test_the_settings_dialog_offers_team_matches_for_team_events(window, qtbot) -> None:  # noqa: ANN001
    from ui.dialogs.settings import SettingsDialog

    dialog = SettingsDialog(window.ctx.db, window.ctx.events, "MTEAM", "测试裁判", window)
    qtbot.addWidget(dialog)
    assert dialog.team_format.isEnabled() and dialog.team_format.currentData() == "sum"
    dialog._set(dialog.team_format, "match")
    assert dialog.changes()[1] == {"pairing.team_format": "match"}
    individual = SettingsDialog(window.ctx.db, window.ctx.events, "OPEN", "测试裁判", window)
    qtbot.addWidget(individual)
    assert not individual.team_format.isEnabled()
    assert "pairing.team_format" not in individual.values()
