"""A final on a PostgreSQL server: opening by URL, the same migrations, `finals copy` both
ways without losing a row, one writer at a time, and refusals in Chinese (issue 17)."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import psycopg
import pytest
from sqlalchemy import create_engine, select, text

from app.errors import FinalsError
from app.services.results import record_result
from app.services.rounds import round_view
from app.services.tournament import open_tournament
from app.store import copy as store_copy
from app.store import database, server
from app.store.copy import FILE_REVISION, copy_final, copy_into_new_file
from app.store.database import Database
from app.store.failures import StorageError
from app.store.migrations import MIGRATIONS, SCHEMA_VERSION, store_version, stored_version
from tests.cli.runner import run


def _rows(db: Database) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, in key order: what a lossless copy keeps."""
    with db.snapshot() as session:
        dump = {
            table.name: [
                tuple(row) for row in session.execute(select(table).order_by(*table.primary_key))
            ]
            for table in store_copy.tables()
        }
        dump["file_revision"] = [tuple(r) for r in session.execute(select(FILE_REVISION))]
    return dump


@pytest.fixture
def played(go_demo: Path) -> Path:
    """The Go demo final (40 players, two rounds played, phones' tokens) as a file."""
    return Path(go_demo)


def test_a_final_goes_to_a_server_and_back_without_losing_a_row(
    played: Path, server_url: str, tmp_path: Path
) -> None:
    source = open_tournament(played)
    try:
        on_server = server.create_server(server_url)
        copied = copy_final(source, on_server)
        back = tmp_path / "back.finals"
        copy_into_new_file(on_server, back)
        returned = open_tournament(back)
        before, middle, after = _rows(source), _rows(on_server), _rows(returned)
        returned.close()
        on_server.close()
    finally:
        source.close()
    assert before == middle == after
    assert copied.total == sum(
        len(rows) for name, rows in before.items() if name != "file_revision"
    )
    assert sum(len(rows) for rows in before.values()) > 500


def test_the_copy_command_both_ways(played: Path, server_url: str, tmp_path: Path, capsys) -> None:  # noqa: ANN001
    code, out, err = run(capsys, "copy", str(played), server_url)
    assert code == 0, err
    assert "已把" in out and "postgresql://" in out
    code, out, _ = run(capsys, "standings", server_url, "--event", "MEN")
    assert code == 0 and out.strip()
    code, _, err = run(capsys, "copy", str(played), server_url)  # the server now has a final
    assert code == 1 and "已有比赛" in err
    dest = tmp_path / "from-server.finals"
    code, _, err = run(capsys, "copy", server_url, str(dest))
    assert code == 0, err
    code, _, err = run(capsys, "copy", server_url, str(dest))  # never over a file
    assert code == 1 and "已存在" in err
    code_a, first, _ = run(capsys, "export", str(played), "--json")
    code_b, second, _ = run(capsys, "export", str(dest), "--json")

    def strip(text: str) -> list[str]:
        return [line for line in text.splitlines() if '"exported_at"' not in line]

    assert code_a == code_b == 0 and strip(first) == strip(second)


