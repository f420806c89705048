"""Window benchmarks (issue 15: a window that never freezes). Run with --benchmark-enable.

Measured on the 360-player Hangzhou Go demo (2 rounds played, round 3 paired where needed):

| open the file to an interactive window (the visible view filled)       | <= 1.5 s  |
| longest GUI-thread stall while pairing, completing a round, swapping,  | <= 100 ms |
|   undoing, printing a pairings PDF                                     |           |
| Enter to the result shown in the list, including the round-completing  | <= 30 ms  |
| switching to the standings view, changing the shown round              | <= 100 ms |

A stall is measured by a QTimer that ticks every 10 ms on the GUI thread while the
operation runs and the window processes its events (qtbot.waitUntil) until the job is done
and the window has settled: the longest gap between two ticks is how long the window was
frozen. It is printed and kept in `benchmark.extra_info` ("stall_ms").

The timing column of a stall benchmark includes waiting for the window to settle
(SETTLE_MS); the time until the job was done is in `extra_info["done_ms"]`.

Without --benchmark-enable each operation runs once, so the file stays a quick smoke test.
"""

from __future__ import annotations

import os

from tests.finals import demo_copy

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import time  # noqa: E402
from collections.abc import Callable, Iterator  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pytest  # noqa: E402
from PySide6.QtCore import QSettings, Qt  # noqa: E402

from tests.finals import copy_of
from tests.ui.stall_probe import StallProbe  # noqa: E402

EVENT = "MEN"
SETTLE_MS = 60  # after the job: follow-up refreshes posted to the event loop count too


@pytest.fixture(scope="session")
def go_360(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("bench-ui") / "go360.finals"
    demo_copy(demo_master("hangzhou-go", players=360, seed=3, rounds=2), path)
    return path


@pytest.fixture(autouse=True)
def private_settings(tmp_path: Path) -> None:
    QSettings.setPath(
        QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "settings")
    )
    from ui import prefs

    prefs.set_operator("测试裁判")
    prefs.set_output_dir(tmp_path / "out")


def idle(window: Any) -> bool:
    return not window.ctx.runner.busy


def measure(
    qtbot: Any, action: Callable[[], Any], done: Callable[[], bool], timeout: int = 60000
) -> tuple[float, float]:
    """(seconds until `done`, longest GUI stall in seconds) for `action` under the event loop."""
    with StallProbe() as probe:
        start = time.perf_counter()
        action()
        qtbot.waitUntil(done, timeout=timeout)
        elapsed = time.perf_counter() - start
        qtbot.wait(SETTLE_MS)
    return elapsed, probe.longest


def report(
    benchmark: Any, name: str, stalls: list[float], times: list[float] | None = None
) -> None:
    worst = max(stalls) * 1000
    benchmark.extra_info["stall_ms"] = round(worst, 1)
    benchmark.extra_info["stalls_ms"] = [round(s * 1000, 1) for s in stalls]
    line = f"\n[{name}] longest GUI stall {worst:.0f} ms over {len(stalls)} run(s)"
    if times:
        benchmark.extra_info["done_ms"] = [round(t * 1000, 1) for t in times]
        line += f"; done in {max(times) * 1000:.0f} ms (worst)"
    print(line)


# -- windows -----------------------------------------------------------------------------------


@pytest.fixture
def open_window(qtbot: Any) -> Iterator[Callable[[Path, str], Any]]:
    from ui.main import make_app
    from ui.main_window import MainWindow

    make_app()
    windows: list[Any] = []

    def opener(path: Path, view: str) -> Any:
        window = MainWindow()
        window.ctx.open_documents = False
        window.resize(1280, 800)
        assert window.open_file(path)
        window.show_view(view)
        window.show()
        qtbot.waitUntil(lambda: idle(window), timeout=60000)
        qtbot.wait(SETTLE_MS)
        windows.append(window)
        return window

    yield opener
    for window in windows:
        qtbot.waitUntil(lambda w=window: idle(w), timeout=60000)
        window.ctx.close()
        window.close()
        window.deleteLater()


def prepared(
    master: Path, folder: Path, name: str, *, pair: bool = False, leave_open: int | None = None
) -> Path:
    """A copy of the demo; round 3 paired when `pair`; all its results but `leave_open`
    tables entered when `leave_open` is given."""
    from app.services.results import record_result
    from app.services.rounds import pair_next
    from app.services.tournament import open_tournament

    path = copy_of(master, folder / name)
    if pair:
        db = open_tournament(path)
        try:
            view = pair_next(db, EVENT, "基准")
            if leave_open is not None:
                tables = [g.table for g in view.games if g.second is not None]
                for table in tables[: len(tables) - leave_open]:
                    record_result(
                        db, EVENT, view.number, table, "1-0", operator="基准", expected=None
                    )
        finally:
            db.close()
    return path


