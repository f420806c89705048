"""Go team events played as team matches (setting): boards, board points, match points."""

from pathlib import Path

import pytest

from app.errors import FinalsError
from app.services.read_model import build_export
from app.services.results import record_board_result, record_result
from app.services.rounds import pair_next
from app.services.teams import dissolve
from app.services.tournament import open_tournament, update_event_settings


@pytest.fixture
def matches(go_demo: Path):
    db = open_tournament(go_demo)
    update_event_settings(db, "MTEAM", {"pairing.team_format": "match", "rounds_planned": 3})
    yield db
    db.close()


def test_sum_model_is_the_default(go_demo: Path) -> None:
    db = open_tournament(go_demo)
    with pytest.raises(FinalsError, match="team_format=match"):
        pair_next(db, "MTEAM")
    db.close()


def test_boards_alternate_colours_and_decide_the_match(matches) -> None:
    doc = build_export(matches)
    team_count = len(next(e for e in doc["events"] if e["code"] == "MTEAM")["entrants"])
    if team_count % 2 == 0:  # an odd field: the bye team gets 2 match points, 0 board points
        dissolve(matches, "MTEAM", str(team_count))
    view = pair_next(matches, "MTEAM")
    played = [g for g in view.games if g.second is not None]
    doc = build_export(matches)
    event = next(e for e in doc["events"] if e["code"] == "MTEAM")
    members = {e["id"]: e["members"] for e in event["entrants"]}
    game = event["rounds"][0]["games"][0]
    boards = game["boards"]
    assert [b["board"] for b in boards] == [1, 2, 3]
    assert boards[0]["first"] == members[game["first"]][0]  # board 1: first team moves first
    assert boards[1]["first"] == members[game["second"]][1]  # board 2: the other team
    assert boards[2]["first"] == members[game["first"]][2]

    first_table = played[0].table
    record_board_result(matches, "MTEAM", 1, first_table, 1, "1-0")  # first team +2
    record_board_result(matches, "MTEAM", 1, first_table, 2, "1-0")  # second team +2
    outcome = record_board_result(matches, "MTEAM", 1, first_table, 3, "0-1")  # second +2
    assert outcome.board_points == (2, 4) and outcome.match_result == "0-1"
    for game in played[1:]:
        record_result(matches, "MTEAM", 1, game.table, "=")  # a match result given directly
    doc = build_export(matches)
    event = next(e for e in doc["events"] if e["code"] == "MTEAM")
    rows = {r["entrant"]: r for r in event["standings"]}
    winner = played[0].second
    assert rows[winner]["points"] == 2 and rows[winner]["tiebreaks"]["局分"] == 4
    assert rows[played[0].first]["points"] == 0 and rows[played[0].first]["tiebreaks"]["局分"] == 2
    bye = next(g.first for g in view.games if g.second is None)
    assert rows[bye]["points"] == 2 and rows[bye]["tiebreaks"]["局分"] == 0
    assert event["settings"]["standings"]["tiebreaks"][0] == "局分"
    with pytest.raises(FinalsError, match="没有第9板"):
        record_board_result(matches, "MTEAM", 1, first_table, 9, "1-0")


def test_a_team_size_the_file_holds_that_cannot_be_read_stops_the_pairing(
    built_demo, tmp_path: Path
) -> None:  # noqa: ANN001
    """An older version wrote team_size as words: pairing the team match names the setting and
    its fix and stores nothing (it was used raw, as the seats of the boards)."""
    import sqlite3

    from tests.conftest import GO_DEMO

    go_demo = built_demo(tmp_path / "go.finals", "hangzhou-go", **GO_DEMO)
    db = open_tournament(go_demo)
    update_event_settings(db, "MTEAM", {"pairing.team_format": "match", "rounds_planned": 3})
    db.close()
    conn = sqlite3.connect(go_demo)
    with conn:
        conn.execute(
            "UPDATE event SET eligibility = json_set(eligibility, '$.team_size', '三人') "
            "WHERE code = 'MTEAM'"
        )
    conn.close()
    before = go_demo.read_bytes()
    db = open_tournament(go_demo)
    try:
        with pytest.raises(FinalsError, match="eligibility.team_size") as refused:
            pair_next(db, "MTEAM")
        assert "finals settings" in str(refused.value)
    finally:
        db.close()
    assert go_demo.read_bytes() == before
