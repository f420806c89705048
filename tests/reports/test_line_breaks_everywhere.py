"""One line-breaking rule, everywhere (issue 39 §3).

Every PDF kind is printed from the Go final with hard names — accented Latin names, a
minority name with ·, compound surnames, a unit of 26 characters — and read back line by
line: no name, unit, team, amount or place is broken across two lines, except a unit or
team too wide for its column, which is cut only at a seam (浙江省|杭州市|上城区|青少年活动中心)
and a long name with a middle dot, which breaks after the dot.
"""

from __future__ import annotations

import re
import subprocess
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from reports import build_report
from reports.chinese_numerals import amount_in_capitals
from reports.fonts import TABLE_FONT, register_fonts
from reports.line_breaking import break_lines, seams
from tests.reports.conftest import as_final, with_mcmahon
from tests.reports.test_excel_injection import _rename

HARD_NAMES = (
    "Alexander Müller-Lüdenscheidt",
    "José María García-Pérez",
    "诸葛阳文",
    "姚洋昊",
    "Hans Zimmermann",
    "欧阳怡",
)
LONG_UNIT = "浙江省杭州市上城区青少年活动中心围棋俱乐部少儿培训基地"

KINDS: dict[str, dict[str, Any]] = {
    "pairings": {"event": "MEN"},
    "pairings-large": {"event": "MEN", "large": True},
    "index": {"event": "MEN"},
    "index-large": {"event": "MEN", "large": True},
    "slips": {"event": "MEN"},
    "standings": {"event": "MEN"},
    "standings-large": {"event": "MEN", "large": True},
    "crosstable": {"event": "MEN"},
    "teams": {},
    "pairs": {},
    "prizes": {},
    "certificates": {},
    "grades": {},
    "entries": {"event": "MEN"},
    "checkin": {"event": "MEN"},
    "ceremony": {},
    "cards": {"event": "MEN"},
    "mcmahon": {},
}


@pytest.fixture
def hard(go: dict[str, Any]) -> dict[str, Any]:
    men = next(e for e in go["events"] if e["code"] == "MEN")
    renames = {e["name"]: n for e, n in zip(men["entrants"], HARD_NAMES, strict=False)}
    renames[men["entrants"][0]["unit"]] = LONG_UNIT
    return _rename(go, renames)


def _atoms(doc: dict[str, Any]) -> set[str]:
    """What a line never breaks inside: every name, unit, team and member, every amount in
    capitals."""
    out: set[str] = set()
    for event in doc["events"]:
        for entrant in event["entrants"]:
            out.update(v for k in ("name", "unit") if (v := entrant.get(k)))
            out.update(m for m in entrant.get("members") or [] if isinstance(m, str))
    out.update(amount_in_capitals(Decimal(str(p["amount"]))) for p in doc["prizes"])
    return {a for a in out if len(a) >= 2}


def _allowed(atom: str) -> set[int]:
    """Where a piece too wide for its line may be cut: its seams, after a middle dot."""
    points, at = set(), 0
    for piece in seams(atom):
        at += len(piece)
        points.add(at)
    points.update(i + 1 for i, c in enumerate(atom) if c == "·")
    return points


def broken_atoms(pdf: Path, atoms: set[str]) -> list[tuple[str, str, str]]:
    """(atom, end of a line, start of the next) for every atom split between two lines
    anywhere but where it may be."""
    text = subprocess.run(
        ["pdftotext", str(pdf), "-"], capture_output=True, text=True, encoding="utf-8"
    ).stdout
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    found = []
    for first, second in zip(lines, lines[1:], strict=False):
        joined = first + second
        for atom in atoms:
            at = joined.find(atom)
            while at != -1:
                cut = len(first) - at
                if 0 < cut < len(atom) and cut not in _allowed(atom):
                    found.append((atom, first[-12:], second[:12]))
                at = joined.find(atom, at + 1)
    return found


@pytest.mark.parametrize("kind", list(KINDS))
def test_no_name_unit_team_or_amount_is_broken_across_lines(
    tmp_path: Path, hard: dict[str, Any], kind: str
) -> None:
    if kind == "mcmahon":
        with_mcmahon(hard)
    pdf = build_report(as_final(hard), kind.split("-")[0], tmp_path / f"{kind}.pdf", **KINDS[kind])
    assert broken_atoms(pdf, _atoms(hard)) == []


def test_an_accented_latin_word_is_one_token() -> None:
    """ "Alexander M | üller-Lüdenscheidt" was a break inside a word: the Latin token
    took ASCII letters only."""
    register_fonts()
    for name in ("Alexander Müller-Lüdenscheidt", "José María García-Pérez", "Zoë Brontë"):
        words = set(re.findall(r"[^\s-]+-?", name))
        for width in (90, 120, 150):
            lines = break_lines(name, width, TABLE_FONT, 14, words=True)
            for line in lines:
                assert set(re.findall(r"[^\s-]+-?", line)) <= words, (name, width, lines)


def test_a_unit_too_wide_for_its_line_is_cut_at_its_seams() -> None:
    register_fonts()
    lines = break_lines(LONG_UNIT, 100, TABLE_FONT, 9, words=True)
    assert "".join(lines) == LONG_UNIT
    assert lines[0] in ("浙江省杭州市上城区", "浙江省杭州市", "浙江省")
    assert "青少年活动中心" in lines or "围棋俱乐部" in lines, lines
    assert seams("南京智力运动学校男队") == ["南京智力运动学校", "男队"]
