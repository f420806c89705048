"""Translations: English source strings, Chinese (zh_CN) shipped and used by default."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from app.resources import resource_path

_installed: list[QTranslator] = []
_language = "zh_CN"


def english() -> bool:
    """Whether the window speaks English (the core's words are then shown in English too)."""
    return _language != "zh_CN"


def install(app: QCoreApplication, language: str) -> bool:
    """Install the translators for `language` ("zh_CN" or "en"); True when Chinese is on."""
    global _language
    _language = language
    for translator in _installed:
        app.removeTranslator(translator)
    _installed.clear()
    if language != "zh_CN":
        QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))
        return False
    QLocale.setDefault(QLocale(QLocale.Language.Chinese, QLocale.Country.China))
    ours = QTranslator(app)
    loaded = ours.load(str(resource_path("translations", "finals_zh_CN.qm")))
    if loaded:
        app.installTranslator(ours)
        _installed.append(ours)
    qt = QTranslator(app)
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if qt.load("qtbase_zh_CN", folder) or qt.load("qt_zh_CN", folder):
        app.installTranslator(qt)
        _installed.append(qt)
    return loaded