def test_the_same_migrations_bring_an_older_server_final_up_to_date(server_url: str) -> None:
    """A server final made by an older version (schema 7) is migrated once when two
    stations open it at the same moment."""
    engine = create_engine(server_url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.begin() as conn:
        for number in range(7):
            MIGRATIONS[number](conn)
        conn.execute(text("ALTER TABLE audit DROP COLUMN station"))  # migration 8 adds it
        store_version(conn, 7)
        conn.execute(
            text(
                "INSERT INTO tournament (title, game, organisers, operators, settings)"
                " VALUES ('旧版比赛', 'go', '[]', '[]', '{}')"
            )
        )
    engine.dispose()
    opened: list[Database] = []
    failures: list[BaseException] = []

    def open_one() -> None:
        try:
            opened.append(open_tournament(server_url))
        except BaseException as error:  # noqa: BLE001 - reported below
            failures.append(error)

    threads = [threading.Thread(target=open_one) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures and len(opened) == 3
    with opened[0].engine.connect() as conn:
        assert stored_version(conn) == SCHEMA_VERSION
    for db in opened:
        db.close()


def test_one_writer_at_a_time_and_a_waiting_writer_is_told(
    go_demo: str, store_kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A use case holding the lock (a long import) makes another wait, and say so; past the
    limit the other gives up in Chinese and writes nothing."""
    monkeypatch.setattr(database, "FIRST_TRY_SECONDS", 0.1)
    monkeypatch.setattr(server, "FIRST_TRY_SECONDS", 0.1)
    monkeypatch.setattr(server, "WRITE_WAIT_SECONDS", 0.6)
    notices: list[str] = []
    previous = database.set_wait_notice(notices.append)
    holder, waiter = open_tournament(go_demo), open_tournament(go_demo)
    holding, release = threading.Event(), threading.Event()

    def hold() -> None:
        with holder.transaction():
            holding.set()
            release.wait(5)

    thread = threading.Thread(target=hold)
    thread.start()
    try:
        holding.wait(5)
        revision = waiter.revision()
        started = time.monotonic()
        with pytest.raises(StorageError) as refused:
            record_result(waiter, "MEN", 2, 1, "1-0", operator="乙站")
        assert time.monotonic() - started >= 0.5
        assert refused.value.kind == "busy" and "另一个站点" in str(refused.value)
        assert notices and "正在等待" in notices[0]
        assert waiter.revision() == revision
    finally:
        release.set()
        thread.join()
        database.set_wait_notice(previous)
    record_result(waiter, "MEN", 2, 1, "1-0", operator="乙站")  # the lock is free again
    assert round_view(waiter, "MEN", 2).results[1] == "1-0"
    holder.close()
    waiter.close()


test_one_writer_at_a_time_and_a_waiting_writer_is_told = pytest.mark.parametrize(
    "store_kind", ["server"], indirect=True
)(test_one_writer_at_a_time_and_a_waiting_writer_is_told)


def test_results_from_many_threads_at_once_are_all_kept(go_demo: str, store_kind: str) -> None:
    from app.services.rounds import pair_next

    station = open_tournament(go_demo)
    for table in range(1, 21):
        record_result(station, "MEN", 2, table, "1-0", force=True, operator="甲")
    view = pair_next(station, "MEN", "甲")
    before = station.revision()
    tables = [g.table for g in view.games if g.second is not None]
    errors: list[BaseException] = []

    def enter(part: list[int]) -> None:
        db = open_tournament(go_demo)
        try:
            for table in part:
                record_result(db, "MEN", 3, table, "0-1", operator="乙")
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(error)
        finally:
            db.close()

    threads = [threading.Thread(target=enter, args=(tables[i::4],)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    assert all(round_view(station, "MEN", 3).results[t] == "0-1" for t in tables)
    assert station.revision() == (before or 0) + len(tables)
    station.close()


test_results_from_many_threads_at_once_are_all_kept = pytest.mark.parametrize(
    "store_kind", ["file", "server"], indirect=True
)(test_results_from_many_threads_at_once_are_all_kept)


def test_what_is_not_a_final_is_refused_untouched(server_url: str, postgres_server: str) -> None:
    with pytest.raises(FinalsError, match="是空的，还没有比赛"):
        open_tournament(server_url)
    plain = server_url.replace("postgresql://", "postgresql+psycopg://")
    engine = create_engine(plain)
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE customers (id integer primary key)"))
    engine.dispose()
    with pytest.raises(FinalsError, match="其他程序的数据"):
        open_tournament(server_url)
    with pytest.raises(FinalsError, match="其他程序的数据"):
        server.create_server(server_url)
    with psycopg.connect(server_url) as conn:
        tables = {
            r[0]
            for r in conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
        }
    assert tables == {"customers"}


@pytest.mark.parametrize(
    ("address", "words"),
    [
        ("postgresql://", "没有写数据库名"),
        ("postgresql://nobody@/x?host=/nonexistent-socket-folder", "无法连接数据库服务器"),
    ],
)
def test_a_bad_address_is_answered_in_chinese(address: str, words: str) -> None:
    with pytest.raises(FinalsError, match=words):
        open_tournament(address)


def test_a_missing_database_says_how_to_make_it(server_url: str) -> None:
    missing = server_url.replace("/finals_test_", "/missing_final_", 1)
    with pytest.raises(StorageError, match="服务器上没有数据库 missing_final_.*createdb"):
        open_tournament(missing)


def test_the_password_is_never_shown() -> None:
    assert server.shown("postgresql://arbiter:secret@10.0.0.2/final") == (
        "postgresql://arbiter:***@10.0.0.2/final"
    )
