"""Issue 13, clause 7: the prize sheet's rows add up to its totals, and it states the rule.

The documents are exported from a real file: the Hangzhou Go final with 42 players after
round 1, where 21 losers are tied on 22nd (places 22-42) across the last paid place (32nd).
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook

from app.standings.place_words import place_words, places_words
from reports import build_report
from reports.chinese_numerals import amount_in_capitals
from reports.prizes import fmt_amount
from tests.finals import demo_copy
from tests.reports.conftest import as_final, pdf_pages
from tests.reports.test_prize_workbook_summary import _value


def _export(path: Path, **settings: str) -> dict[str, Any]:
    from app.services.read_model import build_export
    from app.services.tournament import open_tournament, set_tournament_fields

    db = open_tournament(path)
    try:
        if settings:
            set_tournament_fields(db, dict(settings))
        return build_export(db)
    finally:
        db.close()


@pytest.fixture(scope="module")
def final(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """After round 1: its prize sheets print as provisional (issue 26)."""
    path = tmp_path_factory.mktemp("sheet") / "go.finals"
    demo_copy(demo_master("hangzhou-go", players=42, seed=5, rounds=1), path)
    return path


@pytest.fixture(scope="module")
def doc(final: Path) -> dict[str, Any]:
    return _export(final)


@pytest.fixture(scope="module")
def jiao_doc(final: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    copy = tmp_path_factory.mktemp("jiao") / "go.finals"
    copy.write_bytes(final.read_bytes())
    return _export(copy, prize_unit="jiao")


def yuan(fen: int) -> Decimal:
    return Decimal(fen).scaleb(-2)


def test_the_fixture_has_a_tie_across_the_last_paid_place(doc: dict[str, Any]) -> None:
    men = [p for p in doc["prizes"] if p["table"] == "男子个人"]
    last = max(p["place"] for p in men)
    tie = [p for p in men if p["place"] == last]
    assert len(tie) > 1 and last + len(tie) - 1 > 32 and tie[0]["unpaid_fen"] > 0


@pytest.mark.parametrize("which", ["doc", "jiao_doc"])
def test_rows_add_up_to_the_subtotals_and_the_grand_total(
    request: pytest.FixtureRequest, tmp_path: Path, which: str
) -> None:
    doc = request.getfixturevalue(which)
    pages = pdf_pages(build_report(as_final(doc), "prizes", tmp_path / "p.pdf", provisional=True))
    tables = list(dict.fromkeys(p["table"] for p in doc["prizes"]))
    text = "".join(pages)
    for table in tables:
        rows = [p for p in doc["prizes"] if p["table"] == table]
        for p in rows:
            amount = yuan(p["amount_fen"])
            assert fmt_amount(amount) in text and amount_in_capitals(amount) in text
        subtotal = yuan(sum(p["amount_fen"] for p in rows))
        assert f"小计{fmt_amount(subtotal)}{amount_in_capitals(subtotal)}" in text, table
        assert (
            f"{table}{len(rows)}{fmt_amount(subtotal)}{amount_in_capitals(subtotal)}" in pages[-1]
        )
    grand = yuan(sum(p["amount_fen"] for p in doc["prizes"]))
    assert f"合计{len(doc['prizes'])}{fmt_amount(grand)}{amount_in_capitals(grand)}" in pages[-1]


def test_the_sheet_states_the_rule_and_each_shared_place(
    tmp_path: Path, doc: dict[str, Any]
) -> None:
    pages = pdf_pages(
        build_report(
            as_final(doc), "prizes", tmp_path / "p.pdf", category="男子个人", provisional=True
        )
    )
    text = "".join(pages)
    men = [p for p in doc["prizes"] if p["table"] == "男子个人"]
    last = max(p["place"] for p in men)
    tie = [p for p in men if p["place"] == last]
    first = tie[0]
    assert doc["prize_rules"]["text"] in text
    note = (
        f"{place_words(last)}{len(tie)}人并列，平分{places_words(last, 32)}奖金共"
        f"{fmt_amount(yuan(first['pool_fen']))}元，每人{fmt_amount(yuan(first['amount_fen']))}元，"
        f"余{fmt_amount(yuan(first['unpaid_fen']))}元不发放"
    )
    assert note in text
    assert "333.33" not in text and ".33" not in text  # no thirds of a yuan anywhere


def test_the_jiao_sheet_pays_jiao(tmp_path: Path, jiao_doc: dict[str, Any]) -> None:
    men = [p for p in jiao_doc["prizes"] if p["table"] == "男子个人"]
    assert all(p["amount_fen"] % 10 == 0 for p in men)
    assert any(p["amount_fen"] % 100 for p in men), "a share in jiao is expected"
    pages = pdf_pages(
        build_report(
            as_final(jiao_doc), "prizes", tmp_path / "p.pdf", category="男子个人", provisional=True
        )
    )
    assert "按角取整" in "".join(pages)


def test_the_workbook_adds_up_and_states_the_rule(tmp_path: Path, jiao_doc: dict[str, Any]) -> None:
    out = build_report(as_final(jiao_doc), "prizes", tmp_path / "p.xlsx", provisional=True)
    workbook = load_workbook(out)
    ws = workbook["男子个人"]
    # a provisional print: its mark is the first line, the titles the second (issue 39)
    assert str(ws.cell(1, 1).value).startswith("【临时")
    money = [c.value for c in ws[2]].index("金额（元，含税）") + 1
    values = [ws.cell(r, money).value for r in range(3, ws.max_row + 1)]
    labels = [ws.cell(r, 1).value for r in range(3, ws.max_row + 1)]
    subtotal_row = labels.index("小计")
    rows = values[:subtotal_row]
    letter = ws.cell(2, money).column_letter
    assert values[subtotal_row] == f"=SUM({letter}3:{letter}{subtotal_row + 2})"  # issue 14
    men = [p for p in jiao_doc["prizes"] if p["table"] == "男子个人"]
    assert sum(Decimal(str(v)) for v in rows) == yuan(sum(p["amount_fen"] for p in men))
    texts = [
        str(c.value)
        for sheet in workbook
        for row in sheet.iter_rows()
        for c in row
        if c.value is not None
    ]
    assert any(jiao_doc["prize_rules"]["text"] in t for t in texts)
    assert any("人并列，平分第" in t for t in texts)
    summary = workbook["汇总"]
    labels = [summary.cell(r, 1).value for r in range(1, summary.max_row + 1)]
    grand = labels.index("合计") + 1
    assert summary.cell(grand, 3).value == f"=SUM(C3:C{grand - 1})"
    # each table's amount is a formula over its sheet (issue 26), worked out here
    assert sum(_value(workbook, "汇总", summary.cell(r, 3).value) for r in range(3, grand)) == yuan(
        sum(p["amount_fen"] for p in jiao_doc["prizes"])
    )
    below = [str(summary.cell(r, 1).value) for r in range(grand + 1, summary.max_row + 1)]
    assert any(line.startswith("说明：名次并列时") for line in below)
