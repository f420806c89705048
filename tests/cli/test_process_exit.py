"""The installed `finals` script leaves a one-shot command quickly (no collector, no
teardown): everything it printed still arrives whole, its exit code is kept, and what it
wrote is in the file for the next command."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.finals import demo_copy

FINALS = "from app.cli.main import run; run()"


def finals(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-c", FINALS, *args],
        capture_output=True,
        input=stdin.encode() if stdin else None,
    )


@pytest.fixture(scope="module")
def final(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("exit") / "go.finals"
    demo_copy(demo_master("hangzhou-go", players=60, seed=5, rounds=2), path)
    return path


def test_a_large_output_arrives_whole_on_a_pipe(final: Path) -> None:
    done = finals("export", str(final), "--json")
    assert done.returncode == 0
    doc = json.loads(done.stdout.decode("utf-8"))  # not cut short by the quick exit
    assert len(doc["events"][0]["entrants"]) > 0


def test_exit_codes_are_kept(final: Path) -> None:
    assert finals("standings", str(final), "--event", "MEN").returncode == 0
    bad = finals("standings", str(final), "--no-such-option")
    assert bad.returncode == 2 and "用法错误" in bad.stderr.decode("utf-8")
    missing = finals("standings", str(final), "--event", "NOPE")
    assert missing.returncode == 1 and "NOPE" in missing.stderr.decode("utf-8")
    assert finals("--help").returncode == 0


def test_what_a_command_wrote_is_there_for_the_next(final: Path, tmp_path: Path) -> None:
    path = tmp_path / "f.finals"
    path.write_bytes(final.read_bytes())
    assert finals("pair", str(path), "--event", "MEN").returncode == 0
    assert (
        finals(
            "result", str(path), "--event", "MEN", "--round", "3", "--table", "1", "1-0"
        ).returncode
        == 0
    )
    status = finals("round-status", str(path), "--event", "MEN")
    assert "已录入 1 台" in status.stdout.decode("utf-8")
    check = subprocess.run(
        [
            sys.executable,
            "-c",
            (
                "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]);"
                "print(c.execute('PRAGMA integrity_check').fetchone()[0])"
            ),
            str(path),
        ],
        capture_output=True,
        encoding="utf-8",
    )
    assert check.stdout.strip() == "ok"


def test_output_cut_short_by_the_reader_is_no_error(final: Path) -> None:
    process = subprocess.Popen(
        [sys.executable, "-c", FINALS, "export", str(final), "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.read(100)
    process.stdout.close()  # like `| head -c 100`
    err = process.stderr.read().decode("utf-8")
    process.wait(timeout=60)
    assert "Traceback" not in err and "内部错误" not in err
