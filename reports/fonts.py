"""Bundled fonts: WenQuanYi Micro Hei for tables, LXGW WenKai for certificates, and two
fallback fonts for rare hanzi (CJK Ext-A and Ext-B, subsets of Hanazono).

All are TrueType outlines that reportlab subsets and embeds, so every PDF looks the same on
every machine; nothing depends on fonts installed on the system.  The folder is
`resources/fonts`, found by `app.resources` (a checkout, an installed wheel, a PyInstaller
bundle); which font has which character is `app.printable`'s.

Per-character fallback: the names `TABLE_FONT` and `CERTIFICATE_FONT` are registered with
reportlab as a `FallbackFont`, which draws each character in the first font of its chain
that has it (the main font, the other main font, Han A, Han B) and measures it in that
font too.  Every `drawString`, table cell and paragraph of every document goes through it,
so 王㛃 and 𠮷田 print whole in any document.  A character in no bundled font is refused
(`UnprintableText`), never printed as a gap; `check_names` finds such characters in the
names of a final before a document is begun.

reportlab's ToUnicode map wrote a code point above U+FFFF as five hex digits, so 𠮷 was
copied out of a PDF as "₻"; `_to_unicode_cmap` writes the UTF-16 surrogate pair the PDF
format asks for (patched into reportlab below).
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reportlab.pdfbase import pdfmetrics, ttfonts
from reportlab.pdfbase.ttfonts import TTFont

from app import printable
from app.domain import EventKind
from app.printable import CERTIFICATE_FONT, TABLE_FONT, code_point, describe
from reports.errors import ReportError

if TYPE_CHECKING:
    from app.readmodel.model import Final

__all__ = [
    "CERTIFICATE_FONT",
    "TABLE_FONT",
    "FallbackFont",
    "UnprintableText",
    "check_names",
    "code_point",
    "fonts_dir",
    "missing_glyphs",
    "register_fonts",
    "unprintable",
]

_registered: set[str] = set()
_lock = threading.RLock()


class UnprintableText(ReportError):
    """Text with a character that no bundled font has: the document is not written."""

    def __init__(self, text: str, characters: Iterable[str], who: str | None = None) -> None:
        self.text = text
        self.characters = list(dict.fromkeys(characters))
        subject = who or f"“{text}”"
        super().__init__(
            f"{subject}中的字 {describe(self.characters)} 不在本程序所带的任何字体中，"
            "打印出来会缺字，文件没有生成。请核对此字（可改用规范字），或把它报给软件维护者。"
        )


def fonts_dir() -> Path:
    """The folder holding the bundled font files and their licences."""
    return printable.fonts_dir()


def _face(name: str) -> TTFont:
    try:
        return printable.font(name)
    except printable.FontMissing as exc:
        raise ReportError(str(exc)) from exc


def unprintable(text: str | None, font_name: str = TABLE_FONT) -> list[str]:
    """The characters of `text` (in order, once each) that no bundled font can draw."""
    try:
        return printable.unprintable(text, font_name)
    except printable.FontMissing as exc:
        raise ReportError(str(exc)) from exc


def missing_glyphs(text: str, font_name: str = TABLE_FONT) -> set[str]:
    """Characters of `text` that `font_name` with its fallbacks cannot draw."""
    return set(unprintable(text, font_name))


def check_names(final: Final) -> None:
    """Refuse a final with a name (player, member, team, unit) no bundled font can print
    whole: `UnprintableText` names the player, the character and its code point."""
    for event in final.events:
        for entrant in event.entrants:
            label = "队" if event.kind == EventKind.TEAM else "选手"
            where = f"{event.name}序号{entrant.seed}"
            for text, who in (
                (entrant.name, f"{label}“{entrant.name}”（{where}）的名字"),
                *(
                    (member, f"“{entrant.name}”（{where}）的成员“{member}”")
                    for member in entrant.members
                ),
                (entrant.unit, f"{label}“{entrant.name}”（{where}）的单位“{entrant.unit}”"),
            ):
                missing = unprintable(text)
                if missing:
                    raise UnprintableText(text or "", missing, who)


class FallbackFont(TTFont):  # type: ignore[misc]
    """A font name whose characters are each drawn in the first font of a chain that has
    them.  It keeps the first font's face (ascent, descent, name) for the layout."""

    _STRIDE = 1_000_000  # subset id = font index × stride + that font's own subset

    def __init__(self, name: str, chain: tuple[str, ...]) -> None:
        primary = _face(chain[0])
        self.fontName = name
        self.face = primary.face
        self.encoding = primary.encoding
        self.state: weakref.WeakKeyDictionary[Any, Any] = weakref.WeakKeyDictionary()
        self._asciiReadable = primary._asciiReadable
        self.shapable = False
        self.chain = chain

    def _runs(self, text: str) -> list[tuple[int, str]]:
        """`text` cut into runs of one font each: (index in the chain, run)."""
        runs: list[tuple[int, str]] = []
        missing: list[str] = []
        for ch in text:
            code = ord(ch)
            index = 0 if self.face.charToGlyph.get(code) else None
            if index is None:
                index = printable.font_index(self.chain, code)
                if index is None:
                    if not printable.is_silent(ch):
                        missing.append(ch)
                    index = 0
            if runs and runs[-1][0] == index:
                runs[-1] = (index, runs[-1][1] + ch)
            else:
                runs.append((index, ch))
        if missing:
            raise UnprintableText(text, missing)
        return runs

    def stringWidth(self, text: str, size: float, encoding: str = "utf8") -> float:  # noqa: N802
        if isinstance(text, bytes):
            text = text.decode(encoding or "utf8")
        return float(
            sum(_face(self.chain[i]).stringWidth(run, size) for i, run in self._runs(text))
        )

    def splitString(self, text: str, doc: Any, encoding: str = "utf-8") -> list[Any]:  # noqa: N802
        if isinstance(text, bytes):
            text = text.decode(encoding)
        out = []
        for index, run in self._runs(text):
            for subset, chunk in _face(self.chain[index]).splitString(run, doc):
                out.append((index * self._STRIDE + subset, chunk))
        return out

    def getSubsetInternalName(self, subset: int, doc: Any) -> str:  # noqa: N802
        index, own = divmod(subset, self._STRIDE)
        return str(_face(self.chain[index]).getSubsetInternalName(own, doc))

    def addObjects(self, doc: Any) -> None:  # noqa: N802
        """Nothing: each real font adds its own subsets (it put itself on the document's
        list when a subset of it was first named)."""


