"""Which characters the bundled fonts can print (issue 26 §1).

The documents print in WenQuanYi Micro Hei (tables) and LXGW WenKai (certificates); a
character neither has (a rare hanzi of CJK Ext-A or Ext-B: 㛃, 𠮷, …) is drawn from two
fallback fonts, subsets of Hanazono (`resources/fonts/FinalsHanA.ttf.xz`, `FinalsHanB…`,
made by scripts/make_han_fonts.py) — on a certificate from two Kai ones first, subsets of
TW-Kai (`FinalsKaiA.ttf.xz`, `FinalsKaiB…`), so 李𪚥 is one Kai name, not a Song 𪚥 in it.  What is in none of them cannot be printed: the import
warns (naming the row), the documents refuse to be written (naming the player).

The fonts are opened on first need (a fallback font only when a character needs it; the
`.xz` ones are decompressed in memory).  Reading a font's character map uses reportlab's
TrueType parser — the same object the documents then draw with (`reports.fonts`).
"""

from __future__ import annotations

import io
import lzma
import threading
import unicodedata
from pathlib import Path
from typing import Any

from app.resources import resource_path

TABLE_FONT = "WQYMicroHei"
CERTIFICATE_FONT = "LXGWWenKai"
HAN_A = "FinalsHanA"  # CJK Ext-A and the ideographs WenQuanYi lacks (from HanaMinA)
HAN_B = "FinalsHanB"  # CJK Ext-B (from HanaMinB)
KAI_A = "FinalsKaiA"  # the CJK Ext-A LXGW WenKai lacks, in Kai (from TW-Kai)
KAI_B = "FinalsKaiB"  # the CJK Ext-B LXGW WenKai lacks, in Kai (from TW-Kai Ext-B)

FILES: dict[str, tuple[str, int]] = {
    TABLE_FONT: ("wqy-microhei.ttc", 0),
    CERTIFICATE_FONT: ("LXGWWenKai-Regular.ttf", 0),
    HAN_A: ("FinalsHanA.ttf.xz", 0),
    HAN_B: ("FinalsHanB.ttf.xz", 0),
    KAI_A: ("FinalsKaiA.ttf.xz", 0),
    KAI_B: ("FinalsKaiB.ttf.xz", 0),
}
# The code points a fallback font is opened for (it holds nothing else).
_BLOCKS: dict[str, tuple[tuple[int, int], ...]] = {
    HAN_A: ((0x3400, 0x4DC0), (0x4E00, 0xA000), (0xF900, 0xFB00), (0x2F800, 0x2FA20)),
    HAN_B: ((0x20000, 0x2A6E0),),
    KAI_A: ((0x3400, 0x4DC0),),
    KAI_B: ((0x20000, 0x2A6E0),),
}
# Each main font, then the other, then the fallbacks: the first that has a character draws it.
# A certificate's rare hanzi are drawn in Kai, like the line around them (before the tables'
# Hei and the Song of Hanazono, which stay for what TW-Kai lacks).
CHAINS: dict[str, tuple[str, ...]] = {
    TABLE_FONT: (TABLE_FONT, CERTIFICATE_FONT, HAN_A, HAN_B),
    CERTIFICATE_FONT: (CERTIFICATE_FONT, KAI_A, KAI_B, TABLE_FONT, HAN_A, HAN_B),
}
# Never printed and never refused: spaces, line breaks, control and format characters.
_SILENT = {"Cc", "Cf", "Zs", "Zl", "Zp"}

_fonts: dict[str, Any] = {}
_lock = threading.RLock()


class FontMissing(Exception):
    """A bundled font file is not where the program put it (a broken installation)."""


def fonts_dir() -> Path:
    """The folder holding the bundled font files and their licences (`app.resources` finds
    it in a checkout, an installed wheel or a PyInstaller bundle)."""
    return resource_path("fonts")


def font(name: str) -> Any:
    """The bundled TrueType font `name` (a reportlab `TTFont`), opened on first use."""
    with _lock:
        found = _fonts.get(name)
        if found is not None:
            return found
        from reportlab.pdfbase.ttfonts import TTFont

        filename, index = FILES[name]
        path = fonts_dir() / filename
        if not path.is_file():
            raise FontMissing(f"找不到字体文件：{path}。请重新安装本程序。")
        source: Any = str(path)
        if filename.endswith(".xz"):
            source = io.BytesIO(lzma.decompress(path.read_bytes()))
            source.name = filename
        found = TTFont(f"{name}-face", source, subfontIndex=index)
        found.shapable = False
        _fonts[name] = found
        return found


def _may_have(name: str, code: int) -> bool:
    blocks = _BLOCKS.get(name)
    return blocks is None or any(start <= code < end for start, end in blocks)


def font_index(chain: tuple[str, ...], code: int) -> int | None:
    """The index in `chain` of the first font that has `code` (None: no bundled font)."""
    for index, name in enumerate(chain):
        if _may_have(name, code) and font(name).face.charToGlyph.get(code):
            return index
    return None


def is_silent(ch: str) -> bool:
    """A space, line break, control or format character: nothing to draw."""
    return unicodedata.category(ch) in _SILENT


def code_point(ch: str) -> str:
    return f"U+{ord(ch):04X}"


def unprintable(text: str | None, font_name: str = TABLE_FONT) -> list[str]:
    """The characters of `text` (in order, once each) that no bundled font can draw."""
    chain = CHAINS.get(font_name, (font_name,))
    out: dict[str, None] = {}
    for ch in text or "":
        if ch not in out and not is_silent(ch) and font_index(chain, ord(ch)) is None:
            out[ch] = None
    return list(out)


def describe(characters: list[str]) -> str:
    """“😀”（U+1F600）、…"""
    return "、".join(f"“{ch}”（{code_point(ch)}）" for ch in characters)
