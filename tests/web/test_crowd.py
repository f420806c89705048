"""Issue 27 §4, the phones' server under a small crowd.

- the connection pool full of slow sockets from several addresses (127.0.0.x are loopback on
  Linux) still serves a referee: idle and stalled connections are shed for him;
- PIN guesses are limited per table link, whatever the address, with a lock-out the arbiter
  sees and lifts;
- a database error is a 503 in the phone's words, the details for the arbiter's log only;
- a result committed but never answered is, when the phone resends it, "already recorded".
"""

from __future__ import annotations

import http.client
import json
import logging
import socket
import threading
import time
from typing import Any

import pytest

from app.services import link_locks, remote_entry
from app.services.remote_entry import table_page
from app.store.database import Database
from app.store.failures import StorageError
from app.web import Limits, RemoteEntryServer
from tests.web.conftest import links
from tests.web.test_hardening import Phone, _submit_body

SAVE_LATER = "暂时无法保存，成绩未提交，请稍后重试"

# --- (1) the pool full of slow sockets -----------------------------------------------------------


def _stalled(port: int, path: str, sources: list[str], each: int) -> list[socket.socket]:
    """`each` sockets from every source address, each with a request begun and never
    finished: the odd addresses stop in the request line, the even ones send a submission's
    head and no body."""
    opened = []
    head = (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
        "Content-Type: application/json\r\nContent-Length: 200\r\n\r\n"
    ).encode()
    for number, source in enumerate(sources):
        for _ in range(each):
            sock = socket.create_connection(
                ("127.0.0.1", port), timeout=5, source_address=(source, 0)
            )
            sock.sendall(head if number % 2 else b"POST /t/")
            opened.append(sock)
    return opened


def _referees_served(server, path: str, sources: list[str]) -> list[int]:
    """Each referee (own address) loads the table's page and submits: the status codes."""
    codes = []
    for source in sources:
        phone = Phone(server, source)
        try:
            codes.append(phone.get(path)[0])
            state = phone.get(path + "/state")[0]
            codes.append(
                phone.request(
                    "POST", path, _submit_body(phone, path), {"Content-Type": "application/json"}
                )[0]
                if state == 200
                else state
            )
        finally:
            phone.close()
    return codes


def _crowd_test(small: Database, serve, addresses: int, each: int) -> None:
    limits = Limits()  # 64 connections, 16 per address
    server = serve(small, limits=limits, stop_when_rounds_close=False)
    path = links(small, server)[1]
    slow = _stalled(server.port, path, [f"127.0.1.{n}" for n in range(1, addresses + 1)], each)
    try:
        time.sleep(0.5)  # the server has taken them in: every slot is held
        before = time.monotonic()
        codes = _referees_served(server, path, [f"127.0.2.{n}" for n in range(1, 11)])
        waited = time.monotonic() - before
        print(f"\n{addresses}×{each} stalled sockets: 10 referees' codes {codes} in {waited:.2f} s")
        assert codes == [200] * 20
        assert waited < 4
    finally:
        for sock in slow:
            sock.close()


def test_four_addresses_holding_every_slot_do_not_keep_a_referee_out(
    small: Database, serve
) -> None:
    """The issue's case: 4 addresses × 16 sockets that never finish a request."""
    _crowd_test(small, serve, 4, 16)


def test_any_number_of_slow_devices_do_not_keep_a_referee_out(small: Database, serve) -> None:
    """64 addresses holding one stalled socket each: the pool is full and no address holds
    more than the newcomer would; the stalled longest is shed."""
    _crowd_test(small, serve, 64, 1)


def test_a_phone_being_answered_is_never_shed(small: Database, serve, monkeypatch) -> None:
    """Only idle or stalled connections make room; with every slot being answered a
    newcomer gets 503 once it may wait no longer (here: 2 slots, both held by requests the
    server is answering, and no wait for a slot)."""
    limits = Limits(max_connections=2, for_newcomers=0, rate=100, burst=100, slot_wait=0)
    server = serve(small, limits=limits)
    path = links(small, server)[1]
    release = threading.Event()
    entered = threading.Semaphore(0)

    def slow_page(*args: Any, **kwargs: Any) -> Any:
        entered.release()
        release.wait(5)
        return table_page(*args, **kwargs)

    monkeypatch.setattr("app.web.routes.table_page", slow_page)
    results: list[int] = []
    workers = [
        threading.Thread(target=lambda s=s: results.append(Phone(server, s).get(path)[0]))
        for s in ("127.0.3.1", "127.0.3.2")
    ]
    try:
        for worker in workers:
            worker.start()
        assert entered.acquire(timeout=5) and entered.acquire(timeout=5)
        assert Phone(server, "127.0.3.3").get("/")[0] == 503
    finally:
        release.set()
        for worker in workers:
            worker.join(5)
    assert results == [200, 200]


