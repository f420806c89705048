"""Issue 26 §3: the prize workbook's summary is formulas over the event sheets, and lists
everyone paid more than once — in one event or in several — checked against the PDF."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path
from typing import Any

from openpyxl import load_workbook
from openpyxl.utils import column_index_from_string
from openpyxl.workbook import Workbook

from reports import build_report
from reports.prizes import fmt_amount
from tests.reports.conftest import as_final, pdf_pages

_REF = re.compile(r"(?:'((?:[^']|'')+)'!)?\$?([A-Z]+)\$?(\d+)")


def _cells(book: Workbook, sheet: str, ref: str) -> list[Any]:
    """The cells of `ref` (A1 or A1:B9) on `sheet`."""
    ws = book[sheet]
    start, _, end = ref.partition(":")
    (c1, r1), (c2, r2) = (_REF.fullmatch(x).groups()[1:] for x in (start, end or start))  # type: ignore[union-attr]
    return [
        ws.cell(r, c)
        for r in range(int(r1), int(r2) + 1)
        for c in range(column_index_from_string(c1), column_index_from_string(c2) + 1)
    ]


def _value(book: Workbook, sheet: str, value: Any) -> Decimal:
    """What Excel shows for a cell: its number, or its formula worked out (SUM, COUNT, a
    reference, references added up) — our own evaluation, nothing cached."""
    if not isinstance(value, str) or not value.startswith("="):
        return Decimal(str(value))
    formula = value[1:]
    call = re.fullmatch(r"(SUM|COUNT)\((.+)\)", formula)
    if call:
        where, ref = _split(sheet, call.group(2))
        cells = _cells(book, where, ref)
        if call.group(1) == "COUNT":
            return Decimal(sum(1 for c in cells if isinstance(c.value, (int, float, Decimal))))
        return sum((_value(book, where, c.value) for c in cells), Decimal(0))
    total = Decimal(0)
    for term in formula.split("+"):
        where, ref = _split(sheet, term)
        total += _value(book, where, _cells(book, where, ref)[0].value)
    return total


def _split(sheet: str, ref: str) -> tuple[str, str]:
    if "!" in ref:
        name, _, cells = ref.rpartition("!")
        return name.strip("'").replace("''", "'"), cells
    return sheet, ref


def _summary(path: Path) -> tuple[Workbook, list[tuple[Any, ...]]]:
    book = load_workbook(path)
    return book, [tuple(c for c in row) for row in book["汇总"].iter_rows()]


def test_summary_totals_are_formulas_equal_to_the_printed_totals(
    tmp_path: Path, go: dict[str, Any]
) -> None:
    final = as_final(go)
    book_path = build_report(final, "prizes", tmp_path / "p.xlsx")
    summary_page = pdf_pages(build_report(final, "prizes", tmp_path / "p.pdf"))[-1]
    book, rows = _summary(book_path)
    tables = list(dict.fromkeys(p["table"] for p in go["prizes"]))
    by_name = {row[0].value: row for row in rows}
    for table in [*tables, "合计"]:
        row = by_name[table]
        count, amount = row[1].value, row[2].value
        assert str(count).startswith("=") and str(amount).startswith("="), (table, count, amount)
        worked = _value(book, "汇总", amount)
        number = int(_value(book, "汇总", count))
        wanted = [p for p in go["prizes"] if table in ("合计", p["table"])]
        assert worked == sum(Decimal(str(p["amount"])) for p in wanted)
        assert number == len(wanted)
        # the workbook's total is the PDF's printed total
        assert f"{table}{number}{fmt_amount(worked)}" in summary_page


def test_summary_lists_everyone_paid_in_more_than_one_event(
    tmp_path: Path, go: dict[str, Any]
) -> None:
    # the youth champion also won a prize of the men's event: the same player (name, unit)
    youth = next(p for p in go["prizes"] if p["event"] == "YOUTH" and p["place"] == 1)
    men = next(p for p in go["prizes"] if p["event"] == "MEN" and p["place"] == 30)
    youth["name"], youth["unit"] = men["name"], men["unit"]
    youth_event = next(e for e in go["events"] if e["code"] == "YOUTH")
    for entrant in youth_event["entrants"]:
        if entrant["id"] == youth["entrant"]:
            entrant["name"], entrant["unit"] = men["name"], men["unit"]
    final = as_final(go)
    book, rows = _summary(build_report(final, "prizes", tmp_path / "p.xlsx"))
    summary_page = pdf_pages(build_report(final, "prizes", tmp_path / "p.pdf"))[-1]
    start = next(
        i for i, row in enumerate(rows) if row[0].value == "同时获得多项奖金者（奖金累计发放）"
    )
    listed = {}
    for row in rows[start + 2 :]:
        if not row[3].value:
            break
        listed[row[0].value] = row
    names = {}
    for prize in go["prizes"]:
        if not prize["members"]:
            names.setdefault((prize["name"], prize["unit"]), []).append(prize)
    twice = {key: items for key, items in names.items() if len(items) > 1}
    assert (men["name"], men["unit"]) in twice
    assert {name for name, _ in twice} == set(listed)
    for (name, _), items in twice.items():
        formula = listed[name][3].value
        assert str(formula).startswith("=") and "+" in formula
        worked = _value(book, "汇总", formula)
        assert worked == sum(Decimal(str(p["amount"])) for p in items)
        assert f"{fmt_amount(worked)}" in summary_page.split(name, 1)[1]
