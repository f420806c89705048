"""Running the file's work off the window's thread.

Three kinds of jobs, each in a worker thread; their values come back on the window's thread
(queued signals) as plain data — never ORM objects:

- `start`: one job (printing, making the demo);
- `write`: a change to the file. Writes run one at a time, in the order they were asked
  for (a queue), so an undo typed while a swap is saving waits for it instead of racing it;
  `writing` is True (and `writing_changed` says so) while any is queued or running;
- `read`: a read for a view, under a key. A newer read under the same key makes the older
  one stale: its value is dropped, never shown over the newer one.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal, Slot


class Job(QObject):
    """Runs one callable in a worker thread; reports its value or its error."""

    finished = Signal(object, object)  # (job id, value)
    failed = Signal(object, object)  # (job id, exception)

    def __init__(
        self, number: int, fn: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> None:
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


@dataclass
class _Pending:
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    kwargs: dict[str, Any]
    on_done: Callable[[Any], object] | None
    on_error: Callable[[BaseException], None] | None


class Runner(QObject):
    """Owns the worker threads. Results come back on the window's thread (queued signals)."""

    busy_changed = Signal(bool)  # any job running
    writing_changed = Signal(bool)  # a write queued or running

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._next = 0
        self._running: dict[int, tuple[QThread, Job, Any, Any]] = {}
        self._writes: deque[_Pending] = deque()
        self._write_running: int | None = None
        self._read_keys: dict[Hashable, int] = {}  # key -> the newest read's job id
        self._keyed: set[int] = set()  # the reads still running

    @property
    def busy(self) -> bool:
        return bool(self._running)

    @property
    def writing(self) -> bool:
        return self._write_running is not None or bool(self._writes)

    @property
    def writes_waiting(self) -> int:
        """How many writes are queued or running."""
        return (self._write_running is not None) + len(self._writes)

    # -- starting ------------------------------------------------------------------
    def start(
        self,
        fn: Callable[..., Any],
        *args: Any,
        on_done: Callable[[Any], object] | None = None,
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

    def write(
        self,
        fn: Callable[..., Any],
        *args: Any,
        on_done: Callable[[Any], object] | None = None,
        on_error: Callable[[BaseException], None] | None = None,
        **kwargs: Any,
    ) -> None:
        """Queue a change to the file: it runs after every write asked for before it."""
        was = self.writing
        self._writes.append(_Pending(fn, args, kwargs, on_done, on_error))
        if not was:
            self.writing_changed.emit(True)
        self._next_write()

    def read(
        self,
        key: Hashable,
        fn: Callable[..., Any],
        *args: Any,
        on_done: Callable[[Any], object] | None = None,
        on_error: Callable[[BaseException], None] | None = None,
        **kwargs: Any,
    ) -> int:
        """A read for `key`; an older read under the same key no longer reports."""
        number = self.start(fn, *args, on_done=on_done, on_error=on_error, **kwargs)
        self._keyed.add(number)
        self._read_keys[key] = number
        return number

    def forget(self, key: Hashable) -> None:
        """The read under `key` is no longer wanted (its value is dropped)."""
        self._read_keys.pop(key, None)

    def _next_write(self) -> None:
        if self._write_running is not None or not self._writes:
            return
        pending = self._writes.popleft()
        self._write_running = self.start(
            pending.fn,
            *pending.args,
            on_done=pending.on_done,
            on_error=pending.on_error,
            **pending.kwargs,
        )

    # -- ending --------------------------------------------------------------------
    def _end(self, number: int) -> tuple[Any, Any]:
        thread, job, on_done, on_error = self._running.pop(number)
        thread.quit()
        thread.wait()
        job.deleteLater()
        thread.deleteLater()
        return on_done, on_error

    def _deliver(self, number: int, callback: Callable[[Any], None] | None, value: Any) -> None:
        keyed = number in self._keyed
        self._keyed.discard(number)
        current = not keyed
        if keyed:
            for key, newest in list(self._read_keys.items()):
                if newest == number:
                    del self._read_keys[key]
                    current = True
        try:
            if callback is not None and current:
                callback(value)
        finally:
            if number == self._write_running:
                self._write_running = None
                self._next_write()
                if not self.writing:
                    self.writing_changed.emit(False)
            if not self._running:
                self.busy_changed.emit(False)

    @Slot(object, object)
    def _finished(self, number: int, value: Any) -> None:
        on_done, _ = self._end(number)
        self._deliver(number, on_done, value)

    @Slot(object, object)
    def _failed(self, number: int, exc: BaseException) -> None:
        _, on_error = self._end(number)
        self._deliver(number, on_error, exc)

    def wait_all(self, msecs: int = 60000) -> None:
        """Let every job finish (the file is closing): queued writes are still written, in
        order; nothing is reported back any more (the views are being emptied)."""
        for number, (thread, job, _done, _error) in list(self._running.items()):
            thread.quit()
            thread.wait(msecs)
            self._running[number] = (thread, job, None, None)
        while self._writes:
            pending = self._writes.popleft()
            try:
                pending.fn(*pending.args, **pending.kwargs)
            except Exception:  # noqa: S110 - reported by the service's own audit, window gone
                pass
        self._read_keys.clear()


class ProgressRelay(QObject):
    """Hands a worker's progress reports to the window's thread: `report` is called in the
    worker, `reported` is delivered on the thread the relay lives on (a queued signal)."""

    reported = Signal(object)

    def report(self, step: object) -> None:
        self.reported.emit(step)
