"""Several stations on one final: the window opens a server's final by its address, follows
what other stations change within a second, and names who changed a result it was about to
overwrite (issue 17)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from app.errors import FinalsError
from app.services.audit import audit_log
from app.services.results import record_result
from app.services.rounds import pair_next, round_view
from app.services.tournament import open_tournament
from tests.ui.conftest import wait_idle


@pytest.fixture
def server_final(server_url: str) -> str:
    from app.demo import build_demo

    build_demo(server_url, "shaoxing-gomoku-2022", players=20, rounds=1)
    station = open_tournament(server_url)
    try:
        pair_next(station, "OPEN", "编排站")
    finally:
        station.close()
    return server_url


@pytest.fixture
def station_window(qtbot, server_final: str, monkeypatch):  # noqa: ANN001, ANN201
    from ui.main import make_app
    from ui.main_window import MainWindow

    monkeypatch.setenv("FINALS_STATION", "1号机")
    make_app()
    win = MainWindow()
    win.ctx.open_documents = False
    qtbot.addWidget(win)
    assert win.open_file(server_final)
    win.show()
    wait_idle(win, qtbot)
    yield win
    win.ctx.close()


def test_the_window_opens_a_final_on_a_server(station_window) -> None:  # noqa: ANN001
    assert station_window.ctx.db.is_server
    assert station_window.ctx.target.startswith("postgresql://")
    assert "OPEN" in [e.code for e in station_window.ctx.events]
    assert "1号机" in station_window.operator_label.text()  # which station this is, on what
    assert "postgresql://" in station_window.operator_label.text()


def test_another_station_s_result_shows_within_a_second(
    station_window, qtbot, server_final: str, monkeypatch
) -> None:  # noqa: ANN001
    window = station_window
    window.show_view("results")
    results = window.results
    qtbot.waitUntil(lambda: results.view is not None and results.view.number == 2, timeout=5000)
    assert results.view.results[3] is None
    monkeypatch.setenv("FINALS_STATION", "2号机")
    other = open_tournament(server_final)
    try:
        record_result(other, "OPEN", 2, 3, "1-0", operator="王五")
    finally:
        other.close()
    # seen without a click: the window's watch of the server shows it (within its timeout;
    # how soon is a speed, for tests/bench)
    qtbot.waitUntil(lambda: results.view.results[3] == "1-0", timeout=10000)
    model = results.model
    row, column = model.row_for_table(3), model.column_of("result")
    assert row is not None
    assert model.data(model.index(row, column)) == "1-0"  # the row is redrawn


def test_typing_over_another_station_s_result_names_who(
    station_window, qtbot, server_final: str, monkeypatch
) -> None:  # noqa: ANN001
    window = station_window
    window.ctx.watch_other_stations(False)  # the view is stale when the arbiter types
    window.show_view("results")
    results = window.results
    qtbot.waitUntil(lambda: results.view is not None and results.view.number == 2, timeout=5000)
    monkeypatch.setenv("FINALS_STATION", "2号机")
    other = open_tournament(server_final)
    try:
        record_result(other, "OPEN", 2, 4, "0-1", operator="王五")
    finally:
        other.close()
    monkeypatch.setenv("FINALS_STATION", "1号机")
    results.entry.setText("4 1")
    qtbot.keyClick(results.entry, Qt.Key.Key_Return)
    wait_idle(window, qtbot)
    text = results.feedback.text()
    assert "王五" in text and "2号机" in text and "改为 0-1" in text
    assert round_view(window.ctx.db, "OPEN", 2).results[4] == "0-1"


def test_each_station_is_named_in_the_audit_log(station_window, qtbot, server_final: str) -> None:  # noqa: ANN001
    window = station_window
    window.show_view("results")
    results = window.results
    qtbot.waitUntil(lambda: results.view is not None and results.view.number == 2, timeout=5000)
    results.entry.setText("5 1")
    qtbot.keyClick(results.entry, Qt.Key.Key_Return)
    wait_idle(window, qtbot)
    newest = audit_log(window.ctx.db, 1)[0]
    assert newest.station == "1号机" and newest.target == "OPEN 第2轮 第5台"


def test_a_wrong_address_is_answered_in_chinese(qtbot, server_url: str, monkeypatch) -> None:  # noqa: ANN001
    from ui.main import make_app
    from ui.main_window import MainWindow

    shown: list[str] = []
    monkeypatch.setattr("ui.main_window.show_error", lambda _w, exc: shown.append(str(exc)))
    make_app()
    win = MainWindow()
    qtbot.addWidget(win)
    missing = server_url.rsplit("/", 1)[0] + "/no_such_final" + "?" + server_url.split("?", 1)[1]
    assert not win.open_file(missing)
    assert shown and "没有数据库 no_such_final" in shown[0]
    assert not win.open_file(server_url)  # empty: no final yet
    assert "还没有比赛" in shown[1] and "finals copy" in shown[1]
    with pytest.raises(FinalsError):
        open_tournament(server_url)


def test_a_lost_server_is_said_once_and_its_return_too(station_window, qtbot, monkeypatch) -> None:  # noqa: ANN001
    """The server stops answering (a cut cable): the status bar says so once, not every
    0.7 s, and says when the final can be read again."""
    from app.store.failures import StorageError
    from ui import readers

    said: list[str] = []
    station_window.ctx.message.connect(said.append)

    def unreachable(_db):  # noqa: ANN001, ANN202
        raise StorageError("cannot-open", "无法连接数据库服务器（测试）")

    monkeypatch.setattr(readers, "revision", unreachable)
    qtbot.waitUntil(lambda: station_window.ctx.unreachable, timeout=3000)
    qtbot.wait(1600)  # two more looks
    assert [m for m in said if "无法连接数据库服务器" in m] == [said[0]]
    monkeypatch.undo()
    qtbot.waitUntil(lambda: not station_window.ctx.unreachable, timeout=3000)
    assert said[-1] == station_window.ctx.tr("The final can be read again.")
