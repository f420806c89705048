"""Running slow use cases (pairing, printing) off the window's thread."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal, Slot


class Job(QObject):
    """Runs one callable in a worker thread; reports its value or its error."""

    finished = Signal(object, object)  # (job id, value)
    failed = Signal(object, object)  # (job id, exception)

    def __init__(self, number: int, fn: Callable[..., Any], args: tuple[Any, ...],
                 kwargs: dict[str, Any]) -> None:
        super().__init__()
        self.number = number
        self._fn, self._args, self._kwargs = fn, args, kwargs

    @Slot()
    def run(self) -> None:
        try:
            value = self._fn(*self._args, **self._kwargs)
        except Exception as exc:  # reported to the window, never raised in the thread
            self.failed.emit(self.number, exc)
        else:
            self.finished.emit(self.number, value)


class Runner(QObject):
    """Owns the worker threads. Results come back on the window's thread (queued signals)."""

    busy_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._next = 0
        self._running: dict[int, tuple[QThread, Job, Any, Any]] = {}

    @property
    def busy(self) -> bool:
        return bool(self._running)

    def start(
        self,
        fn: Callable[..., Any],
        *args: Any,
        on_done: Callable[[Any], None] | None = None,
        on_error: Callable[[BaseException], None] | None = None,
        **kwargs: Any,
    ) -> int:
        self._next += 1
        thread = QThread()
        job = Job(self._next, fn, args, kwargs)
        job.moveToThread(thread)
        thread.started.connect(job.run)
        job.finished.connect(self._finished)
        job.failed.connect(self._failed)
        was_busy = self.busy
        self._running[self._next] = (thread, job, on_done, on_error)
        if not was_busy:
            self.busy_changed.emit(True)
        thread.start()
        return self._next

    def _end(self, number: int) -> tuple[Any, Any]:
        thread, job, on_done, on_error = self._running.pop(number)
        thread.quit()
        thread.wait()
        job.deleteLater()
        thread.deleteLater()
        if not self._running:
            self.busy_changed.emit(False)
        return on_done, on_error

    @Slot(object, object)
    def _finished(self, number: int, value: Any) -> None:
        on_done, _ = self._end(number)
        if on_done:
            on_done(value)

    @Slot(object, object)
    def _failed(self, number: int, exc: BaseException) -> None:
        _, on_error = self._end(number)
        if on_error:
            on_error(exc)

    def wait_all(self, msecs: int = 60000) -> None:
        for thread, *_ in list(self._running.values()):
            thread.quit()
            thread.wait(msecs)
