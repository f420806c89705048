"""Issue 14, case 10: certificates' typography, on both presets' certificates (pypdf).

- No line break inside a set phrase (以资鼓励, 特发此证, 比赛, 荣获 …), a name, a group
  (男子个人（男女混合）) or a place (并列第十九名); no line starts with a closing mark.
- The name is clearly dominant: larger than everything on the page but the title.
- The dashed seal circle and （盖章处） are a setting (certificate.seal), off by default.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from app.settings import apply_tournament_changes
from reports import build_report
from reports.certificates import KEEP_TOGETHER, break_lines
from reports.fonts import CERTIFICATE_FONT, register_fonts
from tests.reports.conftest import as_final

CLOSING = "，。、：；）」”！？"


def _lines(path: Path) -> list[list[str]]:
    return [
        [line.strip() for line in (p.extract_text() or "").split("\n") if line.strip()]
        for p in PdfReader(str(path)).pages
    ]


def _phrases(doc: dict[str, Any]) -> set[str]:
    """The set phrases, and every name and group a certificate of this final can print."""
    words = {*KEEP_TOGETHER, "以资鼓励", "特发此证", "比赛", "荣获"}
    for event in doc["events"]:
        words.add(event["name"])
        words.update(str(e["name"]) for e in event["entrants"] if len(str(e["name"])) <= 6)
        for entrant in event["entrants"]:
            words.update(str(m) for m in entrant.get("members") or [])
    return {w for w in words if len(w) > 1}


def _assert_unbroken(pages: list[list[str]], phrases: set[str]) -> None:
    for lines in pages:
        for upper, lower in zip(lines, lines[1:], strict=False):
            assert lower[0] not in CLOSING, (upper, lower)
            joint = upper[-6:] + "|" + lower[:6]
            for phrase in phrases:
                for k in range(1, len(phrase)):
                    assert f"{phrase[:k]}|{phrase[k:]}" not in joint, (phrase, upper, lower)


@pytest.mark.parametrize("preset", ["go", "gomoku"])
@pytest.mark.parametrize("cert_type", ["prize", "participation", "grade"])
def test_no_line_break_inside_a_set_phrase_or_a_name(
    request: pytest.FixtureRequest, tmp_path: Path, preset: str, cert_type: str
) -> None:
    doc = request.getfixturevalue(preset)
    if cert_type == "grade":
        assert doc.get("grades"), "both finals have a grade table"
    out = build_report(as_final(doc), "certificates", tmp_path / "c.pdf", cert_type=cert_type)
    pages = _lines(out)
    assert pages
    _assert_unbroken(pages, _phrases(doc))


def test_the_issue_example_keeps_its_phrases() -> None:
    register_fonts()
    text = (
        "在“商旅杯”杭州国际城市围棋赛总决赛男子个人（男女混合）比赛中荣获第一名（冠军），"
        "特发此证，以资鼓励。"
    )
    for width in range(300, 700, 7):
        lines = break_lines(
            text,
            width,
            CERTIFICATE_FONT,
            24,
            first_indent=48,
            keep=("男子个人（男女混合）", "第一名", "（冠军）"),
        )
        assert "".join(lines) == text
        joints = [a[-5:] + "|" + b[:5] for a, b in zip(lines, lines[1:], strict=False)]
        for phrase in (
            "以资鼓励",
            "特发此证",
            "比赛",
            "男子个人（男女混合）",
            "第一名",
            "（冠军）",
        ):
            for k in range(1, len(phrase)):
                assert not any(f"{phrase[:k]}|{phrase[k:]}" in j for j in joints), (width, lines)
        assert not any(line[0] in CLOSING for line in lines[1:])


def _sizes(path: Path) -> list[dict[str, float]]:
    """Per page: text → its printed size (the largest if it appears twice)."""
    pages = []
    for page in PdfReader(str(path)).pages:
        sizes: dict[str, float] = {}

        def visit(
            text: str, cm: Any, tm: Any, font: Any, size: float, sizes: dict[str, float] = sizes
        ) -> None:
            text = text.strip()
            if text:
                scale = (tm[0] ** 2 + tm[1] ** 2) ** 0.5 * (cm[0] ** 2 + cm[1] ** 2) ** 0.5
                sizes[text] = max(sizes.get(text, 0.0), size * scale)

        page.extract_text(visitor_text=visit)
        pages.append(sizes)
    return pages


@pytest.mark.parametrize("preset", ["go", "gomoku"])
def test_the_name_is_larger_than_everything_but_the_title(
    request: pytest.FixtureRequest, tmp_path: Path, preset: str
) -> None:
    doc = request.getfixturevalue(preset)
    out = build_report(as_final(doc), "certificates", tmp_path / "c.pdf")
    for sizes in _sizes(out)[:12]:
        title = next(s for t, s in sizes.items() if "证" in t and "书" in t and len(t) <= 12)
        name = next(s for t, s in sizes.items() if t.endswith("：") and not t.startswith("编号"))
        others = [s for t, s in sizes.items() if s not in (title, name)]
        assert name < title
        assert name >= 1.3 * max(others), sizes


def test_the_seal_area_is_a_setting_off_by_default(go: dict, tmp_path: Path) -> None:
    plain = build_report(as_final(go), "certificates", tmp_path / "a.pdf")
    assert not any("盖章处" in line for page in _lines(plain) for line in page)
    go["tournament"]["certificate"]["seal"] = True
    sealed = build_report(as_final(go), "certificates", tmp_path / "b.pdf")
    assert all(any("（盖章处）" in line for line in page) for page in _lines(sealed))


def test_the_seal_setting_is_declared() -> None:
    _, settings = apply_tournament_changes({}, {}, {"certificate.seal": True})
    assert settings["certificate"]["seal"] is True
    with pytest.raises(Exception, match="certificate.seal"):
        apply_tournament_changes({}, {}, {"certificate.seal": "maybe"})


def test_justified_lines_leave_no_letter_spacing_behind(go: dict, tmp_path: Path) -> None:
    """The issuer and the date are set solid: a body line's spacing (Tc) never leaks on."""
    import re

    out = build_report(as_final(go), "certificates", tmp_path / "c.pdf")
    for page in PdfReader(str(out)).pages[:6]:
        stream = page.get_contents().get_data().decode("latin-1")
        spacings = re.findall(r"([-\d.]+) Tc", stream)
        assert spacings, "the body lines are justified"
        assert float(spacings[-1]) == 0
