"""The bundled fonts, registered with Qt so every machine shows the same Chinese text."""

from __future__ import annotations

from PySide6.QtGui import QFont, QFontDatabase
from PySide6.QtWidgets import QApplication

from app.resources import resource_path

TABLE_FONT_FILE = "wqy-microhei.ttc"
CERTIFICATE_FONT_FILE = "LXGWWenKai-Regular.ttf"

_families: dict[str, str] = {}


def register_fonts() -> dict[str, str]:
    """Add both bundled fonts to Qt's database; returns {file: family}."""
    if _families:
        return _families
    for filename in (TABLE_FONT_FILE, CERTIFICATE_FONT_FILE):
        path = resource_path("fonts", filename)
        if not path.is_file():
            continue
        font_id = QFontDatabase.addApplicationFont(str(path))
        families = QFontDatabase.applicationFontFamilies(font_id) if font_id >= 0 else []
        if families:
            _families[filename] = families[0]
    return _families


def table_family() -> str:
    return register_fonts().get(TABLE_FONT_FILE, "")


def apply_app_font(app: QApplication, point_size: int = 10) -> QFont:
    """Make the bundled table font the font of every widget."""
    family = table_family()
    font = QFont(family, point_size) if family else QFont()
    if family:
        font.setFamilies([family])
    font.setStyleStrategy(QFont.StyleStrategy.PreferAntialias)
    app.setFont(font)
    return font