# --- (3) a database outage ------------------------------------------------------------------------

OUTAGE = (
    "无法连接数据库服务器（finals@db.venue:5432/final，套接字 /var/run/postgresql/.s.PGSQL.5432）："
    "Connection refused。请检查服务器是否已启动、地址和端口是否正确、网络是否连通。"
)


def _outage(db: Database, monkeypatch) -> list[bool]:
    """Make every read and write of `db` fail as the store reports a server gone away;
    set the returned flag's first item to False to end the outage."""
    down = [True]
    reading, transaction = db.reading, db.transaction

    def failing(real):  # type: ignore[no-untyped-def]
        def attempt():  # type: ignore[no-untyped-def]
            if down[0]:
                raise StorageError("cannot-open", OUTAGE)
            return real()

        return attempt

    monkeypatch.setattr(db, "reading", failing(reading))
    monkeypatch.setattr(db, "transaction", failing(transaction))
    return down


def test_a_database_outage_is_a_503_in_the_phones_words(
    small: Database, serve, monkeypatch, console, caplog
) -> None:
    server = serve(small, watch_interval=60)
    path = links(small, server)[3]
    phone = Phone(server, "127.0.4.1")
    body = _submit_body(phone, path)
    _outage(small, monkeypatch)
    code, head, raw = phone.request("POST", path, body, {"Content-Type": "application/json"})
    answer = json.loads(raw)
    assert code == 503 and head.get("retry-after"), (code, answer)
    assert answer["error"] == SAVE_LATER
    for secret in ("db.venue", "finals@", "/var/run/postgresql", "5432"):
        assert secret not in raw.decode("utf-8")
    # The arbiter's log has the details, in one line.
    shown = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert any("db.venue" in line for line in shown), shown
    console()


def test_serve_logs_an_outage_once_when_it_begins_and_once_when_it_ends(
    small: Database, serve, monkeypatch, console, caplog
) -> None:
    """The watcher asks for the open rounds every interval: during an outage that is one
    line when it begins and one when it ends, not a traceback each time."""
    down = _outage(small, monkeypatch)
    server = RemoteEntryServer(small, "127.0.0.1", 0, watch_interval=0.02)
    down[0] = False
    server.start()
    try:
        caplog.clear()
        down[0] = True
        phone = Phone(server, "127.0.4.2")
        path = "/t/" + "A" * 22
        for _ in range(3):
            assert phone.get(path)[0] == 503
        time.sleep(0.5)  # some 25 failed looks at the rounds
        down[0] = False
        time.sleep(0.3)
        assert phone.get(path)[0] == 404
        time.sleep(0.2)
    finally:
        server.stop()
    shown = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    print("\n" + "\n".join(shown))
    outage = [line for line in shown if "database" in line]
    assert len(outage) == 2, shown
    assert "db.venue" in outage[0] and "again" in outage[1]
    console()


# --- (4) committed, but never answered ------------------------------------------------------------


def _answer_lost(monkeypatch, times: int) -> list[int]:
    """The first `times` submissions are stored, then the server dies before answering
    (its connection ends without a byte). Returns how many submissions arrived."""
    seen = [0]
    real = remote_entry.submit

    def committed_then_gone(*args: Any, **kwargs: Any) -> Any:
        outcome = real(*args, **kwargs)
        seen[0] += 1
        if seen[0] <= times:
            raise ConnectionResetError("the server died before answering")
        return outcome

    monkeypatch.setattr("app.web.routes.remote_entry.submit", committed_then_gone)
    return seen


def _resend_after_a_lost_answer(
    small: Database, serve, monkeypatch, table: int, **options: Any
) -> tuple[int, Any, Phone, str, dict[str, Any]]:
    server = serve(small, **options)
    path = links(small, server)[table]
    phone = Phone(server, "127.0.5.1")
    body = _submit_body(phone, path, "0-1")
    _answer_lost(monkeypatch, 1)
    with pytest.raises(http.client.HTTPException):
        phone.conn.request("POST", path, body, {"Content-Type": "application/json"})
        phone.conn.getresponse()
    phone.close()
    phone = Phone(server, "127.0.5.1")
    code, head, raw = phone.request("POST", path, body, {"Content-Type": "application/json"})
    answer = json.loads(raw) if "json" in head["content-type"] else {"page": raw.decode()}
    return code, answer, phone, path, json.loads(body)


