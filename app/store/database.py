"""Opening a tournament file: WAL, synchronous=FULL, foreign keys, migrations.

The file is the user's data, so opening one is careful:

- What is not a tournament file (an empty file, another program's SQLite database) is refused
  before anything is written to it: it is first looked at through a read-only connection, and
  only a file whose schema is ours is ever migrated.
- A damaged file (SQLite's `integrity_check` fails, or a page cannot be read) is refused, for
  reading as well as writing: standings printed from a damaged file could be silently wrong.
  The message names the newest backup that passes the check and says how to restore it.
- A read-only file, folder or disk is opened read-only (`mode=ro`, or `immutable=1` when not
  even the `-shm` beside it can be created): reading commands work, a writer is told in Chinese.
- Every SQLite or disk failure while the file is used (disk full, read-only, locked, damaged,
  I/O error) reaches the caller as a `StorageError`, a FinalsError in Chinese that names the
  file; `describe_failure` does the same for an OSError writing any other file.
- A writer that must wait for another writer's lock (a long import) says so and waits up to
  WRITE_WAIT_SECONDS, then gives up with a Chinese message; nothing is half-written.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event, exc, text
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import QueuePool

from app.errors import FinalsError
from app.store.atomic import written_whole
from app.store.failures import (
    StorageError,
    busy_message,
    damaged_message,
    describe_failure,
    for_window,
    how_to_restore,
    map_sqlite_errors,
    primary_code,
    read_only_message,
    read_only_reason,
    restorable_backup,
    sqlite_failure,
)
from app.store.migrations import (
    MIGRATIONS,
    SCHEMA_VERSION,
    schema_is_ours,
    store_version,
    stored_version,
)
from app.store.sqlite_uri import read_only_uri

log = logging.getLogger("finals.store")

SUFFIX = ".finals"
BUSY_MS = 5000  # readers and the odd lock other than the write lock
FIRST_TRY_SECONDS = 0.5  # a writer waits this long for the write lock without a word ...
WRITE_WAIT_SECONDS = 30.0  # ... then says it is waiting, and gives up after this long in all
# The check on open: integrity_check (indexes against their tables too) costs ~2.5 ms (median;
# open_database in all ~4 ms) on the 360-player Go final with 8 rounds played (1.1 MB), see
# tests/bench/test_bench_open.py; quick_check saves ~1 ms of it, so the thorough one.
OPEN_CHECK = "integrity_check"
OUR_TABLES = frozenset({"tournament", "event"})  # made by the first migration, never dropped

_commits = 0  # use cases committed by this process: tells a crash after a commit from one before


def commits_so_far() -> int:
    return _commits


def _print_notice(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


_wait_notice: Callable[[str], None] = _print_notice


def tell_waiting(message: str) -> None:
    """Say that this writer waits for another (where `set_wait_notice` sends it)."""
    _wait_notice(message)


def set_wait_notice(notice: Callable[[str], None] | None) -> Callable[[str], None]:
    """Where "waiting for another writer" goes (stderr by default); returns the previous one."""
    global _wait_notice
    previous, _wait_notice = _wait_notice, notice or _print_notice
    return previous


# --- engines ----------------------------------------------------------------------------------


def _on_connect(dbapi_conn: Any, _record: Any) -> None:
    # SQLAlchemy's pysqlite driver issues its own BEGIN; autocommit off keeps our
    # pragmas outside any transaction.
    cursor = dbapi_conn.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={BUSY_MS}")
    cursor.close()


def _on_connect_read_only(dbapi_conn: Any, _record: Any) -> None:
    cursor = dbapi_conn.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={BUSY_MS}")
    cursor.execute("PRAGMA query_only=ON")
    cursor.close()


def _make_engine(path: Path, named: Path | None = None) -> Engine:
    engine = create_engine(f"sqlite:///{path}", future=True)
    event.listen(engine, "connect", _on_connect)
    map_sqlite_errors(engine, named or path)
    return engine


def _make_read_only_engine(path: Path, immutable: bool) -> Engine:
    uri = read_only_uri(path, immutable)
    engine = create_engine(
        "sqlite://",
        poolclass=QueuePool,
        creator=lambda: sqlite3.connect(uri, uri=True, check_same_thread=False),
    )
    event.listen(engine, "connect", _on_connect_read_only)
    map_sqlite_errors(engine, path)
    return engine


def _newer_version(name: str, version: int) -> FinalsError:
    return FinalsError(
        f"{name} 由更新版本的程序创建（数据格式第 {version} 版，本程序只支持到第 "
        f"{SCHEMA_VERSION} 版）。请升级本程序后再打开；其中的数据未做任何改动。"
    )


def migrate(engine: Engine, name: str, lock: Callable[[Any], None] | None = None) -> None:
    """Bring the schema up to SCHEMA_VERSION, one migration per transaction. `lock` (a
    server's) is taken in each, so that two stations opening at once migrate once. Each
    migration committed counts as a commit (`commits_so_far`): a failure after it must not
    be told as "nothing changed"."""
    global _commits
    with engine.connect() as conn:
        version = stored_version(conn)
    if version > SCHEMA_VERSION:
        raise _newer_version(name, version)
    for number in range(version, SCHEMA_VERSION):
        with engine.begin() as conn:
            if lock is not None:
                lock(conn)
            version = stored_version(conn)
            if version > SCHEMA_VERSION:
                raise _newer_version(name, version)
            if version > number:
                continue
            MIGRATIONS[number](conn)
            store_version(conn, number + 1)
        _commits += 1


# --- the database -----------------------------------------------------------------------------


_BUMP_REVISION = "UPDATE file_revision SET revision = revision + 1 RETURNING revision"
COMMITTED_REVISION = "revision"  # session.info key: the revision a transaction committed


class Database:
    """One open tournament file.

    `read_only` is None for a writable file, else the reason (in Chinese) that writes are refused.
    """

    def __init__(
        self,
        path: Path,
        engine: Engine,
        read_only: str | None = None,
        side_files_before: dict[Path, bool] | None = None,
    ) -> None:
        self.path = path
        self.engine = engine
        self.read_only = read_only
        # Read-only: SQLite cannot remove the -wal and -shm a reader made; close() does.
        self._side_files_before = side_files_before
        self._sessions = sessionmaker(engine, expire_on_commit=False)
        # The file this was opened on (device, inode): a file renamed over it meanwhile (a
        # restore by another program, a copy put in its place) is seen and opened instead.
        self._identity = _identity(path)
        self._reopen_lock = threading.Lock()
        self.generation = 0  # how often the file was found replaced and opened again

    is_server = False

    @property
    def label(self) -> str:
        """How messages name this final: the file's path (a server's: its address)."""
        return str(self.path)

    @property
    def key(self) -> str:
        """One final's identity within this process (two paths to one file are one final)."""
        return str(self.path.resolve())

    @property
    def backup_folder(self) -> Path:
        """Where its backup copies go, named `{backup_stem}-{time}-{label}.finals`."""
        return self.path.parent / "backups"

    @property
    def backup_stem(self) -> str:
        return self.path.stem

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """One use case = one transaction: committed whole or not at all.

        The write lock is taken first (BEGIN IMMEDIATE), so everything the use case reads is
        the state it writes over: no other writer can commit in between (no lost update, and
        the audit's "before" is true). A writer that must wait for another says so (see
        `set_wait_notice`) and waits up to WRITE_WAIT_SECONDS.

        After the commit, `session.info[COMMITTED_REVISION]` is the file's revision this
        transaction made (see `committed_revision`): a window tells its own change from
        another station's by it.
        """
        global _commits
        while True:
            self._follow_replacement()
            if self.read_only is not None:
                raise StorageError("read-only", self.read_only)
            stack = ExitStack()
            session = stack.enter_context(self._sessions())
            try:
                stack.enter_context(session.begin())
                self._take_write_lock(session)
                # Holding the write lock: a file renamed over ours before we took it (a
                # restore holds our file's lock while it replaces it) is seen now.
                if not self._replaced():
                    break
            except BaseException:
                if not stack.__exit__(*sys.exc_info()):
                    raise
            stack.close()  # the lock of a file no longer the final: let go, open the new one
        with stack:
            yield session
            session.flush()
            session.info[COMMITTED_REVISION] = session.execute(text(_BUMP_REVISION)).scalar()
        _commits += 1

    def _replaced(self) -> bool:
        """Whether the path now names another file than the one this has open."""
        return self._identity is not None and _identity(self.path) != self._identity

    def _follow_replacement(self) -> None:
        """The file at our path was replaced (a restore, a copy put in its place): open the new
        one as `open_database` would (refused untouched when it is not a final of ours, or
        damaged); what this wrote before stays in the old file, which is no longer the final."""
        if not self._replaced():
            return
        with self._reopen_lock:
            if not self._replaced():
                return
            log.warning("%s was replaced by another file: opening the new one", self.path)
            try:
                fresh = open_database(self.path)
            except FinalsError as error:
                raise StorageError(
                    "cannot-open",
                    f"比赛文件 {self.path} 已被另一个文件替换（例如从备份恢复），"
                    f"而新文件无法打开：{error.message} 本次操作没有保存，请处理后重试。",
                ) from error
            old = self.engine
            self.engine, self.read_only = fresh.engine, fresh.read_only
            self._side_files_before = fresh._side_files_before
            self._sessions = fresh._sessions
            self._identity = fresh._identity
            self.generation += 1
            old.dispose()

    def _take_write_lock(self, session: Session) -> None:
        raw = session.connection().connection.dbapi_connection
        if self._begin_immediate(raw, FIRST_TRY_SECONDS):
            return
        tell_waiting(
            f"比赛文件 {self.path} 正由另一个操作写入（例如导入名单或编排），"
            "正在等待它完成，请稍候……"
        )
        if self._begin_immediate(raw, max(WRITE_WAIT_SECONDS - FIRST_TRY_SECONDS, 0.0)):
            return
        raise StorageError("busy", busy_message(self.path, WRITE_WAIT_SECONDS))

    def _begin_immediate(self, raw: Any, seconds: float) -> bool:
        """BEGIN IMMEDIATE, waiting up to `seconds` for the write lock: False if still taken."""
        raw.execute(f"PRAGMA busy_timeout={int(seconds * 1000)}")
        try:
            raw.execute("BEGIN IMMEDIATE")
            return True
        except sqlite3.Error as error:
            if primary_code(error) in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
                return False
            raise sqlite_failure(error, self.path) or error from error
        finally:
            raw.execute(f"PRAGMA busy_timeout={BUSY_MS}")

    @contextmanager
    def reading(self) -> Iterator[Session]:
        self._follow_replacement()
        with self._sessions() as session:
            yield session

    @contextmanager
    def snapshot(self) -> Iterator[Session]:
        """A reading session that sees one committed state throughout (one read transaction):
        what a reader builds from several queries belongs to one revision."""
        self._follow_replacement()
        with self._sessions() as session:
            raw = session.connection().connection.dbapi_connection
            assert raw is not None
            raw.execute("BEGIN")
            yield session

    def revision(self, session: Session | None = None) -> int | None:
        """The file's revision: bumped by every committed use case (None: a file from before
        the counter existed, opened read-only)."""
        if session is None:
            with self.reading() as own:
                return self.revision(own)
        try:
            return int(session.execute(text("SELECT revision FROM file_revision")).scalar_one())
        except exc.OperationalError:
            return None

    @staticmethod
    def committed_revision(session: Session) -> int | None:
        """The revision a finished `transaction` committed (None: not known)."""
        value = session.info.get(COMMITTED_REVISION)
        return int(value) if value is not None else None

    def integrity_check(self) -> str:
        with self.engine.connect() as conn:
            return str(conn.execute(text("PRAGMA integrity_check")).scalar_one())

    def lock_for_copy(self, conn: Connection) -> None:
        """Hold the final's write lock while a copy fills this store through `conn` (a new
        tournament file: nobody else writes it, nothing to wait for)."""

    def backup_to(self, target: Path) -> None:
        """A consistent copy through SQLite's online backup API, whole or absent (see
        `copy_connection`)."""
        source = sqlite3.connect(self.path)
        try:
            copy_connection(source, target)
        finally:
            source.close()

    def close(self) -> None:
        self.engine.dispose()
        if self._side_files_before is not None:
            _remove_what_we_made(self._side_files_before)


