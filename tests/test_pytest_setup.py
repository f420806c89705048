"""The test command itself: `pytest` without the `test` extra's plugins stops on no unknown
option, and `python -m pytest` (what .ci/run runs) still runs benchmarks untimed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def test_pytest_without_pytest_benchmark_knows_every_option() -> None:
    # `-p no:benchmark`: as if pytest-benchmark were not installed
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:benchmark", "-p", "no:cacheprovider",
         "--collect-only", "-q", "tests/test_presets.py", "tests/bench/test_bench_open.py"],
        cwd=REPO,
        capture_output=True,
        encoding="utf-8",
        timeout=300,
    )  # fmt: skip
    said = done.stdout + done.stderr
    assert done.returncode == 0, said
    assert "unrecognized arguments" not in said and "tests/test_presets.py: " in said


def test_a_benchmark_without_pytest_benchmark_is_skipped(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:benchmark", "-p", "no:cacheprovider",
         "-rs", "tests/bench/test_bench_open.py", "-k", "not postgres"],
        cwd=REPO,
        capture_output=True,
        encoding="utf-8",
        timeout=300,
    )  # fmt: skip
    said = done.stdout + done.stderr
    assert done.returncode == 0, said
    assert "pytest-benchmark is not installed" in said and "2 skipped" in said


def test_benchmarks_are_disabled_unless_asked_for(request: pytest.FixtureRequest) -> None:
    config = request.config
    session = getattr(config, "_benchmarksession", None)
    if session is None:
        pytest.skip("pytest-benchmark is not installed")
    assert session.disabled != bool(config.getoption("benchmark_enable"))
