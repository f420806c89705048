"""Issue 13, clause 8 on paper: a Go result slip (komi 3又3/4子) has no draw box; a Gomoku slip
keeps its 和棋 box. On the Go preset's real data (the demo final, exported)."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from app.services.read_model import build_export
from app.services.rounds import pair_next
from app.services.tournament import open_tournament, set_tournament_fields, update_event_settings
from reports import build_report
from tests.finals import demo_copy
from tests.reports.conftest import as_final


@pytest.fixture(scope="module")
def go_doc(
    demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Any]:
    path = tmp_path_factory.mktemp("go-slips") / "go.finals"
    demo_copy(demo_master("hangzhou-go", players=160, seed=5), path)
    db = open_tournament(path)
    try:
        for code in ("MTEAM", "WTEAM"):
            update_event_settings(db, code, {"pairing.team_format": "match", "rounds_planned": 3})
        for code in ("MEN", "MPAIR", "MTEAM", "WTEAM"):
            pair_next(db, code)
        doc = build_export(db)
        set_tournament_fields(db, {"draws": "allowed"})
        doc["allowed"] = build_export(db)
    finally:
        db.close()
    return doc


@pytest.fixture(scope="module")
def gomoku_doc(
    demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Any]:
    path = tmp_path_factory.mktemp("gomoku-slips") / "gomoku.finals"
    demo_copy(demo_master("shaoxing-gomoku-2022", players=24, seed=3), path)
    db = open_tournament(path)
    try:
        pair_next(db, "OPEN")
        return build_export(db)
    finally:
        db.close()


def _pages(path: Path) -> list[str]:
    return [re.sub(r"\s+", "", p.extract_text() or "") for p in PdfReader(str(path)).pages]


def _result_lines(pages: list[str]) -> list[str]:
    """What follows 结果： on each slip, up to 方式："""
    return [m for page in pages for m in re.findall(r"结果：(.*?)方式：", page)]


def test_the_export_says_whether_a_game_may_be_drawn(go_doc: dict, gomoku_doc: dict) -> None:
    assert go_doc["tournament"]["komi"] == "3又3/4子" and go_doc["tournament"]["draws"] is False
    assert go_doc["allowed"]["tournament"]["draws"] is True
    assert gomoku_doc["tournament"]["draws"] is True


@pytest.mark.parametrize("event", ["MEN", "MPAIR"])
def test_a_go_slip_has_no_draw_box(tmp_path: Path, go_doc: dict, event: str) -> None:
    pages = _pages(build_report(as_final(go_doc), "slips", tmp_path / "s.pdf", event=event))
    lines = _result_lines(pages)
    assert len(lines) >= len(pages)  # every slip has its result line
    for line in lines:
        assert line.startswith("黑胜白胜黑弃权") and "和" not in line, line
    assert not any("和棋" in page for page in pages)


def test_the_arbiter_allowing_draws_brings_the_box_back(tmp_path: Path, go_doc: dict) -> None:
    pages = _pages(
        build_report(as_final(go_doc["allowed"]), "slips", tmp_path / "s.pdf", event="MEN")
    )
    assert all("和棋" in line for line in _result_lines(pages))


def test_an_old_export_without_the_flag_reads_the_komi(tmp_path: Path, go_doc: dict) -> None:
    old = copy.deepcopy(go_doc)
    del old["tournament"]["draws"]
    pages = _pages(build_report(as_final(old), "slips", tmp_path / "s.pdf", event="MEN"))
    assert not any("和棋" in line for line in _result_lines(pages))


def test_a_gomoku_slip_keeps_its_draw_box(tmp_path: Path, gomoku_doc: dict) -> None:
    pages = _pages(build_report(as_final(gomoku_doc), "slips", tmp_path / "s.pdf", event="OPEN"))
    lines = _result_lines(pages)
    assert lines and all("和棋" in line for line in lines)


def test_team_match_boards_have_no_draw_box_but_a_match_may_be_drawn(
    tmp_path: Path, go_doc: dict
) -> None:
    women = _pages(
        build_report(as_final(go_doc), "slips", tmp_path / "w.pdf", event="WTEAM")
    )  # 2 boards
    men = _pages(
        build_report(as_final(go_doc), "slips", tmp_path / "m.pdf", event="MTEAM")
    )  # 3 boards
    for page in women + men:
        boards = page.split("乙队签名", 1)[1].split("局分", 1)[0]
        assert "黑胜白胜" in boards and "和" not in boards
    # Two boards can end 2:2, a drawn match; three boards (no draws) cannot.
    assert all("平局" in page for page in women)
    assert not any("平局" in page for page in men)