def _identity(path: Path) -> tuple[int, int] | None:
    """The file a path names now (device, inode); None when there is none."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return (found.st_dev, found.st_ino)


def copy_connection(source: sqlite3.Connection, target: Path) -> None:
    """Write the database `source` to the file `target` through the backup API, whole or
    not at all: under a temporary name beside it, synced, then renamed over it (see
    app.store.atomic). The copy is one self-contained file in the final's own journal mode
    (write-ahead log, folded in and removed when the copy is closed: nothing left beside it),
    so opening it later changes none of its bytes."""
    with written_whole(target) as temp:
        dest = sqlite3.connect(temp)
        try:
            source.backup(dest)
            dest.execute("PRAGMA journal_mode=WAL")
        finally:
            dest.close()


def one_file(path: Path) -> None:
    """A copy just written as one self-contained file in a final's journal mode: its
    write-ahead log folded in and removed when closed (nothing left beside it), so opening it
    later changes none of its bytes."""
    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA journal_mode=WAL")
    finally:
        conn.close()


def check_new_file(path: Path) -> None:
    """Refuse (in Chinese) a new tournament file at `path`: existing, misnamed, no folder."""
    if path.exists():
        raise FinalsError(f"文件 {path} 已存在。请换一个文件名，或先删除旧文件。")
    if path.suffix != SUFFIX:
        raise FinalsError(
            f"比赛文件的扩展名应为 {SUFFIX}（例如 比赛{SUFFIX}），而不是 {path.name}。"
        )
    if not path.parent.exists():
        raise FinalsError(f"目录 {path.parent} 不存在。请先建立目录。")
    if not os.access(path.parent, os.W_OK):
        raise StorageError(
            "read-only",
            f"文件夹 {path.parent} 是只读的，不能在其中新建比赛文件 "
            f"{path.name}。请换一个可写的文件夹（如桌面）。",
        )


def new_database_at(path: Path, named: Path | None = None) -> Database:
    """A database with our schema at `path` (a temporary file: no checks); messages name
    `named` (the file it will become)."""
    engine = _make_engine(path, named)
    migrate(engine, f"文件 {(named or path).name}")
    return Database(path, engine)


def create_database(path: Path) -> Database:
    path = Path(path)
    check_new_file(path)
    engine = _make_engine(path)
    migrate(engine, f"文件 {path.name}")
    return Database(path, engine)


def is_tournament_file(path: Path) -> bool:
    """Whether `path` is one of our files, whatever its name: a `.finals` file (even empty
    or damaged: a final awaiting its restore), or a SQLite database holding our tables.
    Looked at read-only (`immutable`: not a byte written, no -wal or -shm made)."""
    path = Path(path)
    try:
        if not path.is_file():
            return False
        if path.suffix.lower() == SUFFIX:
            return True
        with open(path, "rb") as handle:
            if not handle.read(16).startswith(b"SQLite format 3\0"):
                return False
    except OSError:
        return False
    try:
        conn = sqlite3.connect(read_only_uri(path, immutable=True), uri=True)
        try:
            tables = {
                row[0]
                for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            }
        finally:
            conn.close()
    except sqlite3.Error:
        return True  # a SQLite file that cannot be read: better kept than overwritten
    return OUR_TABLES <= tables


# --- opening: look first, touch only what is ours ----------------------------------------------


@dataclass(frozen=True)
class _Look:
    version: int
    immutable: bool  # not even the -shm could be created: the folder or disk is read-only


def _side_files(path: Path) -> list[Path]:
    return [path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")]


def _connect_to_look(path: Path) -> tuple[sqlite3.Connection, bool]:
    """A read-only connection that has read the schema: (connection, immutable)."""
    conn = sqlite3.connect(read_only_uri(path, immutable=False), uri=True)
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return conn, False
    except sqlite3.Error as error:
        conn.close()
        if primary_code(error) != sqlite3.SQLITE_CANTOPEN:
            raise
    # A WAL file in a read-only folder: its -shm cannot be made. Read the file as it stands,
    # unless a -wal beside it holds changes not yet in the file (immutable would ignore them).
    wal = _side_files(path)[0]
    if wal.exists() and wal.stat().st_size > 0:
        raise StorageError(
            "read-only",
            f"比赛文件 {path} 所在的文件夹是只读的，而它的最后一些改动还在 {wal.name} 中，"
            f"无法安全读取。请把 {path.name} 和 {wal.name} 一起复制到可写的文件夹后再打开。",
        )
    conn = sqlite3.connect(read_only_uri(path, immutable=True), uri=True)
    return conn, True


def _columns(conn: sqlite3.Connection, table: str) -> set[str]:
    quoted = table.replace('"', '""')
    return {str(row[1]) for row in conn.execute(f'PRAGMA table_info("{quoted}")')}


def _not_ours(path: Path, tables: set[str]) -> FinalsError:
    what = (
        "是一个空的 SQLite 数据库"
        if not tables
        else "是一个 SQLite 数据库，但其中的数据不是本程序的"
    )
    message = f"{path} {what}，不是比赛文件。本程序没有改动它。请打开 {SUFFIX} 比赛文件，或用 finals new 新建比赛。"
    return FinalsError(message, window=for_window(message))


def _look(path: Path, existed: dict[Path, bool]) -> _Look:
    """Read (never write) the file's schema and check it; refuse what is not ours or damaged.

    `existed` says which of the -wal and -shm were there before: what this leaves beside a
    refused file is removed."""
    refused = True
    try:
        conn, immutable = _connect_to_look(path)
        try:
            version = int(conn.execute("PRAGMA user_version").fetchone()[0])
            mark = int(conn.execute("PRAGMA application_id").fetchone()[0])
            tables = {
                row[0]
                for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            }
            if not schema_is_ours(version, tables, lambda table: _columns(conn, table), mark):
                raise _not_ours(path, tables)  # no version of ours, or not our tables
            if version > SCHEMA_VERSION:
                raise _newer_version(f"文件 {path.name}", version)
            problems = [row[0] for row in conn.execute(f"PRAGMA {OPEN_CHECK}")]
            if problems != ["ok"]:
                raise StorageError("damaged", damaged_message(path, "已损坏（完整性检查未通过）"))
        finally:
            conn.close()
        refused = False
        return _Look(version, immutable)
    except sqlite3.Error as error:
        mapped = sqlite_failure(error, path)
        if mapped is None:
            raise FinalsError(
                f"无法读取比赛文件 {path}（SQLite 错误 {error.sqlite_errorname}）。文件未被改动。"
            ) from error
        raise mapped from error
    finally:
        if refused:
            _remove_what_we_made(existed)


def _remove_what_we_made(existed: dict[Path, bool]) -> None:
    """A read-only connection to a WAL file leaves an empty -wal and a -shm, which a writer's
    last close would remove: remove them when we made them and the -wal is still empty."""
    wal, shm = existed
    try:
        if not existed[wal] and wal.exists() and wal.stat().st_size == 0:
            wal.unlink()
            if not existed[shm]:
                shm.unlink(missing_ok=True)
    except OSError:
        pass


def _writable(path: Path) -> bool:
    return os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)


def open_database(path: Path) -> Database:
    path = Path(path)
    if not path.exists():
        message = f"找不到比赛文件 {path}。请检查路径，或先用 finals new 建立。"
        raise FinalsError(message, window=for_window(message))
    try:
        size = path.stat().st_size
        with open(path, "rb") as handle:
            header = handle.read(16)
    except OSError as error:
        raise describe_failure(error, path) or FinalsError(f"无法读取文件 {path}。") from error
    if size == 0:
        backup = restorable_backup(path)
        hint = (
            f"若它本应是比赛文件（例如复制时磁盘已满），{how_to_restore(path)}"
            if backup
            else "请打开比赛文件，或用 finals new 新建比赛。"
        )
        message = f"{path} 是空文件（0 字节），不是比赛文件；本程序没有改动它。{hint}"
        raise FinalsError(message, window=for_window(message))
    if not header.startswith(b"SQLite format 3\0"):
        raise FinalsError(f"{path} 不是比赛文件（不是 SQLite 数据库）。本程序没有改动它。")
    side_files_before = {side: side.exists() for side in _side_files(path)}
    look = _look(path, side_files_before)
    if not look.immutable and _writable(path):
        engine = _make_engine(path)
        try:
            migrate(engine, f"文件 {path.name}")
            return Database(path, engine)
        except StorageError as error:
            engine.dispose()
            if error.kind not in ("read-only", "cannot-open"):
                raise
        # The system said "writable" but SQLite may not write (e.g. a Windows folder): read-only.
    reason = read_only_message(path)
    if look.version < SCHEMA_VERSION:
        raise StorageError(
            "read-only",
            f"{read_only_reason(path)}，而它是旧版本程序的文件（数据格式第 {look.version} 版），"
            f"需要升级为第 {SCHEMA_VERSION} 版才能打开，只读的文件无法升级。"
            "请把文件复制到可写的文件夹（如桌面）后打开副本。文件未被改动。",
        )
    return Database(
        path,
        _make_read_only_engine(path, look.immutable),
        read_only=reason,
        side_files_before=side_files_before,
    )
