"""The open tournament as the window sees it: the file, the operator, the undo stack.

Views never keep their own copy of the truth: after any change they ask the services again
(through `refresh`) when `changed` tells them something they show has moved.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from app.services.tournament import list_events, open_tournament, tournament_info
from app.store.database import Database
from ui import prefs
from ui.workers import Runner

# What changed, so each view refreshes only what it shows.
PLAYERS, ROUNDS, RESULTS, SETTINGS, ALL = "players", "rounds", "results", "settings", "all"
REMOTE = "remote"  # the phone-entry queue (a rejection changes no result)


class TournamentContext(QObject):
    opened = Signal()
    closing = Signal()  # the file is about to close: stop what uses it (the phone server)
    closed = Signal()
    changed = Signal(str)
    event_changed = Signal(str)
    message = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.db: Database | None = None
        self.path: Path | None = None
        self.info: dict[str, Any] = {}
        self.events: list[dict[str, Any]] = []
        self.event_code: str | None = None
        self.undo_stack = QUndoStack(self)
        self.runner = Runner(self)
        self.import_problems: list[str] = []
        self.open_documents = True  # tests turn off the system viewer

    # -- the file ------------------------------------------------------------------
    def open(self, path: Path) -> None:
        db = open_tournament(Path(path))
        try:
            info = tournament_info(db)
        except Exception:
            db.close()
            raise
        self.close()
        self.db, self.path, self.info = db, Path(path), info
        self.import_problems = []
        self.events = list_events(db)
        playable = [e for e in self.events if e["plays_rounds"]]
        first = playable[0] if playable else (self.events[0] if self.events else None)
        self.event_code = first["code"] if first else None
        prefs.add_recent_file(path)
        self.opened.emit()

    def close(self) -> None:
        if self.db is None:
            return
        self.closing.emit()
        self.runner.wait_all()
        self.undo_stack.clear()
        self.db.close()
        self.db, self.path, self.info, self.events = None, None, {}, []
        self.event_code = None
        self.closed.emit()

    def require_db(self) -> Database:
        if self.db is None:
            raise RuntimeError("no tournament open")
        return self.db

    # -- state ---------------------------------------------------------------------
    @property
    def operator(self) -> str:
        return prefs.operator()

    def set_event(self, code: str | None) -> None:
        if code and code != self.event_code:
            self.event_code = code
            self.event_changed.emit(code)

    def current_event(self, code: str | None = None) -> dict[str, Any] | None:
        code = code or self.event_code
        return next((e for e in self.events if e["code"] == code), None)

    def window_message(self, text: str) -> None:
        """A short confirmation in the status bar."""
        self.message.emit(text)

    def notify(self, what: str) -> None:
        """A service call changed the file: reread the outline, tell the views."""
        if self.db is not None:
            self.events = list_events(self.db)
            if what in (SETTINGS, ALL):
                self.info = tournament_info(self.db)
        self.changed.emit(what)
