"""Issue 16: the tournament's own settings (title, dates, venue, organisers, komi, the
certificate's wording, the server address for QR codes) are edited in the settings dialog,
checked as `finals settings` checks them, with messages that name no command-line flag."""

from __future__ import annotations

from app.services.audit import audit_log
from app.services.tournament import tournament_info, tournament_settings


def _dialog(window, qtbot):  # noqa: ANN001, ANN202
    from ui.dialogs.settings import SettingsDialog

    dialog = SettingsDialog(window.ctx.db, window.ctx.events, "OPEN", "测试裁判", window)
    qtbot.addWidget(dialog)
    dialog.tabs.setCurrentWidget(dialog.tournament)
    return dialog


def test_the_tab_saves_and_shows_the_new_title(window, qtbot, settle, monkeypatch) -> None:  # noqa: ANN001
    from PySide6.QtWidgets import QDialog

    from ui.dialogs.settings import SettingsDialog

    old_title = tournament_info(window.ctx.db).title
    dialog = _dialog(window, qtbot)
    tab = dialog.tournament
    assert tab.edits["title"].text() == old_title
    tab.edits["title"].setText("2026年绍兴五子棋总决赛")
    tab.edits["start_date"].setText("2026-10-28")
    tab.edits["end_date"].setText("2026-10-30")
    tab.edits["venue"].setText("绍兴市棋院")
    tab.edits["organisers"].setText("绍兴市体育局、绍兴市棋类协会")
    tab.edits["certificate.issuer"].setText("绍兴市棋类协会")
    tab.edits["remote_entry_url"].setText("http://192.168.1.20:8765")
    tab.template.setPlainText("{姓名}在{比赛名称}中获得第{名次}名。")
    tab.checks["certificate.seal"].setChecked(True)
    dialog.grab().save("/tmp/settings_tournament.png")
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted, dialog.error.text()

    info = tournament_info(window.ctx.db)
    assert info.title == "2026年绍兴五子棋总决赛"
    assert (info.start_date, info.end_date) == ("2026-10-28", "2026-10-30")
    assert info.venue == "绍兴市棋院"
    assert info.organisers == ("绍兴市体育局", "绍兴市棋类协会")
    settings = tournament_settings(window.ctx.db)
    assert settings.certificate.issuer == "绍兴市棋类协会"
    assert settings.certificate.seal is True
    assert settings.certificate.template == "{姓名}在{比赛名称}中获得第{名次}名。"
    assert settings.remote_entry_url == "http://192.168.1.20:8765"
    assert audit_log(window.ctx.db)[0].action == "修改比赛信息"
    settle(window)
    assert window.ctx.info.title == "2026年绍兴五子棋总决赛"

    # opened again (through the window's own menu), the tab shows what the file holds
    shown: list[str] = []

    def look(self: SettingsDialog) -> int:
        shown.append(self.tournament.edits["title"].text())
        return 0

    monkeypatch.setattr(SettingsDialog, "exec", look)
    window.open_settings()
    settle(window)  # the final is read in a worker, then the dialog shows
    assert shown == ["2026年绍兴五子棋总决赛"]


def test_a_bad_value_is_refused_in_chinese_without_flags(window, qtbot) -> None:  # noqa: ANN001
    from PySide6.QtWidgets import QDialog

    before = tournament_info(window.ctx.db)
    dialog = _dialog(window, qtbot)
    tab = dialog.tournament
    for key, text, words in (
        ("start_date", "10月28日", "start_date"),
        ("komi", "很多", "贴目"),
        ("remote_entry_url", "not a url", "现场录入网址"),
        ("title", "", "比赛名称不能为空"),
    ):
        tab.load(before)
        tab.edits[key].setText(text)
        dialog.accept()
        assert dialog.result() != QDialog.DialogCode.Accepted
        message = dialog.error.text()
        assert words in message, message
        assert "--" not in message and "finals " not in message, message
    tab.load(before)
    tab.edits["start_date"].setText("2026-10-30")
    tab.edits["end_date"].setText("2026-10-28")
    dialog.accept()
    assert "早于" in dialog.error.text()
    assert tournament_info(window.ctx.db) == before


def test_window_text_drops_command_hints() -> None:
    from ui.dialogs.tournament_settings import window_text

    assert (
        window_text("比赛名称 title 不能删除；可用 --set title=… 修改。")
        == "比赛名称 title 不能删除。"
    )
    assert window_text("第1轮已编排。请加 --force 强制修改。") == "第1轮已编排。"
    assert window_text("结束日期早于开始日期。") == "结束日期早于开始日期。"


def test_the_officials_and_the_venue_network_are_set_in_the_tab(window, qtbot) -> None:  # noqa: ANN001
    """Issue 39: the 秩序册's officials and the poster's Wi-Fi name are tournament settings the
    arbiter fills in here."""
    from PySide6.QtWidgets import QDialog

    dialog = _dialog(window, qtbot)
    tab = dialog.tournament
    tab.edits["chief_arbiter"].setText("王汝南")
    tab.edits["deputy_arbiters"].setText("华以刚、刘思明")
    tab.edits["arbiters"].setText("陈祖德、聂卫平")
    tab.edits["venue_wifi"].setText("SXQY-Guest")
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted, dialog.error.text()
    settings = tournament_settings(window.ctx.db)
    assert settings.chief_arbiter == "王汝南"
    assert settings.deputy_arbiters == ("华以刚", "刘思明")
    assert settings.arbiters == ("陈祖德", "聂卫平")
    assert settings.venue_wifi == "SXQY-Guest"
