"""Errors a person can act on: each message is Chinese and says what to fix."""

from __future__ import annotations


class FinalsError(Exception):
    """A user error: bad input, a missing file, an impossible request."""

    def __init__(self, message: str, details: list[str] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.details = details or []

    def __str__(self) -> str:
        if not self.details:
            return self.message
        return self.message + "\n" + "\n".join(f"  - {line}" for line in self.details)
