"""The settings dialog checks with `app.settings`, like `finals settings`, and says the same.

Issue 11, case 7: a change the program cannot use is refused in the dialog (it stays open,
the message is shown, nothing is stored); a file that already holds a bad value opens, the
dialog shows what is wrong and OK stores the fix.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from app.services.tournament import event_settings, update_event_settings
from app.settings import EVENT_SETTINGS, SettingError
from tests.finals import demo_copy


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


# -- McMahon (issue 18): the system, its bar and floor ------------------------------------------


@pytest.fixture(scope="module")
def go_master(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("mcmahon-dialog") / "go.finals"
    demo_copy(demo_master("hangzhou-go", players=20, seed=11, rounds=0), path)
    return path


@pytest.fixture
def go_window(qtbot, go_master: Path, tmp_path: Path):  # noqa: ANN001, ANN201
    from app.services.tournament import open_tournament
    from tests.ui.conftest import wait_idle
    from ui.main import make_app
    from ui.main_window import MainWindow

    target = tmp_path / "go.finals"
    db = open_tournament(go_master)
    try:
        db.backup_to(target)
    finally:
        db.close()
    make_app()
    win = MainWindow()
    win.ctx.open_documents = False
    qtbot.addWidget(win)
    assert win.open_file(target)
    win.show()
    wait_idle(win, qtbot)
    yield win
    win.ctx.close()


def test_the_system_choice_offers_every_system_the_settings_allow(window, qtbot) -> None:  # noqa: ANN001
    from ui.dialogs.settings import SettingsDialog

    dialog = SettingsDialog(window.ctx.db, window.ctx.events, "OPEN", "测试裁判", window)
    qtbot.addWidget(dialog)
    offered = [dialog.system.itemData(i) for i in range(dialog.system.count())]
    allowed = [value for value, _label in EVENT_SETTINGS["pairing.system"].choices]
    assert sorted(offered) == sorted(allowed) and "mcmahon" in offered
    assert dialog.system.itemText(offered.index("mcmahon")).startswith("麦克马洪制")


def test_mcmahon_bar_and_floor_are_checked_like_the_command_line(
    go_window, qtbot, tmp_path: Path
) -> None:  # noqa: ANN001
    from PySide6.QtWidgets import QDialog

    from ui.dialogs.settings import SettingsDialog

    db, path = go_window.ctx.db, go_window.ctx.path
    digest = _digest(path)
    dialog = SettingsDialog(db, go_window.ctx.events, "MEN", "测试裁判", go_window)
    qtbot.addWidget(dialog)
    # Not McMahon yet: the defaults shown the Chinese way, not editable.
    assert (dialog.mcmahon_bar.text(), dialog.mcmahon_floor.text()) == ("5段", "20级")
    assert not dialog.mcmahon_bar.isEnabled() and not dialog.mcmahon_floor.isEnabled()
    assert dialog.changes() == ({}, {})
    dialog._set(dialog.system, "mcmahon")
    assert dialog.mcmahon_bar.isEnabled() and dialog.mcmahon_floor.isEnabled()
    assert dialog.changes()[1] == {"pairing.system": "mcmahon"}  # the defaults: no change
    dialog.show()
    dialog.tabs.setCurrentIndex(1)
    dialog.mcmahon_bar.setText("5断")  # a typo
    dialog.grab().save(str(tmp_path / "mcmahon-settings.png"))
    dialog.accept()
    assert dialog.result() != QDialog.DialogCode.Accepted and not dialog.error.isHidden()
    shown = dialog.error.text()
    assert "mcmahon.bar" in shown and "5断" in shown and "段位或级位" in shown
    with pytest.raises(SettingError) as cli:
        update_event_settings(db, "MEN", {"pairing.system": "mcmahon", "mcmahon.bar": "5断"})
    assert shown == str(cli.value)  # the same words as `finals settings`
    assert _digest(path) == digest  # nothing stored
    # A crossed pair: the bar must be above the floor.
    dialog.mcmahon_bar.setText("10级")
    dialog.mcmahon_floor.setText("5k")
    crossed = dialog.validate()
    assert "mcmahon.bar" in crossed and "应高于" in crossed and "mcmahon.floor" in crossed
    # Written any way a grade is read, stored the Chinese way.
    dialog.mcmahon_bar.setText(" 3d ")
    dialog.mcmahon_floor.setText("10k")
    assert dialog.validate() == ""
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted
    _before, after = dialog.changes()
    assert after == {"pairing.system": "mcmahon", "mcmahon.bar": "3段", "mcmahon.floor": "10级"}
    update_event_settings(db, "MEN", after)  # what the window does with OK
    settings = event_settings(db, "MEN")
    assert {k: settings["mcmahon"][k] for k in ("bar", "floor")} == {"bar": "3段", "floor": "10级"}
    assert settings["standings"]["tiebreaks"] == ["麦克马洪分", "SOS", "SOSOS", "SODOS"]
    again = SettingsDialog(db, go_window.ctx.events, "MEN", "测试裁判", go_window)
    qtbot.addWidget(again)
    assert again.system.currentData() == "mcmahon" and again.mcmahon_bar.isEnabled()
    assert (again.mcmahon_bar.text(), again.mcmahon_floor.text()) == ("3段", "10级")
    again.mcmahon_bar.setText("3d")  # the same grade: nothing to store
    assert again.changes() == ({}, {})


def test_mcmahon_bar_and_floor_only_for_individual_events(go_window, qtbot) -> None:  # noqa: ANN001
    from ui.dialogs.settings import SettingsDialog

    db = go_window.ctx.db
    dialog = SettingsDialog(db, go_window.ctx.events, "MPAIR", "测试裁判", go_window)
    qtbot.addWidget(dialog)
    dialog._set(dialog.system, "mcmahon")
    assert not dialog.mcmahon_bar.isEnabled()
    assert "mcmahon.bar" not in dialog.changes()[1]
    message = dialog.validate()
    assert "pairing.system" in message and "个人项目" in message


def test_the_round_view_heads_mcmahon_scores_so(go_window, qtbot) -> None:  # noqa: ANN001
    from PySide6.QtCore import Qt

    from app.services.rounds import pair_next
    from ui.models.games import GamesModel

    db = go_window.ctx.db
    model = GamesModel()
    update_event_settings(db, "MEN", {"pairing.system": "mcmahon"})
    view = pair_next(db, "MEN")
    assert view.mcmahon
    model.set_view(view)
    column = model.column_of("second_score")
    assert model.headerData(column, Qt.Orientation.Horizontal) == "麦克马洪分"
    assert model.score_title() == "麦克马洪分"
    swiss = pair_next(db, "YOUTH")
    assert not swiss.mcmahon
    model.set_view(swiss)
    assert model.score_title() == "积分"
    # The display (projector) heads the same columns the same way.
    from app.services.read_model import load_final
    from ui.display import _pairing_boards

    final = load_final(db)
    for code, word in (("MEN", "麦克马洪分"), ("YOUTH", "积分")):
        event = final.event(code)
        assert event is not None
        board, _by_pinyin = _pairing_boards(event, "go", "对阵")
        assert [board.heads[3], board.heads[7]] == [word, word], code


def test_the_colour_rule_is_shown_and_written_only_when_changed(window, qtbot) -> None:  # noqa: ANN001
    """The dialog shows the colour rule in force (pairing.colour_limits) and writes it only
    when the arbiter changes it: switching the system to McMahon in the dialog is not pinned
    to the Swiss event's absolute rule."""
    from ui.dialogs.settings import SettingsDialog

    dialog = SettingsDialog(window.ctx.db, window.ctx.events, "OPEN", "测试裁判", window)
    qtbot.addWidget(dialog)
    assert dialog.colour_limits.currentData() == "absolute"
    assert dialog.colour_limits.currentText() == "绝对规则（无法满足时放宽并报告）"
    dialog._set(dialog.system, "mcmahon")
    assert "pairing.colour_limits" not in dialog.changes()[1]
    dialog._set(dialog.colour_limits, "preference")
    assert dialog.changes()[1]["pairing.colour_limits"] == "preference"
    update_event_settings(window.ctx.db, "OPEN", {"pairing.colour_limits": "preference"})
    again = SettingsDialog(window.ctx.db, window.ctx.events, "OPEN", "测试裁判", window)
    qtbot.addWidget(again)
    assert again.colour_limits.currentData() == "preference"
    assert "pairing.colour_limits" not in again.changes()[1]
