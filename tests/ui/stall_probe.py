"""A 10 ms timer on the GUI thread: how long the window did not get back to its event loop."""

from __future__ import annotations

import time

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
