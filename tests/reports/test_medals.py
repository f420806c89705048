"""The medal list (奖牌名单, issue 38 §6): Gomoku §十五.2/3 award 奖牌 to the team events and
少儿组 — who gets which medal, and how many of each to order, beside the prize sheet."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook

from reports import build_report
from reports.build import EXCEL_KINDS, KINDS, ReportKind, results_mark
from reports.errors import ReportError
from reports.provisional import NotFinal
from tests.reports.conftest import as_final, pdf_pages, with_medals


def test_medals_is_a_report_kind_with_both_names_and_a_workbook() -> None:
    assert (ReportKind.MEDALS.zh, ReportKind.MEDALS.en) == ("奖牌名单", "Medal list")
    assert KINDS["medals"] == "奖牌名单" and ReportKind.MEDALS in EXCEL_KINDS
    kinds = list(KINDS)
    assert kinds.index("medals") == kinds.index("prizes") + 1  # beside the prize sheet


def _summary(out: Path) -> dict[str, tuple[Any, ...]]:
    sheet = load_workbook(out)["汇总"]
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0] == ("组别", "金牌", "银牌", "铜牌", "奖牌", "合计")
    return {str(r[0]): tuple(r[1:]) for r in rows[1:]}


def test_the_medal_list_names_each_medal_and_how_many_to_order(
    tmp_path: Path, gomoku: dict[str, Any]
) -> None:
    final = as_final(with_medals(gomoku))
    out = build_report(final, "medals", tmp_path / "medals.xlsx")
    # a team's medal is one for each member: 男子团体 of three, 女子团体 of two
    assert _summary(out) == {
        "公开组团体（男子）": (3, 3, 3, 9, 18),
        "公开组团体（女子）": (2, 2, 2, 0, 6),
        "少儿组": (1, 1, 1, 5, 8),
        "合计": (6, 6, 6, 14, 32),
    }
    men = load_workbook(out)["公开组团体（男子）"]
    titles = [c.value for c in men[1]]
    champion = next(r for r in men.iter_rows(min_row=2, values_only=True) if r[1] == 1)
    assert champion[titles.index("奖牌")] == "金牌"
    assert champion[titles.index("枚数")] == 3
    assert "吴平明" in champion[titles.index("姓名 / 队名")]

    pages = pdf_pages(build_report(final, "medals", tmp_path / "medals.pdf"))
    assert len(pages) == 4  # three tables, then the order summary
    men_page = next(page for page in pages if "奖牌名单公开组团体（男子）" in page)
    assert "金牌3、银牌3、铜牌3、奖牌9" in men_page
    assert "北京市海淀区五子棋协会" in men_page and "吴平明" in men_page
    assert "奖牌汇总（订购数量）" in pages[3] and "共32枚" in pages[3]
    assert all("公开组（女子）" not in page for page in pages)  # the open event: no medals


def test_one_event_or_one_table(tmp_path: Path, gomoku: dict[str, Any]) -> None:
    final = as_final(with_medals(gomoku))
    out = build_report(final, "medals", tmp_path / "youth.xlsx", event="YOUTH")
    assert _summary(out) == {"少儿组": (1, 1, 1, 5, 8), "合计": (1, 1, 1, 5, 8)}
    with pytest.raises(ReportError) as caught:
        build_report(final, "medals", tmp_path / "open.pdf", event="OPEN")
    assert "“公开组”不颁发奖牌" in str(caught.value) and "YOUTH（少儿组）" in str(caught.value)
    assert not (tmp_path / "open.pdf").exists()


def test_a_final_whose_regulation_awards_no_medals_has_no_medal_list(
    tmp_path: Path, go: dict[str, Any]
) -> None:
    with pytest.raises(ReportError) as caught:
        build_report(as_final(go), "medals", tmp_path / "medals.pdf")
    assert "没有颁发奖牌的项目" in str(caught.value)


def test_before_the_last_round_refused_or_marked_as_the_prize_sheet(
    tmp_path: Path, gomoku: dict[str, Any]
) -> None:
    for event in gomoku["events"]:  # seven rounds played of nine
        if event["kind"] == "individual":
            event["rounds_planned"] = 9
    final = as_final(with_medals(gomoku))
    for suffix in (".pdf", ".xlsx"):
        with pytest.raises(NotFinal) as caught:
            build_report(final, "medals", tmp_path / f"medals{suffix}")
        assert "奖牌名单" in str(caught.value) and "--provisional" in str(caught.value)
    with pytest.raises(NotFinal):
        results_mark(final, "medals")
    assert results_mark(final, "medals", provisional=True) == "临时（第7轮后）"
    out = build_report(final, "medals", tmp_path / "medals.pdf", provisional=True)
    pages = pdf_pages(out)
    assert pages and all("临时（第7轮后）" in page for page in pages)
    book = load_workbook(build_report(final, "medals", tmp_path / "medals.xlsx", provisional=True))
    assert all("【临时（第7轮后）】" in ws.oddHeader.center.text for ws in book.worksheets)
