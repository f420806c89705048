"""Start-up (issue 15): a light command's whole process, from `finals` to its exit.

`finals events FILE` on the 360-player Go final (8 rounds played) should take no more than
~0.3 s, and `finals --help` much less: each command imports only what it needs.  The
modules are compiled first, as in an installed program (the suite runs with
PYTHONDONTWRITEBYTECODE=1, which would otherwise compile every module on every run).

Run with: .venv/bin/python -m pytest tests/bench/test_bench_startup.py --benchmark-enable
"""

from __future__ import annotations

import compileall
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from tests.finals import demo_copy

ROOT = Path(__file__).resolve().parents[2]
# What the installed `finals` script runs.
FINALS = "from app.cli.main import run; run()"


def _benchmarks_disabled(config: pytest.Config) -> bool:
    return bool(config.getoption("benchmark_disable") and not config.getoption("benchmark_enable"))


@pytest.fixture(scope="module")
def go_final(
    demo_master: Callable[..., Path],
    request: pytest.FixtureRequest,
    tmp_path_factory: pytest.TempPathFactory,
) -> Path:
    """The 360-player Go final with 8 rounds played (a small final when nothing is timed)."""
    for package in ("app", "ui", "reports"):
        compileall.compile_dir(ROOT / package, quiet=1)
    path = tmp_path_factory.mktemp("bench") / "go.finals"
    if _benchmarks_disabled(request.config):
        demo_copy(demo_master("hangzhou-go", players=40, seed=3, rounds=1), path)
    else:
        demo_copy(demo_master("hangzhou-go", players=360, seed=3, rounds=8), path)
    return path


def _finals(*args: str) -> str:
    return subprocess.run(
        [sys.executable, "-c", FINALS, *args],
        capture_output=True,
        encoding="utf-8",
        cwd=ROOT,
        check=True,
    ).stdout


def _median_ms(benchmark: BenchmarkFixture) -> None:
    """The median, in the saved results and on the screen (-s); nothing when not timed."""
    stats = getattr(benchmark, "stats", None)
    if stats is not None:
        median = stats.stats.median * 1000
        benchmark.extra_info["median_ms"] = round(median, 1)
        print(f"\n{benchmark.name}: median {median:.0f} ms")


def test_events_command_whole_process(benchmark: BenchmarkFixture, go_final: Path) -> None:
    out = benchmark.pedantic(  # type: ignore[no-untyped-call]
        _finals, args=("events", str(go_final)), rounds=9, iterations=1, warmup_rounds=1
    )
    assert "MEN" in out
    _median_ms(benchmark)


def test_help_whole_process(benchmark: BenchmarkFixture) -> None:
    for package in ("app", "ui", "reports"):
        compileall.compile_dir(ROOT / package, quiet=1)
    out = benchmark.pedantic(  # type: ignore[no-untyped-call]
        _finals, args=("--help",), rounds=9, iterations=1, warmup_rounds=1
    )
    assert "events" in out and "schedule" in out
    _median_ms(benchmark)
