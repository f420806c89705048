"""What one print adds to the final (`PrintExtras`): the slips' phone links and the
certificates' register numbers.  Neither is part of the export; both are passed in."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from reports import PrintExtras, build_report
from reports.certificate_awards import certificate_awards
from tests.reports.conftest import as_final, pdf_pages


def test_each_slip_prints_its_own_tables_link(tmp_path: Path, gomoku_live: dict[str, Any]) -> None:
    final = as_final(gomoku_live)
    games = [g for g in final.event("OPEN").rounds[-1].games if g.second is not None]
    links = {
        ("OPEN", 5, g.table): f"http://192.168.1.10:8765/t/tok{g.table}x"
        for g in games
        if g.table != 2
    }
    links[("OPEN", 4, 2)] = "http://192.168.1.10:8765/t/otherround"  # another round's table
    pages = pdf_pages(
        build_report(
            final, "slips", tmp_path / "s.pdf", event="OPEN", extras=PrintExtras(links=links)
        )
    )
    first = pages[0]  # tables 1-4, four to a page
    assert "tok1x" in first and "tok3x" in first and "tok4x" in first
    assert "otherround" not in "".join(pages) and "tok2x" not in first
    assert "http://192.168.1.10:8765/t/" in first


def test_no_links_no_qr_codes(tmp_path: Path, gomoku_live: dict[str, Any]) -> None:
    text = "".join(
        pdf_pages(build_report(as_final(gomoku_live), "slips", tmp_path / "s.pdf", event="OPEN"))
    )
    assert "/t/" not in text and "第1台" in text


def test_registered_numbers_print_the_rest_in_print_order(
    tmp_path: Path, gomoku: dict[str, Any]
) -> None:
    final = as_final(gomoku)
    awards = certificate_awards(final, "prize", "YOUTH")
    numbers = {awards[1].key: "2022WZQ-0777"}
    pages = pdf_pages(
        build_report(
            final,
            "certificates",
            tmp_path / "c.pdf",
            event="YOUTH",
            extras=PrintExtras(certificate_numbers=numbers),
        )
    )
    assert len(pages) == len(awards)
    assert "编号：2022WZQ-0777" in pages[1]
    assert "编号：2022WZQ-0001" in pages[0] and "编号：2022WZQ-0003" in pages[2]
