"""Issue 26 §3: place phrases on the prize and ceremony documents of the demo finals.

- A tie inside a prize band keeps the band's title and says the shared place in
  parentheses: 第九至三十二名（并列第二十六名）, never 并列第九至三十二名.
- One numeral style per document: every 第…名 phrase of the prize sheet, the ceremony list,
  the certificates and the grade form is written alike (第九至十六名, never 第9-16名 beside
  第十九名).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from app.cli.main import main
from reports.chinese_numerals import number_in_chinese
from tests.finals import demo_copy
from tests.reports.conftest import pdf_pages

DEMOS = {"gomoku": ("shaoxing-gomoku-2022", 24), "go": ("hangzhou-go", 60)}
DOCUMENTS = {
    "prizes": ("prizes",),
    "ceremony": ("ceremony",),
    "certificates": ("certificates", "--type", "prize"),
    "grade certificates": ("certificates", "--type", "grade"),
    "grades": ("grades",),
}
CHINESE = "〇零一二三四五六七八九十百两"
PLACE = re.compile(rf"第([0-9]+|[{CHINESE}]+)(?:[-—–~至]([0-9]+|[{CHINESE}]+))?名")


def _finals(*argv: str) -> None:
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    assert code == 0, argv


@pytest.fixture(scope="module")
def demos(
    demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory
) -> dict[str, dict[str, Any]]:
    """Each demo final played to its end (a copy of the session's master): its export and the
    text of its documents."""
    root = tmp_path_factory.mktemp("place-phrases")
    out: dict[str, dict[str, Any]] = {}
    for name, (preset, players) in DEMOS.items():
        path = root / f"{name}.finals"
        demo_copy(demo_master(preset, players=players, seed=3, rounds=9), path)
        _finals("export", "--json", str(path), "-o", str(root / f"{name}.json"))
        texts, lines = {}, {}
        for doc, argv in DOCUMENTS.items():
            pdf = root / f"{name}-{doc.replace(' ', '-')}.pdf"
            try:
                main(["report", str(path), *argv, "-o", str(pdf)])
            except SystemExit:
                pass
            if pdf.exists():  # the Go demo has no grade tables: no grade documents
                texts[doc] = "".join(pdf_pages(pdf))
                lines[doc] = [
                    re.sub(r"\s+", "", line)
                    for page in PdfReader(str(pdf)).pages
                    for line in (page.extract_text() or "").splitlines()
                ]
        export = json.loads((root / f"{name}.json").read_text(encoding="utf-8"))
        out[name] = {"export": export, "texts": texts, "lines": lines}
    return out


def _bands(export: dict[str, Any]) -> dict[tuple[str, int], str]:
    """(prize table, place) → the title of the band of several places holding it."""
    bands = {}
    for event in export["events"]:
        for table in event.get("prize_tables", []):
            for p in table["places"]:
                if p["from"] < p["to"]:
                    for place in range(p["from"], p["to"] + 1):
                        bands[(table["name"], place)] = p["title"]
    return bands


def test_a_tie_inside_a_band_keeps_the_band_title_and_says_the_shared_place(demos) -> None:
    export = demos["go"]["export"]
    bands = _bands(export)
    tied = [p for p in export["prizes"] if p["shared"] and (p["table"], p["place"]) in bands]
    assert tied, "the Go demo has a tie inside the band 第九至三十二名"
    texts = demos["go"]["texts"]
    for prize in tied:
        band = bands[(prize["table"], prize["place"])]
        place = f"第{number_in_chinese(prize['place'])}名"
        assert prize["title"] == f"{band}（并列{place}）", prize
        assert f"{band}（并列{place}）" in texts["prizes"]
        assert f"{band}（并列{place}）" in texts["ceremony"]
        # the certificate names the place first: 荣获并列第二十六名（第九至三十二名）
        assert f"荣获并列{place}（{band}）" in texts["certificates"]
    for doc in ("prizes", "ceremony", "certificates"):
        assert not re.search(r"并列第[^名（）]*至", texts[doc]), doc


@pytest.mark.parametrize("demo", DEMOS)
def test_every_place_phrase_of_a_document_has_one_numeral_style(demos, demo: str) -> None:
    texts = demos[demo]["texts"]
    assert {"prizes", "ceremony", "certificates"} <= set(texts)
    for doc, text in texts.items():
        phrases = [m.group(0) for m in PLACE.finditer(text)]
        styles = {
            "arabic" if number.isdigit() else "chinese"
            for m in PLACE.finditer(text)
            for number in m.groups()
            if number
        }
        assert len(styles) <= 1, (doc, sorted(set(phrases)))


def test_a_gomoku_band_prints_in_chinese_numerals(demos) -> None:
    texts = demos["gomoku"]["texts"]
    for doc in ("prizes", "ceremony", "certificates"):
        assert "第九至十六名" in texts[doc] and "第9-16名" not in texts[doc], doc


def test_a_tied_place_on_the_prize_sheet_stays_on_one_line(demos) -> None:
    export = demos["go"]["export"]
    tied = {p["place"] for p in export["prizes"] if p["shared"]}
    assert tied
    lines = demos["go"]["lines"]["prizes"]
    for place in sorted(tied):
        assert any(line.startswith(f"{place}（并列）") for line in lines), (
            place,
            [line for line in lines if line.startswith(str(place))][:3],
        )
