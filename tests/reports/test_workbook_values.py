"""What a workbook holds is what a viewer shows and a sheet can sort (issue 39 §4): the
women's 总名次 is a number with its tie mark beside it (it was the text "21="), and every
formula the program writes carries its computed value (a viewer that does not recalculate
showed empty totals)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from openpyxl import load_workbook

from reports import build_report
from tests.reports.conftest import as_final


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
