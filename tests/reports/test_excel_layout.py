"""Issue 14, case 12: workbooks a prize desk can add up, and PDFs titled by what they hold."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path
from typing import Any

from openpyxl import load_workbook
from openpyxl.worksheet.worksheet import Worksheet
from pypdf import PdfReader

from app.readmodel.model import PrizeLine
from reports import build_report
from reports.prizes import fmt_amount, total
from tests.reports.conftest import as_final, pdf_text
from tests.reports.test_prize_workbook_summary import _value


def _column(ws: Worksheet, title: str) -> int:
    return [c.value for c in ws[1]].index(title) + 1


def _sum_formula(ws: Worksheet, row: int, col: int) -> Decimal:
    """Evaluate a "=SUM(F2:F9)" cell from the values above it."""
    formula = ws.cell(row, col).value
    match = re.fullmatch(r"=SUM\(([A-Z]+)(\d+):([A-Z]+)(\d+)\)", str(formula))
    assert match, formula
    first, last = int(match.group(2)), int(match.group(4))
    assert last == row - 1 or last < row
    return sum(
        (_value(ws.parent, ws.title, ws.cell(r, col).value or 0) for r in range(first, last + 1)),
        Decimal(0),
    )


def test_ranks_are_numbers_with_a_tie_column(tmp_path: Path, go: dict[str, Any]) -> None:
    out = build_report(as_final(go), "standings", tmp_path / "s.xlsx", event="MEN")
    ws = load_workbook(out)["总成绩"]
    rank, tie = _column(ws, "名次"), _column(ws, "并列")
    ranks = [ws.cell(r, rank).value for r in range(2, ws.max_row + 1)]
    assert all(isinstance(v, int) for v in ranks), ranks[:10]
    ties = [ws.cell(r, tie).value for r in range(2, ws.max_row + 1)]
    event = next(e for e in go["events"] if e["code"] == "MEN")
    shared = [bool(row.get("shared")) for row in event["standings"]]
    assert [t == "并列" for t in ties] == shared


def test_prize_workbook_adds_up_with_formulas(tmp_path: Path, go: dict[str, Any]) -> None:
    out = build_report(as_final(go), "prizes", tmp_path / "p.xlsx")
    workbook = load_workbook(out)
    groups: dict[str, list[PrizeLine]] = {}
    for prize in as_final(go).prizes:
        groups.setdefault(prize.award.table_name, []).append(prize)
    for name, prizes in groups.items():
        ws = workbook[name]
        money = _column(ws, "金额（元，含税）")
        row = next(r for r in range(2, ws.max_row + 1) if ws.cell(r, 1).value == "小计")
        assert _sum_formula(ws, row, money) == total(prizes)
        assert "#,##0" in ws.cell(2, money).number_format
        assert "#,##0" in ws.cell(row, money).number_format
        # the signature rows are tall enough to sign in
        assert all((ws.row_dimensions[r].height or 0) >= 28 for r in range(2, row))
        lines = [str(ws.cell(r, 1).value or "") for r in range(row + 1, ws.max_row + 1)]
        assert any("制表" in t and "审核" in t and "裁判长" in t for t in lines)
    teams = workbook["男子团体"]
    sign = _column(teams, "领奖人签名")
    for r, prize in enumerate(groups["男子团体"], start=2):
        assert str(teams.cell(r, sign).value).splitlines() == [f"{m}：" for m in prize.members]
        assert teams.row_dimensions[r].height >= 28 * len(prize.members)
    summary = workbook["汇总"]
    money = _column(summary, "金额（元，含税）")
    row = next(r for r in range(2, summary.max_row + 1) if summary.cell(r, 1).value == "合计")
    assert _sum_formula(summary, row, money) == total(as_final(go).prizes)


def test_prize_formula_totals_equal_the_printed_ones(tmp_path: Path, go: dict[str, Any]) -> None:
    pdf = pdf_text(build_report(as_final(go), "prizes", tmp_path / "p.pdf"))
    assert f"合计{len(go['prizes'])}{fmt_amount(total(as_final(go).prizes))}" in pdf


def test_the_all_events_prize_pdf_is_titled_for_all_events(
    tmp_path: Path, go: dict[str, Any]
) -> None:
    out = build_report(as_final(go), "prizes", tmp_path / "p.pdf")
    title = PdfReader(str(out)).metadata.title
    assert "全部项目" in title, title
    assert all(table in title for table in {p["table"] for p in go["prizes"]}), title
    one = build_report(as_final(go), "prizes", tmp_path / "one.pdf", category="男子团体")
    assert "男子团体" in PdfReader(str(one)).metadata.title


def test_index_and_grades_to_excel(tmp_path: Path, go: dict[str, Any]) -> None:
    index = load_workbook(
        build_report(as_final(go), "index", tmp_path / "i.xlsx", event="MEN", round=9)
    )
    ws = index.active
    assert [c.value for c in ws[1]][:3] == ["姓名", "序号", "台号"]
    assert ws.max_row > 300
    grades = load_workbook(build_report(as_final(go), "grades", tmp_path / "g.xlsx"))
    ws = grades.worksheets[0]
    assert "申报等级" in [c.value for c in ws[1]]
    assert ws.max_row > 1


def test_multi_event_pdfs_are_titled_by_all_they_hold(tmp_path: Path, go: dict[str, Any]) -> None:
    for kind, event_kind in (("teams", "team"), ("pairs", "pair")):
        out = build_report(as_final(go), kind, tmp_path / f"{kind}.pdf")
        title = PdfReader(str(out)).metadata.title
        for event in go["events"]:
            if event["kind"] == event_kind:
                assert event["name"] in title, (kind, title)
