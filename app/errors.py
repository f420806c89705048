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


SHOWN_DETAILS = 20  # a list of errors shows this many, then says how many more


def first_few(details: list[str], limit: int = SHOWN_DETAILS) -> list[str]:
    """The first `limit` of a long list of errors, and a last line saying how many more there
    are (a wrong file must not print thousands of lines)."""
    if len(details) <= limit:
        return list(details)
    rest = len(details) - limit
    return [*details[:limit], f"……另有 {rest} 处错误未列出（共 {len(details)} 处）。"]
