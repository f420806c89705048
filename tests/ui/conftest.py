"""Qt tests run headless; each test gets its own preferences file and output folder."""

from __future__ import annotations

import os
from collections.abc import Callable

from tests.finals import demo_copy

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from tests.finals import copy_of


@pytest.fixture(autouse=True)
def private_settings(tmp_path: Path) -> Path:
    from PySide6.QtCore import QSettings

    folder = tmp_path / "settings"
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(folder))
    from ui import prefs

    prefs.set_operator("测试裁判")
    prefs.set_output_dir(tmp_path / "out")
    return folder


@pytest.fixture(scope="session")
def gomoku_demo_master(
    demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory
) -> Path:
    path = tmp_path_factory.mktemp("demo") / "gomoku.finals"
    demo_copy(demo_master("shaoxing-gomoku-2022", players=40, rounds=2), path)
    return path


@pytest.fixture
def gomoku_demo(gomoku_demo_master: Path, tmp_path: Path) -> Path:
    """A fresh copy of a 40-player Gomoku final with two rounds played."""
    return copy_of(gomoku_demo_master, tmp_path / "final.finals")


def wait_idle(win, qtbot, timeout: int = 30000) -> None:  # noqa: ANN001
    """The window's background work (reads, the write queue) has finished and been shown."""
    qtbot.waitUntil(lambda: not win.ctx.runner.busy and not win.ctx.runner.writing, timeout=timeout)


def idle_now(win, timeout: float = 30.0) -> None:  # noqa: ANN001
    """`wait_idle` without a qtbot: the event loop turns until the window's background work
    (reads, the write queue) is done and shown."""
    import time

    from PySide6.QtWidgets import QApplication

    end = time.monotonic() + timeout
    while win.ctx.runner.busy or win.ctx.runner.writing:
        assert time.monotonic() < end, "the window's background work did not finish"
        QApplication.processEvents()
        time.sleep(0.002)
    QApplication.processEvents()


@pytest.fixture
def settle(qtbot):  # noqa: ANN001, ANN201
    """`settle(window)`: wait until what the window does in the background is done."""
    return lambda win, timeout=30000: wait_idle(win, qtbot, timeout)


@pytest.fixture
def window(qtbot, gomoku_demo: Path):  # noqa: ANN001, ANN201
    from ui.main import make_app
    from ui.main_window import MainWindow

    make_app()
    win = MainWindow()
    win.ctx.open_documents = False
    qtbot.addWidget(win)
    assert win.open_file(gomoku_demo)
    win.show()
    wait_idle(win, qtbot)
    yield win
    win.ctx.close()
