"""Pairing past the planned rounds from the window asks first; "No" pairs nothing."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from app.services.tournament import EventSummary, list_events, update_event_settings


def _event(win, code: str = "OPEN") -> EventSummary:  # noqa: ANN001
    return next(e for e in list_events(win.ctx.db) if e.code == code)


def test_an_extra_round_needs_the_arbiters_yes(qtbot, window, monkeypatch) -> None:  # noqa: ANN001
    played = _event(window).rounds_paired
    update_event_settings(window.ctx.db, "OPEN", {"rounds_planned": played})
    window.ctx.notify("all")
    window.ctx.set_event("OPEN")
    window.show_view("round")
    asked: list[str] = []

    def answer(reply: QMessageBox.StandardButton):  # noqa: ANN202
        def ask(_parent, _title, text, *_args, **_kwargs):  # noqa: ANN001, ANN202
            asked.append(text)
            return reply

        return ask

    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.StandardButton.No))
    window.round_board.pair_next_round()
    assert asked and str(played + 1) in asked[0]
    qtbot.wait(200)
    assert _event(window).rounds_paired == played

    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.StandardButton.Yes))
    window.round_board.pair_next_round()
    qtbot.waitUntil(lambda: _event(window).rounds_paired == played + 1, timeout=20000)
    assert _event(window).rounds_planned == played + 1


def test_within_the_plan_nobody_is_asked(qtbot, window, monkeypatch) -> None:  # noqa: ANN001
    asked: list[str] = []
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: asked.append(a[2]))
    window.ctx.set_event("OPEN")
    played = _event(window).rounds_paired
    window.round_board.pair_next_round()
    qtbot.waitUntil(lambda: _event(window).rounds_paired == played + 1, timeout=20000)
    assert asked == []
