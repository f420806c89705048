"""Writers of the remote entry: one lock per file, SQLite's write lock taken first (BEGIN
IMMEDIATE), so that a check and the write that follows are one atomic step.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy.orm import Session

from app.store.database import Database

# --- writing: one lock per file, SQLite's write lock taken first ---------------------------

_locks: dict[str, threading.Lock] = {}
_locks_guard = threading.Lock()


def _lock_for(db: Database) -> threading.Lock:
    key = db.key
    with _locks_guard:
        return _locks.setdefault(key, threading.Lock())


@contextmanager
def _writing(db: Database) -> Iterator[Session]:
    with _lock_for(db), db.transaction() as session:
        yield session
