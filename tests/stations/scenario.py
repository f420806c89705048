"""One round of 180 tables played by three stations (processes) and the phones on a final on a
PostgreSQL server: the chief arbiter pairs, two results desks type overlapping halves, the
phones send the last 20 tables, the chief arbiter prints meanwhile and then corrects a table.
Shared by the test (tests/stations/test_three_stations.py) and the benchmark
(tests/bench/test_bench_stations.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from app.demo import build_demo

ROOT = Path(__file__).resolve().parents[2]
TABLES = 180
CORRECTED_TABLE, CORRECTION = 5, "0-1"
Outcome = dict[str, object]


@dataclass(frozen=True)
class PlayedRound:
    seconds: float  # pairing to correction, processes' start-up included
    second: Outcome  # desk 2: tables 1-100
    third: Outcome  # desk 3: tables 91-160
    phones: Outcome  # tables 161-180
    printing: Outcome  # pairing lists and slips, three times
    correction: Outcome

    @property
    def refused(self) -> list[str]:
        return [*self.second["refused"], *self.third["refused"]]  # type: ignore[misc]

    def summary(self) -> str:
        return (
            f"3 stations + phones, {TABLES} tables: {self.seconds:.1f} s in all (desks "
            f"{self.second['seconds']} s and {self.third['seconds']} s, phones "
            f"{self.phones['seconds']} s, printing {self.printing['seconds']} s); refused "
            f"{len(self.refused) + len(self.correction['refused'])}"  # type: ignore[arg-type]
        )


def _station(name: str, *argv: str, env: dict[str, str]) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.stations.station", *argv],
        cwd=ROOT,
        env={**env, "FINALS_STATION": name},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        encoding="utf-8",
    )


def _finish(process: subprocess.Popen[str]) -> Outcome:
    out, err = process.communicate(timeout=300)
    assert process.returncode == 0, err
    return dict(json.loads(out.strip().splitlines()[-1]))


def play_round(server_url: str, folder: Path) -> PlayedRound:
    """Build the 360-player final on the server at `server_url` (an empty database) and play
    its first round from three stations and the phones; backups go under `folder`."""
    build_demo(server_url, "shaoxing-gomoku-2022", players=360, rounds=0, operator="裁判长")
    env = {**os.environ, "FINALS_BACKUP_DIR": str(folder / "backups")}
    started = time.monotonic()
    paired = _finish(_station("1号机 裁判长", "pair", server_url, env=env))
    assert paired["tables"] == TABLES
    desks = [
        _station("2号机", "enter", server_url, "1", "100", env=env),
        _station("3号机", "enter", server_url, "91", "160", env=env),
        _station("手机", "phones", server_url, "161", "180", env=env),
        _station("1号机 裁判长", "print", server_url, "3", env=env),
    ]
    second, third, phones, printing = (_finish(p) for p in desks)
    correction = _finish(
        _station("1号机 裁判长", "correct", server_url, str(CORRECTED_TABLE), CORRECTION, env=env)
    )
    return PlayedRound(time.monotonic() - started, second, third, phones, printing, correction)
