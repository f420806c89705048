"""The settings dialog checks with `app.settings`, like `finals settings`, and says the same.

Issue 11, case 7: a change the program cannot use is refused in the dialog (it stays open,
the message is shown, nothing is stored); a file that already holds a bad value opens, the
dialog shows what is wrong and OK stores the fix.
"""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest

from app.services.tournament import event_settings, update_event_settings
from app.settings import EVENT_SETTINGS, SettingError


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_the_spin_boxes_offer_exactly_the_allowed_ranges(window, qtbot) -> None:  # noqa: ANN001
    from ui.dialogs.settings import SettingsDialog

    dialog = SettingsDialog(window.ctx.db, window.ctx.events, "OPEN", "测试裁判", window)
    qtbot.addWidget(dialog)
    for key, spin in (
        ("pairing.max_colour_surplus", dialog.surplus),
        ("pairing.same_unit_rounds", dialog.same_unit_rounds),
        ("pairing.withdraw_after_forfeits", dialog.withdraw_after),
        ("rounds_planned", dialog.rounds),
        ("scoring.win", dialog.points["win"]),
    ):
        spec = EVENT_SETTINGS[key]
        assert (spin.minimum(), spin.maximum()) == (spec.minimum, spec.maximum), key


def test_a_refused_change_keeps_the_dialog_open_with_the_cli_message(window, qtbot) -> None:  # noqa: ANN001
    from PySide6.QtWidgets import QDialog

    from ui.dialogs.settings import SettingsDialog

    db, path = window.ctx.db, window.ctx.path
    digest = _digest(path)
    dialog = SettingsDialog(db, window.ctx.events, "OPEN", "测试裁判", window)
    qtbot.addWidget(dialog)
    dialog.rounds.setValue(1)  # two rounds are already paired
    dialog.accept()
    assert dialog.result() != QDialog.DialogCode.Accepted
    assert not dialog.error.isHidden()
    shown = dialog.error.text()
    assert "rounds_planned" in shown and "已编排" in shown
    with pytest.raises(SettingError) as cli:
        update_event_settings(db, "OPEN", {"rounds_planned": 1})
    assert shown == str(cli.value)  # the same words as the command line
    assert _digest(path) == digest and event_settings(db, "OPEN")["rounds_planned"] == 9
    dialog.rounds.setValue(9)
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted


def test_team_tiebreaks_are_checked_when_the_format_changes(window, qtbot) -> None:  # noqa: ANN001
    from PySide6.QtCore import Qt

    from ui.dialogs.settings import SettingsDialog

    db = window.ctx.db
    update_event_settings(
        db,
        "MTEAM",
        {"pairing.team_format": "match", "standings.tiebreaks": ["局分", "对手分", "直胜"]},
    )
    dialog = SettingsDialog(db, window.ctx.events, "MTEAM", "测试裁判", window)
    qtbot.addWidget(dialog)
    offered = [dialog.tiebreaks.item(i).text() for i in range(dialog.tiebreaks.count())]
    assert "局分" in offered
    dialog._set(dialog.team_format, "sum")  # the sum model cannot rank by 局分
    message = dialog.validate()
    assert "standings.tiebreaks" in message and "队员对手分" in message
    for i in range(dialog.tiebreaks.count()):
        dialog.tiebreaks.item(i).setCheckState(Qt.CheckState.Unchecked)
    assert dialog.validate() == ""


def test_a_file_holding_a_bad_value_opens_and_ok_fixes_it(window, qtbot) -> None:  # noqa: ANN001
    from ui.dialogs.settings import SettingsDialog

    db, path = window.ctx.db, window.ctx.path
    conn = sqlite3.connect(path)
    with conn:
        conn.execute(
            "UPDATE event SET pairing = json_set(pairing, '$.max_colour_surplus', 'two', "
            "'$.system', 'bogus') WHERE code = 'OPEN'"
        )
    conn.close()
    dialog = SettingsDialog(db, window.ctx.events, "OPEN", "测试裁判", window)
    qtbot.addWidget(dialog)
    assert dialog.surplus.value() == 2 and dialog.system.currentData() == "swiss"
    warning = dialog.stored_problems.text()
    assert (
        "pairing.max_colour_surplus" in warning and "two" in warning and "pairing.system" in warning
    )
    _before, after = dialog.changes()
    assert after == {"pairing.max_colour_surplus": 2, "pairing.system": "swiss"}
    assert dialog.validate() == ""
    update_event_settings(db, "OPEN", after)
    settings = event_settings(db, "OPEN")
    assert (
        settings["pairing"]["max_colour_surplus"] == 2 and settings["pairing"]["system"] == "swiss"
    )


def test_the_window_opens_a_file_holding_a_bad_tiebreak(
    qtbot, gomoku_demo: Path, monkeypatch
) -> None:  # noqa: ANN001
    from ui import errors
    from ui.main import make_app
    from ui.main_window import MainWindow

    conn = sqlite3.connect(gomoku_demo)
    with conn:
        conn.execute(
            "UPDATE event SET standings = json_set(standings, '$.tiebreaks', "
            "json('[\"对手份\"]')) WHERE code = 'OPEN'"
        )
    conn.close()
    shown: list[str] = []
    monkeypatch.setattr(errors.QMessageBox, "exec", lambda box: shown.append(box.text()) or 0)
    make_app()
    win = MainWindow()
    win.ctx.open_documents = False
    qtbot.addWidget(win)
    assert win.open_file(gomoku_demo)
    win.show()
    win.show_view("standings")
    qtbot.waitUntil(lambda: bool(shown), timeout=10000)  # the standings are computed in a worker
    assert win.ctx.db is not None
    assert all("内部错误" not in text and "Traceback" not in text for text in shown)
    assert any("standings.tiebreaks" in text and "对手份" in text for text in shown), shown
