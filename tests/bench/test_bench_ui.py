"""Window benchmarks (run with --benchmark-enable).

Targets: opening the 360-player Go demo to an interactive window <= 2 s; one result
keystroke (Enter) saved through the service and shown in the list <= 100 ms.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path  # noqa: E402

import pytest  # noqa: E402
from PySide6.QtCore import QSettings, Qt  # noqa: E402


@pytest.fixture(scope="session")
def go_360(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from app.demo import build_demo

    path = tmp_path_factory.mktemp("bench-ui") / "go360.finals"
    build_demo(path, "hangzhou-go", players=360, rounds=2)
    return path


@pytest.fixture(autouse=True)
def private_settings(tmp_path: Path) -> None:
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "settings"))


def test_open_360_player_demo_to_interactive_window(benchmark, qtbot, go_360: Path) -> None:  # noqa: ANN001
    from PySide6.QtWidgets import QApplication

    from ui.main import make_app
    from ui.main_window import MainWindow

    make_app()
    windows = []

    def open_window() -> MainWindow:
        window = MainWindow()
        window.ctx.open_documents = False
        window.open_file(go_360)
        window.show_view("players")
        window.show()
        QApplication.processEvents()
        windows.append(window)
        return window

    window = benchmark.pedantic(open_window, rounds=5, iterations=1, warmup_rounds=1)
    assert window.players.model.rowCount() > 360
    assert window.round_board.model.rowCount() == 180
    for w in windows:
        w.ctx.close()
        w.close()
        w.deleteLater()


def test_result_keystroke_saved_and_shown(benchmark, qtbot, go_360: Path, tmp_path: Path) -> None:  # noqa: ANN001
    from app.services.rounds import pair_next, round_view
    from app.services.tournament import open_tournament
    from ui.main import make_app
    from ui.main_window import MainWindow

    target = tmp_path / "go.finals"
    db = open_tournament(go_360)
    db.backup_to(target)
    db.close()
    make_app()
    db = open_tournament(target)
    pair_next(db, "MEN")
    db.close()
    window = MainWindow()
    window.ctx.open_documents = False
    qtbot.addWidget(window)
    window.open_file(target)
    window.show_view("results")
    window.show()
    results = window.results
    assert results.view.number == 3
    tables = iter(range(1, 181))

    def keystroke() -> int:
        table = next(tables)
        results.entry.setText(f"{table} 1")
        qtbot.keyClick(results.entry, Qt.Key.Key_Return)
        return table

    table = benchmark.pedantic(keystroke, rounds=60, iterations=1)
    assert results.model.row(results.model.row_for_table(table))["result"] == "1-0"
    assert round_view(window.ctx.db, "MEN", 3).results[table] == "1-0"
    window.ctx.close()
