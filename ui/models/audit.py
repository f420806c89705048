"""The audit log: who changed what, when, before → after."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import QObject

from ui.models.base import Column, RecordsModel


def change_text(value: Any, limit: int = 160) -> str:
    if value is None:
        return ""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text if len(text) <= limit else text[: limit - 1] + "…"


class AuditModel(RecordsModel):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__((), (), parent)
        self.set_columns(
            [
                Column("time", self.tr("Time")),
                Column("operator", self.tr("Operator")),
                Column("action", self.tr("Action")),
                Column("target", self.tr("What")),
                Column("before", self.tr("Before"), lambda r: change_text(r.get("before"))),
                Column("after", self.tr("After"), lambda r: change_text(r.get("after"))),
            ]
        )

    def row_tooltip(self, row: dict[str, Any]) -> str | None:
        return f"{change_text(row.get('before'), 2000)}\n→\n{change_text(row.get('after'), 2000)}"
