"""The wall standings never end on a page of three rows (issue 39 §4): its last two pages
share their rows, as the index's pages are evenly filled."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pypdf import PdfReader

from reports import build_report
from tests.reports.conftest import as_final


def _rows_per_page(path: Path, names: set[str]) -> list[int]:
    return [
        sum(1 for line in (page.extract_text() or "").split("\n") if line.strip() in names)
        for page in PdfReader(str(path)).pages
    ]


def test_the_last_page_of_the_wall_standings_is_no_orphan(
    tmp_path: Path, go: dict[str, Any]
) -> None:
    men = next(e for e in go["events"] if e["code"] == "MEN")
    names = {e["name"] for e in men["entrants"]}
    out = build_report(as_final(go), "standings", tmp_path / "s.pdf", event="MEN", large=True)
    rows = _rows_per_page(out, names)
    assert sum(rows) == len(men["standings"])
    assert len(rows) > 2
    assert rows[-1] * 3 >= rows[-2], rows
    assert max(rows) <= 17  # no page holds more than the type allows
    text = (PdfReader(str(out)).pages[-1].extract_text() or "").replace(" ", "")
    assert "裁判长（签字）" in text  # the signature stays with the last rows
