"""The window's player edits go through the same eligibility checks as the command (issue 13)."""

from __future__ import annotations

from dataclasses import fields, replace

import pytest

from app.services.players import list_entrants
from ui.dialogs.player import FIELDS, PlayerDialog, PlayerFields


class _OnceDialog:
    """The player dialog as a person fills it once and presses OK (then Cancel)."""

    def __init__(self, values: PlayerFields) -> None:
        self._values, self._answers = values, iter([True, False])

    def exec(self) -> bool:
        return next(self._answers)

    def values(self) -> PlayerFields:
        return self._values


def test_the_dialog_offers_the_platform_account(qtbot) -> None:  # noqa: ANN001
    dialog = PlayerDialog(None, PlayerFields(name="小明", platform_account="yz_xm"))
    qtbot.addWidget(dialog)
    assert dialog.edits["platform_account"].text() == "yz_xm"
    dialog.edits["platform_account"].setText("yz_new")
    assert dialog.values().platform_account == "yz_new"


def test_the_dialog_returns_its_fields_and_an_edit_sends_only_the_changed_ones(
    window, qtbot
) -> None:  # noqa: ANN001
    """The dialog takes and returns a `PlayerFields` (the services' fields, in their order):
    an edit sends what changed, and an unshown private box left empty is no change."""
    assert tuple(f.name for f in fields(PlayerFields)) == FIELDS
    row = next(r for r in list_entrants(window.ctx.db, "YOUTH") if r.rating is not None)
    shown = PlayerFields.of_row(row)
    dialog = PlayerDialog(None, shown)
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == dialog.tr("Edit player")
    assert dialog.values() == replace(shown, gender=shown.gender or "M")
    assert dialog.edits["rating"].text() == str(row.rating)
    dialog.edits["unit"].setText(" 新单位 ")
    dialog.edits["phone"].setText("")
    changes = dialog.values().changes_from(shown)
    assert changes == {"unit": "新单位", **({} if shown.gender else {"gender": "M"})}
    adding = PlayerDialog(None)
    qtbot.addWidget(adding)
    assert adding.windowTitle() == dialog.tr("Add player")


def test_a_player_added_in_the_window_is_in_the_list(window, monkeypatch, settle) -> None:  # noqa: ANN001
    class _AddDialog(_OnceDialog):
        class initial:  # the points carried in
            @staticmethod
            def value() -> float:
                return 0.0

        def event_code(self) -> str:
            return "YOUTH"

    monkeypatch.setattr("ui.views.players.show_error", lambda _w, exc: pytest.fail(str(exc)))
    fields_typed = PlayerFields(name="新来的", gender="F", birth_date="2014-02-03", unit="杭州")
    monkeypatch.setattr("ui.views.players.PlayerDialog", lambda *a, **k: _AddDialog(fields_typed))
    window.players.add()
    settle(window)  # written in the window's write queue
    added = next(r for r in list_entrants(window.ctx.db, "YOUTH") if r.name == "新来的")
    assert (added.gender, added.birth_date, added.unit) == ("F", "2014-02-03", "杭州")
    assert window.players.search.text() == "新来的"


def test_an_edit_out_of_the_youth_window_is_refused_in_the_window(
    window, monkeypatch, settle, qtbot
) -> None:  # noqa: ANN001
    view = window.players
    youth = list_entrants(window.ctx.db, "YOUTH")[0]
    shown: list[str] = []
    monkeypatch.setattr("ui.views.players.show_error", lambda _w, exc: shown.append(str(exc)))
    monkeypatch.setattr(
        "ui.views.players.PlayerDialog",
        lambda *a, **k: _OnceDialog(replace(PlayerFields.of_row(youth), birth_date="2007-05-01")),
    )
    monkeypatch.setattr(view, "selected", lambda: youth)
    view.edit_selected()
    settle(window)
    qtbot.wait(10)  # the dialog is shown again (here: Cancel)
    assert shown and "【出生日期】" in shown[0] and "少儿组" in shown[0]
    assert list_entrants(window.ctx.db, "YOUTH")[0].birth_date == youth.birth_date


def test_an_import_with_a_warning_says_it(window, monkeypatch, tmp_path, settle) -> None:  # noqa: ANN001
    from PySide6.QtWidgets import QMessageBox

    from tests.services.sheets import player, write_sheet

    told: list[str] = []
    monkeypatch.setattr(QMessageBox, "information", lambda _w, _t, text, *a: told.append(text))
    sheet = write_sheet(
        tmp_path / "p.xlsx", [player("双报小明", birth="2012-03-04", events="公开组、少儿组")]
    )
    assert window.players.import_path(sheet)
    settle(window)  # imported in the window's write queue
    assert told and "警告" in told[0] and "双报小明" in told[0] and "少儿组" in told[0]
