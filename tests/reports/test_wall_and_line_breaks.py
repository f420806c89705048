"""Issue 26 §3: wall, desk and ceremony layout.

- `--large` on a kind without a wall form is refused naming the kinds that have one; the
  standings have a wall form (names and numbers ≥ 14 pt, long Latin names too, the round
  and venue line readable).
- One line-breaking rule: no break inside a name, number, amount or set phrase, no line
  starting with a closing mark, no text across a cell rule.
- The chief arbiter signs the standings and the crosstable.
"""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader
from reportlab.platypus import SimpleDocTemplate

from app.cli.main import main
from reports import build_report
from reports.errors import ReportError
from reports.fonts import TABLE_FONT, register_fonts
from reports.line_breaking import NO_LINE_START, break_lines
from reports.pdf_common import Column, TableSpec, make_table
from tests.reports.conftest import as_final, pdf_text
from tests.reports.fixtures import COMPOUND_SURNAMES, GIVEN_MALE, SURNAMES, UNITS

LATIN = "Alexander Maximilian Schwarzenberg-Hohenlohe"


def _runs(path: Path) -> list[tuple[str, float]]:
    """Every text run of the document above the footer, with its effective font size."""
    runs: list[tuple[str, float]] = []
    for page in PdfReader(str(path)).pages:

        def visit(text: str, cm: Any, tm: Any, font: Any, size: float) -> None:
            if text.strip() and float(tm[5]) * float(cm[3]) + float(cm[5]) > 50:
                runs.append((text.strip(), float(size) * abs(float(tm[0]))))

        page.extract_text(visitor_text=visit)
    return runs


def _lines(path: Path) -> list[str]:
    """The document's printed lines (pdftotext's reading order, layout kept)."""
    done = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, encoding="utf-8", check=True
    )
    return [" ".join(line.split()) for line in done.stdout.splitlines() if line.strip()]


def _men(doc: dict[str, Any]) -> dict[str, Any]:
    return next(e for e in doc["events"] if e["code"] == "MEN")


# --------------------------------------------------------------------------- --large


@pytest.mark.parametrize("kind", ["slips", "crosstable", "prizes", "checkin"])
def test_large_on_a_kind_without_a_wall_form_is_refused(
    tmp_path: Path, go: dict[str, Any], kind: str
) -> None:
    out = tmp_path / f"{kind}.pdf"
    with pytest.raises(ReportError) as caught:
        build_report(as_final(go), kind, out, event="MEN", large=True)
    message = str(caught.value)
    assert "--large" in message
    assert all(k in message for k in ("pairings", "index", "standings"))
    assert not out.exists()


def test_large_for_a_workbook_is_refused(tmp_path: Path, go: dict[str, Any]) -> None:
    with pytest.raises(ReportError, match="只能输出 PDF"):
        build_report(as_final(go), "standings", tmp_path / "s.xlsx", event="MEN", large=True)


def test_cli_refuses_large_slips(built_demo: Callable[..., Path], tmp_path: Path, capsys) -> None:
    final = tmp_path / "go.finals"
    built_demo(final, "hangzhou-go", players=20, seed=3, rounds=1)
    out = tmp_path / "slips.pdf"
    code = main(["report", str(final), "slips", "--event", "MEN", "--large", "-o", str(out)])
    assert code != 0
    assert "standings" in capsys.readouterr().err
    assert not out.exists()


def test_wall_standings_are_large_also_for_long_latin_names(
    tmp_path: Path, go: dict[str, Any]
) -> None:
    event = _men(go)
    event["entrants"][5]["name"] = LATIN
    out = build_report(as_final(go), "standings", tmp_path / "wall.pdf", event="MEN", large=True)
    box = PdfReader(str(out)).pages[0].mediabox
    assert float(box.width) > float(box.height)  # A4 landscape
    names = {e["name"] for e in event["entrants"]}
    text = pdf_text(out)
    assert all(name.replace(" ", "") in text for name in names)
    runs = _runs(out)
    small = [(t, s) for t, s in runs if s < 14 and any(t in n for n in names)]
    assert not small
    # the Latin name wraps between its words, each at 14 pt or more
    for word in LATIN.split():
        assert any(t.strip() == word or word in t.split() for t, s in runs if s >= 14), word
    # the places and the points are as large as the names
    numbers = [s for t, s in runs if t.rstrip("=").isdigit()]
    assert numbers and min(numbers) >= 14
    # the round and the venue line are readable too
    assert all(s >= 14 for t, s in runs if "地点" in t or "第9轮后" in t)
    assert "裁判长" in text


# --------------------------------------------------------------------------- signature


@pytest.mark.parametrize("kind", ["standings", "crosstable"])
def test_standings_and_crosstable_have_the_chief_arbiters_signature(
    tmp_path: Path, go: dict[str, Any], kind: str
) -> None:
    out = build_report(as_final(go), kind, tmp_path / f"{kind}.pdf", event="MEN")
    last = PdfReader(str(out)).pages[-1].extract_text()
    assert "裁判长（签字）" in last
    assert "日期" in last.split("裁判长（签字）")[-1]


# --------------------------------------------------------------------------- line breaks

