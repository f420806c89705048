"""The audit log view: every change, who made it and when, before → after in words."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from app.services.audit import audit_log
from app.services.audit_words import change_words
from app.services.players import list_entrants
from ui import context as ctxmod
from ui.models.audit import AuditModel
from ui.views.standings import fit_columns, make_table

if TYPE_CHECKING:
    from app.services.storage import Database


def read_log(db: Database, limit: int) -> list[dict[str, Any]]:
    """In a worker: the newest entries, each with its change in words."""
    entries = audit_log(db, limit)
    names = {e.id: f"{e.seed}号 {e.name}" for e in list_entrants(db)}
    for entry in entries:
        args = (entry["action"], entry["target"], entry["before"], entry["after"], names)
        entry["words"] = change_words(*args, limit=200)
        entry["long_words"] = change_words(*args, limit=4000)
    return entries


class AuditView(QWidget):
    LIMIT = 2000

    def __init__(self, ctx: ctxmod.TournamentContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.model = AuditModel(self)
        self.table = make_table(self.model, sortable=False)
        self.filter = QLineEdit()
        self.filter.setPlaceholderText(self.tr("Filter by action, target or operator"))
        self.filter.textChanged.connect(lambda _t: self._apply())
        refresh = QPushButton(self.tr("Refresh"))
        refresh.clicked.connect(self.reload)
        top = QHBoxLayout()
        top.addWidget(self.filter, 1)
        top.addWidget(refresh)
        self.count = QLabel()
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.count)
        self._entries: list[dict[str, Any]] = []
        self._dirty = True
        ctx.opened.connect(self.mark_dirty)
        ctx.changed.connect(lambda _w: self.mark_dirty())
        ctx.closed.connect(self._clear)

    def mark_dirty(self) -> None:
        self._dirty = True
        if self.isVisible():
            self.reload()

    def showEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        if self._dirty:
            self.reload()

    def reload(self) -> None:
        self._dirty = False
        if self.ctx.db is None:
            self._clear()
            return
        self.ctx.read("audit", read_log, self.LIMIT, on_done=self._loaded)

    def _clear(self) -> None:
        self._entries = []
        self._apply()

    def _loaded(self, entries: list[dict[str, Any]]) -> None:
        self._entries = entries
        self._apply()
        fit_columns(self.table, 520)

    def _apply(self) -> None:
        needle = self.filter.text().strip()
        rows = [
            e
            for e in self._entries
            if not needle
            or any(needle in str(e.get(k) or "") for k in ("action", "target", "operator", "words"))
        ]
        self.model.set_rows(rows)
        self.count.setText(self.tr("%1 entries (newest first)").replace("%1", str(len(rows))))
