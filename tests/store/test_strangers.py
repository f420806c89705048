"""Issue 27 §2: a stranger's database is never touched. Another program's database that
happens to hold tables named `tournament` and `event` (a chess club's, a booking system's)
is refused untouched on both stores — no table made, no column added, a file not switched to
WAL — and "未被改动" is never said after a migration committed."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, inspect, text

from app.errors import FinalsError
from app.services.tournament import create_tournament, open_tournament
from app.store import database, migrations
from tests.cli.runner import run
from tests.store.faults import digest, neighbours

STRANGER = [
    "CREATE TABLE tournament (id INTEGER PRIMARY KEY, name TEXT, starts DATE)",
    "CREATE TABLE event (id INTEGER PRIMARY KEY, tournament_id INTEGER, title TEXT)",
    "CREATE TABLE audit (id INTEGER PRIMARY KEY, at TEXT, what TEXT)",
    "CREATE TABLE player (id INTEGER PRIMARY KEY, nick TEXT)",
    "INSERT INTO tournament (id, name, starts) VALUES (1, 'Club open', '2024-05-01')",
    "INSERT INTO event (id, tournament_id, title) VALUES (1, 1, 'Blitz')",
    "INSERT INTO audit (id, at, what) VALUES (1, '2024-05-01', 'created')",
    "INSERT INTO player (id, nick) VALUES (1, 'magnus')",
]

# Every command that opens a final, as a user might point it at the wrong thing.
COMMANDS = [
    ("standings", "{target}", "--event", "OPEN"),
    ("players", "{target}"),
    ("log", "{target}"),
    ("export", "{target}", "--json"),
]


def _strangers_file(path: Path, user_version: int) -> None:
    conn = sqlite3.connect(path)
    for statement in STRANGER:
        conn.execute(statement)
    conn.execute(f"PRAGMA user_version={user_version}")
    conn.commit()
    conn.close()


@pytest.mark.parametrize("user_version", [1, 5, 8, 42])
def test_a_strangers_file_with_our_table_names_is_refused_untouched(
    tmp_path: Path, user_version: int, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "club.finals"
    _strangers_file(path, user_version)
    before, around = digest(path), neighbours(path)
    for command in COMMANDS:
        argv = [a.format(target=path) for a in command]
        code, _, err = run(capsys, *argv)
        assert code == 1, (argv, err)
        assert "不是本程序的" in err and "没有改动" in err, (argv, err)
        assert "内部错误" not in err
    with pytest.raises(FinalsError):
        open_tournament(path)
    assert digest(path) == before  # not migrated, not switched to WAL
    assert path.read_bytes()[18:20] == b"\x01\x01"  # the header's rollback-journal mode
    assert neighbours(path) == around


def _columns(url: str) -> dict[str, list[str]]:
    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    try:
        with engine.connect() as conn:
            found = inspect(conn)
            return {t: [c["name"] for c in found.get_columns(t)] for t in found.get_table_names()}
    finally:
        engine.dispose()


@pytest.fixture
def strangers_server(server_url: str) -> str:
    engine = create_engine(server_url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.begin() as conn:
        for statement in STRANGER:
            conn.execute(text(statement))
    engine.dispose()
    return server_url


def test_a_strangers_server_database_with_our_table_names_is_refused_untouched(
    strangers_server: str, go_demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = _columns(strangers_server)
    for command in [*COMMANDS, ("copy", str(go_demo), "{target}")]:
        argv = [a.format(target=strangers_server) for a in command]
        code, _, err = run(capsys, *argv)
        assert code == 1, (argv, err)
        assert "其他程序的数据" in err and "没有改动" in err, (argv, err)
        assert "内部错误" not in err
    with pytest.raises(FinalsError, match="其他程序的数据"):
        create_tournament(strangers_server, "shaoxing-gomoku-2022", operator="测试裁判")
    assert _columns(strangers_server) == before  # no table made, no column added


def test_a_failure_after_a_migration_committed_is_never_told_as_unchanged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file of schema 6 opened: migration 7 commits, migration 8 fails (a bug)."""
    path = tmp_path / "old.finals"
    create_tournament(path, "shaoxing-gomoku-2022", operator="测试裁判").close()
    with sqlite3.connect(path) as conn:
        conn.execute("DROP TABLE file_revision")
        conn.execute("ALTER TABLE audit DROP COLUMN station")
        conn.execute("PRAGMA user_version=6")
    conn.close()

    def broken(_conn: Any) -> None:
        raise RuntimeError("a bug in migration 8")

    monkeypatch.setattr(migrations, "MIGRATIONS", [*migrations.MIGRATIONS[:7], broken])
    monkeypatch.setattr(database, "MIGRATIONS", migrations.MIGRATIONS)
    code, _, err = run(capsys, "log", str(path))
    assert code == 1 and "内部错误" in err
    assert "未被改动" not in err
    assert "已保存" in err
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone() == (7,)  # 7 did commit
    conn.close()


# Issue 42 §4: a stranger's file that looks like ours, down to the core tables' columns.
LOOKALIKE = [
    "CREATE TABLE tournament (id INTEGER PRIMARY KEY, title TEXT, game TEXT, settings TEXT)",
    "CREATE TABLE event (id INTEGER PRIMARY KEY, code TEXT, name TEXT, kind TEXT)",
    *(
        f"CREATE TABLE {name} (id INTEGER PRIMARY KEY, note TEXT)"
        for name in ("player", "entrant", "round", "game", "audit")
    ),
    "INSERT INTO tournament (id, title, game, settings) VALUES (1, 'Club', 'chess', '{}')",
]


@pytest.mark.parametrize("user_version", [2, 4, 7, 11, 12, 13, 14])
def test_a_lookalike_with_our_core_tables_and_columns_is_refused_untouched(
    tmp_path: Path, user_version: int, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "lookalike.finals"
    conn = sqlite3.connect(path)
    for statement in LOOKALIKE:
        conn.execute(statement)
    conn.execute(f"PRAGMA user_version={user_version}")
    conn.commit()
    conn.close()
    before, around = digest(path), neighbours(path)
    for command in COMMANDS:
        argv = [a.format(target=path) for a in command]
        code, _, err = run(capsys, *argv)
        assert code == 1, (argv, err)
        assert str(path) in err and "没有改动" in err, (argv, err)
        assert "内部错误" not in err, (argv, err)
    assert digest(path) == before  # not migrated, not switched to WAL
    assert neighbours(path) == around


def test_a_file_of_ours_carries_our_application_id_and_another_programs_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "final.finals"
    create_tournament(path, "shaoxing-gomoku-2022", operator="测试裁判").close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA application_id").fetchone() == (migrations.APPLICATION_ID,)
        conn.execute("PRAGMA application_id = 1234567")  # another program's mark
    conn.close()
    before = digest(path)
    code, _, err = run(capsys, "log", str(path))
    assert code == 1 and str(path) in err and "没有改动" in err and "内部错误" not in err, err
    assert digest(path) == before


def test_a_file_of_ours_from_before_the_mark_gains_it_when_opened(tmp_path: Path) -> None:
    path = tmp_path / "old.finals"
    create_tournament(path, "shaoxing-gomoku-2022", operator="测试裁判").close()
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA application_id = 0")
        conn.execute("PRAGMA user_version = 11")
    conn.close()
    open_tournament(path).close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA application_id").fetchone() == (migrations.APPLICATION_ID,)
        assert conn.execute("PRAGMA user_version").fetchone() == (migrations.SCHEMA_VERSION,)
    conn.close()