CLOSING = "）；，。"
names = st.builds(
    lambda surname, given: surname + given,
    st.sampled_from(SURNAMES) | st.sampled_from(COMPOUND_SURNAMES),
    st.text(GIVEN_MALE, min_size=1, max_size=2),
)
places = st.builds(
    lambda a, b: f"第{a}至{b}名",
    st.sampled_from(["四", "九", "十七", "二十一"]),
    st.sampled_from(["六", "十六", "三十二", "一百零八"]),
)
amounts = st.integers(1, 99999).map(lambda n: f"{n:,}.00元")


@settings(max_examples=300, deadline=None)
@given(
    parts=st.lists(
        st.tuples(names, st.sampled_from(UNITS), places, amounts, st.sampled_from(CLOSING)),
        min_size=1,
        max_size=4,
    ),
    width=st.floats(60, 400),
    size=st.sampled_from([7.5, 9.0, 12.0, 16.0]),
)
def test_one_rule_never_breaks_a_name_number_or_phrase(
    parts: list[tuple[str, str, str, str, str]], width: float, size: float
) -> None:
    register_fonts()
    from reportlab.pdfbase.pdfmetrics import stringWidth

    text = "".join(f"{n}（{u}）{p}奖金{a}{c}" for n, u, p, a, c in parts)
    keep = [n for n, *_ in parts]
    lines = break_lines(text, width, TABLE_FONT, size, keep=keep)
    assert "".join(lines) == text
    for line in lines[1:]:
        assert line[0] not in NO_LINE_START, lines
    for line in lines:  # nothing wider than the box but a piece no line can hold
        if stringWidth(line, TABLE_FONT, size) > width + 0.01:
            assert len(line) <= 2 or line in UNITS or any(u in line for u in UNITS), line
    for name, _, place, amount, _ in parts:
        for whole in (name, place, amount):
            if stringWidth(whole + "）", TABLE_FONT, size) <= width:
                assert any(whole in line for line in lines), (whole, lines)


@settings(max_examples=150, deadline=None)
@given(members=st.lists(names, min_size=2, max_size=6), width=st.floats(40, 160))
def test_a_cell_of_names_breaks_between_whole_names(members: list[str], width: float) -> None:
    register_fonts()
    from reportlab.pdfbase.pdfmetrics import stringWidth

    text = "、".join(members)
    lines = break_lines(text, width, TABLE_FONT, 9, words=True)
    assert "".join(lines) == text
    for name in members:
        if stringWidth(name + "、", TABLE_FONT, 9) <= width:
            assert any(name in line.split("、") for line in lines), (name, lines)
    assert all(line[0] not in NO_LINE_START for line in lines)


def test_a_latin_name_breaks_between_its_words() -> None:
    register_fonts()
    lines = break_lines(LATIN, 130, TABLE_FONT, 14, words=True)
    assert len(lines) > 1
    assert " ".join(lines).replace("- ", "-") == LATIN
    assert all(line.endswith("-") or LATIN[len(line)] == " " for line in lines[:1])


def _cell_words(path: Path) -> list[tuple[str, float, float]]:
    """(text, left, right) of every word pdftotext finds, in points."""
    done = subprocess.run(
        ["pdftotext", "-bbox", str(path), "-"], capture_output=True, encoding="utf-8", check=True
    )
    body = done.stdout[done.stdout.index("<body>") : done.stdout.rindex("</body>") + 7]
    tree = ElementTree.fromstring(body.replace("&nbsp;", " "))
    return [
        (w.text or "", float(w.get("xMin", 0)), float(w.get("xMax", 0)))
        for w in tree.iter("{http://www.w3.org/1999/xhtml}word")
    ] + [
        (w.text or "", float(w.get("xMin", 0)), float(w.get("xMax", 0))) for w in tree.iter("word")
    ]


@pytest.mark.parametrize(
    "text",
    [
        "公开组（女子）",
        "姚洋昊、司马旭、欧阳怡",
        "第九至三十二名（并列第九名）",
        "诸葛阳文（13分/第3名）、范浩",
    ],
)
def test_no_text_runs_across_a_cell_rule(tmp_path: Path, text: str) -> None:
    """A wrapped cell stays inside its column: every printed word ends left of the rule,
    and no line of it starts with a closing mark or splits a name."""
    out = tmp_path / "cell.pdf"
    register_fonts()
    width = 58.0
    spec = TableSpec([Column("组别", width, "left"), Column("x", 40)])
    doc = SimpleDocTemplate(str(out), leftMargin=100, rightMargin=100)
    table = make_table(spec, [[text, "1"]])
    table.hAlign = "LEFT"
    doc.build([table])
    left = 106.0  # the margin and the frame's padding
    words = [w for w in _cell_words(out) if w[1] < left + width and w[0] not in ("组别",)]
    assert words
    assert all(right <= left + width + 0.5 for _, _, right in words), words
    lines = [w[0] for w in words]
    assert "".join(lines) == text
    assert all(line[0] not in CLOSING for line in lines[1:]), lines
    for whole in ("姚洋昊", "司马旭", "欧阳怡", "第九至三十二名", "诸葛阳文"):
        if whole in text:
            assert any(whole in line for line in lines), lines
