"""Files that hurt: empty, a stranger's database, damaged, read-only (for real), full.

Tests run as root, and chmod does not stop root. `chattr +i` does: the kernel refuses every
write to an immutable file (and every new file in an immutable folder) even for root, just
as it refuses a user's write to a read-only file or folder. Tests that need it are skipped
where chattr is unavailable.
"""

from __future__ import annotations

import hashlib
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def neighbours(path: Path) -> set[str]:
    """Names in the file's folder (to see that nothing was left beside it)."""
    return {p.name for p in path.parent.iterdir()}


def _chattr(flag: str, path: Path) -> bool:
    if shutil.which("chattr") is None:
        return False
    return subprocess.run(["chattr", flag, str(path)], capture_output=True).returncode == 0


@contextmanager
def read_only(*paths: Path) -> Iterator[None]:
    """Make files or folders truly read-only (immutable) for the duration."""
    done: list[Path] = []
    try:
        for path in paths:
            if not _chattr("+i", path):
                pytest.skip("chattr +i is not available here")
            done.append(path)
        yield
    finally:
        for path in reversed(done):
            _chattr("-i", path)


def strangers_database(path: Path, wal: bool = False, user_version: int = 0) -> None:
    """Some other program's SQLite database (a notes app), closed cleanly."""
    conn = sqlite3.connect(path)
    if wal:
        conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
    conn.executemany("INSERT INTO notes (body) VALUES (?)", [(f"note {i}",) for i in range(50)])
    if user_version:
        conn.execute(f"PRAGMA user_version={user_version}")
    conn.commit()
    conn.close()


def damage(path: Path, table: str = "player") -> None:
    """Scribble over the cells of one table's root page: the header still reads, the check fails."""
    conn = sqlite3.connect(path)
    root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)).fetchone()[0]
    page_size = conn.execute("PRAGMA page_size").fetchone()[0]
    conn.close()
    with path.open("r+b") as handle:
        handle.seek(root * page_size - 400)  # cells fill a page from its end
        handle.write(bytes(range(200, 256)) * 7)


def damage_quietly(path: Path) -> None:
    """Damage that SQLite does not notice in use (the header's free-page count is wrong): the
    file still reads and takes writes, and only its integrity check fails."""
    with path.open("r+b") as handle:
        handle.seek(36)
        handle.write((3).to_bytes(4, "big"))


def truncate(path: Path) -> None:
    """Cut the file in half, as a copy interrupted by a pulled USB stick would."""
    size = path.stat().st_size
    with path.open("r+b") as handle:
        handle.truncate(size // 2)


# --- a process killed at a chosen point (kill -9: no cleanup runs) ----------------------------

KILLED = 86  # the exit code of a process `run_killed` stopped at its point

_KILLER = r"""
import os, sqlite3, sys

point, after, argv = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
count = 0


def tick():
    global count
    count += 1
    if count >= after:
        os._exit(KILLED)


if point == "page":  # within SQLite's backup API, after `after` pages
    class Killing(sqlite3.Connection):
        def backup(self, target, *, pages=-1, progress=None, name="main", sleep=0.25):
            return super().backup(
                target, pages=1, progress=lambda *_: tick(), name=name, sleep=0
            )

    connect = sqlite3.connect

    def killing_connect(*args, **kwargs):
        kwargs.setdefault("factory", Killing)
        return connect(*args, **kwargs)

    sqlite3.connect = killing_connect
elif point == "rename":  # at the `after`-th os.replace, before it renames
    def replace(*args, **kwargs):
        tick()

    os.replace = replace
elif point == "insert":  # at the `after`-th batch of rows a copy inserts
    import app.store.copy as store_copy

    insert = store_copy.insert

    def killing_insert(table):
        tick()
        return insert(table)

    store_copy.insert = killing_insert
elif point == "migration":  # right after migration number `after` ran, before its commit
    from app.store.migrations import MIGRATIONS

    migration = MIGRATIONS[after - 1]

    def killing_migration(conn):
        migration(conn)
        os._exit(KILLED)

    MIGRATIONS[after - 1] = killing_migration
else:
    raise SystemExit(f"unknown point {point}")

if argv[0] == "backup":  # take_backup(open_tournament(argv[1]), "manual")
    from app.services.backup import take_backup
    from app.services.tournament import open_tournament

    take_backup(open_tournament(argv[1]), "manual")
    sys.exit(0)
from app.cli.main import main

sys.exit(main(argv))
""".replace("KILLED", str(KILLED))

ROOT = Path(__file__).resolve().parents[2]


def run_killed(point: str, after: int, *argv: str) -> subprocess.CompletedProcess[str]:
    """Run `finals *argv` (or `backup FILE`: a manual backup) in a new process that dies at
    once (os._exit, as kill -9 would) at `point`: "page" (the backup API's `after`-th page),
    "rename" (the `after`-th os.replace), "insert" (a copy's `after`-th batch of rows),
    "migration" (after migration `after` ran, before it commits)."""
    import os
    import sys

    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        [sys.executable, "-c", _KILLER, point, str(after), *argv],
        capture_output=True,
        encoding="utf-8",
        cwd=ROOT,
        env=env,
        timeout=60,
    )
