"""The phones' results, saved one after another by one writer thread (`SaveQueue`).

A submission is handed to the queue and its phone waits for the save up to
`Limits.answer_wait`; saved by then, the phone is answered as before (200 with what the
server did, or the refusal). Not yet (another writer holds the file's write lock: a
command-line import, a pairing), the phone is told 202 已收到，正在保存 with a receipt it asks
about (`GET /t/<token>/saving/<receipt>`) until the save is done. While the lock is only busy
the result stays queued and is tried again (never refused for that): the file's own wait
(`WRITE_WAIT_SECONDS`) ending is not the end of the phone's result. A 200 is only ever given
for a result in the final.

When the server stops, the queue takes no more and saves what it holds (the phones asking
about their receipts meanwhile are answered); if the file is still busy then, what is left is
refused as a busy file is (暂时无法保存，成绩未提交), to the phones that ask, and named in
the arbiter's log. A phone that can no longer ask is told by its page that the save was not
confirmed and to send again (a repeat is never stored twice).
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from app.errors import FinalsError
from app.services.remote_entry import SubmitOutcome
from app.store.failures import StorageError
from app.web.transport import log

KEEP_SECONDS = 900.0  # a finished save's answer is kept this long for its phone to ask
KEEP_AT_MOST = 5000


class StillSaving(Exception):
    """The result is held, not saved yet: answer 202 with its receipt."""

    def __init__(self, receipt: str) -> None:
        super().__init__(receipt)
        self.receipt = receipt


class Stopping(FinalsError):
    """The server is stopping: it takes no more results (nothing was saved)."""


@dataclass(eq=False)
class Held:
    """One result the server holds: its save and, once done, its outcome or its error."""

    receipt: str
    token: str
    work: Callable[[], SubmitOutcome]
    done: threading.Event = field(default_factory=threading.Event)
    outcome: SubmitOutcome | None = None
    error: BaseException | None = None
    finished: float = 0.0

    def result(self) -> SubmitOutcome:
        """The outcome (done), or the save's error raised here (the handler answers it)."""
        if self.error is not None:
            raise self.error
        assert self.outcome is not None
        return self.outcome


class SaveQueue:
    """One writer thread for a server's submissions, first come first saved."""

    def __init__(self, on_saved: Callable[[SubmitOutcome], None]) -> None:
        self.on_saved = on_saved
        self.busy_retries = 0  # saves tried again because another writer held the file
        self._queue: deque[Held] = deque()
        self._held: dict[str, Held] = {}
        self._cond = threading.Condition()
        self._closing = False
        self._thread = threading.Thread(target=self._run, name="finals-web-save", daemon=True)
        self._thread.start()

    @property
    def closed(self) -> bool:
        return self._closing

    @property
    def waiting(self) -> int:
        with self._cond:
            return len(self._queue)

    def save(self, token: str, work: Callable[[], SubmitOutcome], wait: float) -> SubmitOutcome:
        """Queue `work` (one submission's use case) and wait up to `wait` seconds for it: its
        outcome, its error raised, or StillSaving (the phone is to ask by the receipt)."""
        held = Held(secrets.token_urlsafe(12), token, work)
        with self._cond:
            if self._closing:
                raise Stopping("现场录入服务正在停止，成绩未提交。请联系裁判长。")
            self._forget_old()
            self._held[held.receipt] = held
            self._queue.append(held)
            self._cond.notify_all()
        if held.done.wait(wait):
            return held.result()
        raise StillSaving(held.receipt)

    def find(self, token: str, receipt: str) -> Held | None:
        """The result held under this receipt, for this table's link only."""
        with self._cond:
            held = self._held.get(receipt)
        return held if held is not None and held.token == token else None

    def close(self, wait: float) -> int:
        """Take no more; save what is held (up to `wait` seconds in all). How many held
        results could not be saved (refused to their phones, named in the log)."""
        with self._cond:
            self._closing = True
            self._cond.notify_all()
        self._thread.join(wait)
        with self._cond:
            left = list(self._queue)
            self._queue.clear()
        for held in left:  # still not saved when the wait ran out
            self._finish(held, error=StorageError("busy", "比赛文件正忙，成绩未保存。"))
        unsaved = sum(
            1
            for held in list(self._held.values())
            if isinstance(held.error, StorageError) and held.error.kind == "busy"
        )
        if unsaved:
            log.error(
                "%d phone result(s) received but not saved (the file stayed busy): "
                "their phones are told to send again",
                unsaved,
            )
        return unsaved

    # --- the writer ---------------------------------------------------------------------

    def _run(self) -> None:
        gave_up = False  # closing, and the file still busy: the rest are refused at once
        while True:
            with self._cond:
                while not self._queue and not self._closing:
                    self._cond.wait()
                if not self._queue:
                    return
                held = self._queue[0]
                closing = self._closing
            if gave_up:
                self._take(held)
                self._finish(held, error=StorageError("busy", "比赛文件正忙，成绩未保存。"))
                continue
            try:
                outcome = held.work()
            except StorageError as error:
                if error.kind == "busy":
                    if not closing:  # only busy: it stays first in the queue, tried again
                        self._busy()
                        continue
                    gave_up = True
                self._take(held)
                self._finish(held, error=error)
                continue
            except BaseException as error:  # answered by the handler, as it always was
                self._take(held)
                self._finish(held, error=error)
                continue
            self._take(held)
            self._finish(held, outcome=outcome)
            try:
                self.on_saved(outcome)
            except Exception:
                log.exception("after saving a phone's result")

    def _busy(self) -> None:
        with self._cond:
            self.busy_retries += 1
            first = self.busy_retries == 1 or self.busy_retries % 10 == 0
        if first:
            log.warning(
                "the file is busy (another program writes it): %d phone result(s) held, "
                "saved when it is free",
                self.waiting,
            )

    def _take(self, held: Held) -> None:
        with self._cond:
            if self._queue and self._queue[0] is held:
                self._queue.popleft()

    def _finish(
        self,
        held: Held,
        outcome: SubmitOutcome | None = None,
        error: BaseException | None = None,
    ) -> None:
        held.outcome, held.error, held.finished = outcome, error, time.monotonic()
        held.done.set()

    def _forget_old(self) -> None:
        """Drop finished answers nobody asked about for KEEP_SECONDS (or past KEEP_AT_MOST)."""
        now = time.monotonic()
        if len(self._held) < KEEP_AT_MOST and not any(
            h.done.is_set() and now - h.finished > KEEP_SECONDS
            for h in list(self._held.values())[:8]
        ):
            return
        done = [h for h in self._held.values() if h.done.is_set()]
        done.sort(key=lambda h: h.finished)
        extra = max(0, len(self._held) - KEEP_AT_MOST + 1)
        for index, held in enumerate(done):
            if index < extra or now - held.finished > KEEP_SECONDS:
                del self._held[held.receipt]
