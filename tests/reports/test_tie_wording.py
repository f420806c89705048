"""Issue 14, case 6: a tied place is written 并列第N名 with the place itself, and the tie
mark (19=) is the same in every standings table.

A prize band's title (第九至三十二名) is the prize, not the place: 荣获并列第十九名
（第九至三十二名）, never 荣获第十九名（并列第九至三十二名）.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from reports import build_report
from reports.docview import DocView
from reports.standings import standings_table_rows
from tests.reports.conftest import as_final, pdf_pages


def _men_prizes(doc: dict[str, Any]) -> list[dict[str, Any]]:
    return [p for p in doc["prizes"] if p["event"] == "MEN" and p["category"] is None]


def test_a_tied_place_in_a_prize_band_reads_bingli_di_n_ming(go: dict, tmp_path: Path) -> None:
    prize = next(p for p in _men_prizes(go) if p["place"] == 19)
    prize.update(title="并列第九至三十二名", shared=True, tied=2)
    doc = dict(go, prizes=[prize])
    page = pdf_pages(build_report(as_final(doc), "certificates", tmp_path / "c.pdf"))[0]
    assert "荣获并列第十九名（第九至三十二名）" in page
    assert "（并列" not in page


def test_a_tied_place_whose_title_is_the_place_says_it_once(go: dict, tmp_path: Path) -> None:
    prize = next(p for p in _men_prizes(go) if p["place"] == 11)
    prize.update(title="并列第十一名", shared=True, tied=2)
    page = pdf_pages(
        build_report(as_final(dict(go, prizes=[prize])), "certificates", tmp_path / "c.pdf")
    )[0]
    assert "荣获并列第十一名，特发此证" in page
    assert "（并列第十一名）" not in page


def test_an_untied_place_is_unchanged(go: dict, tmp_path: Path) -> None:
    prize = next(p for p in _men_prizes(go) if p["place"] == 1)
    page = pdf_pages(
        build_report(as_final(dict(go, prizes=[prize])), "certificates", tmp_path / "c.pdf")
    )[0]
    assert "荣获第一名（冠军）" in page and "并列" not in page


def test_the_overall_rank_of_a_category_row_carries_the_tie_mark(go: dict) -> None:
    view = DocView(as_final(go))
    men = view.event("MEN")
    shared = {r.entrant: r.rank for r in men.standings if r.shared}
    titles, rows, _ = standings_table_rows(view, men, "W")
    overall = titles.index("总名次")
    women = go["events"][0]["category_standings"]["W"] if go["events"][0]["code"] == "MEN" else None
    assert women is not None
    marked = 0
    for row, data in zip(rows, women, strict=True):
        if data["entrant"] in shared:
            assert row[overall] == f"{shared[data['entrant']]}="
            marked += 1
        else:
            assert row[overall] == str(data["overall_rank"])
    assert marked, "the fixture has a woman tied in the overall table"


def test_a_team_members_shared_place_carries_the_tie_mark(go: dict) -> None:
    from reports.standings import team_rows

    view = DocView(as_final(go))
    men = view.event("MEN")
    shared = {r.entrant: r.rank for r in men.standings if r.shared}
    names = {e["id"]: e["name"] for e in go["events"][0]["entrants"]}
    marked = 0
    for team in (e for e in view.events if e.kind == "team"):
        _, rows = team_rows(view, team)
        text = "".join(row[2] for row in rows)
        for member_id, rank in shared.items():
            if f"{names[member_id]}（" in text:
                assert f"分/第{rank}=名）" in text
                marked += 1
    assert marked, "a team member shares a place in the fixture"
