"""`finals gui [FILE] [--view ...] [--screenshot OUT.png]`: start the window; `finals-gui
[FILE]` (`run`) is the same without a console window."""

from __future__ import annotations

import io
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

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
    from ui import system_libraries

    system_libraries.check()
    try:
        from PySide6.QtWidgets import QApplication
    except ImportError as exc:
        refused = system_libraries.import_error(exc)
        if refused is None:
            raise
        raise refused from exc

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

    if screenshot:
        # Nobody can click a box: an error is printed and the command exits 1.
        from ui import errors

        failures: list[str] = []
        errors.unattended(failures)
        try:
            window = open_window(_target(path) if path else None, view)
            ok = not failures and save_screenshot(window, screenshot)
            window.close()
        finally:
            errors.unattended(None)
        if failures:
            print(f"未保存截图 {screenshot}：窗口报告了上面的错误。", file=sys.stderr)
            return 1
        if not ok:
            print(f"无法保存截图：{screenshot}", file=sys.stderr)
            return 1
        print(f"已保存截图：{screenshot}")
        return 0
    window = open_window(_target(path) if path else None, view)
    window.show()
    return int(app.exec())


class _Said:
    """stderr for a program with no console: kept to be shown, and passed on to the real
    stream when there is one (sys.stderr is None under pythonw and a windowed build)."""

    def __init__(self, inner: TextIO | None) -> None:
        self.inner = inner
        self.text = io.StringIO()

    def write(self, text: str) -> int:
        self.text.write(text)
        if self.inner is not None:
            try:
                self.inner.write(text)
            except (OSError, ValueError):
                pass
        return len(text)

    def flush(self) -> None:
        if self.inner is not None:
            try:
                self.inner.flush()
            except (OSError, ValueError):
                pass


def _show_failure(text: str) -> None:
    try:
        make_app()  # first: it refuses, rather than lets Qt abort, when a library is missing
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(QMessageBox.Icon.Critical, "棋赛总决赛编排系统", text)
        box.exec()
    except Exception:  # Qt itself cannot start: nothing left to show it with
        pass


def run() -> None:
    """`finals-gui [FILE]`: the window as a program of its own, with no console window on
    Windows (pip's gui-scripts launcher; the PyInstaller build's finals-gui.exe): a
    double-click, a shortcut, a .finals file opened with it. It is `finals gui [FILE]`, but
    there is no terminal to print to (sys.stdout and sys.stderr may be None): what it says
    is kept, and a failure (exit 1 or 2) is shown in a message box instead."""
    from app.cli.main import main

    streams = sys.stdout, sys.stderr
    said = _Said(streams[1])
    sys.stdout = streams[0] if streams[0] is not None else io.StringIO()
    sys.stderr = said
    try:
        try:
            code = main(["gui", *sys.argv[1:]])
        except SystemExit as exc:  # argparse: bad usage (exit 2), --help (exit 0)
            code = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 1
    finally:
        sys.stdout, sys.stderr = streams
    if code != 0:
        _show_failure(said.text.getvalue().strip() or f"程序未能启动（退出码 {code}）。")
    raise SystemExit(code)
