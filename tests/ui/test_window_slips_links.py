"""Issue 23 §4: result slips printed from the window carry each table's QR code and link,
as `finals report … slips` does — the running phone server's address, else the one it last
ran on; with none, the window says how to get them (never a command-line flag)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from tests.finals import demo_copy

EVENT = "OPEN"


@pytest.fixture(scope="module")
def paired_master(
    demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory
) -> Path:
    """24 players of the Gomoku final: round 1 played, round 2 paired and open."""
    from app.services.rounds import pair_next
    from app.services.tournament import open_tournament

    path = tmp_path_factory.mktemp("slips") / "t.finals"
    demo_copy(demo_master("shaoxing-gomoku-2022", players=24, rounds=1), path)
    db = open_tournament(path)
    try:
        pair_next(db, EVENT)
    finally:
        db.close()
    return path


@pytest.fixture
def win(qtbot, paired_master: Path, tmp_path: Path):  # noqa: ANN001, ANN201
    from tests.finals import copy_of
    from tests.ui.conftest import wait_idle
    from ui.main import make_app
    from ui.main_window import MainWindow

    target = copy_of(paired_master, tmp_path / "t.finals")
    make_app()
    window = MainWindow()
    window.ctx.open_documents = False
    qtbot.addWidget(window)
    assert window.open_file(target)
    window.ctx.set_event(EVENT)
    window.show()
    wait_idle(window, qtbot)
    yield window
    window.remote.stop_server()
    window.ctx.close()


def _print_slips(win: Any, qtbot: Any) -> str:  # noqa: ANN401
    made: list[str] = []
    win.printing.document_ready.connect(made.append)
    win.show_view("round")
    qtbot.waitUntil(lambda: win.round_board.round_combo.currentData() == 2, timeout=20000)
    win.printing.print_report("slips")
    qtbot.waitUntil(lambda: bool(made), timeout=60000)
    pages = PdfReader(made[0]).pages
    return "".join((p.extract_text() or "") for p in pages).replace(" ", "").replace("\n", "")


def _start(win: Any) -> Any:  # noqa: ANN401
    panel = win.remote
    panel.address.setEditText("127.0.0.1")
    panel.port.setValue(0)
    assert panel.start_server()
    return panel.server


def test_slips_printed_while_the_server_runs_carry_its_table_links(win, qtbot) -> None:  # noqa: ANN001
    server = _start(win)
    text = _print_slips(win, qtbot)
    links = re.findall(r"http://127\.0\.0\.1:\d+/t/[A-Za-z0-9_-]+", text)
    assert links, text[:400]
    assert all(link.startswith(server.url.rstrip("/")) for link in links)
    table_urls = set(server.table_urls(EVENT, 2).values())
    assert set(links) <= table_urls and len(set(links)) >= 2  # each table its own page
    assert "未印二维码" not in win.statusBar().currentMessage()


def test_slips_after_the_server_stopped_carry_the_address_it_ran_on(win, qtbot) -> None:  # noqa: ANN001
    server = _start(win)
    url = server.url.rstrip("/")
    win.remote.stop_server()
    text = _print_slips(win, qtbot)
    assert url + "/t/" in text


def test_slips_without_any_address_say_how_to_get_the_codes(win, qtbot) -> None:  # noqa: ANN001
    text = _print_slips(win, qtbot)
    assert "/t/" not in text and "成绩登记单" in text
    shown = win.statusBar().currentMessage()
    assert "未印二维码" in shown and "现场录入" in shown, shown
    assert not re.search(r"--[a-z]|finals [a-z]", shown), shown
