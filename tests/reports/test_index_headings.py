"""The pinyin index reads in one order with one heading per letter (issue 39 §4): a Latin
name sorted before every Chinese one (capitals first) and repeated its letter's heading,
and a name with no pinyin reading (𠮷田太郎) went under a second "#" after Z."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app.pinyin import index_letter, sort_key
from reports import build_report
from reports.pairings import index_items
from tests.reports.conftest import as_final, pdf_text
from tests.reports.test_excel_injection import _rename

HARD = ("𠮷田太郎", "Alexander Müller", "Sophie Martin", "Émile Zola", "=张三", "3号")


def _entries(names: list[str]) -> list[tuple[str, str, str, str]]:
    return sorted(((n, str(k), "1", "") for k, n in enumerate(names)), key=lambda e: sort_key(e[0]))


def test_one_heading_per_letter_whatever_the_script() -> None:
    names = [*HARD, "安娜", "阿明", "孙强", "赵磊", "石头", "吉祥", "曾强"]
    headings = [i for i in index_items(_entries(names)) if isinstance(i, str)]
    assert len(headings) == len(set(headings)), headings
    assert headings == sorted(headings, key=lambda h: (h == "#", h)), headings


def test_latin_names_file_among_the_chinese_and_a_rare_hanzi_under_its_reading() -> None:
    items = index_items(_entries(["Alexander Müller", "阿明", "安娜", "Sophie Martin", "孙强"]))
    assert items[0] == "A"
    assert [i for i in items if isinstance(i, str)] == ["A", "S"]
    assert [i[0] for i in items if not isinstance(i, str)] == [
        "阿明",
        "Alexander Müller",
        "安娜",
        "Sophie Martin",
        "孙强",
    ]
    assert index_letter("𠮷田太郎") == "J"  # 𠮷 is read jí, as 吉
    assert index_letter("Émile Zola") == "E"
    assert index_letter("=张三") == "#"


def test_the_printed_index_has_each_heading_once(tmp_path: Path, go_live: dict[str, Any]) -> None:
    men = next(e for e in go_live["events"] if e["code"] == "MEN")
    renames = {e["name"]: name for e, name in zip(men["entrants"], HARD, strict=False)}
    final = as_final(_rename(go_live, renames))
    for kind, args in (("index", {}), ("index", {"large": True})):
        out = build_report(final, kind, tmp_path / f"i{len(args)}.pdf", event="MEN", **args)
        text = pdf_text(out)
        assert "𠮷田太郎" in text
        assert text.find("AlexanderMüller") < text.find("𠮷田太郎") < text.find("SophieMartin")
