"""Issue 16: re-seed all entrants by rating from the players view, in the list and the file,
and undo it; refused in Chinese once round 1 is paired."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from app.services.players import list_entrants
from ui.models.base import ROW_ROLE


@pytest.fixture
def unpaired(built_demo: Callable[..., Path], qtbot, tmp_path: Path):  # noqa: ANN001, ANN201
    """The window on a Gomoku final with 24 players entered and no round paired."""
    from tests.ui.conftest import wait_idle
    from ui.main import make_app
    from ui.main_window import MainWindow

    path = tmp_path / "unpaired.finals"
    built_demo(path, "shaoxing-gomoku-2022", players=24, rounds=0)
    make_app()
    win = MainWindow()
    win.ctx.open_documents = False
    qtbot.addWidget(win)
    assert win.open_file(path)
    win.show()
    wait_idle(win, qtbot)
    yield win
    win.ctx.close()


def _file_order(db, event: str) -> list[str]:  # noqa: ANN001
    return [r.name for r in sorted(list_entrants(db, event), key=lambda r: r.seed)]


def _list_order(view, event: str) -> list[str]:  # noqa: ANN001
    rows = [view.model.index(r, 0).data(ROW_ROLE) for r in range(view.model.rowCount())]
    return [r.name for r in sorted((r for r in rows if r.event == event), key=lambda r: r.seed)]


def test_reseed_by_rating_and_undo(unpaired, qtbot, settle, monkeypatch) -> None:  # noqa: ANN001
    from ui.dialogs.reseed import ReseedDialog

    win = unpaired
    db = win.ctx.db
    view = win.players
    win.show_view("players")
    before = _file_order(db, "OPEN")
    ratings = {r.name: r.rating or 0 for r in list_entrants(db, "OPEN")}
    by_rating = sorted(before, key=lambda name: -ratings[name])  # stable: ties keep order
    assert by_rating != before
    assert _list_order(view, "OPEN") == before

    chosen: list[ReseedDialog] = []

    def confirm(dialog: ReseedDialog) -> int:
        chosen.append(dialog)
        dialog.event_combo.setCurrentIndex(dialog.event_combo.findData("OPEN"))
        dialog.choices["rating"].setChecked(True)
        return 1

    monkeypatch.setattr(ReseedDialog, "exec", confirm)
    view.buttons["reseed"].click()
    settle(win)
    assert chosen and "OPEN" == chosen[0].event_code()
    assert _file_order(db, "OPEN") == by_rating
    qtbot.waitUntil(lambda: _list_order(view, "OPEN") == by_rating, timeout=10000)
    assert win.ctx.undo_stack.count() == 1

    win.ctx.undo_stack.undo()
    settle(win)
    assert _file_order(db, "OPEN") == before
    qtbot.waitUntil(lambda: _list_order(view, "OPEN") == before, timeout=10000)

    win.ctx.undo_stack.redo()
    settle(win)
    assert _file_order(db, "OPEN") == by_rating


def test_refused_after_round_one(window, settle, monkeypatch) -> None:  # noqa: ANN001
    from ui.views import players as players_view

    shown: list[str] = []
    monkeypatch.setattr(players_view, "show_error", lambda _p, exc: shown.append(str(exc)))
    before = _file_order(window.ctx.db, "OPEN")
    window.players.start_reseed("OPEN", "rating")
    settle(window)
    assert shown and "第1轮已编排" in shown[0] and "--" not in shown[0]
    assert _file_order(window.ctx.db, "OPEN") == before
    assert window.ctx.undo_stack.count() == 0
