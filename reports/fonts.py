"""Bundled fonts: WenQuanYi Micro Hei for tables, LXGW WenKai for certificates.

Both are TrueType outlines that reportlab subsets and embeds, so every PDF looks the
same on every machine; nothing depends on fonts installed on the system.  The folder is
`resources/fonts` beside the packages, or inside a PyInstaller bundle (`sys._MEIPASS`).
"""

from __future__ import annotations

import sys
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from reports.errors import ReportError

TABLE_FONT = "WQYMicroHei"
CERTIFICATE_FONT = "LXGWWenKai"

_FILES: dict[str, tuple[str, int]] = {
    TABLE_FONT: ("wqy-microhei.ttc", 0),
    CERTIFICATE_FONT: ("LXGWWenKai-Regular.ttf", 0),
}

_registered: set[str] = set()


def fonts_dir() -> Path:
    """The folder holding the bundled font files and their licences."""
    candidates = []
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        candidates.append(Path(bundle) / "resources" / "fonts")
    candidates.append(Path(__file__).resolve().parent.parent / "resources" / "fonts")
    for folder in candidates:
        if (folder / _FILES[TABLE_FONT][0]).is_file():
            return folder
    return candidates[-1]


def register_fonts() -> None:
    """Register both fonts with reportlab; calling it again does nothing."""
    folder = fonts_dir()
    for name, (filename, index) in _FILES.items():
        if name in _registered:
            continue
        path = folder / filename
        if not path.is_file():
            raise ReportError(f"找不到字体文件：{path}。请重新安装本程序。")
        pdfmetrics.registerFont(TTFont(name, str(path), subfontIndex=index))
        _registered.add(name)


def missing_glyphs(text: str, font_name: str = TABLE_FONT) -> set[str]:
    """Characters of `text` the font cannot draw (they would print as empty boxes)."""
    register_fonts()
    font = pdfmetrics.getFont(font_name)
    cmap = font.face.charToGlyph
    return {ch for ch in text if not ch.isspace() and ord(ch) not in cmap}
