"""Issue 23 §4: on a 1280-pixel-wide screen the phone queue and the backups dialog show every
column (nothing cut off or scrolled out of sight); one vocabulary per game in the headings
(Go 黑/白, Gomoku 先手/后手); a team's name is headed 队名."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.finals import demo_copy
from tests.ui.conftest import wait_idle

EVENT = "OPEN"


def _every_column_shows(table: Any) -> list[str]:  # noqa: ANN401
    """The headings of the columns not wholly inside the table's viewport, or whose text is
    cut (a heading or a cell that does not fit its column, even wrapped)."""
    from PySide6.QtCore import QRect, Qt

    header = table.horizontalHeader()
    width = table.viewport().width()
    model = table.model()
    metrics = table.fontMetrics()
    hidden = []
    for column in range(model.columnCount()):
        if table.isColumnHidden(column):
            continue
        left = header.sectionViewportPosition(column)
        size = header.sectionSize(column)
        title = str(model.headerData(column, Qt.Orientation.Horizontal))
        cut = left < 0 or left + size > width + 1
        cut = cut or size < metrics.horizontalAdvance(title) + 4
        for row in range(model.rowCount()):
            text = str(model.data(model.index(row, column)) or "")
            if table.wordWrap():
                box = QRect(0, 0, max(size - 8, 1), 10000)
                needed = metrics.boundingRect(box, Qt.TextFlag.TextWordWrap, text)
                cut = cut or needed.width() > size - 4 or needed.height() > table.rowHeight(row)
            else:
                cut = cut or metrics.horizontalAdvance(text) > size - 4
        if cut:
            hidden.append(title)
    return hidden


@pytest.fixture(scope="module")
def paired_master(
    demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory
) -> Path:
    from app.services.rounds import pair_next
    from app.services.tournament import open_tournament

    path = tmp_path_factory.mktemp("w1280") / "t.finals"
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
    from ui.main import make_app
    from ui.main_window import MainWindow

    target = copy_of(paired_master, tmp_path / "t.finals")
    make_app()
    window = MainWindow()
    window.ctx.open_documents = False
    qtbot.addWidget(window)
    assert window.open_file(target)
    window.ctx.set_event(EVENT)
    window.resize(1280, 800)
    window.show()
    wait_idle(window, qtbot)
    yield window
    window.remote.stop_server()
    window.ctx.close()


def _post(url: str, data: dict[str, Any]) -> None:
    with urllib.request.urlopen(url + "/state", timeout=10) as response:
        data = {"seats": json.loads(response.read())["seats"], **data}
    request = urllib.request.Request(
        url, json.dumps(data).encode("utf-8"), {"Content-Type": "application/json"}, method="POST"
    )
    urllib.request.urlopen(request, timeout=10).close()


def test_the_phone_queue_shows_every_column_at_1280(win, qtbot) -> None:  # noqa: ANN001
    from app.services.results import record_result

    panel = win.remote
    win.show_view("remote")
    panel.address.setEditText("127.0.0.1")
    panel.port.setValue(0)
    assert panel.start_server()
    urls = panel.server.table_urls(EVENT, 2)
    record_result(win.ctx.db, EVENT, 2, 8, "1-0", operator="测试裁判")
    _post(urls[2], {"result": "1-0", "manner": "连五胜", "fouls": [0, 1]})
    _post(urls[8], {"result": "0-1", "manner": "超时"})
    qtbot.waitUntil(lambda: panel.model.rowCount() == 2, timeout=5000)
    qtbot.wait(50)
    assert win.width() == 1280
    win.grab().save("/tmp/shots/remote_1280.png")
    assert _every_column_shows(panel.table) == []
    texts = [panel.model.result_text(r) for r in panel.model.rows()]
    assert texts and all("黑" not in t and "白" not in t for t in texts), texts  # Gomoku's words


def test_the_backups_dialog_shows_every_column_at_1280(
    built_demo: Callable[..., Path], win, qtbot, tmp_path
) -> None:  # noqa: ANN001
    """The Go final: five events, so the rounds paired in each make a long line."""
    from app.services.backup import take_backup

    path = tmp_path / "go.finals"
    built_demo(path, "hangzhou-go", players=40, seed=3, rounds=2)
    assert win.open_file(path)
    wait_idle(win, qtbot)
    take_backup(win.ctx.db, "before-pairing")
    take_backup(win.ctx.db, "round2-complete")
    win.files.open_backups()
    dialog = win.files.backups_dialog
    qtbot.waitUntil(lambda: dialog.table.rowCount() >= 2, timeout=20000)
    qtbot.wait(50)
    assert dialog.width() <= 1280
    dialog.grab().save("/tmp/shots/backups_1280.png")
    assert dialog.table.rowCount() >= 2
    assert _every_column_shows(dialog.table) == []
    dialog.reject()


def test_go_headings_say_black_and_white_gomoku_first_and_second(
    built_demo: Callable[..., Path], win, qtbot, tmp_path
) -> None:  # noqa: ANN001
    def headings(model: Any) -> list[str]:  # noqa: ANN401
        from PySide6.QtCore import Qt

        return [
            str(model.headerData(c, Qt.Orientation.Horizontal)) for c in range(model.columnCount())
        ]

    gomoku = headings(win.round_board.model) + headings(win.results.model)
    assert not any("黑" in h or "白" in h or "Black" in h for h in gomoku), gomoku
    path = tmp_path / "go.finals"
    built_demo(path, "hangzhou-go", players=16, seed=3, rounds=1)
    assert win.open_file(path)
    wait_idle(win, qtbot)
    go = headings(win.round_board.model) + headings(win.results.model)
    assert not any("先手" in h or "后手" in h for h in go), " ".join(go)
    assert any("黑" in h for h in go) and any("白" in h for h in go), go


def test_the_result_keys_are_named_in_the_game_s_words(
    built_demo: Callable[..., Path], win, qtbot, tmp_path
) -> None:  # noqa: ANN001
    """The keys line under the result entry: 先手/后手 in Gomoku, 黑/白 in Go, never both."""

    gomoku = win.results.help_text.text().split("\n")[0]
    assert "1 先手胜" in gomoku and "+ 后手弃权" in gomoku
    assert "黑" not in gomoku.split("也可")[0] and "白" not in gomoku, gomoku
    path = tmp_path / "go.finals"
    built_demo(path, "hangzhou-go", players=16, seed=3, rounds=1)
    assert win.open_file(path)
    wait_idle(win, qtbot)
    go = win.results.help_text.text().split("\n")[0]
    assert "1 黑胜" in go and "0 白胜" in go and "+ 白弃权" in go
    assert "先手" not in go and "后手" not in go, go


def test_a_team_column_is_headed_team_name(window, qtbot) -> None:  # noqa: ANN001
    window.show_view("teams")
    teams = window.teams
    code = teams.event_combo.findData("MTEAM")
    assert code >= 0
    teams.event_combo.setCurrentIndex(code)
    wait_idle(window, qtbot)
    teams._show()
    model = teams.model
    from PySide6.QtCore import Qt

    assert model.headerData(model.column_of("name"), Qt.Orientation.Horizontal) == "队名"