def _to_unicode_cmap(fontname: str, subset: list[int]) -> str:
    """reportlab's ToUnicode CMap, with a code point above U+FFFF as its UTF-16 pair."""

    def utf16(code: int) -> str:
        if code <= 0xFFFF:
            return f"{code:04X}"
        code -= 0x10000
        return f"{0xD800 + (code >> 10):04X}{0xDC00 + (code & 0x3FF):04X}"

    cmap = [
        "/CIDInit /ProcSet findresource begin",
        "12 dict begin",
        "begincmap",
        "/CIDSystemInfo",
        f"<< /Registry ({fontname})",
        f"/Ordering ({fontname})",
        "/Supplement 0",
        ">> def",
        f"/CMapName /{fontname} def",
        "/CMapType 2 def",
        "1 begincodespacerange",
        f"<00> <{len(subset) - 1:02X}>",
        "endcodespacerange",
        f"{len(subset)} beginbfchar",
        *(f"<{i:02X}> <{utf16(v)}>" for i, v in enumerate(subset)),
        "endbfchar",
        "endcmap",
        "CMapName currentdict /CMap defineresource pop",
        "end",
        "end",
    ]
    return "\n".join(cmap)


ttfonts.makeToUnicodeCMap = _to_unicode_cmap


def register_fonts() -> None:
    """Register the tables' and the certificates' fonts (with their fallbacks) with
    reportlab; calling it again does nothing."""
    with _lock:
        for name, chain in printable.CHAINS.items():
            if name in _registered:
                continue
            pdfmetrics.registerFont(FallbackFont(name, chain))
            _registered.add(name)
