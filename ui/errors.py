"""Showing errors a person can act on; no traceback ever reaches the user."""

from __future__ import annotations

import logging
import traceback

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QWidget

from app.errors import FinalsError
from app.services.storage import describe_failure

log = logging.getLogger("ui")


def error_text(exc: BaseException) -> tuple[str, list[str]]:
    """(message, details) of an error, in words for the arbiter."""
    if isinstance(exc, FinalsError):
        return exc.window_message, list(exc.details)
    failure = describe_failure(exc)  # a full disk, a read-only folder, ... in Chinese
    if failure is not None:
        return failure.message, list(failure.details)
    message = getattr(exc, "message", None) or str(exc)
    if type(exc).__name__ == "ReportError":
        return str(message), list(getattr(exc, "details", []) or [])
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
