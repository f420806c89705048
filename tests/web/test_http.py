"""Result entry over real HTTP on 127.0.0.1: load, conflicts, refusals, limits, stopping."""

from __future__ import annotations

import random
import socket
import threading
import time
from collections import Counter
from typing import Any

import pytest

from app.errors import FinalsError
from app.services import remote_entry
from app.services.audit import audit_log
from app.services.results import record_result, round_status
from app.services.rounds import round_view
from app.store.database import Database
from app.web import Limits, RemoteEntryServer
from tests.web.conftest import Client, links

RESULTS = ("1-0", "0-1", "+-", "-+")  # Go with komi 3又3/4子: no draw


def _plan(tables: list[int], seed: int) -> dict[int, dict[str, Any]]:
    rng = random.Random(seed)
    return {
        t: {
            "result": rng.choice(RESULTS),
            "manner": rng.choice(("中盘胜", "超时胜", "", "3又1/4子")),
            "fouls": [rng.randrange(3), rng.randrange(3)],
        }
        for t in tables
    }


def _run_clients(
    server: RemoteEntryServer, jobs: list[list[tuple[str, dict[str, Any]]]]
) -> list[tuple[int, Any]]:
    answers: list[tuple[int, Any]] = []
    lock = threading.Lock()
    errors: list[BaseException] = []

    def work(queue: list[tuple[str, dict[str, Any]]]) -> None:
        client = Client(server)
        try:
            for path, data in queue:
                answer = client.submit(path, data)
                with lock:
                    answers.append(answer)
        except BaseException as exc:  # reported below: a lost submission fails the test
            errors.append(exc)
        finally:
            client.close()

    threads = [threading.Thread(target=work, args=(q,)) for q in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert not errors, errors
    return answers


def _audit(db: Database, action: str) -> list[dict[str, Any]]:
    return [e for e in audit_log(db) if e.action == action]


def test_20_clients_submit_400_results_each_recorded_exactly_once(big: Database, serve) -> None:
    """Auto-accept on; every table is sent twice by two different clients at once."""
    server = serve(big, auto_accept=True, operator="裁判长", stop_when_rounds_close=False)
    paths = links(big, server)
    assert len(paths) == 400
    plan = _plan(sorted(paths), seed=1)
    sends = [(paths[t], plan[t]) for t in sorted(paths)] * 2
    random.Random(2).shuffle(sends)
    jobs = [sends[i::20] for i in range(20)]
    answers = _run_clients(server, jobs)

    assert len(answers) == 800
    statuses = Counter(a["status"] if code == 200 else code for code, a in answers)
    # A second copy that arrives after the round's last result finds the token expired.
    assert statuses["accepted"] == 400
    assert statuses["duplicate"] + statuses[404] == 400 and set(statuses) <= {
        "accepted",
        "duplicate",
        404,
    }
    view = round_view(big, "MEN", 1)
    for table, data in plan.items():
        assert view.results[table] == data["result"], table
    assert round_status(big, "MEN", 1).complete
    # Each table: one result entry in the log, one accepted submission, two logged receipts.
    entered = Counter(e.target for e in _audit(big, "录入成绩"))
    assert len(entered) == 400 and set(entered.values()) == {1}
    assert not _audit(big, "更正成绩")
    assert len(_audit(big, "现场提交成绩")) == 400
    assert len(_audit(big, "现场提交成绩（重复）")) == statuses["duplicate"]
    every = remote_entry.list_submissions(big, None)
    assert len(every) == 400 and {s.status for s in every} == {"accepted"}
    assert sorted(s.table for s in every) == sorted(paths)


def test_400_pending_submissions_then_one_accept_all(big: Database, serve) -> None:
    server = serve(big, stop_when_rounds_close=False)
    paths = links(big, server)
    plan = _plan(sorted(paths), seed=3)
    sends = [(paths[t], plan[t]) for t in sorted(paths)]
    answers = _run_clients(server, [sends[i::20] for i in range(20)])
    assert Counter(a["status"] for _, a in answers) == {"pending": 400}
    assert all(r is None for t, r in round_view(big, "MEN", 1).results.items() if t in paths)

    queue = remote_entry.list_submissions(big)
    assert len(queue) == 400 and not any(s.conflict for s in queue)
    done = remote_entry.accept_all(big, "裁判长", "MEN", 1)
    assert len(done.accepted) == 400 and done.conflicts == ()
    view = round_view(big, "MEN", 1)
    assert all(view.results[t] == plan[t]["result"] for t in paths)
    assert Counter(e.target for e in _audit(big, "录入成绩")).most_common(1)[0][1] == 1
    assert remote_entry.list_submissions(big) == []
    # The round closed with that accept: every token now answers 404.
    client = Client(server)
    assert client.submit(paths[1], plan[1])[0] == 404
    assert client.get(paths[1])[0] == 404


def test_two_different_results_for_one_table_are_a_conflict(small: Database, serve) -> None:
    server = serve(small, auto_accept=True)
    path = links(small, server)[3]
    client = Client(server)
    assert client.submit(path, {"result": "1-0"})[1]["status"] == "accepted"
    code, answer = client.submit(path, {"result": "0-1", "manner": "超时胜"})
    assert code == 200 and answer["status"] == "conflict"
    assert round_view(small, "MEN", 1).results[3] == "1-0"  # never overwritten
    (pending,) = remote_entry.list_submissions(small)
    assert pending.conflict and "1-0" in (pending.conflict_reason or "")
    assert remote_entry.accept_all(small, "裁判长").accepted == ()  # conflicts wait
    # Only the arbiter changes an accepted result, and it is logged as a correction.
    remote_entry.accept(small, pending.id, "裁判长")
    assert round_view(small, "MEN", 1).results[3] == "0-1"
    assert [e.operator for e in _audit(small, "更正成绩")] == ["裁判长"]


def test_conflict_between_two_pending_submissions(small: Database, serve) -> None:
    server = serve(small)
    path = links(small, server)[4]
    a, b = Client(server), Client(server)
    first = a.submit(path, {"result": "1-0"})[1]
    second = b.submit(path, {"result": "0-1"})[1]
    assert (first["status"], second["status"]) == ("pending", "conflict")
    queue = {s.id: s for s in remote_entry.list_submissions(small)}
    assert queue[first["submission"]].conflict and queue[second["submission"]].conflict
    rejected = remote_entry.reject(small, second["submission"], "裁判长", "台裁看错")
    assert rejected.status == "rejected" and rejected.note == "台裁看错"
    (left,) = remote_entry.list_submissions(small)
    assert not left.conflict
    remote_entry.accept(small, left.id, "裁判长")
    assert round_view(small, "MEN", 1).results[4] == "1-0"
    with pytest.raises(FinalsError, match="已采用"):
        remote_entry.accept(small, left.id, "裁判长")


def test_a_hand_entered_result_is_never_overwritten_by_auto_accept(small: Database, serve) -> None:
    server = serve(small, auto_accept=True)
    record_result(small, "MEN", 1, 5, "0-1", operator="裁判长")
    code, answer = Client(server).submit(links(small, server)[5], {"result": "1-0"})
    assert (code, answer["status"]) == (200, "conflict")
    assert round_view(small, "MEN", 1).results[5] == "0-1"
    same = Client(server).submit(links(small, server)[5], {"result": "0-1"})[1]
    assert same["status"] == "duplicate"


def test_every_submission_is_audited_with_time_table_and_client(small: Database, serve) -> None:
    server = serve(small)
    Client(server).submit(links(small, server)[6], {"result": "0-1", "manner": "超时胜"})
    (entry,) = _audit(small, "现场提交成绩")
    assert entry.target == "MEN 第1轮 第6台"
    assert entry.after["client"] == "127.0.0.1" and entry.operator == "台裁@127.0.0.1"
    assert entry.after["result"] == "0-1" and entry.time


def _status(
    server: RemoteEntryServer,
    method: str,
    path: str,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, bytes]:
    code, _head, data = Client(server).request(method, path, body, headers)
    return code, data


def test_wrong_tokens_all_get_the_same_bland_404(small: Database, serve) -> None:
    server = serve(small, scope=[("MEN", 1)])
    real = links(small, server)[1]
    _code, not_found = _status(server, "GET", "/t/" + "A" * 22)
    assert _code == 404 and "链接无效或已过期" in not_found.decode()
    token = real.rsplit("/", 1)[1]
    for path in (
        "/t/" + "A" * 22,
        "/t/" + token[:-1] + ("A" if token[-1] != "A" else "B"),
        "/t/short",
        "/t/" + token + "/x",
        "/t/" + token + "/state/x",
        "/t/%2e%2e/%2e%2e/etc/passwd",
        "/static/../app/web/server.py",
        "/static/missing.css",
        "/admin",
        "/t/" + "A" * 22 + "/state",
    ):
        code, body = _status(server, "GET", path)
        assert (code, body) == (404, not_found), path
        code, body = _status(
            server, "POST", path, b'{"result":"1-0"}', {"Content-Type": "application/json"}
        )
        assert (code, body) == (404, not_found), path
    # A token of a round outside the server's scope is just as unknown.
    youth = remote_entry.tokens_for_round(small, "YOUTH", 1, server.url)[1]
    assert _status(server, "GET", youth.split(str(server.port), 1)[1]) == (404, not_found)
    assert remote_entry.list_submissions(small, None) == []
    assert _status(server, "GET", real)[0] == 200


def test_replays_after_the_round_closed_are_refused(small: Database, serve) -> None:
    server = serve(small, stop_when_rounds_close=False)
    paths = links(small, server)
    client = Client(server)
    for path in paths.values():
        assert client.submit(path, {"result": "1-0"})[0] == 200
    remote_entry.accept_all(small, "裁判长")
    assert round_status(small, "MEN", 1).complete
    before = len(audit_log(small))
    for path in paths.values():
        assert client.submit(path, {"result": "1-0"})[0] == 404
        assert client.submit(path, {"result": "0-1"})[0] == 404
        assert client.get(path)[0] == 404
        assert client.get(path + "/state")[0] == 404
    assert len(audit_log(small)) == before


def test_the_server_stops_by_itself_when_its_round_closes(small: Database, serve) -> None:
    stopped: list[str] = []
    server = serve(
        small, auto_accept=True, watch_interval=0.1, on_stopped=stopped.append, scope=[("MEN", 1)]
    )  # the youth round stays open: not served here
    client = Client(server)
    for path in links(small, server).values():
        client.submit(path, {"result": "0-1"})
    assert server.wait(5) and stopped == ["rounds_closed"]
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", server.port), timeout=2).close()
    with pytest.raises(FinalsError, match="没有等待录入成绩的轮次"):
        RemoteEntryServer(small, "127.0.0.1", 0, scope=[("MEN", 1)]).start()


def test_oversized_and_malformed_requests_are_refused(small: Database, serve) -> None:
    server = serve(small, limits=Limits(rate=1000, burst=1000))
    path = links(small, server)[7]
    json_head = {"Content-Type": "application/json"}
    cases = [
        (413, b'{"result":"1-0","manner":"' + b"x" * 5000 + b'"}', json_head),
        (415, b"result=1-0", {"Content-Type": "application/x-www-form-urlencoded"}),
        (400, b"{not json", json_head),
        (400, b"\xff\xfe", json_head),
        (400, b'["1-0"]', json_head),
        (400, b'{"result":"2-0"}', json_head),
        (400, b'{"result":"<b>1-0</b>"}', json_head),
        (400, b'{"result":"1-0","fouls":[1]}', json_head),
        (400, b'{"result":"1-0","fouls":[-1,0]}', json_head),
        (400, b'{"result":"1-0","fouls":[1.5,0]}', json_head),
        (400, b'{"result":"1-0","fouls":[true,0]}', json_head),
        (400, b'{"result":"1-0","manner":"' + "长".encode() * 61 + b'"}', json_head),
        (400, b'{"result":"1-0","manner":"a\\u0000b"}', json_head),
        (400, b'{"result":"1-0","manner":7}', json_head),
        (403, b'{"result":"1-0"}', {**json_head, "Origin": "http://evil.example"}),
        (421, b'{"result":"1-0"}', {**json_head, "Host": "evil.example"}),
    ]
    for expected, body, headers in cases:
        code, data = _status(server, "POST", path, body, headers)
        assert code == expected, (body[:40], code, data[:200])
        if code == 400:
            assert "error" in data.decode()
    # No length, a chunked body, a huge header, a huge request line: refused at the door.
    host = f"Host: 127.0.0.1:{server.port}\r\n".encode()
    post = b"POST " + path.encode() + b" HTTP/1.1\r\n" + host
    raw = [
        (post + b"Content-Type: application/json\r\n\r\n", b" 411 "),
        (
            post + b"Transfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\n"
            b"5\r\nhello\r\n0\r\n\r\n",
            b" 411 ",
        ),
        (b"GET / HTTP/1.1\r\n" + host + b"X-Big: " + b"a" * 20000 + b"\r\n\r\n", b" 431 "),
        (b"GET /" + b"a" * 20000 + b" HTTP/1.1\r\n" + host + b"\r\n", b" 431 "),
        (
            b"GET / HTTP/1.1\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(600)) + b"\r\n",
            b" 431 ",
        ),
        (b"BREW /pot HTTP/1.1\r\n" + host + b"\r\n", b" 501 "),
        (b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + b"\x00" * 40 + b"\r\n\r\n", b" 400 "),
    ]
    for request, expected in raw:
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
            sock.sendall(request)
            answer = sock.recv(4096)
        assert expected in answer.split(b"\r\n", 1)[0], (request[:30], answer[:80])
    assert remote_entry.list_submissions(small, None) == []
    assert round_view(small, "MEN", 1).results[7] is None
    # The server still works after all that.
    assert Client(server).submit(path, {"result": "1-0"})[0] == 200


def test_referee_pin(small: Database, serve) -> None:
    server = serve(small, pin="2468")
    paths = links(small, server)
    client = Client(server)
    page = client.get(paths[8])[2].decode()
    assert 'data-pin="1"' in page
    assert client.submit(paths[8], {"result": "1-0"})[0] == 403
    code, answer = client.submit(paths[8], {"result": "1-0", "pin": "1111"})
    assert code == 403 and answer["error"] == "裁判口令不正确。"
    assert client.submit("/t/" + "B" * 22, {"result": "1-0", "pin": "1111"})[0] == 404
    assert client.submit(paths[8], {"result": "1-0", "pin": "2468"})[0] == 200
    assert len(remote_entry.list_submissions(small)) == 1


def test_rate_limit_per_client(small: Database, serve) -> None:
    server = serve(small, limits=Limits(rate=0.5, burst=6, failure_cost=3))
    path = links(small, server)[9]
    client = Client(server)
    codes = [client.get(path)[0] for _ in range(8)]
    assert codes[:6] == [200] * 6 and codes[6:] == [429, 429]
    code, head, _ = Client(server).request("GET", path)
    assert code == 429 and head["retry-after"] == "5"


def test_wrong_tokens_exhaust_the_rate_limit_fast(small: Database, serve) -> None:
    server = serve(small, limits=Limits(rate=0.5, burst=30, failure_cost=10))
    client = Client(server)
    codes = [client.get("/t/" + "C" * 22)[0] for _ in range(4)]
    assert codes == [404, 404, 404, 429]


def test_connections_beyond_the_cap_get_503(small: Database, serve) -> None:
    server = serve(small, limits=Limits(max_connections=2, rate=100, burst=100))
    idle = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(2)]
    try:
        time.sleep(0.2)
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as third:
            third.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            assert b" 503 " in third.recv(1024)
    finally:
        for sock in idle:
            sock.close()
    time.sleep(0.3)
    assert Client(server).get("/")[0] == 200


