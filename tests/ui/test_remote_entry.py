"""Phone entry from the window, over real HTTP on 127.0.0.1: start, submit, see, accept, stop."""

from __future__ import annotations

import json
import os
import re
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from app.services.audit import audit_log
from app.services.remote_entry import list_submissions
from app.services.rounds import round_view
from tests.finals import demo_copy
from tests.ui.conftest import wait_idle
from ui.models.submissions import CONFLICT_BACKGROUND, SubmissionsModel

EVENT = "OPEN"


@pytest.fixture(scope="module")
def paired_master(
    demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory
) -> Path:
    """24 players of the Gomoku final: round 1 played, round 2 paired and open."""
    from app.services.rounds import pair_next
    from app.services.tournament import open_tournament

    path = tmp_path_factory.mktemp("remote") / "t.finals"
    demo_copy(demo_master("shaoxing-gomoku-2022", players=24, rounds=1), path)
    db = open_tournament(path)
    try:
        pair_next(db, EVENT)
    finally:
        db.close()
    return path


@pytest.fixture
def win(qtbot, paired_master: Path, tmp_path: Path):  # noqa: ANN001, ANN201
    from app.services.tournament import open_tournament
    from ui.main import make_app
    from ui.main_window import MainWindow

    target = tmp_path / "t.finals"
    db = open_tournament(paired_master)
    try:
        db.backup_to(target)
    finally:
        db.close()
    make_app()
    window = MainWindow()
    window.ctx.open_documents = False
    qtbot.addWidget(window)
    assert window.open_file(target)
    window.ctx.set_event(EVENT)
    window.show()
    window.show_view("remote")
    yield window
    window.remote.stop_server()
    window.ctx.close()


def _start(win: Any) -> Any:
    panel = win.remote
    panel.address.setEditText("127.0.0.1")
    panel.port.setValue(0)  # any free port
    assert panel.start_server()
    assert panel.running()
    return panel


