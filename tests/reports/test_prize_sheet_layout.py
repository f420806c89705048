"""Issue 14, case 9: the prize sheet and the team standings read cleanly.

Names and numbers are never broken inside, names print at a readable size inside their
cell, a pair's name prints once, each team member signs in a cell of their own.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pypdf import PdfReader

from reports import build_report
from tests.reports.conftest import as_final


def _runs(path: Path) -> list[tuple[str, float]]:
    """Every text run of the PDF with its effective font size."""
    runs: list[tuple[str, float]] = []
    for page in PdfReader(str(path)).pages:

        def visit(text: str, cm: Any, tm: Any, font: Any, size: float) -> None:
            if text.strip():
                runs.append((text.strip(), float(size) * abs(float(tm[0]))))

        page.extract_text(visitor_text=visit)
    return runs


def _raw(path: Path) -> str:
    return "\n".join(page.extract_text() or "" for page in PdfReader(str(path)).pages)


def test_a_pair_prints_its_name_once(tmp_path: Path, go: dict[str, Any]) -> None:
    for prize in go["prizes"]:
        if prize["table"] == "男子双人":
            prize["name"] = "/".join(prize["members"])
    out = build_report(as_final(go), "prizes", tmp_path / "p.pdf", category="男子双人")
    text = re.sub(r"\s+", "", _raw(out))
    for prize in [p for p in go["prizes"] if p["table"] == "男子双人"]:
        assert prize["name"] in text
        assert f"（{'、'.join(prize['members'])}）" not in text


def test_a_long_prize_title_stays_on_one_line(tmp_path: Path, go: dict[str, Any]) -> None:
    for prize in go["prizes"]:
        if prize["table"] == "男子个人" and prize["place"] >= 9:
            prize["title"] = "第九至三十二名"
    out = build_report(as_final(go), "prizes", tmp_path / "p.pdf", category="男子个人")
    assert "第九至三十二名" in _raw(out)


def test_team_names_wrap_at_a_readable_size(tmp_path: Path, go: dict[str, Any]) -> None:
    out = build_report(as_final(go), "prizes", tmp_path / "p.pdf", category="男子团体")
    runs = _runs(out)
    for prize in [p for p in go["prizes"] if p["table"] == "男子团体"]:
        sizes = [size for text, size in runs if text and text in prize["name"]]
        assert sizes, prize["name"]
        assert min(sizes) >= 7.5, (prize["name"], sizes)


def test_each_team_member_signs_in_a_cell_of_their_own(tmp_path: Path, go: dict[str, Any]) -> None:
    out = build_report(as_final(go), "prizes", tmp_path / "p.pdf", category="男子团体")
    runs = [text for text, _ in _runs(out)]
    for prize in [p for p in go["prizes"] if p["table"] == "男子团体"]:
        for member in prize["members"]:
            # once with the team, once beside the member's signature
            assert sum(1 for text in runs if text == member) >= 1, member
            assert sum(member in text for text in runs) >= 2, member


def test_team_standings_never_break_inside_a_name_or_a_number(
    tmp_path: Path, go: dict[str, Any]
) -> None:
    team = next(e for e in go["events"] if e["kind"] == "team")
    members = [m for entrant in team["entrants"] for m in entrant.get("members") or []]
    source = next(e for e in go["events"] if e["code"] == "MEN")
    for entrant in source["entrants"]:
        if entrant["name"] == members[0]:
            entrant["name"] = "诸葛阳文"
    for entrant in team["entrants"]:
        entrant["members"] = ["诸葛阳文" if m == members[0] else m for m in entrant["members"]]
    out = build_report(as_final(go), "teams", tmp_path / "t.pdf", event=team["code"])
    raw = _raw(out)
    for member in {*members[1:], "诸葛阳文"}:
        assert member in raw, member
    # every "（n分/第m名）" is whole on its line
    assert not re.search(r"（\d*\n|\d\n分|（\d+分/\n|第\d*\n\d", raw)
