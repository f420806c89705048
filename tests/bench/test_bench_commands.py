"""The speeds the issues name, measured on whole commands and use cases.

Run with: .venv/bin/python -m pytest tests/bench --benchmark-enable
"""

import resource
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from app.services.ranking import grade_awards, prize_awards, rank_all
from app.services.tournament import open_tournament
from tests.finals import demo_copy


@pytest.fixture(scope="module")
def go_final(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The 360-player Go final with 8 rounds played: round 9 of 9 is next."""
    path = tmp_path_factory.mktemp("bench") / "go.finals"
    demo_copy(demo_master("hangzhou-go", players=360, seed=3, rounds=8), path)
    return path


def _finals(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app.cli.main", *args],
        capture_output=True,
        encoding="utf-8",
        check=True,
    )


def test_pair_command_360_round_9(benchmark, go_final: Path, tmp_path: Path) -> None:
    """`finals pair` of round 9, whole process (issue 15: <= 0.6 s)."""
    _compiled()
    work = tmp_path / "work.finals"

    def setup() -> None:
        shutil.copy(go_final, work)
        shutil.rmtree(tmp_path / "backups", ignore_errors=True)

    benchmark.pedantic(
        lambda: _finals("pair", str(work), "--event", "MEN"), setup=setup, rounds=5, iterations=1
    )
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    benchmark.extra_info["peak_memory_mb"] = round(peak_mb, 1)
    print(f"\nfinals pair (360, round 9): peak memory of the command {peak_mb:.0f} MB")
    assert peak_mb < 1024


def _compiled() -> None:
    """As installed: modules compiled once (the suite runs with PYTHONDONTWRITEBYTECODE)."""
    import compileall

    root = Path(__file__).resolve().parents[2]
    for package in ("app", "ui", "reports"):
        compileall.compile_dir(root / package, quiet=1)


def test_standings_command_whole_process(benchmark, go_final: Path) -> None:
    """`finals standings` of the 360-player event, whole process (issue 15: <= 0.5 s)."""
    _compiled()
    out = benchmark.pedantic(
        lambda: _finals("standings", str(go_final), "--event", "MEN"), rounds=5, iterations=1
    )
    assert "第8轮后名次" in out.stdout


def test_export_json_whole_process(benchmark, go_final: Path, tmp_path: Path) -> None:
    """`finals export --json` of the whole final, whole process (issue 15: <= 0.5 s)."""
    _compiled()
    target = tmp_path / "final.json"
    benchmark.pedantic(
        lambda: _finals("export", str(go_final), "--json", "-o", str(target), "--force"),
        rounds=5,
        iterations=1,
    )
    assert target.stat().st_size > 100_000


def test_standings_every_tiebreak_whole_final(benchmark, go_final: Path) -> None:
    db = open_tournament(go_final)

    def standings() -> int:
        with db.reading() as session:
            return len(rank_all(session)["MEN"].standings.rows)

    assert benchmark(standings) == 360
    db.close()


def test_prizes_and_grades_whole_final(benchmark, go_final: Path) -> None:
    db = open_tournament(go_final)
    with db.reading() as session:
        rankings = rank_all(session)

        def allocate() -> int:
            return len(prize_awards(session, rankings)) + len(grade_awards(session, rankings))

        assert benchmark(allocate) > 0
    db.close()


def test_result_entry_use_case(benchmark, go_final: Path, tmp_path: Path) -> None:
    from app.services.results import record_result
    from app.services.rounds import pair_next

    work = tmp_path / "r.finals"
    shutil.copy(go_final, work)
    db = open_tournament(work)
    view = pair_next(db, "MEN")
    tables = iter([g.table for g in view.games if g.second is not None])
    benchmark.pedantic(
        lambda: record_result(db, "MEN", 9, next(tables), "1-0"), rounds=50, iterations=1
    )
    db.close()


def test_pair_command_360_parts(benchmark, go_final: Path, tmp_path: Path) -> None:
    """Where `finals pair` of the 360-player final spends its time (issue 44 §4): each part's
    wall-clock and CPU seconds, the median of five fresh processes, printed as a table."""
    import json
    import statistics

    _compiled()
    work = tmp_path / "work.finals"
    runs: list[dict[str, list[float]]] = []

    def setup() -> None:
        shutil.copy(go_final, work)
        shutil.rmtree(tmp_path / "backups", ignore_errors=True)

    def run() -> None:
        out = subprocess.run(
            [sys.executable, "-m", "tests.bench.pair_parts", str(work), "--event", "MEN"],
            capture_output=True,
            encoding="utf-8",
            check=True,
            cwd=Path(__file__).resolve().parents[2],
        )
        runs.append(json.loads(out.stdout.strip().splitlines()[-1]))

    benchmark.pedantic(run, setup=setup, rounds=5, iterations=1)
    assert all(r["exit code"][0] == 0 for r in runs)
    print("\nfinals pair (360 players, round 9), median of 5 processes:")
    print(f"{'part':40} {'wall s':>7} {'CPU s':>7}")
    for part in runs[0]:
        if part == "exit code":
            continue
        wall = statistics.median(r.get(part, [0.0, 0.0])[0] for r in runs)
        cpu = statistics.median(r.get(part, [0.0, 0.0])[1] for r in runs)
        benchmark.extra_info[part] = {"wall": round(wall, 3), "cpu": round(cpu, 3)}
        print(f"{part:40} {wall:7.3f} {cpu:7.3f}")