def board_rows(window: Any) -> list[tuple[Any, Any, Any]]:
    return [(r.table, r.first, r.second) for r in window.round_board.model.rows()]


# -- open ------------------------------------------------------------------------------------


def test_open_360_player_demo_to_interactive_window(benchmark, qtbot, go_360: Path) -> None:  # noqa: ANN001
    from ui.main import make_app
    from ui.main_window import MainWindow

    make_app()
    windows: list[Any] = []
    stalls: list[float] = []
    times: list[float] = []

    def open_window() -> Any:
        window = MainWindow()
        window.ctx.open_documents = False
        windows.append(window)

        def action() -> None:
            window.open_file(go_360)
            window.show_view("players")
            window.show()

        elapsed, stall = measure(qtbot, action, lambda: window.players.model.rowCount() > 360)
        times.append(elapsed)
        stalls.append(stall)
        return window

    window = benchmark.pedantic(open_window, rounds=5, iterations=1, warmup_rounds=1)
    report(benchmark, "open to interactive", stalls, times)
    assert window.players.model.rowCount() > 360
    qtbot.waitUntil(lambda: window.round_board.model.rowCount() == 180, timeout=30000)
    for w in windows:
        qtbot.waitUntil(lambda w=w: idle(w), timeout=60000)
        w.ctx.close()
        w.close()
        w.deleteLater()


# -- stalls ----------------------------------------------------------------------------------


def test_stall_while_pairing_a_round(
    benchmark,
    qtbot,
    go_360: Path,
    tmp_path: Path,  # noqa: ANN001
    open_window,
) -> None:  # noqa: ANN001
    stalls: list[float] = []
    times: list[float] = []
    counter = iter(range(1000))

    def setup() -> tuple[tuple[Any, ...], dict[str, Any]]:
        window = open_window(prepared(go_360, tmp_path, f"pair{next(counter)}.finals"), "round")
        return (window,), {}

    def pair(window: Any) -> None:
        board = window.round_board
        elapsed, stall = measure(
            qtbot,
            board.pair_next_round,
            lambda: idle(window) and board.view is not None and board.view.number == 3,
        )
        times.append(elapsed)
        stalls.append(stall)

    benchmark.pedantic(pair, setup=setup, rounds=3, iterations=1)
    report(benchmark, "pairing round 3 (360 players)", stalls, times)


def test_stall_on_the_enter_that_completes_a_round(
    benchmark,
    qtbot,
    go_360: Path,  # noqa: ANN001
    tmp_path: Path,
    open_window,
) -> None:  # noqa: ANN001
    stalls: list[float] = []
    times: list[float] = []
    counter = iter(range(1000))

    def setup() -> tuple[tuple[Any, ...], dict[str, Any]]:
        path = prepared(
            go_360, tmp_path, f"complete{next(counter)}.finals", pair=True, leave_open=1
        )
        window = open_window(path, "results")
        assert window.results.view.number == 3
        return (window,), {}

    def complete(window: Any) -> None:
        results = window.results
        table = results.model.open_tables()[0]

        def action() -> None:
            results.entry.setText(f"{table} 1")
            qtbot.keyClick(results.entry, Qt.Key.Key_Return)

        elapsed, stall = measure(
            qtbot,
            action,
            lambda: (
                idle(window)
                and not results.model.open_tables()
                and results.progress.value() == results.progress.maximum()
            ),
        )
        times.append(elapsed)
        stalls.append(stall)

    benchmark.pedantic(complete, setup=setup, rounds=3, iterations=1)
    report(benchmark, "Enter completing round 3", stalls, times)


@pytest.fixture
def paired_window(go_360: Path, tmp_path: Path, open_window) -> Any:  # noqa: ANN001
    return open_window(prepared(go_360, tmp_path, "edits.finals", pair=True), "round")


def test_stall_on_swap_undo_redo(benchmark, qtbot, paired_window: Any) -> None:  # noqa: ANN001
    window = paired_window
    board = window.round_board
    stalls: dict[str, list[float]] = {"swap": [], "undo": [], "redo": []}

    def cycle() -> None:
        before = board_rows(window)
        games = board.view.games
        a, b = games[0].first, games[5].first
        stall = measure(
            qtbot,
            lambda: board.apply_edit("swap", a, b, label="swap"),
            lambda: idle(window) and board_rows(window) != before,
        )[1]
        stalls["swap"].append(stall)
        after = board_rows(window)
        stall = measure(
            qtbot, window.ctx.undo_stack.undo, lambda: idle(window) and board_rows(window) == before
        )[1]
        stalls["undo"].append(stall)
        stall = measure(
            qtbot, window.ctx.undo_stack.redo, lambda: idle(window) and board_rows(window) == after
        )[1]
        stalls["redo"].append(stall)
        stall = measure(
            qtbot, window.ctx.undo_stack.undo, lambda: idle(window) and board_rows(window) == before
        )[1]
        stalls["undo"].append(stall)

    benchmark.pedantic(cycle, rounds=3, iterations=1)
    for name, values in stalls.items():
        benchmark.extra_info[f"{name}_stall_ms"] = round(max(values) * 1000, 1)
        print(f"\n[{name}] longest GUI stall {max(values) * 1000:.0f} ms")
    report(benchmark, "swap, undo, redo", [s for v in stalls.values() for s in v])


