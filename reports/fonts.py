"""Bundled fonts: WenQuanYi Micro Hei for tables, LXGW WenKai for certificates.

Both are TrueType outlines that reportlab subsets and embeds, so every PDF looks the
same on every machine; nothing depends on fonts installed on the system.  The folder is
`resources/fonts`, found by `app.resources` (a checkout, an installed wheel, a PyInstaller
bundle).
"""

from __future__ import annotations

from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from app.resources import resource_path
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
    return resource_path("fonts")


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
