"""Issue 23 §4: switching the language rebuilds the window, which stops a running phone
server and empties the undo history: the window asks first when either would be lost (and
keeps both when the arbiter says no); with nothing to lose it switches at once."""

from __future__ import annotations

from typing import Any

from ui import prefs


def _watch(window: Any, monkeypatch: Any, answer: bool) -> tuple[list[str], list[str]]:  # noqa: ANN401
    asked: list[str] = []
    switched: list[str] = []
    monkeypatch.setattr(window, "confirm", lambda title, text: asked.append(text) or answer)
    window.language_requested.connect(switched.append)
    return asked, switched


def test_nothing_to_lose_switches_at_once(window, monkeypatch) -> None:  # noqa: ANN001
    asked, switched = _watch(window, monkeypatch, True)
    assert prefs.language() == "zh_CN"
    assert window.request_language("en")
    assert switched == ["en"] and asked == []


def test_a_running_server_and_the_undo_history_are_asked_about(window, settle, monkeypatch) -> None:  # noqa: ANN001
    from app.services.rounds import pair_next
    from ui import context as ctxmod
    from ui.commands import StatusCommand

    pair_next(window.ctx.db, "OPEN")  # round 3: open tables for the phones
    window.ctx.notify(ctxmod.ROUNDS)
    settle(window)
    panel = window.remote
    window.show_view("remote")
    window.ctx.set_event("OPEN")
    window.fill_events()
    panel.address.setEditText("127.0.0.1")
    panel.port.setValue(0)
    assert panel.start_server()
    window.ctx.undo_stack.push(
        StatusCommand(window.ctx, "OPEN", 1, "playing", "playing", None, "x")
    )
    assert window.ctx.undo_stack.count() == 1

    asked, switched = _watch(window, monkeypatch, False)
    assert not window.request_language("en")
    assert len(asked) == 1 and switched == []
    assert "现场录入服务会停止" in asked[0] and "撤销记录会清空（1 项" in asked[0]
    assert panel.running() and window.ctx.undo_stack.count() == 1  # both kept
    assert window.language_actions["zh_CN"].isChecked()  # the menu as it was
    assert not window.language_actions["en"].isChecked()

    monkeypatch.setattr(window, "confirm", lambda title, text: asked.append(text) or True)
    assert window.request_language("en")
    assert switched == ["en"]
    panel.stop_server()
