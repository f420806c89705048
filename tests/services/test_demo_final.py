"""Demo finals of both presets played through the use cases, checked like a replay would."""

from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from app.services.read_model import build_export
from app.services.tournament import open_tournament
from tests.finals import demo_copy

RESULTS = {"1-0", "0-1", "=", "+-", "-+", "--", "0-0", "bye", None}


@pytest.fixture(scope="module")
def gomoku_doc(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> dict:
    path = tmp_path_factory.mktemp("demo") / "gomoku.finals"
    demo_copy(demo_master("shaoxing-gomoku-2022", players=60, seed=11, rounds=5), path)
    db = open_tournament(path)
    doc = build_export(db)
    db.close()
    return doc


def test_export_shape_and_every_round(gomoku_doc: dict) -> None:
    assert gomoku_doc["tournament"]["game"] == "gomoku"
    open_event = next(e for e in gomoku_doc["events"] if e["code"] == "OPEN")
    ids = {e["id"] for e in open_event["entrants"]}
    assert len(open_event["rounds"]) == 5
    for rnd in open_event["rounds"]:
        assert rnd["opening"]  # one designated opening drawn per round
        seen = Counter()
        for game in rnd["games"]:
            assert game["first"] in ids and (game["second"] is None or game["second"] in ids)
            assert game["result"] in RESULTS
            assert (game["second"] is None) == (game["result"] == "bye")
            seen.update([game["first"], game["second"]] if game["second"] else [game["first"]])
        assert max(seen.values()) == 1
    met = Counter()
    for rnd in open_event["rounds"]:
        for game in rnd["games"]:
            if game["second"]:
                met[frozenset((game["first"], game["second"]))] += 1
    assert max(met.values()) == 1  # no rematch over five rounds


def test_standings_points_add_up(gomoku_doc: dict) -> None:
    open_event = next(e for e in gomoku_doc["events"] if e["code"] == "OPEN")
    points = Counter()
    for rnd in open_event["rounds"]:
        for g in rnd["games"]:
            r = g["result"]
            if r == "bye":
                points[g["first"]] += 2
                continue
            first, second = {
                "1-0": (2, 0),
                "0-1": (0, 2),
                "=": (1, 1),
                "+-": (2, 0),
                "-+": (0, 2),
                "--": (0, 0),
                "0-0": (0, 0),
            }[r]
            points[g["first"]] += first
            points[g["second"]] += second
    for row in open_event["standings"]:
        assert row["points"] == points[row["entrant"]]
    ranks = [row["rank"] for row in open_event["standings"]]
    assert ranks == sorted(ranks) and ranks[0] == 1


def test_prizes_follow_the_regulation(gomoku_doc: dict) -> None:
    open_event = next(e for e in gomoku_doc["events"] if e["code"] == "OPEN")
    women = {e["id"] for e in open_event["entrants"] if e["gender"] == "F"}
    rank = {row["entrant"]: row for row in open_event["standings"]}
    by_entrant: dict[int, list[dict]] = {}
    for prize in gomoku_doc["prizes"]:
        by_entrant.setdefault(prize["entrant"], []).append(prize)
    open_prizes = [
        p for p in gomoku_doc["prizes"] if p["event"] == "OPEN" and p["category"] is None
    ]
    # The open places go to whoever holds them: no shifting when a woman places.
    for prize in open_prizes:
        assert rank[prize["entrant"]]["rank"] == prize["place"]
    assert {rank[p["entrant"]]["rank"] for p in open_prizes} <= set(range(1, 17))
    women_prizes = [p for p in gomoku_doc["prizes"] if p["category"] == "women"]
    assert women_prizes and all(p["entrant"] in women for p in women_prizes)
    for prize in women_prizes:  # a woman may also hold an open place; the money adds up
        others = [p for p in by_entrant[prize["entrant"]] if p is not prize]
        if rank[prize["entrant"]]["rank"] <= 16 and not rank[prize["entrant"]]["shared"]:
            assert any(p["category"] is None for p in others)
    team_events = [e for e in gomoku_doc["events"] if e["kind"] == "team"]
    assert team_events and all(e["standings"] for e in team_events)


def test_go_demo_has_pairs_teams_and_youth(go_demo: Path) -> None:
    db = open_tournament(go_demo)
    doc = build_export(db)
    db.close()
    kinds = Counter(e["kind"] for e in doc["events"])
    assert kinds == {"individual": 2, "team": 2, "pair": 4}
    pair_event = next(e for e in doc["events"] if e["code"] == "PCPAIR")
    assert all(len(e["members"]) == 2 for e in pair_event["entrants"])
    assert len(pair_event["rounds"]) == 2 and pair_event["standings"]
    team = next(e for e in doc["events"] if e["code"] == "MTEAM")
    assert all(len(e["members"]) == 3 and None not in e["member_ids"] for e in team["entrants"])
    assert doc["tournament"]["komi"] == "3又3/4子"
