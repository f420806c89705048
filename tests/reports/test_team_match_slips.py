"""A team match's result slip lists every board; individual slips stay as they were."""

from __future__ import annotations

import copy
import math
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from app.services.read_model import build_export
from app.services.rounds import pair_next
from app.services.tournament import open_tournament, update_event_settings
from reports import build_report
from reports.errors import ReportError
from reports.slips import build_slips_pdf, team_slips_per_page
from tests.finals import demo_copy
from tests.reports.conftest import as_final


@pytest.fixture(scope="module")
def team_doc(
    demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Any]:
    path = tmp_path_factory.mktemp("team") / "go.finals"
    demo_copy(demo_master("hangzhou-go", players=40, seed=5, rounds=0), path)
    db = open_tournament(path)
    update_event_settings(db, "MTEAM", {"pairing.team_format": "match", "rounds_planned": 3})
    pair_next(db, "MTEAM")
    pair_next(db, "MEN")
    doc = build_export(db)
    db.close()
    return doc


def _pages(path: Path) -> list[str]:
    return [re.sub(r"\s+", "", p.extract_text() or "") for p in PdfReader(str(path)).pages]


def _matches(doc: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    event = next(e for e in doc["events"] if e["code"] == "MTEAM")
    games = [g for g in event["rounds"][0]["games"] if g["second"] is not None]
    return event, sorted(games, key=lambda g: g["table"])


def test_every_board_of_every_match_is_on_its_slip(
    tmp_path: Path, team_doc: dict[str, Any]
) -> None:
    out = build_report(as_final(team_doc), "slips", tmp_path / "s.pdf", event="MTEAM")
    event, games = _matches(team_doc)
    names = {e["id"]: e["name"] for e in event["entrants"]}
    boards = max(len(g["boards"]) for g in games)
    assert boards >= 2
    per_page = team_slips_per_page(boards)
    assert 1 <= per_page < 4  # fewer than the four individual slips
    pages = _pages(out)
    assert len(pages) == math.ceil(len(games) / per_page)
    for index, game in enumerate(games):
        page = pages[index // per_page]
        assert f"第{game['table']}台" in page
        assert names[game["first"]] in page and names[game["second"]] in page
        for board in game["boards"]:
            assert board["first"] in page and board["second"] in page
    for number, page in enumerate(pages):
        on_page = len(games[number * per_page : (number + 1) * per_page])
        assert page.count("第1板") >= on_page
        assert page.count(f"第{boards}板") >= on_page
        for label in ("黑胜", "白胜", "黑弃权", "白弃权", "局分", "裁判员签名", "团体对抗"):
            assert page.count(label) >= on_page


def test_more_boards_fewer_slips_per_page() -> None:
    counts = [team_slips_per_page(n) for n in range(1, 30)]
    assert counts == sorted(counts, reverse=True)
    assert team_slips_per_page(5) == 2
    assert team_slips_per_page(12) == 1
    with pytest.raises(ReportError):
        team_slips_per_page(60)


def test_long_names_and_many_boards_still_build(tmp_path: Path, team_doc: dict[str, Any]) -> None:
    team_doc = copy.deepcopy(team_doc)
    event, games = _matches(team_doc)
    event["entrants"][0]["name"] = "中华人民共和国国家体育总局棋牌运动管理中心围棋部男子一队"
    for game in games:
        game["boards"] = [
            {
                "board": n,
                "first": f"阿卜杜热合曼·买买提{n}",
                "second": f"欧阳{n}",
                "result": None,
                "manner": None,
            }
            for n in range(1, 9)
        ]
    out = build_slips_pdf(as_final(team_doc), tmp_path / "s.pdf", event="MTEAM", per_page=4)
    pages = _pages(out)
    assert len(pages) == math.ceil(len(games) / team_slips_per_page(8))
    assert "第8板" in pages[0] and "欧阳8" in pages[0]


def test_individual_slips_keep_four_per_page(tmp_path: Path, team_doc: dict[str, Any]) -> None:
    """The individual event of the same document still prints four two-player slips a page."""
    men = next(e for e in team_doc["events"] if e["code"] == "MEN")
    tables = [g for g in men["rounds"][0]["games"] if g["second"] is not None]
    out = build_report(as_final(team_doc), "slips", tmp_path / "men.pdf", event="MEN")
    pages = _pages(out)
    assert len(pages) == math.ceil(len(tables) / 4)
    assert pages[0].count("棋手签名") == 4 and "团体对抗" not in pages[0]
