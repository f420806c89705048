"""Issue 27 §1: copies are whole or absent. A backup or a `finals copy` killed at any point
(kill -9: no cleanup runs) leaves no file under a real name: no short backup counted among
those kept or listed as restorable, no empty or half-made file or database that later
commands mis-describe. What it leaves under a temporary name is ignored, and removed by the
next copy into that folder."""

from __future__ import annotations

import os
import shutil
import sqlite3
import time
from pathlib import Path

import pytest
from sqlalchemy import create_engine, inspect

from app.services.backup import backups_with_facts, copies_of, own_copies, take_backup
from app.services.tournament import open_tournament
from app.store import atomic, server
from app.store.copy import copy_into_new_file
from tests.cli.runner import run
from tests.store.faults import KILLED, digest, run_killed


def _leftovers(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if atomic.is_temp(p)) if folder.exists() else []


def _age(paths: list[Path], seconds: float) -> None:
    then = time.time() - seconds
    for path in paths:
        os.utime(path, (then, then))


def _journals(folder: Path) -> list[str]:
    """SQLite journals beside a finished copy (a killed run's temporary ones aside)."""
    return sorted(
        p.name
        for p in folder.iterdir()
        if p.name.endswith(("-journal", "-wal", "-shm")) and not atomic.is_temp(p)
    )


def _without_backups(final: Path) -> Path:
    """The demo final, its own backups (taken as it was played) removed: a clean slate."""
    shutil.rmtree(Path(final).parent / "backups", ignore_errors=True)
    return Path(final)


# --- backups of a file --------------------------------------------------------------------------


@pytest.mark.parametrize(("point", "after"), [("page", 1), ("page", 4), ("rename", 1)])
def test_a_backup_killed_leaves_no_copy_under_a_backup_name(
    go_demo: Path, point: str, after: int
) -> None:
    path = _without_backups(go_demo)
    before = digest(path)
    done = run_killed(point, after, "backup", str(path))
    assert done.returncode == KILLED, done.stderr
    assert copies_of(path) == []  # nothing counted among the kept, nothing to restore from
    assert backups_with_facts(path) == []
    assert digest(path) == before
    folder = path.parent / "backups"
    left = _leftovers(folder)
    assert left, "the killed copy was written under a temporary name"
    # The next backup, an hour on, is whole and removes what the killed one left.
    _age(left, 3600)
    db = open_tournament(path)
    try:
        taken = take_backup(db, "manual")
        assert own_copies(db) == [taken]
    finally:
        db.close()
    assert _leftovers(folder) == []
    assert _journals(folder) == []
    facts = backups_with_facts(path)
    assert [f.problem for f in facts] == [None] and facts[0].results > 0


def test_a_fresh_leftover_is_left_to_its_writer_and_never_counted(go_demo: Path) -> None:
    """A temporary copy younger than STALE_SECONDS may be another process's, still being
    written: it is left alone, and still never counted or listed."""
    path = _without_backups(go_demo)
    folder = path.parent / "backups"
    folder.mkdir()
    other = folder / f".{path.stem}-20240101-120000-000000-manual.finals.999999.part"
    other.write_bytes(b"SQLite format 3\0" + bytes(100))
    db = open_tournament(path)
    try:
        for _ in range(2):
            take_backup(db, "manual")
        assert len(own_copies(db)) == 2
    finally:
        db.close()
    assert other.exists()
    assert len(backups_with_facts(path)) == 2


def test_a_finished_backup_is_one_file_with_no_journal(go_demo: Path) -> None:
    path = _without_backups(go_demo)
    db = open_tournament(path)
    try:
        taken = take_backup(db, "before-pairing")
    finally:
        db.close()
    assert _journals(taken.parent) == []
    before = taken.read_bytes()
    # the final's own journal mode, so that opening the copy later changes none of its bytes
    assert open_tournament(taken).close() is None and taken.read_bytes() == before
    with sqlite3.connect(taken) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)


# --- finals copy to a file ------------------------------------------------------------------------


