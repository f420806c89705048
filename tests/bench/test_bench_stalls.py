"""The stall table (issue 23 §3, "the window never freezes"): the longest time the window's
thread did not get back to its event loop, per action, on the 360-player Hangzhou Go demo.
Run with --benchmark-enable (and -s to see the table):

    QT_QPA_PLATFORM=offscreen .venv/bin/python -m pytest -p no:cacheprovider -s \\
        --benchmark-enable tests/bench/test_bench_stalls.py

Each round opens a fresh copy of the demo (2 rounds played) and does, in one window: open
the file, show each view, pair round 3, type a result, correct it, undo and redo, type a
result while another program holds the file's write lock (HOLD seconds), open the display
and type a result with it open, make the pairings PDF and preview it, switch the language
to English and back. A stall is measured as in tests/bench/test_bench_ui.py (a 10 ms timer
on the window's thread, the action under the event loop until it is done, SETTLE_MS more);
the worst over the rounds is in `extra_info` (ms) and printed as a table.

Without --benchmark-enable the scenario runs once: a smoke test of every action.
"""

from __future__ import annotations

import os

from tests.finals import demo_copy

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import sqlite3  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pytest  # noqa: E402
from PySide6.QtCore import Qt  # noqa: E402

from tests.bench.test_bench_ui import EVENT, SETTLE_MS, private_settings  # noqa: E402, F401
from tests.finals import copy_of  # noqa: E402
from tests.ui.stall_probe import StallProbe  # noqa: E402

HOLD = 1.5  # seconds another writer holds the file while a result is typed
ROUNDS = 3


@pytest.fixture(scope="session")
def go_360_stalls(
    demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory
) -> Path:
    path = tmp_path_factory.mktemp("bench-stalls") / "go360.finals"
    demo_copy(demo_master("hangzhou-go", players=360, seed=3, rounds=2), path)
    return path


def _switch(app: Any, old: Any, code: str) -> Any:
    """The language menu's switch (ui.main.switch_language; before it existed, the same steps
    as run_gui's own: close the window, build a new one, open the file again)."""
    try:
        from ui.main import switch_language
    except ImportError:  # the window before issue 23
        from ui import i18n, prefs
        from ui.main import build_window

        prefs.set_language(code)
        i18n.install(app, code)
        file = old.ctx.target
        old.close()
        new = build_window(file, None)
        new.show()
        old.deleteLater()
        return new
    return switch_language(app, old, code)


