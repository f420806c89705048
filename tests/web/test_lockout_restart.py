"""A table link locked after too many wrong referee PINs stays locked when `finals serve` is
restarted (issue 42 §3): the lock-out is in the file and the new server process enforces it."""

from __future__ import annotations

import http.client
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

from app.services import link_locks, remote_entry
from app.services.tournament import open_tournament

PIN = "2468"


def _start(path: Path) -> tuple[subprocess.Popen[str], int]:
    server = subprocess.Popen(
        [
            *(sys.executable, "-m", "app.cli.main", "--operator", "裁判长", "serve", str(path)),
            *("--bind", "127.0.0.1", "--port", "0", "--event", "MEN", "--round", "1"),
            *("--pin", PIN, "--keep-running"),
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
            return server, int(urlsplit(found.group(1)).port or 0)
        if server.poll() is not None:
            break
    server.kill()
    raise AssertionError("no server: " + (server.stderr.read() if server.stderr else ""))


def _stop(server: subprocess.Popen[str]) -> None:
    server.terminate()
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        server.kill()


def _post(port: int, link: str, pin: str, phone: int) -> int:
    """One phone (its own address, 127.0.0.N: the per-address rate limit is not what is
    tested) sends a result with a PIN; the HTTP status."""
    conn = http.client.HTTPConnection(
        "127.0.0.1", port, timeout=20, source_address=(f"127.0.0.{phone}", 0)
    )
    try:
        conn.request("GET", link + "/state")
        seats = json.loads(conn.getresponse().read())["seats"]
        body = json.dumps({"result": "1-0", "pin": pin, "seats": seats}).encode()
        conn.request("POST", link, body, {"Content-Type": "application/json"})
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


def test_a_locked_link_stays_locked_in_a_restarted_server(
    small_template: Path, tmp_path: Path
) -> None:
    path = tmp_path / "final.finals"
    source = open_tournament(small_template)
    try:
        source.backup_to(path)
    finally:
        source.close()
    db = open_tournament(path)
    try:
        link = urlsplit(remote_entry.tokens_for_round(db, "MEN", 1, "http://x/")[3]).path
    finally:
        db.close()
    first, port = _start(path)
    try:
        wrong = [_post(port, link, "0000", phone) for phone in range(2, 12)]
        assert wrong == [403] * 10, wrong
        assert _post(port, link, PIN, 12) == 423  # locked: even the right PIN
    finally:
        _stop(first)
    second, port = _start(path)
    try:
        assert _post(port, link, PIN, 13) == 423  # still locked after the restart
        assert _post(port, link, "1111", 14) == 423  # no more guesses
    finally:
        _stop(second)
    db = open_tournament(path)
    try:
        assert remote_entry.list_submissions(db, None, "MEN", 1) == []
    finally:
        db.close()


def test_wrong_pins_before_a_restart_count_after_it(small_template: Path, tmp_path: Path) -> None:
    """9 wrong PINs, a restart, then one more: the tenth locks the link (the count is kept in
    the file, not in the server's memory): the right PIN is refused after it, nothing stored.
    The arbiter's lifting starts the count afresh."""
    path = tmp_path / "final.finals"
    source = open_tournament(small_template)
    try:
        source.backup_to(path)
    finally:
        source.close()
    db = open_tournament(path)
    try:
        link = urlsplit(remote_entry.tokens_for_round(db, "MEN", 1, "http://x/")[5]).path
    finally:
        db.close()
    first, port = _start(path)
    try:
        assert [_post(port, link, "0000", phone) for phone in range(2, 11)] == [403] * 9
    finally:
        _stop(first)
    second, port = _start(path)
    try:
        assert _post(port, link, "1111", 11) == 403  # the tenth wrong PIN: locks
        assert _post(port, link, PIN, 12) == 423
        db = open_tournament(path)
        try:
            assert link_locks.locked(db, "MEN", 1) == [5]
            link_locks.lift(db, "MEN", 1, [5], "裁判长")
        finally:
            db.close()
        # Lifted: the nine earlier wrong PINs no longer count; one more does not lock.
        assert _post(port, link, "2222", 13) == 403
        assert _post(port, link, PIN, 14) == 200
    finally:
        _stop(second)
