"""Errors a person can act on: each message is Chinese and says what to fix."""

from __future__ import annotations


class FinalsError(Exception):
    """A user error: bad input, a missing file, an impossible request.

    `window`: the same message for the window, where the fix is a button or a confirmation,
    never a command-line flag (「请加 --force」) or a `finals …` command; `window_details`
    the same for the details (by default the details themselves).
    """

    def __init__(
        self,
        message: str,
        details: list[str] | None = None,
        *,
        window: str | None = None,
        window_details: list[str] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.details = details or []
        self.window_message = window or message
        self.window_details = self.details if window_details is None else window_details

    def __str__(self) -> str:
        if not self.details:
            return self.message
        return self.message + "\n" + "\n".join(f"  - {line}" for line in self.details)