def test_stall_while_printing_pairings(benchmark, qtbot, paired_window: Any) -> None:  # noqa: ANN001
    window = paired_window
    stalls: list[float] = []
    times: list[float] = []

    def print_pairings() -> None:
        made: list[str] = []
        window.printing.document_ready.connect(made.append)
        try:
            elapsed, stall = measure(
                qtbot,
                lambda: window.printing.print_report("pairings"),
                lambda: bool(made) and idle(window),
            )
        finally:
            window.printing.document_ready.disconnect(made.append)
        assert Path(made[0]).stat().st_size > 0
        times.append(elapsed)
        stalls.append(stall)

    benchmark.pedantic(print_pairings, rounds=3, iterations=1)
    report(benchmark, "printing the pairings PDF", stalls, times)


# -- latencies -------------------------------------------------------------------------------


def test_result_keystroke_saved_and_shown(
    benchmark,
    qtbot,
    go_360: Path,
    tmp_path: Path,  # noqa: ANN001
    open_window,
) -> None:  # noqa: ANN001
    from app.services.rounds import round_view

    window = open_window(prepared(go_360, tmp_path, "enter.finals", pair=True), "results")
    results = window.results
    assert results.view.number == 3
    tables = iter(range(1, 181))
    stalls: list[float] = []

    def shown(table: int) -> bool:
        row = results.model.row_for_table(table)
        return row is not None and results.model.row(row).result == "1-0"

    def keystroke() -> int:
        table = next(tables)
        results.entry.setText(f"{table} 1")
        qtbot.keyClick(results.entry, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: shown(table), timeout=5000)
        return table

    def probed() -> int:
        with StallProbe() as probe:
            table = keystroke()
            qtbot.waitUntil(lambda: idle(window), timeout=5000)
        stalls.append(probe.longest)
        return table

    table = benchmark.pedantic(keystroke, rounds=60, iterations=1)
    for _ in range(5):
        probed()
    report(benchmark, "Enter to result shown", stalls)
    assert shown(table)
    qtbot.waitUntil(lambda: idle(window), timeout=5000)
    assert round_view(window.ctx.db, EVENT, 3).results[table] == "1-0"


def test_standings_view_switch(
    benchmark,
    qtbot,
    go_360: Path,
    tmp_path: Path,  # noqa: ANN001
    open_window,
) -> None:  # noqa: ANN001
    window = open_window(prepared(go_360, tmp_path, "standings.finals", pair=True), "results")
    results = window.results
    standings = window.standings
    resets: list[int] = []
    standings.model.modelReset.connect(lambda: resets.append(1))
    tables = iter(range(1, 181))
    stalls: list[float] = []
    times: list[float] = []

    def setup() -> tuple[tuple[Any, ...], dict[str, Any]]:
        window.show_view("results")
        results.entry.setText(f"{next(tables)} 1")  # a new result: the standings must be recomputed
        qtbot.keyClick(results.entry, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: idle(window), timeout=5000)
        qtbot.wait(SETTLE_MS)
        return (), {}

    def switch() -> None:
        count = len(resets)
        elapsed, stall = measure(
            qtbot,
            lambda: window.show_view("standings"),
            lambda: len(resets) > count and standings.model.rowCount() > 0 and idle(window),
        )
        times.append(elapsed)
        stalls.append(stall)

    benchmark.pedantic(switch, setup=setup, rounds=5, iterations=1)
    report(benchmark, "standings view switch", stalls, times)


def test_round_change_in_results(
    benchmark,
    qtbot,
    go_360: Path,
    tmp_path: Path,  # noqa: ANN001
    open_window,
) -> None:  # noqa: ANN001
    window = open_window(prepared(go_360, tmp_path, "rounds.finals", pair=True), "results")
    results = window.results
    stalls: list[float] = []
    times: list[float] = []
    targets = iter([2, 3] * 20)

    def change() -> None:
        number = next(targets)
        index = results.round_combo.findData(number)
        elapsed, stall = measure(
            qtbot,
            lambda: results.round_combo.setCurrentIndex(index),
            lambda: (
                results.view is not None
                and results.view.number == number
                and results.model.rowCount() > 0
                and idle(window)
            ),
        )
        times.append(elapsed)
        stalls.append(stall)

    benchmark.pedantic(change, rounds=10, iterations=1)
    report(benchmark, "round change (results view)", stalls, times)
