"""A final on a PostgreSQL server: several arbiters' stations on one tournament.

The SQLite file stays the embedded default; a database URL (`postgresql://user@host/final`)
names a final on a server instead, with the same schema, the same migrations and the same use
cases. What SQLite's single writer gave a file, the server gets from locks:

- Every use case takes one transaction-scoped advisory lock of the database first (the
  counterpart of BEGIN IMMEDIATE): whatever a use case reads is the state it writes over, so
  pairing an event while results arrive from another station cannot interleave, and the
  audit's "before" is true. Use cases last milliseconds; a writer that must wait says so and
  waits up to WRITE_WAIT_SECONDS, as with a file.
- A snapshot (the read model's several queries) is one REPEATABLE READ, READ ONLY transaction.
- The revision counter (`file_revision`) is bumped by every use case, as in a file: a station
  polls it (one tiny query) to see the others' changes within a second.

Backups: a server's final is copied to a dated `.finals` file after each completed round, as
a file's is; the copies go to a local folder (FINALS_BACKUP_DIR, else the user's data folder),
named after the server and database.
"""

from __future__ import annotations

import logging
import os
import re
import time
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Connection, Engine, create_engine, exc, func, inspect, select, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.orm import Session

from app.errors import FinalsError
from app.store.address import is_server_url
from app.store.copy import Copied, copy_rows, write_final_file
from app.store.database import (
    FIRST_TRY_SECONDS,
    OUR_TABLES,
    SUFFIX,
    WRITE_WAIT_SECONDS,
    Database,
    migrate,
    tell_waiting,
)
from app.store.failures import NOT_SAVED, StorageError, map_errors
from app.store.migrations import (
    MIGRATIONS,
    SCHEMA_VERSION,
    conn_schema_is_ours,
    store_version,
    stored_version,
)
from app.store.models import Tournament

log = logging.getLogger("finals.store")

# The one lock every writing use case takes (pg_advisory_xact_lock's key: "finals" in ASCII).
WRITE_LOCK_KEY = 0x66696E616C73
__all__ = ["ServerDatabase", "create_server", "is_server_url", "open_server"]
LOCK_POLL_SECONDS = 0.01


def _url(target: str) -> URL:
    try:
        url = make_url(target.strip())
    except exc.ArgumentError as error:
        raise FinalsError(
            f"数据库地址“{target}”的格式不对。应为 postgresql://用户名@服务器/数据库名"
            "（例如 postgresql://arbiter@192.168.1.10/final）。"
        ) from error
    if not url.database:
        raise FinalsError(
            f"数据库地址“{shown(target)}”没有写数据库名。应为 postgresql://用户名@服务器/数据库名。"
        )
    return url.set(drivername="postgresql+psycopg")


def shown(target: str | URL) -> str:
    """The address as messages show it: the password hidden."""
    url = target if isinstance(target, URL) else make_url(target)
    rendered = url.set(drivername="postgresql").render_as_string(hide_password=True)
    return urllib.parse.unquote(rendered)


# The driver's words for why a connection failed, and what they mean (in Chinese).
_CONNECT_REASONS = (
    ("connection refused", "服务器拒绝连接（数据库服务器可能没有启动，或端口不对）"),
    ("no such file or directory", "本机的这个套接字上没有数据库服务器（可能没有启动）"),
    ("resolve host", "找不到服务器（主机名不对，或网络不通）"),
    ("name or service not known", "找不到服务器（主机名不对，或网络不通）"),
    ("timeout", "连接超时（服务器没有应答，网络可能不通）"),
    ("timed out", "连接超时（服务器没有应答，网络可能不通）"),
    ("pg_hba.conf", "服务器的访问规则（pg_hba.conf）不允许本机以该用户连接"),
    ("ssl", "加密连接（SSL）失败"),
    ("closed the connection", "服务器意外断开了连接"),
    ("too many", "服务器的连接数已满"),
)


def _connect_message(url: URL, error: BaseException) -> StorageError:
    reason = str(getattr(error, "orig", error)).strip().splitlines()[0] if str(error) else ""
    lowered = reason.lower()
    where = shown(url)
    log.info("无法连接数据库服务器 %s：%s", where, reason)  # the driver's words: the log only
    if "does not exist" in lowered and "database" in lowered:
        return StorageError(
            "cannot-open",
            f"服务器上没有数据库 {url.database}（{where}）。请先在服务器上建立它"
            f"（createdb -T template0 -E UTF8 --locale=C {url.database}），"
            "再用 finals new 或 finals copy 放入比赛。",
            window=f"服务器上没有数据库 {url.database}（{where}）。请服务器管理员先建立它并放入比赛，"
            "再连接。",
        )
    if "password" in lowered or "authentication" in lowered or "role" in lowered:
        return StorageError(
            "cannot-open",
            f"数据库服务器拒绝了登录（{where}）：用户名或密码不对，或该用户无权使用这个数据库。"
            "请检查地址中的用户名和密码（或 PGPASSWORD、~/.pgpass）。",
        )
    why = next((text for words, text in _CONNECT_REASONS if words in lowered), "服务器没有应答")
    return StorageError(
        "cannot-open",
        f"无法连接数据库服务器（{where}）：{why}。"
        "请检查服务器是否已启动、地址和端口是否正确、网络是否连通。",
    )


