"""Prize sheet, certificates and the grade application list."""

from datetime import date
from decimal import Decimal

import pytest

from reports import ReportError, build_report
from reports.certificates import fill_template
from reports.chinese_numerals import amount_in_capitals, date_in_chinese
from reports.prizes import fmt_amount
from tests.reports.conftest import as_final, page_count, pdf_pages, pdf_text


def test_prize_sheet_one_page_per_table_plus_summary(tmp_path, gomoku):
    out = build_report(as_final(gomoku), "prizes", tmp_path / "p.pdf")
    prizes = gomoku["prizes"]
    tables = list(dict.fromkeys(p["table"] for p in prizes))
    pages = pdf_pages(out)
    assert len(pages) == len(tables) + 1
    for page, table in zip(pages, tables, strict=False):
        rows = [p for p in prizes if p["table"] == table]
        assert f"奖金发放表{table}" in page
        for prize in rows:
            amount = fmt_amount(prize["amount"])
            assert f"{prize['place']}{prize['title']}{prize['name']}" in page
            assert amount in page and amount_in_capitals(prize["amount"]) in page
        subtotal = sum(Decimal(str(p["amount"])) for p in rows)
        assert f"小计{fmt_amount(subtotal)}{amount_in_capitals(subtotal)}" in page
        assert "领奖人签名" in page
    summary = pages[-1]
    grand = sum(Decimal(str(p["amount"])) for p in prizes)
    assert f"合计{len(prizes)}{fmt_amount(grand)}{amount_in_capitals(grand)}" in summary
    assert fmt_amount(30000) == "30,000"


def test_prize_sheet_lists_women_holding_two_prizes(tmp_path, gomoku):
    out = build_report(as_final(gomoku), "prizes", tmp_path / "p.pdf")
    summary = pdf_pages(out)[-1]
    women = {p["entrant"] for p in gomoku["prizes"] if p["category"] == "W"}
    double = [p for p in gomoku["prizes"] if p["entrant"] in women and p["category"] is None]
    assert double, "the fixture should have a woman with an open prize"
    assert "同时获得多项奖金者" in summary
    for prize in double:
        assert prize["name"] in summary


def test_prize_sheet_for_one_table(tmp_path, go):
    out = build_report(as_final(go), "prizes", tmp_path / "p.pdf", category="女子个人")
    assert page_count(out) == 2
    with pytest.raises(ReportError, match="没有组别"):
        build_report(as_final(go), "prizes", tmp_path / "x.pdf", category="围甲")


def test_team_prizes_show_members(tmp_path, go):
    out = build_report(as_final(go), "prizes", tmp_path / "p.pdf", category="男子团体")
    text = pdf_text(out)
    for prize in [p for p in go["prizes"] if p["table"] == "男子团体"]:
        assert f"{prize['name']}（{'、'.join(prize['members'])}）" in text


def test_one_certificate_page_per_prize(tmp_path, go):
    go["tournament"]["certificate"]["per_member"] = False  # default: one per member (issue 13)
    out = build_report(as_final(go), "certificates", tmp_path / "c.pdf")
    prizes = go["prizes"]
    pages = pdf_pages(out)
    assert len(pages) == len(prizes)
    day = date_in_chinese(date(2019, 11, 1))
    for index, (page, prize) in enumerate(zip(pages, prizes, strict=True), start=1):
        assert page.startswith("荣誉证书") or "荣誉证书" in page
        assert f"{prize['name']}：" in page
        assert f"{prize['table']}比赛中荣获" in page
        assert f"编号：2019WQ-{index:04d}" in page
        assert day in page and "中国棋院杭州分院" in page
    assert "荣获第一名（冠军）" in pages[0]
    assert "荣获第五名，特发此证" in pages[4]  # the title 第五名 is not repeated


def test_certificate_template_from_the_export_overrides(tmp_path, gomoku):
    gomoku["tournament"]["certificate"]["template"] = "{姓名}同志：荣获{组别}{奖项}。"
    gomoku["tournament"]["certificate"]["issuer"] = "绍兴市体育局"
    out = build_report(
        as_final(gomoku), "certificates", tmp_path / "c.pdf", category="公开组（女子）"
    )
    pages = pdf_pages(out)
    assert len(pages) == 6
    first = next(p for p in gomoku["prizes"] if p["table"] == "公开组（女子）")
    assert f"{first['name']}同志：荣获公开组（女子）冠军。" in pages[0]
    assert "绍兴市体育局" in pages[0]


def test_unknown_placeholder_is_a_user_error():
    with pytest.raises(ReportError, match="名字"):
        fill_template("{名字}：荣获第{名次}名", {"姓名": "张三", "名次": "一"}, "prize")


def test_grade_and_participation_certificates(tmp_path, gomoku, go):
    out = build_report(as_final(gomoku), "certificates", tmp_path / "g.pdf", cert_type="grade")
    pages = pdf_pages(out)
    assert len(pages) == len(gomoku["grades"])
    assert f"授予{gomoku['grades'][0]['grade']}称号" in pages[0]
    assert "等级证书" in pages[0] and "编号：2022WZQ-DJ-0001" in pages[0]
    out = build_report(
        as_final(go), "certificates", tmp_path / "p.pdf", cert_type="participation", event="XD"
    )
    members = [
        m for e in go["events"] if e["code"] == "XD" for x in e["entrants"] for m in x["members"]
    ]
    pages = pdf_pages(out)
    assert len(pages) == len(members)
    assert all(f"{name}：参加" in page for name, page in zip(members, pages, strict=True))


def test_certificate_background_image(tmp_path, gomoku):
    from PIL import Image as image_module  # Pillow comes with reportlab

    image = tmp_path / "bg.png"
    image_module.new("RGB", (297, 210), (250, 240, 220)).save(image)
    gomoku["tournament"]["certificate"]["background"] = str(image)
    out = build_report(as_final(gomoku), "certificates", tmp_path / "c.pdf", category="少儿组")
    assert page_count(out) == 8
    gomoku["tournament"]["certificate"]["background"] = str(tmp_path / "missing.png")
    with pytest.raises(ReportError, match="找不到证书背景图片"):
        build_report(as_final(gomoku), "certificates", tmp_path / "d.pdf")


def test_grade_application_list(tmp_path, gomoku):
    out = build_report(as_final(gomoku), "grades", tmp_path / "g.pdf")
    text = pdf_text(out)
    for grade in gomoku["grades"]:
        assert f"{grade['rank']}{grade['name']}" in text
        assert grade["grade"] in text
    assert "等级申报表公开组" in text and "等级申报表少儿组" in text
    assert "裁判长签字" in text
