"""The window's player edits go through the same eligibility checks as the command (issue 13)."""

from __future__ import annotations

from typing import Any

from app.services.players import list_entrants
from ui.dialogs.player import FIELDS, PlayerDialog


class _OnceDialog:
    """The player dialog as a person fills it once and presses OK (then Cancel)."""

    def __init__(self, values: dict[str, Any]) -> None:
        self._values, self._answers = values, iter([True, False])

    def exec(self) -> bool:
        return next(self._answers)

    def values(self) -> dict[str, Any]:
        return dict(self._values)


def test_the_dialog_offers_the_platform_account(qtbot) -> None:  # noqa: ANN001
    dialog = PlayerDialog(None, {"name": "小明", "platform_account": "yz_xm"})
    qtbot.addWidget(dialog)
    assert dialog.edits["platform_account"].text() == "yz_xm"
    dialog.edits["platform_account"].setText("yz_new")
    assert dialog.values()["platform_account"] == "yz_new"


def test_an_edit_out_of_the_youth_window_is_refused_in_the_window(window, monkeypatch) -> None:  # noqa: ANN001
    view = window.players
    youth = list_entrants(window.ctx.db, "YOUTH")[0]
    shown: list[str] = []
    monkeypatch.setattr("ui.views.players.show_error", lambda _w, exc: shown.append(str(exc)))
    monkeypatch.setattr(
        "ui.views.players.PlayerDialog",
        lambda *a, **k: _OnceDialog(
            {**{f: getattr(youth, f, None) for f in FIELDS}, "birth_date": "2007-05-01"}
        ),
    )
    monkeypatch.setattr(view, "selected", lambda: youth)
    view.edit_selected()
    assert shown and "【出生日期】" in shown[0] and "少儿组" in shown[0]
    assert list_entrants(window.ctx.db, "YOUTH")[0].birth_date == youth.birth_date


def test_an_import_with_a_warning_says_it(window, monkeypatch, tmp_path) -> None:  # noqa: ANN001
    from PySide6.QtWidgets import QMessageBox

    from tests.services.sheets import player, write_sheet

    told: list[str] = []
    monkeypatch.setattr(QMessageBox, "information", lambda _w, _t, text, *a: told.append(text))
    sheet = write_sheet(
        tmp_path / "p.xlsx", [player("双报小明", birth="2012-03-04", events="公开组、少儿组")]
    )
    assert window.players.import_path(sheet)
    assert told and "警告" in told[0] and "双报小明" in told[0] and "少儿组" in told[0]
