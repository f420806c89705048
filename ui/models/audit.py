"""The audit log: who changed what, when, and the change in words (before → after)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject

from ui.models.base import Column, RecordsModel


def change_text(value: Any, limit: int = 160) -> str:
    """A stored value as JSON (the tooltip's detail, for the curious)."""
    if value is None:
        return ""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass(frozen=True)
class AuditRow:
    """One entry of the log as the view shows it: `words` is the change in Chinese
    sentences (shortened), `long_words` the whole of it (the tooltip)."""

    time: str
    operator: str
    station: str | None
    action: str
    target: str | None
    words: str
    long_words: str

    def mentions(self, needle: str) -> bool:
        """Whether the filter's text is in the action, target, operator or words."""
        return any(
            needle in (text or "") for text in (self.action, self.target, self.operator, self.words)
        )


class AuditModel(RecordsModel[AuditRow]):
    """Rows are the log's entries with their change in words, newest first."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__((), (), parent)
        self.set_columns(
            [
                Column("time", self.tr("Time")),
                Column("operator", self.tr("Operator")),
                Column("station", self.tr("Station")),
                Column("action", self.tr("Action")),
                Column("target", self.tr("What")),
                Column("words", self.tr("Change (before → after)")),
            ]
        )

    def row_tooltip(self, row: AuditRow) -> str | None:
        words = row.long_words or row.words
        return words.replace("；", "\n") or None
