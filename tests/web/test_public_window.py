"""The window's 现场录入 tab opens the players' pages with the server (pytest-qt)."""

from __future__ import annotations

import os
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest

EVENT = "OPEN"


@pytest.fixture
def win(built_demo: Callable[..., Path], qtbot, tmp_path: Path):  # noqa: ANN001, ANN201
    from app.services.rounds import pair_next
    from app.services.tournament import open_tournament
    from ui.main import make_app
    from ui.main_window import MainWindow

    path = tmp_path / "t.finals"
    built_demo(path, "shaoxing-gomoku-2022", players=24, rounds=1)
    db = open_tournament(path)
    try:
        pair_next(db, EVENT)
    finally:
        db.close()
    make_app()
    window = MainWindow()
    window.ctx.open_documents = False
    qtbot.addWidget(window)
    assert window.open_file(path)
    window.ctx.set_event(EVENT)
    window.show()
    window.show_view("remote")
    yield window
    window.remote.stop_server()
    window.ctx.close()


def _status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return int(response.status)
    except urllib.error.HTTPError as exc:
        return int(exc.code)


def test_the_checkbox_opens_and_the_stop_button_closes_the_players_pages(win, tmp_path) -> None:  # noqa: ANN001
    panel = win.remote
    panel.address.setEditText("127.0.0.1")
    panel.port.setValue(0)
    assert not panel.public.isChecked()  # off unless asked for
    panel.public.setChecked(True)
    assert panel.start_server()
    url = panel.server.url
    assert panel.public_label.isVisible()
    assert url in panel.public_label.text()
    assert "选手查询页面" in panel.public_label.text()
    assert not panel.public.isEnabled()  # fixed while running
    assert _status(url + f"e/{EVENT}/pairings") == 200
    assert _status(url + f"e/{EVENT}/standings") == 200
    shots = Path(os.environ.get("FINALS_SCREENSHOT_DIR") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    win.grab().save(str(shots / "remote-public.png"))
    panel.stop_server()
    assert not panel.public_label.isVisible() and panel.public.isEnabled()

    panel.public.setChecked(False)
    assert panel.start_server()
    assert not panel.public_label.isVisible()
    assert _status(panel.server.url + f"e/{EVENT}/pairings") == 404