def test_pages_escape_names_and_send_security_headers(small: Database, serve) -> None:
    from sqlalchemy import select

    from app.store.models import Entrant, Game, Round

    with small.transaction() as session:
        rnd = session.scalars(select(Round)).first()
        game = session.scalars(select(Game).where(Game.round_id == rnd.id, Game.table == 10)).one()
        first = session.get(Entrant, game.first_id)
        first.name = '<script>alert("x")</script>'
        first.unit = "\"' onmouseover=alert(1) x='"
    server = serve(small)
    code, head, body = Client(server).get(links(small, server)[10])
    page = body.decode()
    assert code == 200
    assert (
        "<script>alert" not in page and "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in page
    )
    assert "onmouseover=alert(1) x=&#x27;" in page and "' onmouseover" not in page
    assert "script-src 'self'" in head["content-security-policy"]
    assert head["x-content-type-options"] == "nosniff" and head["cache-control"] == "no-store"
    assert head["referrer-policy"] == "no-referrer" and head["server"].startswith("FinalsManager")
    assert "Python" not in head["server"]
    for name, kind in (("style.css", "text/css"), ("table.js", "text/javascript")):
        code, head, _ = Client(server).get(f"/static/{name}")
        assert code == 200 and head["content-type"].startswith(kind)


def test_listens_only_on_the_chosen_address(small: Database, serve) -> None:
    server = serve(small)
    listening = socket.socket()
    try:
        # Same port, another local address (127.0.0.2 is loopback on Linux): nobody there.
        with pytest.raises(OSError):
            socket.create_connection(("127.0.0.2", server.port), timeout=2).close()
    finally:
        listening.close()
    with pytest.raises(FinalsError, match="无效"):
        RemoteEntryServer(small, "localhost", 0).start()
    with pytest.raises(FinalsError, match="无法在"):
        RemoteEntryServer(small, "127.0.0.1", server.port).start()  # port taken


