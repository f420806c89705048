"""A restore while `finals serve` has the file open (issue 42 §1): the server process sees the
file replaced and writes to the restored final, never to the old one; a phone is never told
200 for a result that did not reach the final."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from app.services import remote_entry
from app.services.backup import restore_from, take_backup
from app.services.rounds import round_view
from app.services.tournament import open_tournament
from tests.web.conftest import Client


class _Port:  # what the test client needs of a server
    def __init__(self, url: str) -> None:
        self.port = urlsplit(url).port


def _start(path: Path) -> tuple[subprocess.Popen[str], str]:
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "app.cli.main",
            "--operator",
            "裁判长",
            "serve",
            str(path),
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
        text=True,
        encoding="utf-8",
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    deadline = time.monotonic() + 30
    assert server.stdout is not None
    while time.monotonic() < deadline:
        found = re.search(r"已启动：(http://\S+)", server.stdout.readline())
        if found:
            return server, found.group(1)
        if server.poll() is not None:
            break
    server.kill()
    raise AssertionError(
        "the server did not start: " + (server.stderr.read() if server.stderr else "")
    )


@pytest.fixture
def served(
    small_template: Path, tmp_path: Path
) -> Iterator[tuple[Path, Path, str, dict[int, str]]]:
    """The small final (round 1 paired, no result), a backup of it, a `serve` process on it."""
    path = tmp_path / "final.finals"
    source = open_tournament(small_template)
    try:
        source.backup_to(path)
    finally:
        source.close()
    db = open_tournament(path)
    try:
        backup = take_backup(db, "手工")
    finally:
        db.close()
    server, base = _start(path)
    try:
        db = open_tournament(path)
        try:
            links = {
                t: urlsplit(u).path
                for t, u in remote_entry.tokens_for_round(db, "MEN", 1, base).items()
            }
        finally:
            db.close()
        yield path, backup, base, links
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()


def _post(base: str, path: str, result: str) -> tuple[int, dict]:
    client = Client(_Port(base))  # type: ignore[arg-type]
    try:
        return client.submit(path, {"result": result})
    finally:
        client.close()


def _on_file(path: Path) -> dict[int, str | None]:
    db = open_tournament(path)
    try:
        return dict(round_view(db, "MEN", 1).results)
    finally:
        db.close()


def test_results_sent_after_a_restore_reach_the_restored_final(
    served: tuple[Path, Path, str, dict[int, str]],
) -> None:
    path, backup, base, links = served
    tables = sorted(links)
    before, after = tables[:4], tables[4:]
    for table in before:
        code, answer = _post(base, links[table], "1-0")
        assert code == 200 and answer["status"] == "accepted", answer
    restored = restore_from(path, backup)
    assert restored.saved_aside.exists()
    answers = {table: _post(base, links[table], "0-1") for table in after}
    on_file = _on_file(path)
    for table in before:  # the restore put the final back to the backup: no result
        assert on_file[table] is None, table
    for table, (code, answer) in answers.items():
        if code == 200:
            assert on_file[table] == "0-1", (table, answer, on_file[table])
        else:  # refused, in Chinese: the phone tries again
            assert code >= 500 and re.search(r"[\u4e00-\u9fff]", str(answer)), answer
    assert sum(code == 200 for code, _ in answers.values()) >= len(after) // 2, answers


def test_phones_posting_during_a_restore_lose_nothing_they_were_told_was_saved(
    served: tuple[Path, Path, str, dict[int, str]],
) -> None:
    """Phones keep sending while the restore runs: a 200 is a result in the final (or, sent
    before the restore, in the copy of the final the restore kept)."""
    path, backup, base, links = served
    tables = sorted(links)
    answers: dict[int, tuple[int, dict]] = {}

    def phones() -> None:
        for table in tables:
            answers[table] = _post(base, links[table], "1-0")
            time.sleep(0.02)

    thread = threading.Thread(target=phones)
    thread.start()
    while len(answers) < 3:
        time.sleep(0.01)
    restored = restore_from(path, backup)
    thread.join(60)
    on_file = _on_file(path)
    aside = _on_file(restored.saved_aside)
    acknowledged = [t for t, (code, _a) in answers.items() if code == 200]
    lost = [t for t in acknowledged if on_file[t] != "1-0" and aside[t] != "1-0"]
    assert lost == [], (lost, answers)
    late = [t for t in acknowledged if on_file[t] == "1-0"]
    assert late, "no phone's result reached the restored final"
