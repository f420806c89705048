"""Issue 28 §1: statuses, event kinds and certificate kinds are typed words in the ORM, and
the file holds exactly the strings it always held (no migration, older files open)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy import select

from app.domain import EntrantStatus, EventKind, RoundStatus
from app.store.database import open_database
from app.store.models import Entrant, EntrantRoundStatus, Event
from tests.cli.runner import run


def _schema(path: Path, table: str) -> str:
    with sqlite3.connect(path) as conn:
        return str(
            conn.execute("SELECT sql FROM sqlite_master WHERE name = ?", (table,)).fetchone()[0]
        )


def test_an_older_file_reads_back_typed_words_and_new_writes_store_the_old_strings(
    built_demo: Callable[..., Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = built_demo(tmp_path / "f.finals", "hangzhou-go", players=30, seed=3, rounds=1)
    # the columns are the plain strings they always were: no CHECK, no new type
    assert "status VARCHAR(12)" in _schema(path, "entrant")
    assert "kind VARCHAR(12)" in _schema(path, "event")
    assert "CHECK" not in _schema(path, "entrant") + _schema(path, "entrant_round_status")
    # what an older program wrote, by hand
    with sqlite3.connect(path) as conn:
        (entrant_id,) = conn.execute(
            "SELECT id FROM entrant WHERE seed = 5 AND event_id = "
            "(SELECT id FROM event WHERE code = 'MEN')"
        ).fetchone()
        conn.execute(
            "UPDATE entrant SET status = 'withdrawn', withdrawn_from_round = 3 WHERE id = ?",
            (entrant_id,),
        )
        conn.execute(
            "INSERT INTO entrant_round_status (entrant_id, round_number, status) "
            "VALUES (?, 2, 'absent')",
            (entrant_id,),
        )
    db = open_database(path)
    try:
        with db.reading() as session:
            entrant = session.get(Entrant, entrant_id)
            assert entrant is not None
            assert entrant.status is EntrantStatus.WITHDRAWN
            assert [s.status for s in entrant.round_status] == [RoundStatus.ABSENT]
            assert all(type(s.status) is RoundStatus for s in entrant.round_status)
            kinds = set(session.scalars(select(Event.kind)))
            assert kinds == set(EventKind)
            assert all(type(k) is EventKind for k in kinds)
            assert session.scalar(select(EntrantRoundStatus.status)) is RoundStatus.ABSENT
    finally:
        db.close()

    code, _, err = run(capsys, "reinstate", str(path), "5", "--event", "MEN")
    assert code == 0, err
    code, _, err = run(capsys, "withdraw", str(path), "7", "--event", "MEN")
    assert code == 0, err
    with sqlite3.connect(path) as conn:
        rows = dict(
            conn.execute(
                "SELECT seed, status FROM entrant WHERE seed IN (5, 7) AND event_id = "
                "(SELECT id FROM event WHERE code = 'MEN')"
            ).fetchall()
        )
    assert rows == {5: "playing", 7: "withdrawn"}
    assert all(type(v) is str for v in rows.values())
