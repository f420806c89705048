"""Excel workbooks, the build_report entry point, and its errors."""

import pytest
from openpyxl import load_workbook

from reports import EXCEL_KINDS, KINDS, ReportError, build_report
from tests.reports.conftest import as_final, with_mcmahon, with_medals
from tests.reports.test_prize_workbook_summary import _value


@pytest.mark.parametrize(
    ("kind", "kwargs"),
    [
        ("pairings", {"event": "MEN", "round": 9}),
        ("standings", {"event": "MEN"}),
        ("crosstable", {"event": "MEN"}),
        ("teams", {}),
        ("pairs", {}),
        ("prizes", {}),
    ],
)
def test_workbooks_have_frozen_header_and_print_setup(tmp_path, go, kind, kwargs):
    out = build_report(as_final(go), kind, tmp_path / f"{kind}.xlsx", **kwargs)
    workbook = load_workbook(out)
    assert workbook.sheetnames
    for ws in workbook.worksheets:
        assert ws.freeze_panes == "A2"
        assert ws.print_title_rows == "$1:$1"
        assert int(ws.page_setup.paperSize) == 9  # A4
        assert ws.page_setup.fitToWidth == 1 and ws.page_setup.fitToHeight == 0
        assert ws.sheet_properties.pageSetUpPr.fitToPage
        assert ws.cell(1, 1).font.bold
        assert ws.max_row > 1
        assert any(ws.column_dimensions[c].width for c in "ABC")


def test_pairings_workbook_rows(tmp_path, go):
    out = build_report(as_final(go), "pairings", tmp_path / "p.xlsx", event="MEN", round=9)
    ws = load_workbook(out).active
    header = [c.value for c in ws[1]]
    assert header[:4] == ["台号", "序号", "黑方", "单位"]
    event = next(e for e in go["events"] if e["code"] == "MEN")
    rnd = next(r for r in event["rounds"] if r["number"] == 9)
    assert ws.max_row == len(rnd["games"]) + 1
    by_id = {e["id"]: e for e in event["entrants"]}
    first = sorted(rnd["games"], key=lambda g: g["table"])[0]
    assert ws.cell(2, 1).value == 1
    assert ws.cell(2, 3).value == by_id[first["first"]]["name"]
    assert ws.cell(ws.max_row, 6).value == "轮空"


def test_standings_workbook_has_a_sheet_per_category(tmp_path, gomoku):
    out = build_report(as_final(gomoku), "standings", tmp_path / "s.xlsx", event="OPEN")
    workbook = load_workbook(out)
    assert workbook.sheetnames[0] == "总成绩"
    assert "女子" in workbook.sheetnames
    ws = workbook["总成绩"]
    header = [c.value for c in ws[1]]
    assert header[:7] == ["名次", "并列", "序号", "姓名", "单位", "积分", "对手分"]
    assert ws.cell(2, 6).value == gomoku["events"][0]["standings"][0]["points"]


def test_prizes_workbook_amounts_are_numbers_with_totals(tmp_path, gomoku):
    out = build_report(as_final(gomoku), "prizes", tmp_path / "p.xlsx")
    workbook = load_workbook(out)
    assert workbook.sheetnames[-1] == "汇总"
    ws = workbook["公开组"]
    assert ws.cell(2, 7).value == 30000
    assert ws.cell(2, 8).value == "叁万元整"
    labels = [ws.cell(r, 1).value for r in range(1, ws.max_row + 1)]
    assert "小计" in labels
    summary = workbook["汇总"]
    labels = [summary.cell(r, 1).value for r in range(1, summary.max_row + 1)]
    grand = labels.index("合计") + 1
    assert summary.cell(grand, 3).value == f"=SUM(C2:C{grand - 1})"
    # each table's amount is a formula over its sheet (issue 26), worked out here
    assert sum(_value(workbook, "汇总", summary.cell(r, 3).value) for r in range(2, grand)) == sum(
        p["amount"] for p in gomoku["prizes"]
    )


def test_every_kind_builds_a_pdf(tmp_path, go):
    teams = next(e for e in go["events"] if e["code"] == "MT")
    teams["settings"].setdefault("pairing", {})["team_format"] = "match"  # for the line-up
    with_mcmahon(go)  # for the McMahon start list
    with_medals(go)  # for the medal list (the Go regulation awards none)
    for kind in KINDS:
        kwargs = (
            {"event": "MEN"}
            if kind in ("pairings", "index", "slips", "standings", "crosstable")
            else {}
        )
        # MT played as matches has no rounds yet: its prizes are provisional (issue 26)
        out = build_report(as_final(go), kind, tmp_path / f"{kind}.pdf", provisional=True, **kwargs)
        assert out.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize(
    ("kind", "kwargs", "message"),
    [
        ("pairings", {"event": "XYZ"}, "找不到项目“XYZ”"),
        ("pairings", {}, "请指定项目"),
        ("pairings", {"event": "MEN", "round": 12}, "第12轮尚未编排"),
        ("posters", {}, "未知的文件种类"),
        ("teams", {"event": "MEN"}, "不能打印这种文件"),
        ("certificates", {"cert_type": "medal"}, "未知的证书类型"),
    ],
)
def test_user_errors_in_chinese(tmp_path, go, kind, kwargs, message):
    with pytest.raises(ReportError, match=message):
        build_report(as_final(go), kind, tmp_path / "x.pdf", **kwargs)
    assert list(tmp_path.iterdir()) == []


def test_excel_only_for_some_kinds(tmp_path, go):
    for kind in set(KINDS) - set(EXCEL_KINDS):
        with pytest.raises(ReportError, match="只能输出 PDF"):
            build_report(as_final(go), kind, tmp_path / "x.xlsx", event="MEN")
    with pytest.raises(ReportError, match=r"\.pdf 或 \.xlsx"):
        build_report(as_final(go), "standings", tmp_path / "x.docx", event="MEN")


def test_a_failed_build_keeps_the_previous_file(tmp_path, go):
    out = tmp_path / "standings.pdf"
    build_report(as_final(go), "standings", out, event="MEN")
    before = out.read_bytes()
    with pytest.raises(ReportError):
        build_report(as_final(go), "standings", out, event="MEN", category="nope")
    assert out.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["standings.pdf"]


def test_no_prizes_yet(tmp_path, go_live):
    with pytest.raises(ReportError, match="没有奖项"):
        build_report(as_final(go_live), "prizes", tmp_path / "p.pdf")
    with pytest.raises(ReportError, match="没有奖项"):
        build_report(as_final(go_live), "certificates", tmp_path / "c.pdf")
