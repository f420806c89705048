"""Showing errors a person can act on; no traceback ever reaches the user."""

from __future__ import annotations

import logging
import re
import sys
import traceback

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QWidget

from app.errors import FinalsError
from app.services.storage import describe_failure

log = logging.getLogger("ui")

# A command-line hint in a message: a flag (「请加 --force」) or a command (`finals settings …`),
# never a file's name (「比赛文件 final.finals 已损坏」, 「--」 inside a path).
COMMAND_HINT = re.compile(r"(?<![A-Za-z0-9_./\\-])(?:--[a-z]|finals [a-z])")


def window_text(message: str) -> str:
    """A setting's problem as the settings dialogs show it: a clause that tells the user to
    type a command or add a flag (「可用 --set title=… 修改」) is left out. Errors never pass
    through here: they carry the window's own wording (`FinalsError.window_message`,
    tests/ui/test_window_no_command_line.py checks every one) and the box shows it as it is."""
    if not COMMAND_HINT.search(message):
        return message
    clauses = [c for c in re.split(r"(?<=[。；;])", message) if c.strip()]
    kept = [c for c in clauses if not COMMAND_HINT.search(c)]
    if not kept:
        return message.split("：")[0] + "。" if "：" in message else message
    text = "".join(kept).rstrip("；;，, ")
    return text if text.endswith(("。", "）", "！", "？")) else text + "。"


def error_text(exc: BaseException) -> tuple[str, list[str]]:
    """(message, details) of an error, in words for the arbiter."""
    if isinstance(exc, FinalsError):
        return exc.window_message, list(exc.window_details)
    failure = describe_failure(exc)  # a full disk, a read-only folder, ... in Chinese
    if failure is not None:
        return failure.message, list(failure.details)
    message = getattr(exc, "message", None) or str(exc)
    if any(c.__name__ == "ReportError" for c in type(exc).__mro__):  # its kinds too
        shown = getattr(exc, "window_message", None) or message
        return str(shown), list(getattr(exc, "details", []) or [])
    log.error("unexpected error: %s", "".join(traceback.format_exception(exc)))
    return QCoreApplication.translate("Errors", "Something went wrong: %1").replace(
        "%1", str(message) or type(exc).__name__
    ), []


# Where errors go when nobody can click a box (`finals gui --screenshot`): printed, counted.
_unattended: list[str] | None = None


def unattended(said: list[str] | None) -> None:
    """From now on an error is appended to `said` (and printed to stderr) instead of shown
    in a box that would wait for a click; None: boxes again."""
    global _unattended
    _unattended = said


def show_error(parent: QWidget | None, exc: BaseException, title: str | None = None) -> None:
    message, details = error_text(exc)
    if _unattended is not None:
        text = "\n".join([message, *(f"  - {d}" for d in details)])
        _unattended.append(text)
        print(f"错误：{text}", file=sys.stderr)
        return
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle(title or QCoreApplication.translate("Errors", "Cannot do that"))
    box.setText(message)
    if details:
        box.setInformativeText("\n".join(details[:12]) + ("\n…" if len(details) > 12 else ""))
        box.setDetailedText("\n".join(details))
    box.exec()
