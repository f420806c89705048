"""A final replaced while a program has it open (issue 42 §1): the open `Database` sees the
new file before its next read or write and works on it; a stranger's file put in its place is
refused untouched, and nothing is written to the old one."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from sqlalchemy import text

from app.services.tournament import create_tournament, open_tournament
from app.store.atomic import side_files
from app.store.database import Database
from app.store.failures import StorageError
from tests.store.faults import digest, strangers_database


def _put_in_place(new: Path, path: Path) -> None:
    """What a restore does: the old file's journals go (never replayed into the new one),
    then the new file is renamed over it."""
    for side in side_files(path):
        side.unlink(missing_ok=True)
    os.replace(new, path)


def _title(db: Database) -> str:
    with db.reading() as session:
        return str(session.execute(text("SELECT title FROM tournament")).scalar_one())


def test_a_write_after_the_file_was_replaced_goes_to_the_new_file(tmp_path: Path) -> None:
    path = tmp_path / "final.finals"
    db = create_tournament(path, "hangzhou-go", title="旧")
    other = create_tournament(tmp_path / "other.finals", "hangzhou-go", title="新")
    other.close()
    _put_in_place(tmp_path / "other.finals", path)
    assert _title(db) == "新"  # a read sees the new file too
    with db.transaction() as session:
        session.execute(text("UPDATE tournament SET title = '新，改过'"))
    db.close()
    again = open_tournament(path)
    try:
        assert _title(again) == "新，改过"
    finally:
        again.close()


def test_a_strangers_file_put_in_its_place_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "final.finals"
    db = create_tournament(path, "hangzhou-go")
    stranger = tmp_path / "notes.db"
    strangers_database(stranger)
    _put_in_place(stranger, path)
    before = digest(path)
    with pytest.raises(StorageError) as refused:
        with db.transaction() as session:
            session.execute(text("UPDATE tournament SET title = 'x'"))
    assert str(path) in refused.value.message and "已被另一个文件替换" in refused.value.message
    db.close()
    assert digest(path) == before
