"""What a workbook holds is what a viewer shows and a sheet can sort (issue 39 §4): the
women's 总名次 is a number with its tie mark beside it (it was the text "21="), and every
formula the program writes carries its computed value (a viewer that does not recalculate
showed empty totals)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
import zipfile
from decimal import Decimal
from pathlib import Path
from typing import Any

from openpyxl import load_workbook

from reports import build_report
from reports.cached_values import number_text, with_values
from tests.reports.conftest import as_final
from tests.reports.test_excel_injection import _rename
from tests.reports.test_prize_workbook_summary import _value


def test_overall_place_of_a_category_is_a_number_and_a_tie_mark(
    tmp_path: Path, go: dict[str, Any]
) -> None:
    out = build_report(as_final(go), "standings", tmp_path / "s.xlsx", event="MEN")
    workbook = load_workbook(out)
    men = next(e for e in go["events"] if e["code"] == "MEN")
    shared = {row["entrant"]: bool(row.get("shared")) for row in men["standings"]}
    seeds = {e["id"]: e["seed"] for e in men["entrants"]}
    checked = 0
    for ws in workbook.worksheets:
        titles = [c.value for c in ws[1]]
        if "总名次" not in titles:
            continue
        overall = titles.index("总名次")
        assert titles[overall + 1] == "总名次并列", titles
        seed_at = titles.index("序号")
        by_seed = {seeds[k]: v for k, v in shared.items()}
        for row in ws.iter_rows(min_row=2, values_only=True):
            if row[seed_at] is None or row[0] == "—":
                continue
            assert isinstance(row[overall], int), row
            assert (row[overall + 1] == "并列") == by_seed[row[seed_at]], row
            checked += 1
    assert checked > 10
    assert any(shared.values())


MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
RELS = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"


def _formula_cells(path: Path) -> dict[tuple[str, str], tuple[str, str | None]]:
    """(sheet, cell) → (formula, cached value) of every formula, read from the file's XML."""
    found: dict[tuple[str, str], tuple[str, str | None]] = {}
    with zipfile.ZipFile(path) as archive:
        book = ET.fromstring(archive.read("xl/workbook.xml"))
        rels = ET.fromstring(archive.read("xl/_rels/workbook.xml.rels"))
        targets = {r.get("Id"): r.get("Target", "") for r in rels}
        for sheet in book.iter(f"{MAIN}sheet"):
            target = targets[sheet.get(f"{RELS}id")].lstrip("/")
            xml = ET.fromstring(
                archive.read(target if target.startswith("xl/") else f"xl/{target}")
            )
            for cell in xml.iter(f"{MAIN}c"):
                formula = cell.find(f"{MAIN}f")
                if formula is not None:
                    value = cell.find(f"{MAIN}v")
                    cached = value.text if value is not None else None
                    found[(sheet.get("name", ""), cell.get("r", ""))] = (formula.text or "", cached)
    return found


def _paid_twice(go: dict[str, Any]) -> dict[str, Any]:
    """The youth champion also won a prize of the men's event (the summary's table of those
    paid more than once: a formula adding up their prizes)."""
    youth = next(p for p in go["prizes"] if p["event"] == "YOUTH" and p["place"] == 1)
    men = next(p for p in go["prizes"] if p["event"] == "MEN" and p["place"] == 30)
    renames = {youth["name"]: men["name"]}
    youth["unit"] = men["unit"]
    for entrant in next(e for e in go["events"] if e["code"] == "YOUTH")["entrants"]:
        if entrant["id"] == youth["entrant"]:
            entrant["unit"] = men["unit"]
    return _rename(go, renames)


def test_every_formula_carries_its_computed_value(tmp_path: Path, go: dict[str, Any]) -> None:
    out = build_report(as_final(_paid_twice(go)), "prizes", tmp_path / "p.xlsx")
    formulas = _formula_cells(out)
    assert len(formulas) > 10
    book = load_workbook(out)
    for (sheet, ref), (formula, cached) in formulas.items():
        assert cached not in (None, ""), (sheet, ref, formula)
        worked = _value(book, sheet, "=" + formula)
        assert Decimal(cached) == worked, (sheet, ref, formula, cached, worked)
    assert any("+" in f for f, _ in formulas.values())  # a person paid more than once
    # the cell is still the live formula Excel recomputes
    sheet, ref = next(iter(formulas))
    assert str(book[sheet][ref].value).startswith("=")
    shown = load_workbook(out, data_only=True)  # what a viewer that does not calculate shows
    assert all(shown[s][r].value is not None for s, r in formulas)


def test_other_workbooks_write_no_formula(tmp_path: Path, go: dict[str, Any]) -> None:
    final = as_final(go)
    for kind in ("standings", "crosstable", "teams", "pairs", "grades"):
        args = {"event": "MEN"} if kind in ("standings", "crosstable") else {}
        out = build_report(final, kind, tmp_path / f"{kind}.xlsx", **args)
        assert not _formula_cells(out), kind


def test_a_cached_value_is_written_as_a_number_cell_holds_it() -> None:
    xml = (
        '<row r="9"><c r="F9" s="3"><f>SUM(F2:F8)</f><v /></c><c r="G9"><f>F9</f><v></v></c></row>'
    )
    done = with_values(xml, {"F9": Decimal("36666.50"), "G9": 12})
    assert '<c r="F9" s="3"><f>SUM(F2:F8)</f><v>36666.5</v></c>' in done
    assert '<c r="G9"><f>F9</f><v>12</v></c>' in done
    assert number_text(Decimal("1E+3")) == "1000" and number_text(Decimal("0.10")) == "0.1"
