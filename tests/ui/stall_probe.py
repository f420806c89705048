"""What keeps the window from its event loop. A pass/fail test counts the cause — a
transaction (a write, which may wait for another writer's lock) opened on the window's thread
— never the time: a busy machine stops any window for a while (DESIGN.md, "Testing for
trust"). `StallProbe` measures the time, for a test to print and tests/bench to report.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from PySide6.QtCore import QTimer


class StallProbe:
    """Ticks every 10 ms on the GUI thread; `longest` is the longest gap between ticks (s)."""

    def __init__(self) -> None:
        self.timer = QTimer()
        self.timer.setInterval(10)
        self.timer.timeout.connect(self._tick)
        self.longest = 0.0
        self.last = 0.0

    def _tick(self) -> None:
        now = time.perf_counter()
        self.longest = max(self.longest, now - self.last)
        self.last = now

    def __enter__(self) -> StallProbe:
        self.last = time.perf_counter()
        self.timer.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._tick()
        self.timer.stop()


def transactions_on_threads(db: Any, monkeypatch: pytest.MonkeyPatch) -> list[bool]:  # noqa: ANN401
    """For every transaction (a writer's: it takes the write lock) opened on `db` from now
    on: whether it was opened on the window's (the main) thread."""
    on_gui: list[bool] = []
    transaction = db.transaction

    def recorded(*args: Any, **kwargs: Any) -> Any:  # noqa: ANN401
        on_gui.append(threading.current_thread() is threading.main_thread())
        return transaction(*args, **kwargs)

    monkeypatch.setattr(db, "transaction", recorded)
    return on_gui
