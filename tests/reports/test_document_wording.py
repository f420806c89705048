"""Issue 26 §3, wording: titles, counts and words a player reads on paper."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pypdf import PdfReader

from reports import build_report
from tests.reports.conftest import as_final, pdf_pages, pdf_text, with_mcmahon


def test_a_category_standings_is_titled_by_its_own_group(tmp_path: Path, go, gomoku) -> None:
    out = build_report(as_final(go), "standings", tmp_path / "w.pdf", event="MEN", category="W")
    title = PdfReader(str(out)).metadata.title
    assert "女子个人　最终成绩排名表" in title and "男子个人" not in title, title
    assert "男子个人" not in pdf_pages(out)[0].split("项目")[0]
    out = build_report(
        as_final(gomoku), "standings", tmp_path / "g.pdf", event="OPEN", category="W"
    )
    assert "公开组（女子）　最终成绩排名表" in PdfReader(str(out)).metadata.title


def test_a_pair_prize_table_counts_pairs_and_a_team_table_teams(tmp_path: Path, go) -> None:
    pages = pdf_pages(build_report(as_final(go), "prizes", tmp_path / "p.pdf"))
    for table, word in (("男子双人", "对"), ("男子团体", "队"), ("女子个人", "人")):
        count = sum(1 for p in go["prizes"] if p["table"] == table)
        page = next(p for p in pages if f"奖金发放表{table}" in p)
        assert f"获奖{count}{word}" in page and "人（队）" not in page


def test_the_mcmahon_list_shows_no_setting_keys(tmp_path: Path, go) -> None:
    text = pdf_text(build_report(as_final(with_mcmahon(go)), "mcmahon", tmp_path / "m.pdf"))
    assert "上限" in text and "下限" in text
    assert not re.search(r"mcmahon\.|pairing\.", text), text[-400:]


def test_every_pair_of_a_unit_keeps_its_unit(tmp_path: Path, go) -> None:
    event = next(e for e in go["events"] if e["code"] == "MD")
    units: dict[str, int] = {}
    for entrant in event["entrants"]:
        units[entrant["unit"]] = units.get(entrant["unit"], 0) + 1
    unit, count = max(units.items(), key=lambda kv: kv[1])
    assert count > 1, "the fixture should have a unit with two pairs"
    out = build_report(as_final(go), "entries", tmp_path / "e.pdf", event="MD")
    assert pdf_text(out).count(unit) >= count


def test_table_cards_refer_to_no_helvetica(tmp_path: Path, go) -> None:
    out = build_report(as_final(go), "cards", tmp_path / "c.pdf", event="MEN")
    fonts: set[str] = set()
    for page in PdfReader(str(out)).pages:
        resources: Any = page.get("/Resources") or {}
        for font in (resources.get("/Font") or {}).values():
            fonts.add(str(font.get_object().get("/BaseFont")))
    assert fonts and not any("Helvetica" in f for f in fonts), fonts