def _failure(error: BaseException, url: URL) -> StorageError | None:
    import psycopg

    where = shown(url)
    if isinstance(error, psycopg.errors.DiskFull):
        return StorageError(
            "full", f"数据库服务器（{where}）磁盘已满。{NOT_SAVED}请联系服务器管理员。"
        )
    if isinstance(error, psycopg.errors.InsufficientPrivilege):
        return StorageError(
            "read-only",
            f"数据库用户没有修改 {where} 的权限，不能保存改动；查看、打印和导出不受影响。"
            "请换一个有写入权限的用户登录。",
        )
    if isinstance(error, psycopg.errors.ReadOnlySqlTransaction):
        return StorageError("read-only", f"数据库 {where} 是只读的（如只读副本）。{NOT_SAVED}")
    if isinstance(error, psycopg.errors.DeadlockDetected | psycopg.errors.SerializationFailure):
        return StorageError(
            "busy", f"数据库 {where} 正由另一个站点写入，本次操作与之冲突。{NOT_SAVED}请重试。"
        )
    if isinstance(error, psycopg.OperationalError):
        return _connect_message(url, error)
    return None


def _map_errors(engine: Engine, url: URL) -> None:
    import psycopg

    map_errors(engine, psycopg.Error, lambda error: _failure(error, url))


def local_backup_home() -> Path:
    configured = os.environ.get("FINALS_BACKUP_DIR")
    if configured:
        return Path(configured)
    from app.userdata import data_dir

    return data_dir() / "server-backups"


def _name_part(text: str | None) -> str:
    return re.sub(r"[^\w.-]+", "_", text or "local").strip("_") or "local"


class ServerDatabase(Database):
    """A final on a PostgreSQL server (see the module's notes)."""

    is_server = True

    def __init__(self, url: URL, engine: Engine) -> None:
        self.url = url
        stem = _name_part(url.database)
        home = local_backup_home() / f"{_name_part(url.host)}-{stem}"
        super().__init__(home / f"{stem}{SUFFIX}", engine)
        self._identity = None  # no file of its own: never "replaced"

    @property
    def label(self) -> str:
        return shown(self.url)

    @property
    def key(self) -> str:
        return shown(self.url)

    def _take_write_lock(self, session: Session) -> None:
        """The final's advisory lock, for the rest of the use case's transaction."""
        if self._try_lock(session, FIRST_TRY_SECONDS):
            return
        tell_waiting(
            f"数据库 {self.label} 正由另一个站点写入（例如编排或导入名单），正在等待它完成，请稍候……"
        )
        if self._try_lock(session, max(WRITE_WAIT_SECONDS - FIRST_TRY_SECONDS, 0.0)):
            return
        raise StorageError(
            "busy",
            f"数据库 {self.label} 正由另一个站点写入，等待 {WRITE_WAIT_SECONDS:g} 秒后仍未结束。"
            f"{NOT_SAVED}请稍后再试。",
        )

    @staticmethod
    def _try_lock(session: Session, seconds: float) -> bool:
        deadline = time.monotonic() + seconds
        query = text("SELECT pg_try_advisory_xact_lock(:key)")
        while True:
            if session.execute(query, {"key": WRITE_LOCK_KEY}).scalar_one():
                return True
            if time.monotonic() >= deadline:
                return False
            time.sleep(LOCK_POLL_SECONDS)

    @contextmanager
    def snapshot(self) -> Iterator[Session]:
        with self._sessions() as session:
            session.connection(
                execution_options={
                    "isolation_level": "REPEATABLE READ",
                    "postgresql_readonly": True,
                }
            )
            yield session

    def integrity_check(self) -> str:
        return "ok"  # the server keeps its own pages whole

    def backup_to(self, target: Path) -> None:
        """A consistent copy of the final as a tournament file (what `finals copy` writes)."""
        write_final_file(self, target, replace=True)

    def lock_for_copy(self, conn: Connection) -> None:
        lock_final(conn)


def lock_final(conn: Connection) -> None:
    """Wait for the final's write lock, held to the end of `conn`'s transaction (migrations,
    copies: what runs outside `ServerDatabase.transaction`)."""
    conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": WRITE_LOCK_KEY})


def _make_engine(url: URL) -> Engine:
    engine = create_engine(
        url,
        pool_size=4,
        max_overflow=8,
        pool_pre_ping=True,
        connect_args={"connect_timeout": 10, "application_name": "finals"},
    )
    _map_errors(engine, url)
    return engine


def _tables(engine: Engine, url: URL) -> set[str]:
    try:
        with engine.connect() as conn:
            return set(inspect(conn).get_table_names())
    except StorageError:
        raise
    except exc.OperationalError as error:
        raise _connect_message(url, error) from error


