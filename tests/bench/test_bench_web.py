"""Benchmark: phones submitting results over HTTP (run with --benchmark-enable to record).

Target (issue 7): 200 submissions per second sustained, p99 <= 100 ms. The load is open
loop: submission i is due at start + i/200 s, whether or not earlier ones have been
answered, and its latency counts from when it was due (so a stall shows up in the figures
instead of quietly slowing the senders). 20 clients, keep-alive connections, a 400-table round.
"""

from __future__ import annotations

import queue
import statistics
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.services import remote_entry
from app.store.database import Database
from app.web import RemoteEntryServer
from tests.web.conftest import LOAD_LIMITS, Client, copy_final, links, make_final

RATE = 200.0
CLIENTS = 20


def _open_loop(
    server: Any, sends: list[tuple[str, dict[str, Any]]], rate: float = RATE
) -> dict[str, Any]:
    jobs: queue.Queue[tuple[float, str, dict[str, Any]] | None] = queue.Queue()
    start = time.perf_counter() + 0.2
    for i, (path, data) in enumerate(sends):
        jobs.put((start + i / rate, path, data))
    for _ in range(CLIENTS):
        jobs.put(None)
    latencies: list[float] = []
    service: list[float] = []
    codes: list[int] = []
    lock = threading.Lock()

    def work() -> None:
        client = Client(server)
        while (job := jobs.get()) is not None:
            due, path, data = job
            now = time.perf_counter()
            if due > now:
                time.sleep(due - now)
            sent = time.perf_counter()
            code, _answer = client.submit(path, data)
            done = time.perf_counter()
            with lock:
                latencies.append(done - due)
                service.append(done - sent)
                codes.append(code)
        client.close()

    threads = [threading.Thread(target=work) for _ in range(CLIENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - start

    def pct(values: list[float], p: float) -> float:
        ordered = sorted(values)
        return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] * 1000

    return {
        "submissions": len(codes),
        "ok": sum(1 for c in codes if c == 200),
        "seconds": round(elapsed, 2),
        "per_second": round(len(codes) / elapsed, 1),
        "p50_ms": round(pct(latencies, 50), 1),
        "p99_ms": round(pct(latencies, 99), 1),
        "max_ms": round(max(latencies) * 1000, 1),
        "service_p99_ms": round(pct(service, 99), 1),
        "mean_ms": round(statistics.fmean(latencies) * 1000, 1),
    }


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_final(tmp_path_factory.mktemp("bench-web") / "big.finals", 800, 11)


@pytest.fixture
def big(template: Path, tmp_path: Path) -> Iterator[Database]:
    yield from copy_final(template, tmp_path)


def _server(db: Database, **options: Any) -> RemoteEntryServer:
    server = RemoteEntryServer(
        db, "127.0.0.1", 0, limits=LOAD_LIMITS, stop_when_rounds_close=False, **options
    )
    server.start()
    return server


def _report(benchmark: Any, name: str, figures: dict[str, Any]) -> None:
    benchmark.extra_info[name] = figures
    print(f"\n{name}: {figures}")


def test_bench_200_submissions_per_second_pending(benchmark: Any, big: Database) -> None:
    """800 stored submissions (400 tables, then a rival for each) at 200/s: 4 s sustained."""
    server = _server(big)
    paths = links(big, server)
    sends = [(paths[t], {"result": "1-0", "manner": "中盘胜"}) for t in sorted(paths)]
    sends += [(paths[t], {"result": "0-1", "fouls": [0, 1]}) for t in sorted(paths)]
    try:
        figures = benchmark.pedantic(_open_loop, args=(server, sends), rounds=1, iterations=1)
    finally:
        server.stop()
    _report(benchmark, "pending", figures)
    assert figures["ok"] == 800
    assert len(remote_entry.list_submissions(big)) == 800


def test_bench_200_submissions_per_second_auto_accept(benchmark: Any, big: Database) -> None:
    """400 submissions at 200/s, each recorded at once through record_result."""
    server = _server(big, auto_accept=True)
    paths = links(big, server)
    sends = [(paths[t], {"result": "1-0", "manner": "中盘胜"}) for t in sorted(paths)]
    try:
        figures = benchmark.pedantic(_open_loop, args=(server, sends), rounds=1, iterations=1)
    finally:
        server.stop()
    _report(benchmark, "auto_accept", figures)
    assert figures["ok"] == 400
    assert {s.status for s in remote_entry.list_submissions(big, None)} == {"accepted"}