def _post(url: str, data: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """As the table's page posts: with the seats it shows."""
    with urllib.request.urlopen(url + "/state", timeout=10) as response:
        data = {"seats": json.loads(response.read())["seats"], **data}
    request = urllib.request.Request(
        url, json.dumps(data).encode("utf-8"), {"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, json.loads(response.read())


def test_submit_from_a_phone_and_accept_with_enter(qtbot, win) -> None:  # noqa: ANN001
    panel = _start(win)
    server = panel.server
    assert panel.url_label.text() == server.url
    assert server.url.startswith("http://127.0.0.1:")
    assert not panel.qr_label.pixmap().isNull()
    assert server.scope == ((EVENT, 2),)

    urls = server.table_urls(EVENT, 2)
    status, answer = _post(urls[1], {"result": "1-0", "manner": "连五", "fouls": [0, 1]})
    assert status == 200 and answer["status"] == "pending"

    qtbot.waitUntil(lambda: panel.model.rowCount() == 1, timeout=5000)
    row = panel.model.row(0)
    assert (row.event, row.round, row.table, row.result) == (EVENT, 2, 1, "1-0")
    assert row.client == "127.0.0.1" and not row.conflict
    index = win.tabs.indexOf(panel)
    assert win.tabs.tabText(index) == win.tr("Phone entry (%1)").replace("%1", "1")

    panel.table.setFocus()
    qtbot.keyClick(panel.table, Qt.Key.Key_Return)
    wait_idle(win, qtbot)  # written in the window's write queue
    assert panel.model.rowCount() == 0
    assert round_view(win.ctx.db, EVENT, 2).results[1] == "1-0"
    assert win.tabs.tabText(index) == win.tr("Phone entry")
    # The results view shows it (read again in a worker), and the audit log names the
    # submission.
    qtbot.waitUntil(
        lambda: win.results.view is not None and win.results.view.results[1] == "1-0", timeout=5000
    )
    assert any(e.action == "采用现场成绩" for e in audit_log(win.ctx.db))

    panel.stop_server()
    assert not panel.running() and not server.running
    assert panel.start_button.isEnabled() and not panel.stop_button.isEnabled()


def test_a_second_different_submission_is_a_conflict(qtbot, win, monkeypatch) -> None:  # noqa: ANN001
    panel = _start(win)
    urls = panel.server.table_urls(EVENT, 2)
    _post(urls[3], {"result": "1-0"})
    _post(urls[3], {"result": "0-1"})
    qtbot.waitUntil(lambda: panel.model.rowCount() == 2, timeout=5000)
    rows = panel.model.rows()
    assert all(r.conflict for r in rows)
    assert "提交不同" in rows[1].conflict_reason
    conflict_column = panel.model.column_of("conflict")
    shown = panel.model.index(1, conflict_column)
    assert panel.model.data(shown).startswith("⚠")
    assert panel.model.data(shown, Qt.ItemDataRole.BackgroundRole).color() == CONFLICT_BACKGROUND
    assert not panel.accept_all_button.isEnabled()  # nothing uncontested to take

    # A conflict is decided one by one: the arbiter confirms, the rival is set aside.
    asked: list[str] = []
    monkeypatch.setattr(panel, "confirm", lambda text: asked.append(text) or True)
    panel.select_submission(rows[1].id)
    qtbot.keyClick(panel.table, Qt.Key.Key_A)
    wait_idle(win, qtbot)  # written in the window's write queue
    assert asked and panel.model.rowCount() == 0
    assert round_view(win.ctx.db, EVENT, 2).results[3] == "0-1"
    decided = {v.id: v.status for v in list_submissions(win.ctx.db, None)}
    assert decided == {rows[0].id: "rejected", rows[1].id: "accepted"}


def test_reject_with_a_reason_and_accept_all(qtbot, win, monkeypatch) -> None:  # noqa: ANN001
    panel = _start(win)
    urls = panel.server.table_urls(EVENT, 2)
    for table, result in ((2, "="), (4, "0-1"), (5, "1-0")):
        _post(urls[table], {"result": result})
    qtbot.waitUntil(lambda: panel.model.rowCount() == 3, timeout=5000)
    monkeypatch.setattr(panel, "ask_reason", lambda sub: "台号写错")
    panel.select_submission(panel.model.row(0).id)
    qtbot.keyClick(panel.table, Qt.Key.Key_R)
    wait_idle(win, qtbot)
    assert panel.model.rowCount() == 2
    rejected = list_submissions(win.ctx.db, "rejected")
    assert [(v.table, v.note) for v in rejected] == [(2, "台号写错")]
    assert panel.accept_all()
    wait_idle(win, qtbot)
    done = panel.accepted_all
    assert done is not None and len(done.accepted) == 2
    results = round_view(win.ctx.db, EVENT, 2).results
    assert (results[2], results[4], results[5]) == (None, "0-1", "1-0")


def test_auto_accept_and_the_poll_safety_net(qtbot, win) -> None:  # noqa: ANN001
    panel = _start(win)
    panel.auto_accept.setChecked(True)
    assert panel.server.auto_accept
    urls = panel.server.table_urls(EVENT, 2)
    # Nobody listening to the signal: the two-second poll still finds it.
    panel.server.on_submission = None
    status, answer = _post(urls[6], {"result": "0-1"})
    assert answer["status"] == "accepted"
    qtbot.waitUntil(
        lambda: win.results.view is not None and win.results.view.results.get(6) == "0-1",
        timeout=6000,
    )
    assert panel.model.rowCount() == 0


def test_the_server_stops_itself_when_the_round_is_complete(qtbot, win) -> None:  # noqa: ANN001
    from app.services.results import record_result

    panel = _start(win)
    server = panel.server
    view = round_view(win.ctx.db, EVENT, 2)
    for game in view.games:
        if game.second is not None and view.results.get(game.table) is None:
            record_result(win.ctx.db, EVENT, 2, game.table, "1-0", operator="测试")
    qtbot.waitUntil(lambda: not server.running, timeout=8000)  # its watcher looks every 2 s
    qtbot.waitUntil(lambda: panel.stop_reason == "rounds_closed", timeout=5000)
    assert not panel.running() and panel.start_button.isEnabled()
    assert panel.url_label.text() == ""


def test_closing_the_window_stops_the_server(qtbot, win) -> None:  # noqa: ANN001
    panel = _start(win)
    server = panel.server
    win.close()
    assert not server.running


def test_the_model_without_widgets() -> None:
    from app.services.remote_entry import SubmissionView

    def view(number: int, conflict: bool) -> SubmissionView:
        return SubmissionView(
            number,
            EVENT,
            "公开组",
            2,
            7,
            "张三",
            "李四",
            "1-0",
            None,
            (0, 2),
            "192.168.1.23",
            "2025-05-03 14:05:09",
            "pending",
            False,
            conflict,
            "与已录入的成绩 0-1 不同" if conflict else None,
            None,
            None,
            None,
            None,
        )

    model = SubmissionsModel()
    model.set_submissions([view(1, False), view(2, True)])
    texts = [model.data(model.index(1, c)) for c in range(model.columnCount())]
    assert "张三 — 李四" in texts and "0 : 2" in texts and "14:05:09" in texts
    assert texts[-1] == "⚠ 与已录入的成绩 0-1 不同"
    assert model.data(model.index(0, 0), Qt.ItemDataRole.BackgroundRole) is None
    assert model.conflicts() == 1 and model.row_of(2) == 1


def test_screenshot_with_two_pending(qtbot, win) -> None:  # noqa: ANN001
    from app.services.results import record_result

    panel = _start(win)
    urls = panel.server.table_urls(EVENT, 2)
    record_result(win.ctx.db, EVENT, 2, 8, "1-0", operator="测试裁判")  # typed by hand
    _post(urls[2], {"result": "1-0", "manner": "连五胜", "fouls": [0, 1]})
    _post(urls[8], {"result": "0-1", "manner": "超时"})
    qtbot.waitUntil(lambda: panel.model.rowCount() == 2, timeout=5000)
    assert [r.conflict for r in panel.model.rows()] == [False, True]
    folder = Path(os.environ.get("FINALS_SHOTS", "/tmp/ui-shots"))
    folder.mkdir(parents=True, exist_ok=True)
    win.resize(1400, 820)
    qtbot.wait(50)
    assert panel.grab().save(str(folder / "remote.png"))


def test_an_edit_of_the_table_voids_its_submission_in_the_queue(qtbot, win, monkeypatch) -> None:  # noqa: ANN001
    errors: list[str] = []
    monkeypatch.setattr(
        "ui.views.remote_entry.show_error", lambda _parent, exc: errors.append(str(exc))
    )
    panel = _start(win)
    urls = panel.server.table_urls(EVENT, 2)
    _post(urls[4], {"result": "1-0"})
    qtbot.waitUntil(lambda: panel.model.rowCount() == 1, timeout=5000)
    black = next(g.first for g in round_view(win.ctx.db, EVENT, 2).games if g.table == 4)

    win.show_view("round")
    win.round_board.apply_edit("colours", 4, label="swap colours 4")
    win.show_view("remote")
    qtbot.waitUntil(lambda: panel.model.voided() == 1, timeout=5000)
    row = panel.model.row(0)
    assert row.status == "void" and "编排已调整" in row.note
    shown = panel.model.data(panel.model.index(0, panel.model.column_of("conflict")))
    assert shown.startswith("✖") and "编排已调整" in shown
    assert not panel.accept_button.isEnabled() and not panel.accept_all_button.isEnabled()

    panel.table.selectRow(0)
    panel.accept_selected()
    wait_idle(win, qtbot)
    assert errors and "作废" in errors[0]
    game = next(g for g in round_view(win.ctx.db, EVENT, 2).games if g.table == 4)
    assert game.second == black and round_view(win.ctx.db, EVENT, 2).results[4] is None

    monkeypatch.setattr(panel, "ask_reason", lambda _sub: "")
    assert panel.reject_selected()
    wait_idle(win, qtbot)
    assert panel.model.rowCount() == 0


def _guess(url: str, source: str, pin: str) -> int:
    """A phone at its own loopback address posts with this PIN: the HTTP status."""
    import http.client
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    with urllib.request.urlopen(url + "/state", timeout=10) as response:
        seats = json.loads(response.read())["seats"]
    body = json.dumps({"seats": seats, "result": "1-0", "pin": pin}).encode()
    conn = http.client.HTTPConnection(
        parts.hostname, parts.port, timeout=10, source_address=(source, 0)
    )
    try:
        conn.request("POST", parts.path, body, {"Content-Type": "application/json"})
        answer = conn.getresponse()
        answer.read()
        return answer.status
    finally:
        conn.close()


def test_a_link_locked_by_wrong_pins_is_shown_and_unlocked(qtbot, win) -> None:  # noqa: ANN001
    from app.services.link_locks import PIN_UNLOCKED

    panel = win.remote
    panel.pin.setText("2468")
    panel = _start(win)
    box = panel.locked_links
    assert box.isHidden()
    url = panel.server.table_urls(EVENT, 2)[5]
    # Ten guesses, each from another address (the per-address limit never strikes).
    codes = [_guess(url, f"127.0.7.{n}", f"{n:04d}") for n in range(1, 11)]
    assert codes == [403] * 10
    qtbot.waitUntil(lambda: box.isVisible() and box.table.rowCount() == 1, timeout=5000)
    cells = [box.table.item(0, c).text() for c in range(3)]
    assert cells[0] == "5" and cells[2] == "10"
    assert re.fullmatch(r"\d\d:\d\d:\d\d", cells[1]), cells
    assert "5" in box.summary.text() and "5" in panel.feedback.text()
    assert _guess(url, "127.0.7.20", "2468") == 423  # locked: even the right PIN
    folder = Path(os.environ.get("FINALS_SHOTS", "/tmp/ui-shots"))
    folder.mkdir(parents=True, exist_ok=True)
    win.resize(1400, 820)
    qtbot.wait(50)
    assert panel.grab().save(str(folder / "remote-locked.png"))

    assert box.unlock_button.isEnabled()
    qtbot.mouseClick(box.unlock_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: box.isHidden(), timeout=5000)
    assert panel.server.locked_links() == []
    assert _guess(url, "127.0.7.21", "2468") == 200
    lifted = [e for e in audit_log(win.ctx.db) if e.action == PIN_UNLOCKED]
    assert len(lifted) == 1 and lifted[0].after == {"tables": [5]}
    assert lifted[0].target == f"{EVENT} 第2轮"


def test_unlock_only_the_selected_link_and_see_one_lifted_elsewhere(qtbot, win) -> None:  # noqa: ANN001
    from app.services import link_locks

    win.remote.pin.setText("2468")
    panel = _start(win)
    box = panel.locked_links
    urls = panel.server.table_urls(EVENT, 2)
    for table in (5, 6):
        for n in range(1, 11):
            assert _guess(urls[table], f"127.0.{table + 10}.{n}", "0000") == 403
    qtbot.waitUntil(lambda: box.table.rowCount() == 2, timeout=5000)
    assert [box.table.item(r, 0).text() for r in range(2)] == ["5", "6"]

    box.table.selectRow(1)
    qtbot.mouseClick(box.unlock_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: box.table.rowCount() == 1, timeout=5000)
    assert box.table.item(0, 0).text() == "5" and box.isVisible()
    assert _guess(urls[6], "127.0.16.20", "2468") == 200
    assert _guess(urls[5], "127.0.15.20", "2468") == 423

    # Lifted by `finals table-links --unlock 5` from another program: the poll sees it.
    link_locks.lift(win.ctx.db, EVENT, 2, [5], "另一台电脑")
    qtbot.waitUntil(lambda: box.isHidden(), timeout=6000)
    assert _guess(urls[5], "127.0.15.21", "2468") == 200


def test_a_pin_the_phones_cannot_type_is_refused_before_the_server_starts(
    qtbot,
    win,
    monkeypatch,  # noqa: ANN001
) -> None:
    panel = win.remote
    shown: list[str] = []
    monkeypatch.setattr(
        "ui.views.remote_entry.show_error", lambda _parent, error: shown.append(str(error))
    )
    panel.pin.setText("12a4")
    assert panel.pin_problem.isVisibleTo(panel) and "12a4" in panel.pin_problem.text()
    assert panel.start_server() is False and panel.server is None
    assert "12a4" in shown[0] and "4 到 12 位数字" in shown[0]
    panel.pin.setText("246")  # too short
    assert panel.start_server() is False and panel.server is None
    panel.pin.setText("2468")
    assert not panel.pin_problem.isVisibleTo(panel)
    panel = _start(win)
    assert panel.server is not None and panel.server.pin == "2468"
    # While it runs, a PIN being retyped is applied only once it is whole and valid.
    panel.pin.setText("13")
    assert panel.server.pin == "2468" and panel.pin_problem.isVisibleTo(panel)
    panel.pin.setText("135790")
    assert panel.server.pin == "135790"
    panel.pin.setText("")
    assert panel.server.pin is None


def test_accept_and_reject_wait_for_the_file_off_the_window(qtbot, win, monkeypatch) -> None:  # noqa: ANN001
    """Issue 40 §2: another writer holds the file; accepting and rejecting return at once,
    the window keeps turning its event loop, and both are written when the file is free."""
    from tests.ui.test_writes_wait_off_the_window import TURNS, while_another_writer_holds_the_file

    panel = _start(win)
    urls = panel.server.table_urls(EVENT, 2)
    _post(urls[1], {"result": "1-0"})
    _post(urls[2], {"result": "0-1"})
    qtbot.waitUntil(lambda: panel.model.rowCount() == 2, timeout=5000)
    first, second = panel.model.row(0), panel.model.row(1)
    panel.select_submission(first.id)
    _, turns, returned_first = while_another_writer_holds_the_file(
        win, qtbot, panel.accept_selected
    )
    assert returned_first and turns >= TURNS
    assert round_view(win.ctx.db, EVENT, 2).results[first.table] == first.result
    monkeypatch.setattr(panel, "ask_reason", lambda _sub: "看错台")
    panel.select_submission(second.id)
    _, turns, returned_first = while_another_writer_holds_the_file(
        win, qtbot, panel.reject_selected
    )
    assert returned_first and turns >= TURNS
    rejected = list_submissions(win.ctx.db, "rejected")
    assert [(v.table, v.note) for v in rejected] == [(second.table, "看错台")]


def test_the_window_s_own_phone_server_is_not_another_station(qtbot, win) -> None:  # noqa: ANN001
    """Issue 40 §4: a submission written by this window's own server was announced as
    "已显示其他站点的改动" when the watch saw the file's revision before the arrival."""
    from app.services.results import record_result
    from app.services.tournament import open_tournament

    panel = _start(win)
    said: list[str] = []
    win.ctx.message.connect(said.append)
    wait_idle(win, qtbot)
    urls = panel.server.table_urls(EVENT, 2)
    _post(urls[5], {"result": "1-0"})  # written by the window's own server
    win.ctx._seen_revision(win.ctx.db.revision())  # the watch's read, before the arrival
    qtbot.waitUntil(lambda: panel.model.rowCount() == 1, timeout=5000)
    wait_idle(win, qtbot)
    assert not any("其他站点" in s or "another station" in s for s in said), said
    other = open_tournament(win.ctx.db.path)  # another station, on the same file
    try:
        record_result(other, EVENT, 2, 6, "0-1", operator="记录台")
    finally:
        other.close()
    win.ctx._seen_revision(win.ctx.db.revision())
    assert any("其他站点" in s or "another station" in s for s in said), said
