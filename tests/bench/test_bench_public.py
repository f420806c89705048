"""Benchmark: the players' pages (`finals serve --public`) beside the referees' traffic.

Target (issue 16): 200 requests per second, p99 <= 100 ms, while the referees submit
results. Open loop as in test_bench_web: request i is due at start + i/200 s and its latency
counts from then. 20 players' clients (keep-alive) ask for pairings (the current round,
another round, a pinyin search), standings (overall, a category) and player pages of the
Hangzhou final (360 players, 3 rounds played, round 4 paired); meanwhile 4 referees'
clients submit round 4's results with auto-accept, so the file's revision changes under the
readers (each accepted result is shown on the next request: the read model is rebuilt).
Figures are printed and recorded, not asserted (run with --benchmark-enable).
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from app.pinyin import readings
from app.services.read_model import load_final
from app.services.remote_entry import ensure_tokens, tokens_for_round
from app.services.rounds import pair_next
from app.services.tournament import open_tournament
from app.store.database import Database
from app.web import RemoteEntryServer
from tests.finals import demo_copy
from tests.web.conftest import LOAD_LIMITS, Client, copy_final

RATE = 200.0
CLIENTS = 20
SECONDS = 6
REFEREE_RATE = 1.0  # results a second: the end of a round (180 results take about an hour)


@pytest.fixture(scope="module")
def template(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("bench-public") / "hangzhou.finals"
    demo_copy(demo_master("hangzhou-go", seed=5, rounds=3), path)
    db = open_tournament(path)
    try:
        pair_next(db, "MEN")
        ensure_tokens(db, "MEN")
    finally:
        db.close()
    return path


@pytest.fixture
def final_db(template: Path, tmp_path: Path) -> Iterator[Database]:
    yield from copy_final(template, tmp_path)


def _paths(db: Database) -> list[str]:
    men = load_final(db).event("MEN")
    assert men is not None
    seeds = [e.seed for e in men.entrants]
    initials = ["".join(r[0][0] for r in readings(e.name)) for e in men.entrants[:40]]
    category = men.categories[0].code if men.categories else None
    paths: list[str] = []
    for i in range(int(RATE * SECONDS)):
        kind = i % 10
        if kind in (0, 1):
            paths.append("/e/MEN/pairings")
        elif kind == 2:
            paths.append(f"/e/MEN/pairings?round={1 + i % 3}")
        elif kind == 3:
            paths.append(f"/e/MEN/pairings?q={initials[i % len(initials)]}")
        elif kind == 4:
            paths.append("/e/MEN/standings")
        elif kind == 5 and category:
            paths.append(f"/e/MEN/standings?category={category}")
        elif kind == 6:
            paths.append("/")
        else:
            paths.append(f"/e/MEN/player/{seeds[i % len(seeds)]}")
    return paths


def _pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] * 1000


def _run(server: RemoteEntryServer, db: Database, referees: bool) -> dict[str, Any]:
    paths = _paths(db)
    jobs: queue.Queue[tuple[float, str] | None] = queue.Queue()
    start = time.perf_counter() + 0.3
    for i, path in enumerate(paths):
        jobs.put((start + i / RATE, path))
    for _ in range(CLIENTS):
        jobs.put(None)
    latencies: list[float] = []
    codes: list[int] = []
    submitted: list[int] = []
    lock = threading.Lock()
    stop = threading.Event()

    def reader() -> None:
        client = Client(server)
        while (job := jobs.get()) is not None:
            due, path = job
            now = time.perf_counter()
            if due > now:
                time.sleep(due - now)
            code, _headers, _body = client.get(path)
            done = time.perf_counter()
            with lock:
                latencies.append(done - due)
                codes.append(code)
        client.close()

    tables = sorted(tokens_for_round(db, "MEN", 4, server.url).items())

    def referee(offset: int) -> None:
        client = Client(server)
        for n, (_table, url) in enumerate(tables[offset::4]):
            due = start + (n * 4 + offset) / REFEREE_RATE
            while not stop.is_set() and time.perf_counter() < due:
                time.sleep(0.005)
            if stop.is_set():
                break
            path = "/" + url.split("/", 3)[3]
            code, _answer = client.submit(path, {"result": "1-0", "manner": "中盘胜"})
            with lock:
                submitted.append(code)
        client.close()

    threads = [threading.Thread(target=reader) for _ in range(CLIENTS)]
    if referees:
        threads += [threading.Thread(target=referee, args=(k,)) for k in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads[:CLIENTS]:
        thread.join()
    stop.set()
    for thread in threads[CLIENTS:]:
        thread.join()
    elapsed = time.perf_counter() - start
    return {
        "requests": len(codes),
        "ok": sum(1 for c in codes if c == 200),
        "per_second": round(len(codes) / elapsed, 1),
        "p50_ms": round(_pct(latencies, 50), 1),
        "p99_ms": round(_pct(latencies, 99), 1),
        "max_ms": round(max(latencies) * 1000, 1),
        "results_accepted": sum(1 for c in submitted if c == 200),
    }


def _server(db: Database) -> RemoteEntryServer:
    server = RemoteEntryServer(
        db, "127.0.0.1", 0, limits=LOAD_LIMITS, public=True, auto_accept=True, remember_url=False
    )
    server.start()
    return server


@pytest.mark.parametrize("referees", [False, True], ids=["readers-only", "with-referees"])
def test_bench_public_pages_200_per_second(
    benchmark: Any, final_db: Database, referees: bool
) -> None:
    server = _server(final_db)
    try:
        figures = benchmark.pedantic(
            _run, args=(server, final_db, referees), rounds=1, iterations=1
        )
    finally:
        server.stop()
    name = "public_with_referees" if referees else "public_readers_only"
    benchmark.extra_info[name] = figures
    print(f"\n{name}: {figures}")
    assert figures["ok"] == figures["requests"]
    if referees:
        assert figures["results_accepted"] > 0
