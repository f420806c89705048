"""Per-user preferences kept in QSettings: operator name, language, recent files, output folder,
the last printer."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths

ORGANISATION = "FinalsManager"
APPLICATION = "FinalsManager"
MAX_RECENT = 8


PREFERENCES_FILE = "preferences.ini"


def settings() -> QSettings:
    """An INI file in the user's profile on every system; in the data folder FINALS_DATA_DIR
    names when it is set (a portable install on a USB stick; every test has its own)."""
    configured = os.environ.get("FINALS_DATA_DIR")
    if configured:
        return QSettings(str(Path(configured) / PREFERENCES_FILE), QSettings.Format.IniFormat)
    return QSettings(
        QSettings.Format.IniFormat, QSettings.Scope.UserScope, ORGANISATION, APPLICATION
    )


def operator() -> str:
    return str(settings().value("operator", "") or "")


def set_operator(name: str) -> None:
    settings().setValue("operator", name.strip())


def server_url() -> str:
    """The last server address connected to (File → Connect to a server)."""
    return str(settings().value("server_url", "") or "")


def set_server_url(url: str) -> None:
    settings().setValue("server_url", url.strip())


def language() -> str:
    """ "zh_CN" (the default) or "en"."""
    value = str(settings().value("language", "zh_CN") or "zh_CN")
    return value if value in ("zh_CN", "en") else "zh_CN"


def set_language(code: str) -> None:
    settings().setValue("language", code)


def recent_files() -> list[str]:
    value = settings().value("recent_files", [])
    if isinstance(value, str):
        return [value] if value else []
    return [str(v) for v in value if v] if isinstance(value, list | tuple) else []


def add_recent_file(path: Path | str) -> None:
    text = str(Path(path).resolve())
    files = [f for f in recent_files() if f != text]
    settings().setValue("recent_files", [text, *files][:MAX_RECENT])


def output_dir() -> Path:
    """Where printed PDFs and Excel files go (a folder under the user's documents)."""
    saved = str(settings().value("output_dir", "") or "")
    if saved:
        return Path(saved)
    docs = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    base = Path(docs) if docs else Path.home()
    return base / "FinalsManager"


def set_output_dir(path: Path | str) -> None:
    settings().setValue("output_dir", str(path))


def printer_name() -> str:
    """The printer the last document was printed on ("" before the first print)."""
    return str(settings().value("printer", "") or "")


def set_printer_name(name: str) -> None:
    if name.strip():
        settings().setValue("printer", name.strip())
