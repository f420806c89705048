"""Issue 30: a 3,000-player round is paired with the window live (a 50 ms timer on the GUI
thread is never held back a second) and the board shows how far the pairing has got:
读取棋手, 计算对阵 with the share of the field paired, 保存; then the round is on file and shown.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from app.demo import build_demo
from app.services.results import record_results
from app.services.rounds import pair_next, round_view
from app.services.tournament import open_tournament
from tests.ui.conftest import wait_idle
from tests.ui.stall_probe import StallProbe, transactions_on_threads

pytestmark = pytest.mark.slow  # a 3,000-player file built and paired: about half a minute

EVENT = "MEN"
PLAYERS = 3000


def _round_one_played(path: Path) -> Path:
    """A 3,000-player Go open, round 1 paired and every result in (round 2 is next)."""
    build_demo(path, "hangzhou-go", players=PLAYERS, seed=3)
    db = open_tournament(path)
    try:
        view = pair_next(db, EVENT, "裁判")
        rng = random.Random(1)
        sheet = path.with_name("round1.csv")
        sheet.write_text(
            "\n".join(
                f"{g.table},{rng.choice(('1-0', '0-1'))}"
                for g in view.games
                if g.second is not None
            ),
            encoding="utf-8",
        )
        record_results(db, EVENT, 1, sheet, operator="裁判")
    finally:
        db.close()
    return path


def test_a_3000_player_round_is_paired_with_the_window_live_and_the_progress_shown(
    qtbot, tmp_path: Path, monkeypatch
) -> None:  # noqa: ANN001
    from ui.main import make_app
    from ui.main_window import MainWindow

    path = _round_one_played(tmp_path / "open.finals")
    make_app()
    win = MainWindow()
    win.ctx.open_documents = False
    qtbot.addWidget(win)
    assert win.open_file(path)
    win.show_view("round")
    win.show()
    wait_idle(win, qtbot, timeout=120000)
    board = win.round_board
    assert win.ctx.event_code == EVENT
    seen: list[tuple[str, int, int]] = []  # (status, bar value, bar maximum) at each report
    board.pairing_progress.reported.connect(
        lambda _step: seen.append(
            (board.status.text(), board.progress.value(), board.progress.maximum())
        )
    )
    on_gui = transactions_on_threads(win.ctx.db, monkeypatch)
    probe = StallProbe()
    probe.timer.setInterval(50)
    with probe:
        board.pair_next_round()
        assert board.progress.isVisible() and not board.pair_button.isEnabled()
        qtbot.waitUntil(lambda: board.view is not None and board.view.number == 2, timeout=180000)
        wait_idle(win, qtbot, timeout=120000)
    print(f"longest GUI gap pairing {PLAYERS} players: {probe.longest * 1000:.0f} ms")
    assert on_gui and not any(on_gui), on_gui  # the pairing written in a worker

    statuses = [text for text, _value, _maximum in seen]
    assert statuses[0].endswith("第2轮：读取棋手…") and statuses[-1].endswith("第2轮：保存…")
    between = [(t, v) for t, v, m in seen if m == 100 and 0 < v < 100]
    assert between and all(f"计算对阵（{v}%）" in t for t, v in between), seen
    assert not board.progress.isVisible()

    on_file = round_view(win.ctx.db, EVENT, 2)
    assert board.view.games == on_file.games and len(on_file.games) == PLAYERS // 2
    assert board.model.rowCount() == PLAYERS // 2
    win.ctx.close()
