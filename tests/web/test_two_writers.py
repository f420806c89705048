"""Two writers on one final: every accepted result is stored exactly once, nothing is
overwritten unseen, and the audit log's "before" values are what was really there.

- Two processes: `finals serve --auto-accept` with phones submitting, and `finals result`
  typed at the same tables meanwhile.
- Two threads of one process: the window's result entry (a read, then a write) and the
  server's thread committing in between.

Each runs on a tournament file and on a final on a PostgreSQL server (issue 17).
"""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from app.services import remote_entry
from app.services import results as result_service
from app.services.audit import audit_log
from app.services.rounds import round_view
from app.services.tournament import open_tournament
from app.store.database import Database
from tests.web.conftest import Client, copy_final

RESULT_ACTIONS = ("录入成绩", "更正成绩")


def _table_of(target: str | None) -> int | None:
    match = re.fullmatch(r"MEN 第1轮 第(\d+)台", target or "")
    return int(match.group(1)) if match else None


def assert_true_history(db: Database) -> dict[int, list[dict]]:
    """Per table, the result entries chain: each one's "before" is the previous "after",
    and the last "after" is the result on file."""
    entries = [e for e in reversed(audit_log(db)) if e.action in RESULT_ACTIONS]
    chains: dict[int, list[dict]] = {}
    for entry in entries:
        table = _table_of(entry.target)
        if table is not None:
            chains.setdefault(table, []).append(entry)
    results = round_view(db, "MEN", 1).results
    for table, chain in chains.items():
        previous = None
        for entry in chain:
            assert entry.before["result"] == previous, (
                f"table {table}: audit says before={entry['before']['result']}, "
                f"but {previous} was on file"
            )
            assert (entry.action == "更正成绩") == (previous is not None)
            previous = entry.after["result"]
        assert results[table] == previous, f"table {table}: file {results[table]}, log {previous}"
    return chains


def _wait_for_url(process: subprocess.Popen[str]) -> str:
    deadline = time.monotonic() + 30
    assert process.stdout is not None
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        found = re.search(r"已启动：(http://\S+)", line)
        if found:
            return found.group(1)
        if process.poll() is not None:
            break
    raise AssertionError(
        "the server did not start: " + (process.stderr.read() if process.stderr else "")
    )


def _finals(*argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "FINALS_OPERATOR": "记录台"}
    return subprocess.run(
        [sys.executable, "-m", "app.cli.main", *argv],
        capture_output=True,
        encoding="utf-8",
        env=env,
        timeout=120,
    )


@pytest.fixture(params=["file", "server"])
def small(
    request: pytest.FixtureRequest, small_template: Path, tmp_path: Path
) -> Iterator[Database]:
    """The small final (round 1 paired, tokens made): a file, or copied onto a server."""
    if request.param == "file":
        yield from copy_final(small_template, tmp_path)
        return
    from app.store.copy import copy_final as copy_rows
    from app.store.server import create_server

    url = request.getfixturevalue("server_url")
    source, target = open_tournament(small_template), create_server(url)
    try:
        copy_rows(source, target)
    finally:
        source.close()
    yield target
    target.close()