def test_stop_is_idempotent_and_frees_the_port(small: Database) -> None:
    server = RemoteEntryServer(small, "127.0.0.1", 0, limits=Limits())
    url = server.start()
    assert server.running and url == f"http://127.0.0.1:{server.port}/"
    assert server.qr_png().startswith(b"\x89PNG") and "<svg" in server.qr_svg()
    port = server.port
    server.stop()
    server.stop()
    assert not server.running and server.stop_reason == "stopped"
    again = RemoteEntryServer(small, "127.0.0.1", port, limits=Limits())
    again.start()
    again.stop()


def test_new_arrivals_reach_the_callback(small: Database, serve) -> None:
    seen: list[Any] = []
    server = serve(small, on_submission=seen.append)
    Client(server).submit(links(small, server)[11], {"result": "-+"})
    (outcome,) = seen
    assert (outcome.event, outcome.round, outcome.table, outcome.status) == (
        "MEN",
        1,
        11,
        "pending",
    )
    assert server.received == 1
    assert [s.id for s in remote_entry.list_submissions(small, after_id=0)] == [outcome.submission]
    assert remote_entry.list_submissions(small, after_id=outcome.submission) == []


def test_an_unread_body_never_becomes_a_second_request(small: Database, serve) -> None:
    """A body the server does not read ends the connection (no request smuggling)."""
    server = serve(small)
    inner = f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n\r\n".encode()
    for head in (b"POST /nowhere", b"GET /"):
        request = (
            head
            + f" HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(inner)}\r\n\r\n".encode()
            + inner
        )
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
            sock.sendall(request)
            answer = b""
            while chunk := sock.recv(65536):
                answer += chunk
        assert answer.count(b"HTTP/1.1 ") == 1, answer[:200]
