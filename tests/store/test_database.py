import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import text

from app.errors import FinalsError
from app.store.database import create_database, open_database
from app.store.migrations import SCHEMA_VERSION


def test_file_is_wal_with_full_sync_and_foreign_keys(tmp_path: Path) -> None:
    db = create_database(tmp_path / "t.finals")
    with db.engine.connect() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert conn.execute(text("PRAGMA synchronous")).scalar() == 2  # FULL
        assert conn.execute(text("PRAGMA foreign_keys")).scalar() == 1
        assert conn.execute(text("PRAGMA user_version")).scalar() == SCHEMA_VERSION
    assert db.integrity_check() == "ok"
    db.close()


def test_a_file_from_a_newer_version_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "new.finals"
    create_database(path).close()
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version={SCHEMA_VERSION + 5}")
    before = path.read_bytes()
    with pytest.raises(FinalsError, match="更新版本"):
        open_database(path)
    assert path.read_bytes() == before


def test_not_a_tournament_file(tmp_path: Path) -> None:
    path = tmp_path / "x.finals"
    path.write_text("hello")
    with pytest.raises(FinalsError, match="不是比赛文件"):
        open_database(path)
    with pytest.raises(FinalsError, match="找不到"):
        open_database(tmp_path / "missing.finals")
    with pytest.raises(FinalsError, match="扩展名"):
        create_database(tmp_path / "t.sqlite")


def test_backup_copy_is_a_consistent_database(tmp_path: Path) -> None:
    db = create_database(tmp_path / "t.finals")
    db.backup_to(tmp_path / "backups" / "copy.finals")
    copy = open_database(tmp_path / "backups" / "copy.finals")
    assert copy.integrity_check() == "ok"
    copy.close()
    db.close()


def test_a_version_2_file_gains_the_boards_table(tmp_path: Path) -> None:
    path = tmp_path / "old.finals"
    create_database(path).close()
    with sqlite3.connect(path) as conn:
        conn.execute("DROP TABLE board")
        conn.execute("PRAGMA user_version=2")
    db = open_database(path)
    with db.engine.connect() as conn:
        assert conn.execute(text("PRAGMA user_version")).scalar() == SCHEMA_VERSION
        tables = {row[0] for row in conn.execute(text("SELECT name FROM sqlite_master"))}
    assert "board" in tables and db.integrity_check() == "ok"
    db.close()