def _not_ours(url: URL, tables: set[str]) -> FinalsError:
    return FinalsError(
        f"数据库 {shown(url)} 中已有其他程序的数据（{len(tables)} 个表），不是本程序的比赛。"
        "本程序没有改动它。请换一个空数据库。"
    )


def _ours(engine: Engine, url: URL) -> bool:
    """Whether the (non-empty) database holds our schema: our version row and our tables
    with their columns. Only looked at: a stranger's database is never written to."""
    try:
        with engine.connect() as conn:
            return conn_schema_is_ours(conn)
    except StorageError:
        raise
    except exc.OperationalError as error:
        raise _connect_message(url, error) from error
    except exc.SQLAlchemyError:  # e.g. a `schema_version` table of another shape
        return False


def _has_a_final(engine: Engine, url: URL) -> FinalsError:
    with engine.connect() as conn:
        version = stored_version(conn)
    return FinalsError(
        f"数据库 {shown(url)} 中已有比赛（数据格式第 {version} 版），没有改动它。"
        "请换一个空数据库（createdb 新建），或直接打开它。"
    )


def _has_final(engine: Engine) -> bool:
    with engine.connect() as conn:
        return bool(conn.execute(text("SELECT count(*) FROM tournament")).scalar_one())


def open_server(target: str) -> ServerDatabase:
    """The final on the server at `target`; its schema is brought up to date (with a lock:
    stations opening at once migrate once)."""
    url = _url(target)
    engine = _make_engine(url)
    try:
        tables = _tables(engine, url)
        if not tables:
            raise FinalsError(
                f"数据库 {shown(url)} 是空的，还没有比赛。请用 finals new {shown(url)} --preset … "
                f"新建，或用 finals copy 比赛文件{SUFFIX} {shown(url)} 把已有的比赛放上服务器。",
                window=f"数据库 {shown(url)} 是空的，还没有比赛。请服务器管理员先把比赛放上服务器"
                "（新建，或从比赛文件复制），再连接。",
            )
        if not OUR_TABLES <= tables or not _ours(engine, url):
            raise _not_ours(url, tables)
        migrate(engine, f"数据库 {shown(url)}", lock=lock_final)
        return ServerDatabase(url, engine)
    except BaseException:
        engine.dispose()
        raise


def create_server(target: str) -> ServerDatabase:
    """A new final in the empty database at `target` (the database itself is made by the
    server's administrator: `createdb`)."""
    url = _url(target)
    engine = _make_engine(url)
    try:
        tables = _tables(engine, url)
        if tables and not _ours(engine, url):
            raise _not_ours(url, tables)
        if tables and _has_final(engine):
            raise _has_a_final(engine, url)
        # Empty, or our schema with no final (a copy cut short by an older version): made
        # or brought up to date, then filled by the caller.
        migrate(engine, f"数据库 {shown(url)}", lock=lock_final)
        return ServerDatabase(url, engine)
    except BaseException:
        engine.dispose()
        raise


class _ServerToFill(ServerDatabase):
    """A database that is to receive a copied final: its schema is made (or brought up to
    date) in the copy's own transaction, so schema and rows commit together."""

    def make_schema(self, conn: Connection) -> None:
        version = stored_version(conn)
        if version > SCHEMA_VERSION:
            raise FinalsError(
                f"数据库 {self.label} 由更新版本的程序建立（数据格式第 {version} 版）。"
                "请升级本程序后再复制；数据库没有改动。"
            )
        for number in range(version, SCHEMA_VERSION):
            MIGRATIONS[number](conn)
            store_version(conn, number + 1)


def prepare_for_copy(target: str) -> _ServerToFill:
    """The database at `target` to copy a final into: empty, or ours without a final (a
    copy cut short). Nothing is written here; a stranger's or a final's database is refused."""
    url = _url(target)
    engine = _make_engine(url)
    try:
        tables = _tables(engine, url)
        if tables and not _ours(engine, url):
            raise _not_ours(url, tables)
        if tables and _has_final(engine):
            raise _has_a_final(engine, url)
        return _ServerToFill(url, engine)
    except BaseException:
        engine.dispose()
        raise


def copy_to_server(source: Database, target: str) -> Copied:
    """`source` into the database at `target`: an empty one, or one holding our schema but no
    final (what a copy cut short by an older version left). The schema and every row go in
    one transaction: a copy killed half-way leaves the database as it was."""
    made = prepare_for_copy(target)
    try:
        with source.snapshot() as reading, made.engine.begin() as conn:
            made.lock_for_copy(conn)
            made.make_schema(conn)  # under the lock: a second copy at once finds a final
            if conn.execute(select(func.count()).select_from(Tournament)).scalar_one():
                raise FinalsError(
                    f"{made.label} 中已有比赛，没有改动它。请换一个新文件或空数据库。"
                )
            return copy_rows(source, reading, made, conn)
    finally:
        made.close()
