"""A certificate's rare hanzi are drawn in Kai, like the line around them (issue 39 §4):
李𪚥 printed 𪚥 from the Song (Mincho) face of Hanazono inside an LXGW WenKai line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pypdf import PdfReader

from app.printable import CERTIFICATE_FONT, CHAINS, KAI_A, KAI_B, font_index
from reports import build_report
from tests.reports.conftest import as_final, pdf_pages
from tests.reports.test_excel_injection import _rename

RARE = {"𪚥": KAI_B, "𡈼": KAI_B, "䲜": KAI_A, "𠮷": None, "㛃": None}  # None: LXGW WenKai has it


def _fonts(path: Path) -> set[str]:
    names = set()
    for page in PdfReader(str(path)).pages:
        for font in page["/Resources"]["/Font"].values():
            names.add(str(font.get_object()["/BaseFont"]).split("+")[-1])
    return names


def test_every_rare_hanzi_of_a_certificate_is_drawn_in_kai() -> None:
    chain = CHAINS[CERTIFICATE_FONT]
    for char, face in RARE.items():
        at = font_index(chain, ord(char))
        assert at is not None
        assert chain[at] == (face or CERTIFICATE_FONT), char


def test_a_certificate_of_li_zhe_uses_no_song_face(tmp_path: Path, go: dict[str, Any]) -> None:
    winner = next(p for p in go["prizes"] if p["event"] == "MEN" and p["place"] == 1)
    final = as_final(_rename(go, {winner["name"]: "李𪚥"}))
    out = build_report(final, "certificates", tmp_path / "c.pdf", event="MEN")
    page = next(p for p in pdf_pages(out) if "李𪚥" in p)
    assert "李𪚥" in page
    fonts = _fonts(out)
    assert any("FinalsKaiB" in f for f in fonts), fonts
    assert not any("FinalsHan" in f or "WenQuanYi" in f for f in fonts), fonts