def test_a_server_process_and_the_command_line_on_the_same_tables(small: Database) -> None:
    path = small.label  # the file, or the server's address
    tables = sorted(remote_entry.tokens_for_round(small, "MEN", 1))
    small.close()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "app.cli.main",
            "--operator",
            "裁判长",
            "serve",
            path,
            "--bind",
            "127.0.0.1",
            "--port",
            "0",
            "--event",
            "MEN",
            "--round",
            "1",
            "--auto-accept",
            "--keep-running",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        encoding="utf-8",
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        base = _wait_for_url(server)
        db = open_tournament(path)
        links = {
            t: urlsplit(u).path
            for t, u in remote_entry.tokens_for_round(db, "MEN", 1, base).items()
        }
        db.close()
        rng = random.Random(5)
        phone_results = {t: rng.choice(["1-0", "0-1", "+-"]) for t in tables}
        typed_results = {t: rng.choice(["1-0", "0-1", "+-"]) for t in tables}

        class Port:  # what the test client needs of a server
            def __init__(self, url: str) -> None:
                self.port = urlsplit(url).port

        def phone(table: int) -> tuple[int, dict]:
            client = Client(Port(base))  # type: ignore[arg-type]
            try:
                return client.submit(links[table], {"result": phone_results[table]})
            finally:
                client.close()

        def typed(table: int) -> subprocess.CompletedProcess[str]:
            return _finals(
                "result",
                path,
                typed_results[table],
                "--event",
                "MEN",
                "--round",
                "1",
                "--table",
                str(table),
            )

        with ThreadPoolExecutor(max_workers=8) as pool:
            phones = {t: pool.submit(phone, t) for t in tables}
            typing = {t: pool.submit(typed, t) for t in tables[::2]}
            answers = {t: f.result() for t, f in phones.items()}
            commands = {t: f.result() for t, f in typing.items()}
    finally:
        server.terminate()
        server.wait(timeout=30)

    for done in commands.values():
        assert done.returncode == 0, done.stderr
    for table, (code, answer) in answers.items():
        assert code == 200, (table, answer)
        assert answer["status"] in ("accepted", "conflict", "duplicate", "pending"), answer

    db = open_tournament(path)
    try:
        chains = assert_true_history(db)
        views = {v.id: v for v in remote_entry.list_submissions(db, None, "MEN", 1)}
        for table, (_code, answer) in answers.items():
            entries = chains.get(table, [])
            auto = [e for e in entries if "自动采用" in e.operator]
            if answer["status"] == "accepted":
                # stored exactly once, as the phone sent it
                assert len(auto) == 1 and auto[0].after["result"] == phone_results[table]
                assert views[answer["submission"]].status == "accepted"
            else:
                assert auto == []
            if table in commands:
                typed_entries = [e for e in entries if e.operator == "记录台"]
                assert len(typed_entries) == 1
                assert typed_entries[0].after["result"] == typed_results[table]
            if answer["status"] == "conflict":
                # the phone arrived after the typed result and differs: it waits, unseen
                # by nobody, and the typed result stands
                assert views[answer["submission"]].status == "pending"
        # every table has exactly the writes that were made, nothing lost
        for table in tables:
            expected = (1 if answers[table][1]["status"] == "accepted" else 0) + (table in commands)
            assert len(chains.get(table, [])) == expected, table
    finally:
        db.close()


def test_the_windows_read_then_write_waits_for_the_servers_commit(
    small: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The window's thread reads table 5, is slow to write; the server's thread accepts a
    phone's result for table 5 meanwhile. The window's write must see the phone's result
    as its "before" (and say 更正), never overwrite it unseen."""
    token = remote_entry.tokens_for_round(small, "MEN", 1)[5]
    real_apply = result_service._apply
    window_has_read = threading.Event()

    def slow_apply(session, event, rnd, entry, force, operator):  # noqa: ANN001, ANN202
        if threading.current_thread().name == "window":
            result_service._game(session, rnd, entry.table)  # the read ...
            window_has_read.set()
            time.sleep(0.5)  # ... and a slow write
        return real_apply(session, event, rnd, entry, force, operator)

    monkeypatch.setattr(result_service, "_apply", slow_apply)
    outcome: list[result_service.RecordedResult] = []

    def window() -> None:
        outcome.append(result_service.record_result(small, "MEN", 1, 5, "0-1", operator="窗口"))

    thread = threading.Thread(target=window, name="window")
    thread.start()
    assert window_has_read.wait(5)
    phone = remote_entry.submit(
        small,
        token,
        "1-0",
        client="10.0.0.5",
        auto_accept=True,
        seats=remote_entry.table_page(small, token).seats,
    )
    thread.join(10)
    # The phone came second: the window's typed result was on file, so it waits.
    assert phone.status == "conflict"
    assert outcome[0].result == "0-1" and not outcome[0].corrected
    chains = assert_true_history(small)
    assert [e.after["result"] for e in chains[5]] == ["0-1"]


def test_a_result_the_person_did_not_see_is_not_overwritten(small: Database) -> None:
    """The window passes what it showed; a result that arrived meanwhile stops the write."""
    token = remote_entry.tokens_for_round(small, "MEN", 1)[6]
    remote_entry.submit(small, token, "1-0", client="10.0.0.6", auto_accept=True)
    with pytest.raises(result_service.FinalsError, match="改为 1-0"):
        result_service.record_result(small, "MEN", 1, 6, "0-1", operator="窗口", expected=None)
    assert round_view(small, "MEN", 1).results[6] == "1-0"
    done = result_service.record_result(small, "MEN", 1, 6, "0-1", operator="窗口", expected="1-0")
    assert done.corrected
    assert_true_history(small)