@pytest.mark.parametrize(("point", "after"), [("migration", 1), ("migration", 5), ("insert", 3)])
def test_a_copy_to_a_file_killed_leaves_no_file(
    go_demo: Path, tmp_path: Path, point: str, after: int, capsys: pytest.CaptureFixture[str]
) -> None:
    dest = tmp_path / "copies" / "copy.finals"
    dest.parent.mkdir()
    done = run_killed(point, after, "copy", str(go_demo), str(dest))
    assert done.returncode == KILLED, done.stderr
    assert not dest.exists()
    assert {p.name for p in dest.parent.iterdir()} <= {p.name for p in _leftovers(dest.parent)}
    code, out, err = run(capsys, "copy", str(go_demo), str(dest))  # the next try just works
    assert code == 0, err
    assert _journals(dest.parent) == []
    code, out, err = run(capsys, "standings", str(dest), "--event", "MEN")
    assert code == 0 and out.strip(), err


# --- a server: finals copy both ways, and a station's backup ----------------------------------------


@pytest.fixture
def on_server(go_demo: Path, server_url: str, capsys: pytest.CaptureFixture[str]) -> str:
    code, _, err = run(capsys, "copy", str(go_demo), server_url)
    assert code == 0, err
    return server_url


@pytest.mark.parametrize(("point", "after"), [("migration", 1), ("migration", 6), ("insert", 4)])
def test_a_copy_from_a_server_killed_leaves_no_file(
    on_server: str, tmp_path: Path, point: str, after: int, capsys: pytest.CaptureFixture[str]
) -> None:
    dest = tmp_path / "from-server.finals"
    done = run_killed(point, after, "copy", on_server, str(dest))
    assert done.returncode == KILLED, done.stderr
    assert not dest.exists()
    code, _, err = run(capsys, "copy", on_server, str(dest))
    assert code == 0, err
    code, out, err = run(capsys, "standings", str(dest), "--event", "MEN")
    assert code == 0 and out.strip(), err


def test_a_stations_backup_killed_leaves_no_copy(on_server: str, tmp_path: Path) -> None:
    done = run_killed("insert", 3, "backup", on_server)
    assert done.returncode == KILLED, done.stderr
    db = open_tournament(on_server)
    try:
        assert own_copies(db) == []
        home = db.path
        taken = take_backup(db, "manual")
        assert own_copies(db) == [taken]
    finally:
        db.close()
    facts = backups_with_facts(home)
    assert [f.problem for f in facts] == [None] and facts[0].results > 0


def _tables(url: str) -> set[str]:
    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    try:
        with engine.connect() as conn:
            return set(inspect(conn).get_table_names())
    finally:
        engine.dispose()


def test_a_copy_to_a_server_killed_leaves_the_database_empty(
    go_demo: Path, server_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    done = run_killed("insert", 4, "copy", str(go_demo), server_url)
    assert done.returncode == KILLED, done.stderr
    assert _tables(server_url) == set()  # schema and rows are one transaction
    code, _, err = run(capsys, "copy", str(go_demo), server_url)
    assert code == 0, err
    code, out, err = run(capsys, "standings", server_url, "--event", "MEN")
    assert code == 0 and out.strip(), err


def test_a_half_made_server_database_is_filled_by_the_next_copy(
    go_demo: Path, server_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """What an older version's copy left when killed (our schema, no final) no longer blocks
    `finals copy` until someone drops the database by hand."""
    server.create_server(server_url).close()
    assert "tournament" in _tables(server_url)
    code, out, err = run(capsys, "copy", str(go_demo), server_url)
    assert code == 0, err
    code, _, err = run(capsys, "copy", str(go_demo), server_url)  # now it holds a final
    assert code == 1 and "已有比赛" in err


def test_copy_into_new_file_refuses_a_file_made_meanwhile(
    go_demo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The copy never replaces a file that appeared while it was written."""
    source = open_tournament(go_demo)
    dest = tmp_path / "new.finals"
    real = atomic.sync_file

    def someone_writes(path: Path) -> None:
        real(path)
        dest.write_bytes(b"theirs")

    monkeypatch.setattr(atomic, "sync_file", someone_writes)
    try:
        with pytest.raises(FileExistsError):
            copy_into_new_file(source, dest)
    finally:
        source.close()
    assert dest.read_bytes() == b"theirs"
    assert _leftovers(tmp_path) == []