class Scenario:
    def __init__(self, qtbot: Any, master: Path, folder: Path) -> None:
        self.qtbot = qtbot
        self.master = master
        self.folder = folder
        self.stalls: dict[str, list[float]] = {}
        self.runs = 0

    def measure(
        self, name: str, action: Callable[[], Any], done: Callable[[], bool], timeout: int = 60000
    ) -> None:
        with StallProbe() as probe:
            action()
            self.qtbot.waitUntil(done, timeout=timeout)
            self.qtbot.wait(SETTLE_MS)
        self.stalls.setdefault(name, []).append(probe.longest)

    def settle(self, window: Any) -> None:
        runner = window.ctx.runner
        self.qtbot.waitUntil(lambda: not runner.busy and not runner.writing, timeout=60000)
        self.qtbot.wait(SETTLE_MS)

    def run(self) -> None:
        from PySide6.QtWidgets import QApplication

        from ui.main import make_app
        from ui.main_window import VIEWS, MainWindow

        app = make_app()
        self.runs += 1
        path = copy_of(self.master, self.folder / f"stalls{self.runs}.finals")
        qtbot = self.qtbot
        window = MainWindow()
        window.ctx.open_documents = False
        window.resize(1280, 800)

        def opened() -> None:
            window.open_file(path)
            window.show_view("players")
            window.show()

        self.measure(
            "open the file (players shown)", opened, lambda: window.players.model.rowCount() > 360
        )
        self.settle(window)
        for view in VIEWS:
            self.measure(
                f"show the {view} view",
                lambda v=view: window.show_view(v),
                lambda: not window.ctx.runner.busy,
            )
        window.show_view("round")
        self.settle(window)
        board = window.round_board
        self.measure(
            "pair round 3",
            board.pair_next_round,
            lambda: (
                board.view is not None
                and board.view.number == 3
                and not window.ctx.runner.writing
                and not window.ctx.runner.busy
            ),
        )
        window.show_view("results")
        self.settle(window)
        results = window.results
        qtbot.waitUntil(lambda: results.view is not None and results.view.number == 3)
        tables = iter(results.model.open_tables())

        def on_file(table: int) -> str | None:
            from app.services.rounds import round_view

            return round_view(window.ctx.db, EVENT, 3).results[table]

        def typed(text: str, confirm: bool = False) -> Callable[[], None]:
            # not while the list is read again (a typed result would be refused: Enter again)
            qtbot.waitUntil(lambda: not results._loading, timeout=30000)

            def action() -> None:
                results.entry.setText(text)
                qtbot.keyClick(results.entry, Qt.Key.Key_Return)
                if confirm:  # the table has a result: the window asks, Enter again replaces it
                    qtbot.keyClick(results.entry, Qt.Key.Key_Return)

            return action

        def saved(table: int, result: str | None) -> Callable[[], bool]:
            return lambda: not window.ctx.runner.writing and on_file(table) == result

        table = next(tables)
        self.measure("type a result", typed(f"{table} 1"), saved(table, "1-0"))
        self.measure("correct it", typed(f"{table} 0", confirm=True), saved(table, "0-1"))
        stack = window.ctx.undo_stack
        self.measure("undo", stack.undo, saved(table, "1-0"))
        self.measure("redo", stack.redo, saved(table, "0-1"))
        self.settle(window)

        table = next(tables)
        holder = sqlite3.connect(
            window.ctx.db.path, timeout=5, isolation_level=None, check_same_thread=False
        )
        try:
            holder.execute("BEGIN IMMEDIATE")  # a long import in another program
            release = threading.Timer(HOLD, lambda: holder.execute("COMMIT"))
            release.start()
            self.measure(
                f"type a result while another writer holds the file {HOLD:g} s",
                typed(f"{table} 1"),
                lambda: not release.is_alive() and saved(table, "1-0")(),
            )
            release.join()
        finally:
            holder.close()
        self.settle(window)

        self.measure(
            "open the display",
            window.display_action.trigger,
            lambda: window.display is not None and window.display.data is not None,
        )
        self.settle(window)
        display = window.display
        table = next(tables)
        shown = display.data
        self.measure(
            "type a result, the display open",
            typed(f"{table} 1"),
            # the pairing list shows no result: the display reads nothing for it (issue 40)
            lambda: saved(table, "1-0")() and (display.data is shown or not display._reading),
        )
        display.close()
        self.settle(window)

        made: list[str] = []
        window.printing.document_ready.connect(made.append)
        self.measure(
            "make the pairings PDF",
            lambda: window.printing.print_report("pairings"),
            lambda: bool(made) and not window.ctx.runner.busy,
        )
        self.measure(
            "print preview",
            lambda: window.printing.preview_document(Path(made[0])),
            lambda: (
                window.printing.preview_dialog is not None
                and window.printing.preview_dialog.isVisible()
            ),
        )
        window.printing.preview_dialog.close()
        self.settle(window)

        holder_of: dict[str, Any] = {"window": window}
        for code in ("en", "zh_CN"):

            def switch(c: str = code) -> None:
                holder_of["window"] = _switch(app, holder_of["window"], c)

            def switched(old: Any = window) -> bool:
                new = holder_of["window"]
                view = new.current_view() if hasattr(new, "current_view") else "players"
                model = new.results.model if view == "results" else new.players.model
                return (
                    new is not old
                    and new.isVisible()
                    and new.ctx.db is not None
                    and model.rowCount() > 0
                    and not new.ctx.runner.busy
                )

            self.measure(f"switch language ({code})", switch, switched)
            window = holder_of["window"]
        self.settle(window)
        window.ctx.close()
        window.close()
        window.deleteLater()
        QApplication.processEvents()

    def report(self, benchmark: Any) -> None:
        width = max(len(name) for name in self.stalls)
        lines = [f"\n{'action'.ljust(width)} | longest stall (ms) over {self.runs} run(s)"]
        for name, values in self.stalls.items():
            worst = max(values) * 1000
            benchmark.extra_info[name] = round(worst, 1)
            lines.append(f"{name.ljust(width)} | {worst:6.0f}")
        print("\n".join(lines))


def test_stall_per_action_on_the_360_player_final(
    benchmark: Any, qtbot: Any, go_360_stalls: Path, tmp_path: Path
) -> None:
    from ui import i18n, prefs

    scenario = Scenario(qtbot, go_360_stalls, tmp_path)
    try:
        benchmark.pedantic(scenario.run, rounds=ROUNDS, iterations=1)
    finally:
        from ui.main import make_app

        prefs.set_language("zh_CN")
        i18n.install(make_app(), "zh_CN")
    scenario.report(benchmark)
    assert scenario.stalls and time.perf_counter() > 0
