"""Three arbiters' stations and the tables' phones play one round of 180 tables on a final on
a PostgreSQL server, each station a process of its own: the chief arbiter pairs, two results
desks type overlapping halves, the phones send the last 20 tables, the chief arbiter prints
while they work and then corrects a table. Nothing is lost, every overlap is refused naming
who entered the table, and the final is the same as the round played on one station (issue 17).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from app.demo import build_demo
from app.io.export_json import to_document
from app.readmodel.load import load_final
from app.services.audit import audit_log
from app.services.results import record_result
from app.services.rounds import pair_next, round_view
from app.services.tournament import open_tournament
from tests.stations.station import EVENT, OPENING_SEED, result_for

ROOT = Path(__file__).resolve().parents[2]
TABLES = 180
CORRECTED_TABLE, CORRECTION = 5, "0-1"


def _station(name: str, *argv: str, env: dict[str, str]) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.stations.station", *argv],
        cwd=ROOT,
        env={**env, "FINALS_STATION": name},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _finish(process: subprocess.Popen[str]) -> dict[str, object]:
    out, err = process.communicate(timeout=300)
    assert process.returncode == 0, err
    return dict(json.loads(out.strip().splitlines()[-1]))


def _document(target: Path | str) -> dict[str, object]:
    db = open_tournament(target)
    try:
        document = to_document(load_final(db))
    finally:
        db.close()
    document.pop("exported_at", None)
    return document


def _one_station(path: Path) -> dict[str, object]:
    """The same round on one station, a tournament file: paired, typed in order, corrected."""
    build_demo(path, "shaoxing-gomoku-2022", players=360, rounds=0, operator="裁判长")
    db = open_tournament(path)
    try:
        pair_next(db, EVENT, "裁判长", opening_seed=OPENING_SEED)
        for table in range(1, TABLES + 1):
            record_result(db, EVENT, 1, table, result_for(table), operator="裁判长")
        record_result(db, EVENT, 1, CORRECTED_TABLE, CORRECTION, operator="裁判长", force=True)
    finally:
        db.close()
    return _document(path)


def test_three_stations_and_the_phones_play_a_round_of_180_tables(
    server_url: str, tmp_path: Path
) -> None:
    build_demo(server_url, "shaoxing-gomoku-2022", players=360, rounds=0, operator="裁判长")
    env = {**os.environ, "FINALS_BACKUP_DIR": str(tmp_path / "backups")}
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
    seconds = time.monotonic() - started

    # Every table once: the ten tables both desks typed went to whichever was first, and the
    # other desk was refused, told who had entered it.
    refused = [*second["refused"], *third["refused"]]  # type: ignore[misc]
    assert second["entered"] + third["entered"] == 160  # type: ignore[operator]
    assert len(refused) == 10
    assert all("录入员" in r and "号机" in r and "未做任何改动" in r for r in refused)
    assert phones["statuses"] == ["accepted"] * 20
    assert printing["printed"] == 6
    assert correction["corrected_from"] == result_for(CORRECTED_TABLE)
    assert correction["refused"] and "录入员1" in correction["refused"][0]  # type: ignore[index]

    station = open_tournament(server_url)
    try:
        view = round_view(station, EVENT, 1)
        expected = {t: result_for(t) for t in range(1, TABLES + 1)} | {CORRECTED_TABLE: CORRECTION}
        assert {t: view.results[t] for t in range(1, TABLES + 1)} == expected  # nothing lost
        entries = audit_log(station)
        stations = {e["station"] for e in entries if e["action"] in ("录入成绩", "更正成绩")}
        assert stations == {"2号机", "3号机", "手机", "1号机 裁判长"}
        revision = station.revision()
    finally:
        station.close()
    backups = list((tmp_path / "backups").rglob("*-round1-complete.finals"))
    assert len(backups) == 1  # the round's completion was copied to a dated file

    assert _document(server_url) == _one_station(tmp_path / "one-station.finals")
    print(
        f"\n3 stations + phones, {TABLES} tables: {seconds:.1f} s in all "
        f"(desks {second['seconds']} s and {third['seconds']} s, phones {phones['seconds']} s, "
        f"printing {printing['seconds']} s); refused {len(refused) + 1}; revision {revision}"
    )
