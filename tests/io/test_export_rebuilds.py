"""Issue 25 §3: `finals export --json` is enough to rebuild every standing, prize and grade.

Both demo finals are played with late entrants (points awarded on entry), a withdrawal and
a player on leave; an independent reader below recomputes, from the exported document
alone, every entrant's points and main tie-breaks (对手分, 累进分, 胜局数, 后手胜局数), the
band of ranks each entrant can hold, the grade of every ranked entrant and the money of
every unshared prize place.  It never calls the program's standings.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from app.demo import play_rounds
from app.services.players import add_player, set_status
from app.services.tournament import open_tournament
from tests.cli.runner import run
from tests.finals import copy_of, demo_copy

# first's and second's outcome of each result (W win, D draw, L loss, FW/FL forfeit, X none)
OUTCOMES = {
    "1-0": ("W", "L"),
    "0-1": ("L", "W"),
    "=": ("D", "D"),
    "+-": ("FW", "FL"),
    "-+": ("FL", "FW"),
    "--": ("FL", "FL"),
}
POINTS_KEY = {"W": "win", "D": "draw", "L": "loss", "FW": "forfeit_win", "FL": "forfeit_loss"}


def _late_final(master: Path, path: Path, events: tuple[str, ...]) -> Path:
    """A demo final played two rounds (`master`, copied to `path`), then late entrants (with
    points), a withdrawal and a player on leave, then two more rounds."""
    demo_copy(master, path)
    db = open_tournament(path)
    try:
        for n, code in enumerate(events):
            born = "2012-05-06" if code == "YOUTH" else "1990-05-06"
            for k, points in enumerate((3, 1)):
                name = f"迟到{'甲乙丙丁'[n]}{k}"
                fields = {"name": name, "gender": "男", "birth_date": born, "grade": "2段"}
                if code == "YOUTH":
                    fields["platform_account"] = f"yz_{n}{k}"
                add_player(db, code, fields, initial_points=points)
            set_status(db, code, "2", "withdrawn")
            set_status(db, code, "3", "absent", 3)
        play_rounds(db, 2, seed=9)
    finally:
        db.close()
    return path


@pytest.fixture(scope="module")
def gomoku(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    master = demo_master("shaoxing-gomoku-2022", players=48, seed=5, rounds=2)
    folder = tmp_path_factory.mktemp("rebuild")
    return _late_final(master, folder / "gomoku.finals", ("OPEN", "YOUTH"))


@pytest.fixture(scope="module")
def go(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    master = demo_master("hangzhou-go", players=48, seed=5, rounds=2)
    folder = tmp_path_factory.mktemp("rebuild")
    return _late_final(master, folder / "go.finals", ("MEN", "YOUTH"))


def _export(capsys: pytest.CaptureFixture[str], path: Path) -> dict[str, Any]:
    code, out, err = run(capsys, "export", str(path), "--json")
    assert code == 0, err
    return dict(json.loads(out))


# -- the independent reader ----------------------------------------------------------------


def _recompute(event: dict[str, Any]) -> dict[int, dict[str, float]]:
    """Points and main tie-breaks of every entrant, from the exported games and settings."""
    settings = event["settings"]
    scoring, rules = settings["scoring"], settings["standings"]
    last = event["standings_round"]
    entrants = {e["id"]: e for e in event["entrants"]}
    points = {i: float(e["initial_points"]) for i, e in entrants.items()}
    per_round: dict[int, dict[int, float]] = defaultdict(dict)
    opponents: dict[int, list[int | None]] = defaultdict(list)
    wins: dict[int, float] = defaultdict(float)
    second_wins: dict[int, float] = defaultdict(float)
    for rnd in event["rounds"]:
        if rnd["number"] > last:
            continue
        for g in rnd["games"]:
            first, second, result = g["first"], g["second"], g["result"]
            if result is None or result == "0-0":
                continue
            if second is None:  # a bye
                points[first] += scoring["bye"]
                per_round[first][rnd["number"]] = scoring["bye"]
                wins[first] += 1 if rules["bye_counts_as_win"] else 0
                if rules["bye_in_sos"] != "none":
                    opponents[first].append(None)
                continue
            for who, outcome in zip((first, second), OUTCOMES[result], strict=True):
                earned = scoring[POINTS_KEY[outcome]]
                points[who] += earned
                per_round[who][rnd["number"]] = earned
                if outcome == "W" or (outcome == "FW" and rules["forfeit_wins_count"]):
                    wins[who] += 1
                    second_wins[who] += who == second
            played = "F" not in OUTCOMES[result][0]
            if played or rules["forfeit_opponents_count"]:
                opponents[first].append(second)
                opponents[second].append(first)
            elif rules["bye_in_sos"] != "none":
                opponents[first].append(None)
                opponents[second].append(None)
    for i, e in entrants.items():  # a requested bye (TRF H, F, Z) awards its points
        for bye in e.get("requested_byes", ()):
            if bye["round"] <= last:
                points[i] += bye["points"]
                per_round[i][bye["round"]] = per_round[i].get(bye["round"], 0.0) + bye["points"]
    progressive = {}
    for i, e in entrants.items():
        running, total = float(e["initial_points"]), 0.0
        for number in range(1, last + 1):
            running += per_round[i].get(number, 0.0)
            total += running
        progressive[i] = total
    lowest = min(points.values()) if rules["bye_in_sos"] == "lowest" else 0.0
    return {
        i: {
            "积分": points[i],
            "对手分": sum(lowest if o is None else points[o] for o in opponents[i]),
            "累进分": progressive[i],
            "胜局数": wins[i],
            "后手胜局数": second_wins[i],
        }
        for i in entrants
    }


def _check_event(event: dict[str, Any]) -> None:
    mine = _recompute(event)
    rows = event["standings"]
    assert {r["entrant"] for r in rows} == set(mine)
    for row in rows:
        want = mine[row["entrant"]]
        assert row["points"] == want["积分"], row
        for name, value in want.items():
            if name in row["tiebreaks"]:
                assert row["tiebreaks"][name] == value, (name, row)
    # The ranks: by 积分 and the tie-breaks in force up to the first one not recomputed here,
    # each entrant's rank lies in the band those leave him (the rest break ties inside it).
    order = ["积分"]
    for name in settings_order(event):
        if name not in mine[rows[0]["entrant"]]:
            break
        order.append(name)

    def key(entrant: int) -> tuple[float, ...]:
        return tuple(mine[entrant][n] for n in order)

    for row in rows:
        above = sum(key(r["entrant"]) > key(row["entrant"]) for r in rows)
        level = sum(key(r["entrant"]) == key(row["entrant"]) for r in rows)
        assert above + 1 <= row["rank"] <= above + level, (row, above, level)


def settings_order(event: dict[str, Any]) -> list[str]:
    return [t for t in event["settings"]["standings"]["tiebreaks"] if t != "积分"]


def _check_prizes_and_grades(doc: dict[str, Any]) -> None:
    events = {e["code"]: e for e in doc["events"]}
    for prize in doc["prizes"]:
        table = next(
            t
            for t in events[prize["event"]]["prize_tables"]
            if t["category"] == prize["category"] and t["name"] == prize["table"]
        )
        if prize["shared"]:
            continue
        place = next(p for p in table["places"] if p["from"] <= prize["place"] <= p["to"])
        assert prize["amount_fen"] == place["amount_fen"], prize
    for grade in doc["grades"]:
        event = events[grade["event"]]
        table = next(t for t in event["grade_tables"] if t["category"] == grade["category"])
        band = next(b for b in table["bands"] if b["from"] <= grade["rank"] <= b["to"])
        assert grade["grade"] == band["grade"]
    # and every ranked entrant within a band has its grade
    for event in doc["events"]:
        for table in event["grade_tables"]:
            if table["category"] is not None:
                continue
            for row in event["standings"]:
                band = [b for b in table["bands"] if b["from"] <= row["rank"] <= b["to"]]
                listed = [
                    g
                    for g in doc["grades"]
                    if g["event"] == event["code"] and g["entrant"] == row["entrant"]
                ]
                assert len(listed) == len(band), row


# its final comes by name (request.getfixturevalue): the master is said here for the lanes
@pytest.mark.usefixtures("demo_master")
@pytest.mark.parametrize("which", ["gomoku", "go"])
def test_standings_prizes_and_grades_rebuild_from_the_export_alone(
    which: str, request: pytest.FixtureRequest, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = _export(capsys, request.getfixturevalue(which))
    played = [e for e in doc["events"] if e["rounds"]]
    assert len(played) >= 2
    late = [x for e in played for x in e["entrants"] if x["joined_round"] > 1]
    assert late and all(x["initial_points"] in (3, 1) and x["joined_round"] == 3 for x in late)
    assert any(x["withdrawn_from_round"] == 3 for e in played for x in e["entrants"])
    assert any(x["absent_rounds"] == [3] for e in played for x in e["entrants"])
    for event in played:
        _check_event(event)
    _check_prizes_and_grades(doc)


def test_every_setting_in_force_is_exported_with_its_default(
    gomoku: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = _export(capsys, copy_of(gomoku, tmp_path / "copy.finals"))
    certificate = doc["tournament"]["certificate"]
    assert certificate["seal"] is False and certificate["per_member"] is True
    settings = doc["tournament"]["settings"]
    assert settings["prize_split"] == "equal" and settings["backups_keep"] == 20
    event = next(e for e in doc["events"] if e["code"] == "OPEN")
    # keys the preset never set, with the defaults in force
    assert event["settings"]["pairing"]["withdraw_after_forfeits"] == 2
    assert event["settings"]["standings"]["bye_in_sos"] == "none"
    assert event["settings"]["eligibility"]["professionals"] is True
    team = next(e for e in doc["events"] if e["code"] == "MTEAM")
    assert team["settings"]["eligibility"]["ineligible_team_prizes"] == "pay"
    assert team["prize_tables"][0]["shrink"] == [[2, 1], [3, 2]]


def test_every_exported_field_is_documented(
    gomoku: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/export-schema.md names every key the export writes."""
    schema = (Path(__file__).parents[2] / "docs" / "export-schema.md").read_text("utf-8")
    doc = _export(capsys, gomoku)
    keys: set[str] = set()

    def walk(value: Any, free: bool = False) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                if not free:
                    keys.add(k)
                # maps keyed by data (tie-break names, category codes, round numbers)
                walk(v, free=k in ("tiebreaks", "category_standings", "schedule"))
        elif isinstance(value, list):
            for v in value:
                walk(v)

    walk(doc)
    missing = sorted(k for k in keys if f'"{k}"' not in schema)
    assert not missing, missing
