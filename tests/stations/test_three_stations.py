"""Three arbiters' stations and the tables' phones play one round of 180 tables on a final on
a PostgreSQL server, each station a process of its own: the chief arbiter pairs, two results
desks type overlapping halves, the phones send the last 20 tables, the chief arbiter prints
while they work and then corrects a table. Nothing is lost, every overlap is refused naming
who entered the table, and the final is the same as the round played on one station (issue 17).
"""

from __future__ import annotations

from pathlib import Path

from app.demo import build_demo
from app.io.export_json import to_document
from app.services.audit import audit_log
from app.services.read_model import load_final
from app.services.results import record_result
from app.services.rounds import pair_next, round_view
from app.services.tournament import open_tournament
from tests.stations.scenario import CORRECTED_TABLE, CORRECTION, TABLES, play_round
from tests.stations.station import EVENT, OPENING_SEED, result_for


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
    played = play_round(server_url, tmp_path)
    second, third, phones = played.second, played.third, played.phones
    printing, correction = played.printing, played.correction

    # Every table once: the ten tables both desks typed went to whichever was first, and the
    # other desk was refused, told who had entered it.
    refused = played.refused
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
        stations = {e.station for e in entries if e.action in ("录入成绩", "更正成绩")}
        assert stations == {"2号机", "3号机", "手机", "1号机 裁判长"}
    finally:
        station.close()
    backups = list((tmp_path / "backups").rglob("*-round1-complete.finals"))
    assert len(backups) == 1  # the round's completion was copied to a dated file

    assert _document(server_url) == _one_station(tmp_path / "one-station.finals")
    print(f"\n{played.summary()}")
