"""Display mode: the projector's window shows the round and the standings in large type."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from tests.ui.conftest import wait_idle


def _rows(display) -> list[list[str]]:  # noqa: ANN001
    table = display.table
    return [
        [table.item(r, c).text() for c in range(table.columnCount())]
        for r in range(table.rowCount())
    ]


def _open(window, qtbot):  # noqa: ANN001, ANN202
    window.display_action.trigger()
    display = window.display
    assert display is not None and display.isVisible()
    qtbot.waitUntil(lambda: display.data is not None, timeout=30000)
    wait_idle(window, qtbot)
    return display


def test_display_shows_the_round_by_table_then_pinyin_then_standings(
    window, qtbot, tmp_path: Path
) -> None:
    display = _open(window, qtbot)
    assert "第2轮对阵" in display.title.text()
    heads = [
        display.table.horizontalHeaderItem(c).text() for c in range(display.table.columnCount())
    ]
    assert heads[:2] == ["台号", "先"]  # Gomoku: 先/后
    rows = _rows(display)
    assert [r[0] for r in rows] == [str(n) for n in range(1, len(rows) + 1)]
    assert len(rows) == 20  # 40 players
    display.grab().save(str(tmp_path / "display-table.png"))

    qtbot.keyClick(display, Qt.Key.Key_O)
    assert "按姓名拼音" in display.title.text()
    people = _rows(display)
    assert len(people) == 40
    from app.pinyin import name_key

    names = [r[0] for r in people]
    assert names == sorted(names, key=name_key)
    assert {r[3] for r in people} <= {"先", "后", ""}

    qtbot.keyClick(display, Qt.Key.Key_S)
    assert "第2轮后排名" in display.title.text()
    standings = _rows(display)
    assert standings[0][0] in ("1", "1=")
    points = [float(r[3]) for r in standings]
    assert points == sorted(points, reverse=True)
    display.grab().save(str(tmp_path / "display-standings.png"))

    qtbot.keyClick(display, Qt.Key.Key_P)
    assert "第2轮对阵" in display.title.text()


def test_display_scrolls_pauses_at_the_end_and_restarts(window, qtbot) -> None:
    display = _open(window, qtbot)
    display.resize(800, 400)
    display.timer.stop()
    bar = display.table.verticalScrollBar()
    assert bar.maximum() > 0
    display.restart_scroll()
    for _ in range(display._hold_until):
        display._tick()
    assert bar.value() == 0  # stood still at the top
    display._tick()
    assert bar.value() > 0  # then moves
    for _ in range(100000):
        display._tick()
        if bar.value() == bar.maximum():
            break
    display._tick()
    assert display._at_end
    held = display._hold_until
    assert held > 0
    for _ in range(held - 1):
        display._tick()
        assert bar.value() == bar.maximum()
    display._tick()
    assert bar.value() == 0  # back to the top


def test_display_follows_a_change_in_the_file(window, qtbot) -> None:
    display = _open(window, qtbot)
    qtbot.keyClick(display, Qt.Key.Key_S)
    window.ctx.write(_pair_next, window.ctx.event_code, what="rounds", on_done=lambda _v: None)
    qtbot.waitUntil(lambda: "第3轮对阵" in display.data.by_table.title, timeout=30000)
    # the standings stay after the last complete round (round 3 has no results yet)
    assert "第2轮后排名" in display.title.text()


def test_escape_leaves_full_screen_then_closes(window, qtbot) -> None:
    display = _open(window, qtbot)
    qtbot.keyClick(display, Qt.Key.Key_F11)
    assert display.isFullScreen()
    qtbot.keyClick(display, Qt.Key.Key_Escape)
    assert not display.isFullScreen()
    qtbot.keyClick(display, Qt.Key.Key_Escape)
    assert not display.isVisible()


def _pair_next(db, code):  # noqa: ANN001, ANN202
    from app.services.rounds import pair_next

    return pair_next(db, code, operator="测试")
