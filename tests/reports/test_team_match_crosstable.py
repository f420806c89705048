"""A team match's crosstable names no colour for a team: a team as a whole plays neither
Black nor White (each board has its own colour, printed on the pairing list)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from app.services.read_model import build_export
from app.services.results import record_board_result
from app.services.rounds import pair_next
from app.services.tournament import open_tournament, update_event_settings
from reports import build_report
from tests.finals import demo_copy
from tests.reports.conftest import as_final, pdf_pages


@pytest.fixture(scope="module")
def match_doc(
    demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Any]:
    """MTEAM played as matches: round 1 complete (Black wins every board)."""
    path = tmp_path_factory.mktemp("match") / "go.finals"
    demo_copy(demo_master("hangzhou-go", players=40, seed=5, rounds=0), path)
    db = open_tournament(path)
    update_event_settings(db, "MTEAM", {"pairing.team_format": "match", "rounds_planned": 3})
    pair_next(db, "MTEAM")
    event = next(e for e in build_export(db)["events"] if e["code"] == "MTEAM")
    for game in event["rounds"][0]["games"]:
        for board in game.get("boards") or []:
            record_board_result(db, "MTEAM", 1, game["table"], board["board"], "1-0")
    doc = build_export(db)
    db.close()
    return doc


def test_team_match_cells_and_legend_name_no_colour(
    tmp_path: Path, match_doc: dict[str, Any]
) -> None:
    out = build_report(as_final(match_doc), "crosstable", tmp_path / "x.pdf", event="MTEAM")
    text = "".join(pdf_pages(out))
    event = next(e for e in match_doc["events"] if e["code"] == "MTEAM")
    seeds = {e["id"]: e["seed"] for e in event["entrants"]}
    games = [g for g in event["rounds"][0]["games"] if g["second"] is not None]
    assert games
    for game in games:
        # the first team won its match: "7胜" in its row, "3负" in the other's
        assert f"{seeds[game['second']]}胜" in text
        assert f"{seeds[game['first']]}负" in text
    assert not re.search(r"\d+[黑白](胜|负|和)", text)
    assert "黑/白" not in text and "执子颜色" not in text
    assert "不分黑白" in text or "各板执子见对阵表" in text
