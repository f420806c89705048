"""Migration 6 (issue 14): a version-5 file gains the register of certificate numbers,
keeps what it held, and prints certificates numbered from the register afterwards."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

from sqlalchemy import text

from app.services.certificates import AwardRecord, certificate_register, issue_numbers
from app.store.database import open_database
from app.store.migrations import SCHEMA_VERSION


def test_a_version_5_file_gains_the_certificate_register(
    built_demo: Callable[..., Path], tmp_path: Path
) -> None:
    assert SCHEMA_VERSION >= 6
    path = tmp_path / "old.finals"
    built_demo(path, "hangzhou-go", players=30, seed=3, rounds=1)
    with sqlite3.connect(path) as conn:
        conn.execute("DROP TABLE certificate_number")
        conn.execute("PRAGMA user_version=5")
        players = conn.execute("SELECT count(*) FROM player").fetchone()[0]
    db = open_database(path)
    try:
        with db.engine.connect() as conn:
            assert conn.execute(text("PRAGMA user_version")).scalar() == SCHEMA_VERSION
            assert conn.execute(text("SELECT count(*) FROM player")).scalar() == players
        assert certificate_register(db) == []
        award = AwardRecord("k", "prize", "MEN", None, "第一名（冠军）", 1, "甲")
        assert issue_numbers(db, "prize", "HZWQ-", [award], [award]) == {"k": "HZWQ-0001"}
        assert db.integrity_check() == "ok"
    finally:
        db.close()
