"""Opening a tournament file: WAL, synchronous=FULL, foreign keys, migrations."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.orm import Session, sessionmaker

from app.errors import FinalsError
from app.store.migrations import MIGRATIONS, SCHEMA_VERSION

SUFFIX = ".finals"

_commits = 0  # use cases committed by this process: tells a crash after a commit from one before


def commits_so_far() -> int:
    return _commits


def _on_connect(dbapi_conn: Any, _record: Any) -> None:
    # SQLAlchemy's pysqlite driver issues its own BEGIN; autocommit off keeps our
    # pragmas outside any transaction.
    cursor = dbapi_conn.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def _make_engine(path: Path) -> Engine:
    engine = create_engine(f"sqlite:///{path}", future=True)
    event.listen(engine, "connect", _on_connect)
    return engine


def _user_version(engine: Engine) -> int:
    with engine.connect() as conn:
        return int(conn.execute(text("PRAGMA user_version")).scalar_one())


def _migrate(engine: Engine, path: Path) -> None:
    version = _user_version(engine)
    if version > SCHEMA_VERSION:
        raise FinalsError(
            f"文件 {path.name} 由更新版本的程序创建（数据格式第 {version} 版，本程序只支持到第 "
            f"{SCHEMA_VERSION} 版）。请升级本程序后再打开；文件未做任何改动。"
        )
    for number in range(version, SCHEMA_VERSION):
        with engine.begin() as conn:
            MIGRATIONS[number](conn)
            conn.execute(text(f"PRAGMA user_version={number + 1}"))


class Database:
    """One open tournament file."""

    def __init__(self, path: Path, engine: Engine) -> None:
        self.path = path
        self.engine = engine
        self._sessions = sessionmaker(engine, expire_on_commit=False)

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """One use case = one transaction: committed whole or not at all.

        The write lock is taken first (BEGIN IMMEDIATE), so everything the use case reads is
        the state it writes over: no other writer can commit in between (no lost update, and
        the audit's "before" is true). Another writer waits up to the busy timeout.
        """
        global _commits
        with self._sessions() as session, session.begin():
            session.connection().exec_driver_sql("BEGIN IMMEDIATE")
            yield session
        _commits += 1

    @contextmanager
    def reading(self) -> Iterator[Session]:
        with self._sessions() as session:
            yield session

    def integrity_check(self) -> str:
        with self.engine.connect() as conn:
            return str(conn.execute(text("PRAGMA integrity_check")).scalar_one())

    def backup_to(self, target: Path) -> None:
        """A consistent copy through SQLite's online backup API."""
        target.parent.mkdir(parents=True, exist_ok=True)
        source = sqlite3.connect(self.path)
        try:
            dest = sqlite3.connect(target)
            try:
                source.backup(dest)
            finally:
                dest.close()
        finally:
            source.close()

    def close(self) -> None:
        self.engine.dispose()


def create_database(path: Path) -> Database:
    path = Path(path)
    if path.exists():
        raise FinalsError(f"文件 {path} 已存在。请换一个文件名，或先删除旧文件。")
    if path.suffix != SUFFIX:
        raise FinalsError(f"比赛文件的扩展名应为 {SUFFIX}（例如 比赛{SUFFIX}），而不是 {path.name}。")
    if not path.parent.exists():
        raise FinalsError(f"目录 {path.parent} 不存在。请先建立目录。")
    engine = _make_engine(path)
    _migrate(engine, path)
    return Database(path, engine)


def open_database(path: Path) -> Database:
    path = Path(path)
    if not path.exists():
        raise FinalsError(f"找不到比赛文件 {path}。请检查路径，或先用 finals new 建立。")
    try:
        with open(path, "rb") as handle:
            header = handle.read(16)
    except OSError as exc:
        raise FinalsError(f"无法读取文件 {path}：{exc.strerror}") from exc
    if header and not header.startswith(b"SQLite format 3"):
        raise FinalsError(f"{path} 不是比赛文件（不是 SQLite 数据库）。")
    engine = _make_engine(path)
    _migrate(engine, path)
    return Database(path, engine)
