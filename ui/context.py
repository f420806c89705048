"""The open tournament as the window sees it: the file, the operator, the undo stack.

Views never keep their own copy of the truth: after any change they ask the services again
when `changed` tells them something they show has moved — in worker threads (`read`,
`read_round`), so the window never waits on the file. Changes go through `write`: queued,
one at a time, off the window's thread; the outline (the events and their rounds) is reread
in the same worker, and the window's thread only applies the finished, plain values.

`revision` counts the changes seen; a round read at an older revision is never shown.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoStack

from app.services.backup import BackupOf, backup_of
from app.services.rounds import RoundView
from app.services.storage import is_server_url
from app.services.tournament import (
    EventSummary,
    TournamentInfo,
    list_events,
    open_tournament,
    tournament_info,
)
from ui import prefs, readers
from ui.workers import Runner

if TYPE_CHECKING:
    from app.services.storage import Database

# What changed, so each view refreshes only what it shows.
PLAYERS, ROUNDS, RESULTS, SETTINGS, ALL = "players", "rounds", "results", "settings", "all"
REMOTE = "remote"  # the phone-entry queue (a rejection changes no result)
RESULT_ENTERED = "result-entered"  # one table's result: its row and the counters
ROUND_COMPLETE = "round-complete"  # ... and that result completed its round


def _write_and_outline(
    fn: Callable[..., Any],
    db: Database,
    with_info: bool,
    args: tuple[Any, ...],
    kwargs: dict[str, Any],
) -> tuple[Any, list[EventSummary], TournamentInfo | None, int | None]:
    """In the worker: the change, then the outline it leaves and the file's revision."""
    value = fn(db, *args, **kwargs)
    events, info = readers.outline(db, with_info)
    return value, events, info, db.revision()


# A backup opened as a file: every change is refused until the arbiter says it is meant
# (`allow_changes`), so a backup is never changed by mistake for the final itself.
BACKUP_NOTE = (
    "这是比赛文件 {original} 的备份（{words}），不是比赛文件本身。为防误改，修改备份前须先确认："
    "请点窗口上方的“允许修改这份备份…”。要让比赛文件回到这份备份，请打开比赛文件，"
    "用“文件 → 打开备份…”恢复。"
)
BACKUP_GUARD = BACKUP_NOTE + "本次没有改动。"


@dataclass(frozen=True)
class OpenFinal:
    """An open final as a window holds it: handed from one window to the next."""

    db: Database
    target: Path | str | None
    info: TournamentInfo
    events: list[EventSummary]
    event_code: str | None
    revision: int | None
    backup: BackupOf | None = None  # the file is a backup copy (in a backups folder)
    guarded: bool = False  # ... whose changes wait for the arbiter's yes (BACKUP_GUARD)


WARM_AFTER_MS = 1200
UNDO_LIMIT = 300  # undo steps kept (Edit → Undo goes back this far)
# Other stations (a server's final, or another program on the same file): the file's revision
# is read this often, and the views refresh when it moved (well within a second).
WATCH_MS = 700


