"""Every character of every name prints (issue 26 §1).

Names with a rare hanzi of CJK Ext-A (㛃 U+36C3) or Ext-B (𠮷 U+20BB7) printed as "王" or
"张" in every table document, and certificates copied out "张₻".  Each document is printed
with the original names and with generated rare ones of the same length (so the layout is
the same), and its text must read back as the original's with the names replaced.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from app.printable import unprintable
from reports import build_report
from reports.errors import ReportError
from tests.reports.conftest import _doc, as_final, pdf_pages, pdf_text

AT = datetime(2022, 10, 1, 9, 0)
# (kind, options): every document that prints a name, the wall lists and the certificates
DOCUMENTS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("pairings", {"event": "OPEN"}),
    ("pairings", {"event": "OPEN", "large": True}),
    ("index", {"event": "OPEN"}),
    ("index", {"event": "OPEN", "large": True}),
    ("slips", {"event": "OPEN"}),
    ("standings", {"event": "OPEN"}),
    ("crosstable", {"event": "OPEN"}),
    ("teams", {}),
    ("prizes", {}),
    ("grades", {}),
    ("ceremony", {}),
    ("entries", {}),
    ("checkin", {}),
    ("certificates", {"cert_type": "prize"}),
    ("certificates", {"cert_type": "grade"}),
)
RARE_SURNAMES = "亓禤鄢冼仝乜亍㑇㛃𠮷𨚕𡈼"
EXT_A = range(0x3400, 0x4DC0)
EXT_B = range(0x20000, 0x2A6E0)


def _pool(block: range, step: int) -> list[str]:
    chars = "".join(chr(c) for c in block[::step])
    missing = set(unprintable(chars))
    return [ch for ch in chars if ch not in missing]


POOL = _pool(EXT_A, 7) + _pool(EXT_B, 31) + list("㛃𠮷")


def _renamed_players(doc: dict[str, Any], count: int = 6) -> list[str]:
    """Names of OPEN's prize and grade winners that are no part of any other text (so a
    name can be swapped in the printed text without touching anything else)."""
    others = json.dumps(doc, ensure_ascii=False)
    chosen: list[str] = []
    names = [p["name"] for p in doc["prizes"] if p["event"] == "OPEN" and not p["members"]]
    names += [g["name"] for g in doc["grades"] if g["event"] == "OPEN"]
    for name in names:
        if name in chosen or "·" in name:
            continue
        if others.count(name) == others.count(f'"{name}"'):  # never inside another string
            chosen.append(name)
        if len(chosen) == count:
            break
    return chosen


def _rename(doc: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    text = json.dumps(doc, ensure_ascii=False)
    for old, new in names.items():
        text = text.replace(f'"{old}"', f'"{new}"')
    return dict(json.loads(text))


def _build(doc: dict[str, Any], kind: str, options: dict[str, Any], out: Path) -> list[str]:
    return pdf_pages(build_report(as_final(doc), kind, out, printed_at=AT, **options))


_BASE = _doc("gomoku")
_OLD = _renamed_players(_BASE)
_BASELINE: dict[int, list[str]] = {}


def _baseline(index: int, tmp: Path) -> list[str]:
    if index not in _BASELINE:
        kind, options = DOCUMENTS[index]
        _BASELINE[index] = _build(_BASE, kind, options, tmp / f"base-{index}.pdf")
    return _BASELINE[index]


@st.composite
def rare_names(draw: st.DrawFn) -> dict[str, str]:
    """A same-length name for each chosen player: a rare surname, then Ext-A/B characters."""
    out: dict[str, str] = {}
    for old in _OLD:
        surname = draw(st.sampled_from(RARE_SURNAMES))
        given_name = draw(
            st.lists(st.sampled_from(POOL), min_size=len(old) - 1, max_size=len(old) - 1)
        )
        new = surname + "".join(given_name)
        if new in out.values():
            new = new[:-1] + POOL[len(out)]
        out[old] = new
    return out


def test_the_chosen_players_are_in_every_document(tmp_path: Path) -> None:
    assert len(_OLD) >= 4
    for index, (kind, _options) in enumerate(DOCUMENTS):
        text = "".join(_baseline(index, tmp_path))
        assert any(name in text for name in _OLD), kind


@settings(
    max_examples=3,
    deadline=None,
    derandomize=True,
    phases=(Phase.explicit, Phase.generate),  # a failure is shown as drawn: no slow shrinking
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(names=rare_names())
def test_rare_names_print_whole_in_every_document(tmp_path: Path, names: dict[str, str]) -> None:
    doc = _rename(_BASE, names)
    for index, (kind, options) in enumerate(DOCUMENTS):
        expected = []
        for page in _baseline(index, tmp_path):
            for old, new in names.items():
                page = page.replace(old, new)
            expected.append(page)
        got = _build(doc, kind, options, tmp_path / f"{kind}-{index}.pdf")
        if kind == "index":  # by pinyin: a new name moves under another initial
            _same_rows(_baseline(index, tmp_path), got, names)
        else:
            assert got == expected, (kind, options)


def _same_rows(before: list[str], after: list[str], names: dict[str, str]) -> None:
    """Each renamed player's rows (name, then seed and table) are there, as many as before."""
    old_text, new_text = "".join(before), "".join(after)
    for old, new in names.items():
        rows = re.findall(re.escape(old) + r"(\d+)", old_text)
        assert rows, old
        assert re.findall(re.escape(new) + r"(\d+)", new_text) == rows, (old, new)


def test_a_name_with_ext_b_extracts_as_its_code_point(tmp_path: Path) -> None:
    """𠮷 is U+20BB7 in the PDF's text, for pypdf and for poppler's pdftotext alike, in a
    table (a character the table font lacks) and on a certificate."""
    old = _OLD[0]
    new = "𠮷" + "㛃" * (len(old) - 1)
    doc = _rename(_BASE, {old: new})
    for kind, options in (("standings", {"event": "OPEN"}), ("certificates", {})):
        out = build_report(as_final(doc), kind, tmp_path / f"{kind}.pdf", printed_at=AT, **options)
        assert new in pdf_text(out)
        assert "\u20bb" not in pdf_text(out)
        if shutil.which("pdftotext"):
            text = subprocess.run(
                ["pdftotext", "-enc", "UTF-8", str(out), "-"], capture_output=True, check=True
            ).stdout.decode("utf-8")
            assert new in text and "\U00020bb7" in text


def test_a_name_with_a_character_in_no_font_is_refused_naming_it(tmp_path: Path) -> None:
    old = _OLD[0]
    seed = next(
        e["seed"]
        for ev in _BASE["events"]
        if ev["code"] == "OPEN"
        for e in ev["entrants"]
        if e["name"] == old
    )
    new = "张\U00030000" + "三" * (len(old) - 2)  # Ext-G: in no bundled font
    assert unprintable(new) == ["\U00030000"]
    doc = _rename(_BASE, {old: new})
    for kind, options in DOCUMENTS:
        out = tmp_path / f"{kind}.pdf"
        with pytest.raises(ReportError) as caught:
            build_report(as_final(doc), kind, out, printed_at=AT, **options)
        message = str(caught.value)
        assert new in message and "U+30000" in message and f"序号{seed}" in message, message
        assert not out.exists() and not list(tmp_path.glob(".*partial*"))
