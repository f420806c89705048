"""What opening a tournament file costs, its check included (issue 12: cheap for 360 players).

Run with: .venv/bin/python -m pytest tests/bench/test_bench_open.py --benchmark-enable
"""

from collections.abc import Callable
from pathlib import Path

import pytest

from app.store import database
from tests.finals import demo_copy


@pytest.fixture(scope="module")
def go_final(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The 360-player Go final with 8 rounds played."""
    path = tmp_path_factory.mktemp("bench") / "go.finals"
    demo_copy(demo_master("hangzhou-go", players=360, seed=3, rounds=8), path)
    return path


def test_open_360_with_its_integrity_check(benchmark, go_final: Path) -> None:
    def open_and_close() -> None:
        database.open_database(go_final).close()

    benchmark(open_and_close)


def test_the_check_alone_360(benchmark, go_final: Path) -> None:
    """The read-only look on open: schema, user_version and PRAGMA integrity_check."""
    side_files = {side: side.exists() for side in database._side_files(go_final)}
    look = benchmark(database._look, go_final, side_files)
    assert look.version == database.SCHEMA_VERSION
