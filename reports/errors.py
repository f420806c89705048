"""The one exception the reports raise for a user's mistake."""

from __future__ import annotations


class ReportError(Exception):
    """A request that cannot be printed, with a message in Chinese for the user.

    Examples: an unknown event code, a round that has not been paired, an Excel
    workbook asked for a document that only exists as PDF.

    `window`: the same for the window (where the fix is a menu, never a command).
    """

    def __init__(self, message: str, *, window: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.window_message = window or message

    def __str__(self) -> str:
        return self.message
