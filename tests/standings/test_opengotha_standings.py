"""McMahon standings as OpenGotha computes them (issue 29 §2).

Each shared OpenGotha file (`../shared/reference/opengotha/NAME/NAME.xml`) is imported as an
event; after every round k the standings, computed from rounds ≤ k only, must give every
player the 麦克马洪分, SOS, SOSOS, SODOS and place OpenGotha 3.51 gives him
(`opengotha_standings_R<k>.tsv`, in wins: our points are divided by the points of a win).
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

import pytest

from app.services.opengotha import import_opengotha, read_opengotha
from app.services.ranking import rank_event
from app.services.tournament import create_tournament, get_event, open_tournament
from tests.shared_files import SHARED, require

REFERENCE = SHARED / "reference" / "opengotha"
MCMAHON_FILES = ("simplemm", "notsimplemm", "Toulouse2024")
# Our tie-break names and the TSV's columns (OpenGotha's criteria).
COLUMNS = {"麦克马洪分": "MMS", "SOS": "SOSM", "SOSOS": "SOSOSM", "SODOS": "SODOSM"}


@dataclass(frozen=True)
class Line:
    key: str
    values: dict[str, float]  # OpenGotha's column → value, in wins
    place: int


def reference_lines(folder: Path, k: int) -> dict[str, Line]:
    with (folder / f"opengotha_standings_R{k}.tsv").open(encoding="utf-8") as fh:
        rows = list(csv.reader(fh, delimiter="\t"))
    names = ("MMS", "SOSM", "SOSOSM", "SODOSM", "NBW", "SOSW", "SOSOSW")
    return {
        row[2]: Line(row[2], dict(zip(names, map(float, row[3:10]), strict=True)), int(row[10]))
        for row in rows
    }


def our_lines(tmp_path: Path, name: str) -> tuple[dict[int, dict[str, Line]], int]:
    """{round: {player key: our line}} for every round of the file, and its last round."""
    source = REFERENCE / name / f"{name}.xml"
    path = tmp_path / f"{name}.finals"
    create_tournament(path, "hangzhou-go").close()
    keys = {seed: p.key for seed, p in enumerate(read_opengotha(source).players, 1)}
    db = open_tournament(path)
    try:
        done = import_opengotha(db, source, "GOTHA")
        out: dict[int, dict[str, Line]] = {}
        with db.reading() as session:
            event = get_event(session, "GOTHA")
            seeds = {e.id: e.seed for e in event.entrants}
            for k in range(1, done.rounds + 1):
                standings = rank_event(event, k).standings
                assert standings.after_round == k
                out[k] = {
                    keys[seeds[row.entrant]]: Line(
                        keys[seeds[row.entrant]],
                        {col: row.tiebreaks[ours] / 2 for ours, col in COLUMNS.items()},
                        row.rank,
                    )
                    for row in standings.rows
                }
        return out, done.rounds
    finally:
        db.close()


def differences(ours: dict[str, Line], theirs: dict[str, Line]) -> list[str]:
    out = [f"{key}: not in our standings" for key in theirs if key not in ours]
    for key, line in theirs.items():
        mine = ours.get(key)
        if mine is None:
            continue
        for col in COLUMNS.values():
            if mine.values[col] != line.values[col]:
                out.append(
                    f"{key} {col}: ours {mine.values[col]:g}, OpenGotha {line.values[col]:g}"
                )
        if mine.place != line.place:
            out.append(f"{key} place: ours {mine.place}, OpenGotha {line.place}")
    return out


@pytest.mark.parametrize("name", MCMAHON_FILES)
def test_every_value_and_place_as_opengotha_after_every_round(tmp_path: Path, name: str) -> None:
    folder = REFERENCE / name
    require(folder)
    ours, rounds = our_lines(tmp_path, name)
    problems: list[str] = []
    for k in range(1, rounds + 1):
        theirs = reference_lines(folder, k)
        problems += [f"R{k} {p}" for p in differences(ours[k], theirs)]
    assert not problems, f"{len(problems)} differences:\n" + "\n".join(problems[:60])
