"""The audit log view: every change, who made it and when, before → after in words."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from app.services.audit import AuditLine, audit_log
from app.services.audit_words import change_words
from app.services.players import list_entrants
from ui import context as ctxmod
from ui.models.audit import AuditModel, AuditRow
from ui.views.standings import fit_columns, make_table

if TYPE_CHECKING:
    from app.services.storage import Database


def read_log(db: Database, limit: int) -> list[AuditRow]:
    """In a worker: the newest entries, each with its change in words."""
    names: dict[int, str] = {e.id: f"{e.seed}号 {e.name}" for e in list_entrants(db)}
    return [audit_row(entry, names) for entry in audit_log(db, limit)]


def audit_row(entry: AuditLine, names: dict[int, str]) -> AuditRow:
    args = (entry.action, entry.target, entry.before, entry.after, names)
    return AuditRow(
        time=entry.time,
        operator=entry.operator,
        station=entry.station,
        action=entry.action,
        target=entry.target,
        words=change_words(*args, limit=200),
        long_words=change_words(*args, limit=4000),
    )


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
        self._entries: list[AuditRow] = []
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

    def _loaded(self, entries: list[AuditRow]) -> None:
        self._entries = entries
        self._apply()
        fit_columns(self.table, 520)

    def _apply(self) -> None:
        needle = self.filter.text().strip()
        rows = [e for e in self._entries if not needle or e.mentions(needle)]
        self.model.set_rows(rows)
        self.count.setText(self.tr("%1 entries (newest first)").replace("%1", str(len(rows))))
