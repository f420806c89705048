"""Benchmark: three stations (processes) and the phones play one round of 180 tables on a
final on a PostgreSQL server (issue 17; run with --benchmark-enable to record).

Figures: the whole round (pairing, 160 results typed by two desks, 20 from the phones, six
documents printed, a correction), each station's own time, the conflicts refused, and the
results lost (must be 0).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app.services.rounds import round_view
from app.services.tournament import open_tournament
from tests.stations.scenario import TABLES, play_round
from tests.stations.station import EVENT


def test_three_stations_play_a_round_of_180_tables(
    benchmark: Any, server_url: str, tmp_path: Path
) -> None:
    played = benchmark.pedantic(play_round, args=(server_url, tmp_path), rounds=1, iterations=1)
    station = open_tournament(server_url)
    try:
        results = round_view(station, EVENT, 1).results
    finally:
        station.close()
    lost = sum(1 for table in range(1, TABLES + 1) if results[table] is None)
    benchmark.extra_info |= {
        "round_seconds": round(played.seconds, 2),
        "desk_seconds": [played.second["seconds"], played.third["seconds"]],
        "phones_seconds": played.phones["seconds"],
        "printing_seconds": played.printing["seconds"],
        "refused": len(played.refused) + len(played.correction["refused"]),  # type: ignore[arg-type]
        "lost": lost,
    }
    print(f"\n{played.summary()}; lost {lost}")
    assert lost == 0
