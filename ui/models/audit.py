"""The audit log: who changed what, when, and the change in words (before → after)."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import QObject

from ui.models.base import Column, RecordsModel


def change_text(value: Any, limit: int = 160) -> str:
    """A stored value as JSON (the tooltip's detail, for the curious)."""
    if value is None:
        return ""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text if len(text) <= limit else text[: limit - 1] + "…"


class AuditModel(RecordsModel[dict[str, Any]]):
    """Rows are the log's entries with `words`: the change in Chinese sentences."""

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

    def row_tooltip(self, row: dict[str, Any]) -> str | None:
        words = str(row.get("long_words") or row.get("words") or "")
        return words.replace("；", "\n") or None