class TournamentContext(QObject):
    opened = Signal()
    closing = Signal()  # the file is about to close: stop what uses it (the phone server)
    closed = Signal()
    changed = Signal(str)
    event_changed = Signal(str)
    message = Signal(str)
    # One table's result is on file (event, round, table, result or None): an undo or redo
    # of a result, shown in its row without reading the round again.
    result_written = Signal(str, int, int, object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.db: Database | None = None
        self.path: Path | None = None  # the file (a server's final: where its backups go)
        self.target: Path | str | None = None  # what was opened: a file, or a server's URL
        self.info: TournamentInfo | None = None  # None: no final open
        self.events: list[EventSummary] = []
        self.event_code: str | None = None
        self.undo_stack = QUndoStack(self)
        # A long session keeps the latest steps only (each typed result is one): the oldest
        # are let go, not kept for the whole final.
        self.undo_stack.setUndoLimit(UNDO_LIMIT)
        self.runner = Runner(self)
        self.import_problems: list[str] = []
        self.backup: BackupOf | None = None  # the file is a backup copy (in a backups folder)
        self.guarded = False  # ... whose changes wait for the arbiter's yes (BACKUP_GUARD)
        self.open_documents = True  # tests turn off the system viewer
        self.revision = 0
        # The round a change touched (event, number), while `changed` is being told of it: a
        # result names its round, so a view can tell a row's change from a round's.
        self.touched: tuple[str, int] | None = None
        self.result_undos = 0  # undos and redos of results queued or being written
        self._own_lock = threading.Lock()
        self._own_writes = 0  # changes this window's phone server wrote, not yet seen
        self._rounds: dict[tuple[str, int], RoundView] = {}
        self._round_waiters: dict[tuple[str, int], list[Callable[[RoundView], None]]] = {}
        # After a pause in the changes, the read model is built ahead in a worker, so that
        # switching to the standings shows them at once (the build is cached per revision).
        self._warm_timer = QTimer(self)
        self._warm_timer.setSingleShot(True)
        self._warm_timer.setInterval(WARM_AFTER_MS)
        self._warm_timer.timeout.connect(self._warm_read_model)
        self.file_revision: int | None = None  # the file's revision the views show
        self.watch_ms = WATCH_MS  # 0: don't watch for other stations' changes
        self.unreachable = False  # the last look at the revision failed (said in the status bar)
        self._watch_timer = QTimer(self)
        self._watch_timer.timeout.connect(self._watch)

    # -- the file ------------------------------------------------------------------
    def open(self, target: Path | str) -> None:
        """Open a tournament file, or a final on a server (`postgresql://…`)."""
        if not is_server_url(target):
            target = Path(target)
        db = open_tournament(target)
        try:
            info = tournament_info(db)
            events = list_events(db)
            revision = db.revision()
        except Exception:
            db.close()
            raise
        self.close()
        playable = [e for e in events if e.plays_rounds]
        first = playable[0] if playable else (events[0] if events else None)
        backup = None if db.is_server else backup_of(db.path)
        guarded = backup is not None and db.read_only is None
        if backup is not None and guarded:
            db.read_only = BACKUP_GUARD.format(original=backup.original.name, words=backup.words())
        prefs.add_recent_file(db.label if db.is_server else target)
        code = first.code if first else None
        self._take(OpenFinal(db, target, info, events, code, revision, backup, guarded))

    def hand_over(self) -> OpenFinal | None:
        """Let go of the open final without closing it, for another window to `adopt` (the
        window is built again in another language): its queued changes are written first,
        the phones' server stops; nothing is read again. None when no final is open."""
        if self.db is None or self.info is None:
            return None
        self.closing.emit()
        self._warm_timer.stop()
        self._watch_timer.stop()
        self.runner.wait_all()
        handed = OpenFinal(
            self.db,
            self.target,
            self.info,
            self.events,
            self.event_code,
            self.file_revision,
            self.backup,
            self.guarded,
        )
        self.undo_stack.clear()
        self._forget_rounds()
        self._round_waiters.clear()
        self.db, self.path, self.target, self.info, self.events = None, None, None, None, []
        self.event_code, self.file_revision = None, None
        self.backup, self.guarded = None, False
        return handed

    def adopt(self, final: OpenFinal) -> None:
        """Work on a final another window handed over (see `hand_over`): as `open`, without
        opening, checking or reading the file again."""
        self.close()
        self._take(final)

    def _take(self, final: OpenFinal) -> None:
        self.db, self.path, self.target, self.info = (
            final.db,
            final.db.path,
            final.target,
            final.info,
        )
        self.backup, self.guarded = final.backup, final.guarded
        self.file_revision = final.revision
        self.import_problems = []
        self.events = final.events
        self._forget_rounds()
        self.event_code = final.event_code
        if self.watch_ms > 0:
            self._watch_timer.start(self.watch_ms)
        self.opened.emit()
        # What is loaded by now (modules, Qt, the ORM's mappers, fonts) lives as long as the
        # window: kept out of the collector's full passes, which otherwise scan it all and
        # hold every thread for ~150 ms on a 360-player final (the window's worst stall).
        gc.freeze()

    def close(self) -> None:
        if self.db is None:
            return
        self.closing.emit()
        self._warm_timer.stop()
        self._watch_timer.stop()
        self.runner.wait_all()
        self.undo_stack.clear()
        self._forget_rounds()
        self._round_waiters.clear()
        self.result_undos = 0
        self.db.close()
        self.db, self.path, self.target, self.info, self.events = None, None, None, None, []
        self.backup, self.guarded = None, False
        self.event_code, self.file_revision = None, None
        self.closed.emit()

    @property
    def read_only(self) -> str | None:
        """Why the file cannot be changed (a read-only file or disk), None when it can; a
        backup that waits for the arbiter's yes is not read-only (see `guarded`)."""
        if self.db is None or self.guarded:
            return None
        return self.db.read_only

    def allow_changes(self) -> None:
        """The arbiter means to change this backup: its changes are no longer refused."""
        if self.db is not None and self.guarded:
            self.db.read_only = None
            self.guarded = False

    def require_db(self) -> Database:
        if self.db is None:
            raise RuntimeError("no tournament open")
        return self.db

    # -- state ---------------------------------------------------------------------
    @property
    def operator(self) -> str:
        return prefs.operator()

    @property
    def writing(self) -> bool:
        """A change is being saved (or waits its turn): don't start one that conflicts."""
        return self.runner.writing

    def set_event(self, code: str | None) -> None:
        if code and code != self.event_code:
            self.event_code = code
            self.event_changed.emit(code)

    def current_event(self, code: str | None = None) -> EventSummary | None:
        code = code or self.event_code
        return next((e for e in self.events if e.code == code), None)

    def window_message(self, text: str) -> None:
        """A short confirmation in the status bar."""
        self.message.emit(text)

    # -- changes -------------------------------------------------------------------
    def apply_change(
        self,
        what: str,
        events: list[EventSummary] | None = None,
        info: TournamentInfo | None = None,
        rounds: tuple[RoundView, ...] = (),
        touched: tuple[str, int] | None = None,
    ) -> None:
        """A change is on file: take its finished values and tell the views what moved
        (`touched`: the one round it changed, when it says so)."""
        self.revision += 1
        self._forget_rounds()
        self._warm_timer.start()
        if events is not None:
            self.events = events
        if info is not None:
            self.info = info
        for view in rounds:
            self._rounds[(view.event, view.number)] = view
        self.touched = touched
        try:
            self.changed.emit(what)
        finally:
            self.touched = None

    def watch_other_stations(self, on: bool) -> None:
        """Follow other stations' changes (on by default; a test of a stale view turns it off)."""
        self.watch_ms = WATCH_MS if on else 0
        if on and self.db is not None:
            self._watch_timer.start(self.watch_ms)
        else:
            self._watch_timer.stop()

    def _watch(self) -> None:
        """Has another station (or program) changed the final? Read its revision, off the
        window's thread; not while a change of ours is on its way (it brings its own)."""
        if self.db is None or self.runner.writing:
            return
        self.read(
            "file revision",
            readers.revision,
            on_done=self._seen_revision,
            on_error=self._watch_failed,
        )

    def _watch_failed(self, exc: BaseException) -> None:
        """The final cannot be read (the server is down, the network cut): say so once, in
        the status bar, until it can be read again."""
        if self.unreachable:
            return
        from ui.errors import error_text

        self.unreachable = True
        message = error_text(exc)[0]
        self.window_message(self.tr("Cannot read the final: %1").replace("%1", message))

    def own_writes_elsewhere(self, count: int) -> None:
        """`count` changes were written by this window off its write queue (its own phone
        server, in the server's thread): the watch does not announce them as another
        station's. Thread-safe."""
        with self._own_lock:
            self._own_writes += count

    def _seen_revision(self, revision: int | None) -> None:
        if self.unreachable:
            self.unreachable = False
            self.window_message(self.tr("The final can be read again."))
        if revision is None or revision == self.file_revision or self.runner.writing:
            return
        with self._own_lock:
            own, self._own_writes = self._own_writes, 0
        self.file_revision = revision
        self.refresh_outline(ALL)
        if not own:  # this window's own phone server wrote meanwhile: not another station
            self.window_message(self.tr("Changes made at another station are shown."))

    def _warm_read_model(self) -> None:
        if self.db is None:
            return
        if self.runner.busy or self.runner.writing:
            self._warm_timer.start()  # not while the window works: later
            return
        self.read(
            "read model", readers.warm, on_done=lambda _final: None, on_error=lambda _exc: None
        )  # a failure shows when the view reads

    def notify(self, what: str) -> None:
        """A service call made on this thread changed the file: reread the outline (quick),
        tell the views."""
        if self.db is None:
            self.apply_change(what)
            return
        events, info = readers.outline(self.db, what in (SETTINGS, ALL))
        self.file_revision = self.db.revision()
        with self._own_lock:  # what this window's phone server wrote is seen now
            self._own_writes = 0
        self.apply_change(what, events, info)

    def own_change(self, revision: int | None) -> None:
        """A change this window made on its own thread is on file at `revision` (the one its
        transaction committed): it is not another station's. When it is the next revision
        after the one the views show, nobody wrote in between and the watch has nothing to
        show; otherwise another station did, and the watch shows it as before."""
        if (
            revision is not None
            and self.file_revision is not None
            and revision == self.file_revision + 1
        ):
            self.file_revision = revision

    def refresh_outline(self, what: str) -> None:
        """A change made on this thread: reread the outline in a worker, then tell the views
        (the views' copies of rounds are stale at once)."""
        self.revision += 1
        self._forget_rounds()
        if self.db is None:
            return
        self.read(
            "outline",
            readers.outline,
            what in (SETTINGS, ALL),
            on_done=lambda value: self.apply_change(what, *value),
        )

    def write(
        self,
        fn: Callable[..., Any],
        *args: Any,
        what: str,
        on_done: Callable[[Any], object] | None = None,
        on_error: Callable[[BaseException], None] | None = None,
        touched: tuple[str, int] | None = None,
        **kwargs: Any,
    ) -> None:
        """Run `fn(db, *args, **kwargs)` in the write queue; then the views learn `what`
        changed (a RoundView it returns is shown as is, never read again; `touched`: the
        round it changes, when one), then `on_done`."""
        db = self.require_db()
        with_info = what in (SETTINGS, ALL)

        def done(
            value: tuple[Any, list[EventSummary], TournamentInfo | None, int | None],
        ) -> None:
            if self.db is not db:
                return  # the file was closed meanwhile
            result, events, info, revision = value
            self.file_revision = revision
            rounds = (result,) if isinstance(result, RoundView) else ()
            self.apply_change(what, events, info, rounds, touched)
            if on_done is not None:
                on_done(result)

        def failed(exc: BaseException) -> None:
            if self.db is not db:
                return
            if on_error is not None:
                on_error(exc)
            else:
                from ui.errors import show_error

                show_error(None, exc)

        self.runner.write(
            _write_and_outline, fn, db, with_info, args, kwargs, on_done=done, on_error=failed
        )

    # -- reads ---------------------------------------------------------------------
    def read(
        self,
        key: Hashable,
        fn: Callable[..., Any],
        *args: Any,
        on_done: Callable[[Any], None],
        on_error: Callable[[BaseException], None] | None = None,
        **kwargs: Any,
    ) -> None:
        """`fn(db, *args)` in a worker; only the newest read under `key` reports, and only if
        nothing changed meanwhile (a change asks its views to read again)."""
        db = self.require_db()
        revision = self.revision

        def done(value: Any) -> None:
            if self.db is not db:
                return
            if self.revision != revision:  # read before the latest change: read again
                self.read(key, fn, *args, on_done=on_done, on_error=on_error, **kwargs)
                return
            on_done(value)

        def failed(exc: BaseException) -> None:
            if self.db is not db:
                return
            if self.revision != revision:
                self.read(key, fn, *args, on_done=on_done, on_error=on_error, **kwargs)
                return
            if on_error is not None:
                on_error(exc)

        self.runner.read(key, fn, db, *args, on_done=done, on_error=failed, **kwargs)

    def cached_round(self, event: str, number: int) -> RoundView | None:
        return self._rounds.get((event, number))

    def read_round(
        self,
        event: str,
        number: int,
        on_done: Callable[[RoundView], None],
        on_error: Callable[[BaseException], None] | None = None,
    ) -> None:
        """The round's view: at once when this revision has it, else read once in a worker
        for every view that asks (the board and the results list share it)."""
        cached = self.cached_round(event, number)
        if cached is not None:
            on_done(cached)
            return
        wanted = (event, number)
        waiters = self._round_waiters.setdefault(wanted, [])
        waiters.append(on_done)
        if len(waiters) > 1:
            return  # already being read (again after a change, if one came meanwhile)

        def done(view: RoundView) -> None:
            self._rounds[wanted] = view
            for callback in self._round_waiters.pop(wanted, []):
                callback(view)

        def failed(exc: BaseException) -> None:
            self._round_waiters.pop(wanted, None)
            if on_error is not None:
                on_error(exc)

        self.read(
            ("round", event, number), readers.round_of, event, number, on_done=done, on_error=failed
        )

    def _forget_rounds(self) -> None:
        self._rounds.clear()
