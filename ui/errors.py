"""Showing errors a person can act on; no traceback ever reaches the user."""

from __future__ import annotations

import logging
import re
import traceback

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QWidget

from app.errors import FinalsError
from app.services.storage import describe_failure

log = logging.getLogger("ui")

# A command-line hint in a message: a flag (「请加 --force」) or a command (`finals settings …`).
COMMAND_HINT = re.compile(r"--[a-z]|finals\s")


def window_text(message: str) -> str:
    """A message as the window shows it: a clause that tells the user to type a command or
    add a flag (「可用 --set title=… 修改」「请加 --force」) is left out. The services give
    their own window wording (`FinalsError.window_message`); this is the net under it."""
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
        return window_text(exc.window_message), [window_text(d) for d in exc.window_details]
    failure = describe_failure(exc)  # a full disk, a read-only folder, ... in Chinese
    if failure is not None:
        return failure.message, list(failure.details)
    message = getattr(exc, "message", None) or str(exc)
    if any(c.__name__ == "ReportError" for c in type(exc).__mro__):  # its kinds too
        shown = getattr(exc, "window_message", None) or message
        return window_text(str(shown)), list(getattr(exc, "details", []) or [])
    log.error("unexpected error: %s", "".join(traceback.format_exception(exc)))
    return QCoreApplication.translate("Errors", "Something went wrong: %1").replace(
        "%1", str(message) or type(exc).__name__
    ), []


def show_error(parent: QWidget | None, exc: BaseException, title: str | None = None) -> None:
    message, details = error_text(exc)
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle(title or QCoreApplication.translate("Errors", "Cannot do that"))
    box.setText(message)
    if details:
        box.setInformativeText("\n".join(details[:12]) + ("\n…" if len(details) > 12 else ""))
        box.setDetailedText("\n".join(details))
    box.exec()
