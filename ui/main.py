"""`finals gui [FILE] [--view ...] [--screenshot OUT.png]`: start the window."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from app.resources import resource_path

if TYPE_CHECKING:  # Qt is imported late: `finals` without the window never loads it
    from PySide6.QtWidgets import QApplication

    from ui.main_window import MainWindow


def _needs_offscreen() -> bool:
    if sys.platform.startswith(("win", "darwin")):
        return False
    return not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def make_app(offscreen: bool = False) -> QApplication:
    if offscreen and not os.environ.get("QT_QPA_PLATFORM"):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtWidgets import QApplication

    from ui import i18n, prefs
    from ui.fonts import apply_app_font

    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(sys.argv[:1])
    app.setOrganizationName(prefs.ORGANISATION)
    app.setApplicationName(prefs.APPLICATION)
    apply_app_font(app)
    icon = resource_path("icons", "finals.png")
    if icon.exists():
        from PySide6.QtGui import QIcon

        app.setWindowIcon(QIcon(str(icon)))
    i18n.install(app, prefs.language())
    return app


def build_window(path: Path | str | None, view: str | None = None) -> MainWindow:
    from ui.main_window import MainWindow

    window = MainWindow()
    if path is not None:
        window.open_file(path)
        if window.ctx.db is not None:
            window.show_view(view or "players")
    return window


def save_screenshot(window: MainWindow, out: str | Path) -> bool:
    from PySide6.QtWidgets import QApplication

    window.show()
    for _ in range(5):
        QApplication.processEvents()
    # what the view computes in the background (standings, the player list) is on the picture
    deadline = time.monotonic() + 60
    runner = window.ctx.runner
    while (runner.busy or runner.writing) and time.monotonic() < deadline:
        QApplication.processEvents()
        time.sleep(0.01)
    for _ in range(5):
        QApplication.processEvents()
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    return bool(window.grab().save(str(out)))


def switch_language(app: QApplication, old: MainWindow, code: str) -> MainWindow:
    """The window built again in `code`'s language ("zh_CN" or "en"), showing the same view
    of the same final: the open final is handed over, not closed, opened and read again.

    In two turns of the event loop, so the window never stops for both: the new window is
    built (hidden) now; the final is handed over to it and it replaces the old one next."""
    from PySide6.QtCore import QTimer

    from ui import i18n, prefs
    from ui.main_window import MainWindow

    prefs.set_language(code)
    i18n.install(app, code)
    new = MainWindow()
    new.restoreGeometry(old.saveGeometry())

    def replace() -> None:
        view = old.current_view()
        final = old.ctx.hand_over()
        old.close()
        if final is not None:
            new.ctx.adopt(final)
            new.show_view(view or "players")
        new.show()
        old.deleteLater()

    QTimer.singleShot(0, new, replace)
    return new


def _target(path: Path | str) -> Path | str:
    from app.services.storage import is_server_url

    return path if is_server_url(path) else Path(path)


def run_gui(path: Path | str | None, view: str | None = None, screenshot: str | None = None) -> int:
    if screenshot:
        os.environ.setdefault("FINALS_NO_VIEWER", "1")
    app = make_app(offscreen=bool(screenshot) and _needs_offscreen())
    holder: dict[str, object] = {}

    def open_window(file: Path | str | None, chosen_view: str | None) -> MainWindow:
        window = build_window(file, chosen_view)
        window.language_requested.connect(language)
        holder["window"] = window
        return window

    def language(code: str) -> None:
        new = switch_language(app, holder["window"], code)  # type: ignore[arg-type]
        new.language_requested.connect(language)
        holder["window"] = new

    window = open_window(_target(path) if path else None, view)
    if screenshot:
        ok = save_screenshot(window, screenshot)
        window.close()
        if not ok:
            print(f"无法保存截图：{screenshot}", file=sys.stderr)
            return 1
        print(f"已保存截图：{screenshot}")
        return 0
    window.show()
    return int(app.exec())
