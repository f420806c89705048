"""A result never lands on players the desk did not see (issue 40 §3): the entry line keeps
the players it was typed against from its first Enter. Station A swaps table 3's first
player; station B had typed "3 1" and pressed Enter while its round was being read again
("press Enter again"); Enter again, after the reread, is refused naming who changed the
table — never written for the player who sits there now."""

from __future__ import annotations

from PySide6.QtCore import Qt

from app.services.rounds import edit_round, pair_next, round_view
from tests.ui.conftest import wait_idle


def test_enter_again_after_a_reread_is_refused_when_the_table_changed(window, qtbot) -> None:  # noqa: ANN001
    from ui import context as ctxmod
    from ui.context import TournamentContext

    window.ctx.watch_other_stations(False)  # station B: the reread is started by hand below
    pair_next(window.ctx.db, "OPEN")
    window.ctx.notify(ctxmod.ROUNDS)
    window.show_view("results")
    results = window.results
    qtbot.waitUntil(lambda: results.view is not None and results.view.number == 3, timeout=5000)
    wait_idle(window, qtbot)
    seen = next(g for g in results.view.games if g.table == 3)
    other = next(g for g in results.view.games if g.table == 9)

    station_a = TournamentContext()  # the second station, on the same file
    station_a.watch_other_stations(False)
    station_a.open(window.ctx.db.path)
    try:
        station_a.write(
            edit_round, "OPEN", 3, "swap", seen.first, other.first,
            operator="记录台", what=ctxmod.ROUNDS,
        )  # fmt: skip
        qtbot.waitUntil(lambda: not station_a.runner.writing, timeout=10000)
    finally:
        station_a.close()

    # Station B notices the change (as its watch does once the outline is read) and reads
    # its round again; "3 1" is entered meanwhile.
    window.ctx.apply_change(ctxmod.ALL)
    assert results._loading
    results.entry.setText("3 1")
    qtbot.keyClick(results.entry, Qt.Key.Key_Return)
    assert results.entry.text() == "3 1"  # asked to press Enter again
    wait_idle(window, qtbot)
    now = next(g for g in results.view.games if g.table == 3)
    assert now.first == other.first  # the row shows who sits there now
    qtbot.keyClick(results.entry, Qt.Key.Key_Return)  # Enter again, as told
    wait_idle(window, qtbot)
    assert round_view(window.ctx.db, "OPEN", 3).results[3] is None  # nothing written
    said = results.feedback.text()
    assert "第3轮第3台的对阵已被 记录台" in said and "成绩未录入" in said
    assert window.ctx.undo_stack.count() == 0
    # seen now: the next entry is for the players on screen
    wait_idle(window, qtbot)
    results.entry.setText("3 1")
    qtbot.keyClick(results.entry, Qt.Key.Key_Return)
    wait_idle(window, qtbot)
    assert round_view(window.ctx.db, "OPEN", 3).results[3] == "1-0"