def test_a_resend_of_a_result_waiting_for_the_arbiter_says_it_was_received(
    small: Database, serve, monkeypatch
) -> None:
    code, answer, *_rest = _resend_after_a_lost_answer(small, serve, monkeypatch, 2)
    (sub,) = remote_entry.list_submissions(small)
    assert code == 200 and answer["status"] == "duplicate", answer
    assert f"已收到（与第{sub.id}号提交相同）" in answer["message"]


def test_a_resend_after_the_round_completed_says_the_result_is_recorded(
    small: Database, serve, monkeypatch
) -> None:
    """Auto-accept and the round's last table: the first answer was lost, and the round
    is complete by the time the phone resends. It is told the result is on file, not
    that its link is dead ("链接无效…成绩未提交")."""
    from app.services.results import record_result
    from app.services.rounds import round_view

    view = round_view(small, "MEN", 1)
    last = max(g.table for g in view.games if g.second is not None)
    for game in view.games:
        if game.second is not None and game.table != last:
            record_result(small, "MEN", 1, game.table, "1-0", operator="裁判长")
    code, answer, phone, path, sent = _resend_after_a_lost_answer(
        small, serve, monkeypatch, last, auto_accept=True, stop_when_rounds_close=False
    )
    assert round_view(small, "MEN", 1).results[last] == "0-1"
    assert code == 200 and answer["status"] == "duplicate", (code, answer)
    assert "本台成绩已录入" in answer["message"]
    # A different result for the finished round is still a dead link.
    other = json.dumps({**sent, "result": "1-0"}).encode()
    assert phone.request("POST", path, other, {"Content-Type": "application/json"})[0] == 404


# --- (2) PIN guesses per table link ---------------------------------------------------------------


def _guess(server, path: str, source: str, pin: str) -> tuple[int, Any]:
    phone = Phone(server, source)
    try:
        body = {**json.loads(_submit_body(phone, path)), "pin": pin}
        code, _head, raw = phone.request(
            "POST", path, json.dumps(body).encode(), {"Content-Type": "application/json"}
        )
        return code, json.loads(raw)
    finally:
        phone.close()


def _audit(db: Database, action: str) -> list[Any]:
    from sqlalchemy import select

    from app.store.models import AuditEntry

    with db.reading() as session:
        return list(session.scalars(select(AuditEntry).where(AuditEntry.action == action)))


def test_pin_guesses_from_many_addresses_lock_the_table_link(
    small: Database, serve, capsys
) -> None:
    """The issue's attack: one address per guess (the per-address limit never strikes).
    After 10 wrong PINs for one table's link it is locked — even the right PIN is refused —
    the arbiter sees it (serve's output, `table-links`) and lifts it (audited once)."""
    locked: list[tuple[str, int, int]] = []
    server = serve(
        small,
        pin="2468",
        limits=Limits(),
        on_locked=lambda where: locked.append(where),
    )
    path, other = links(small, server)[3], links(small, server)[4]
    codes = [_guess(server, path, f"127.0.6.{n}", f"{n:04d}")[0] for n in range(1, 11)]
    assert codes == [403] * 10
    code, answer = _guess(server, path, "127.0.6.20", "2468")  # the right PIN, too late
    assert code == 423 and "锁定" in answer["error"] and "裁判长" in answer["error"], answer
    assert locked == [("MEN", 1, 3)]
    assert remote_entry.list_submissions(small, None) == []
    (entry,) = _audit(small, link_locks.PIN_LOCKED)
    assert entry.target == "MEN 第1轮 第3台"
    # Another table's link is not locked.
    assert _guess(server, other, "127.0.6.21", "2468")[0] == 200

    from app.cli.main import main

    capsys.readouterr()
    file = str(small.path)
    assert main(["table-links", file, "--event", "MEN", "--round", "1"]) == 0
    err = capsys.readouterr().err
    assert "第3台" in err and "锁定" in err and "--unlock 3" in err, err
    assert main(["table-links", file, "--event", "MEN", "--round", "1", "--unlock", "4"]) == 1
    assert "第4台" in capsys.readouterr().err
    assert _audit(small, link_locks.PIN_UNLOCKED) == []
    assert main(["table-links", file, "--event", "MEN", "--round", "1", "--unlock", "3"]) == 0
    assert "已解除" in capsys.readouterr().out
    assert len(_audit(small, link_locks.PIN_UNLOCKED)) == 1
    assert _guess(server, path, "127.0.6.22", "2468")[0] == 200
