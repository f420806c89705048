"""Migration 12 (issue 38 §4): a version-11 file gains the disqualification's round and
reason, keeps what it held, and a player of it can be disqualified afterwards."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

from sqlalchemy import text

from app.services.disqualification import disqualify
from app.store.database import open_database
from app.store.migrations import SCHEMA_VERSION


def test_a_version_11_file_gains_the_disqualification_columns(
    built_demo: Callable[..., Path], tmp_path: Path
) -> None:
    assert SCHEMA_VERSION >= 12
    path = tmp_path / "old.finals"
    built_demo(path, "hangzhou-go", players=30, seed=3, rounds=1)
    with sqlite3.connect(path) as conn:
        conn.execute("ALTER TABLE entrant DROP COLUMN disqualified_after_round")
        conn.execute("ALTER TABLE entrant DROP COLUMN disqualified_reason")
        conn.execute("PRAGMA user_version=11")
        entrants = conn.execute("SELECT count(*) FROM entrant").fetchone()[0]
    db = open_database(path)
    try:
        with db.engine.connect() as conn:
            assert conn.execute(text("PRAGMA user_version")).scalar() == SCHEMA_VERSION
            assert conn.execute(text("SELECT count(*) FROM entrant")).scalar() == entrants
            assert (
                conn.execute(
                    text("SELECT count(*) FROM entrant WHERE disqualified_after_round IS NULL")
                ).scalar()
                == entrants
            )
        assert "取消资格" in disqualify(db, "MEN", "1", "经查实冒名参赛")
        assert db.integrity_check() == "ok"
    finally:
        db.close()
