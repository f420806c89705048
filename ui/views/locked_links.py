"""The phone-entry page's locked table links: which, since when, and the arbiter lifting them.

Too many wrong referee PINs on one table's link lock it (counted in the file,
`app.services.link_locks.wrong_pin`): its phone is then refused even with the right PIN. The server tells the page from its own
thread (the page turns that into a queued signal and calls `refresh`); the box reads the
locks' details in a worker (`app.services.link_locks.still_locked`, which also drops a lock
another program lifted) and lifts the chosen ones in the write queue, one audit entry.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.services.link_locks import LockShown, still_locked
from ui import context as ctxmod
from ui.errors import show_error

if TYPE_CHECKING:
    from app.services.storage import Database
    from app.web import RemoteEntryServer

ALERT = "#b00000"


def _lift(
    db: Database,
    server: RemoteEntryServer,
    event: str,
    round_number: int,
    tables: list[int],
    operator: str,
) -> list[int]:
    """In the write queue: lift these tables' locks on the running server (audited once)."""
    server.unlock(event, round_number, tables, operator)
    return tables


class LockedLinksBox(QGroupBox):
    """Shown only while some table link is locked; red, above the queue."""

    def __init__(
        self,
        ctx: ctxmod.TournamentContext,
        server: Callable[[], RemoteEntryServer | None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("lockedLinks")
        self.ctx = ctx
        self.server = server
        self.locks: list[LockShown] = []
        self.setTitle(self.tr("Locked table links"))
        self.setStyleSheet(
            f"QGroupBox#lockedLinks {{ border: 2px solid {ALERT}; border-radius: 4px;"
            " margin-top: 1.4em; padding: 6px; }"
            f" QGroupBox#lockedLinks::title {{ color: {ALERT}; font-weight: bold;"
            " subcontrol-origin: margin; left: 8px; }"
        )
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setStyleSheet(f"color: {ALERT}; font-weight: bold;")
        hint = QLabel(
            self.tr(
                "Too many wrong referee PINs were typed on these tables' links: their phones "
                "cannot submit, even with the right PIN, until you unlock them. Check with the "
                "table first."
            )
        )
        hint.setWordWrap(True)
        self.table = QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels(
            [self.tr("Table"), self.tr("Locked since"), self.tr("Wrong PINs")]
        )
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.itemSelectionChanged.connect(self._show_button)
        self.unlock_button = QPushButton(self.tr("Unlock"))
        self.unlock_button.setObjectName("unlockLinks")
        self.unlock_button.setToolTip(
            self.tr("Unlock the selected links (all of them when none is selected).")
        )
        self.unlock_button.clicked.connect(self.unlock)
        buttons = QHBoxLayout()
        buttons.addWidget(self.summary, 1)
        buttons.addWidget(self.unlock_button)
        layout = QVBoxLayout(self)
        layout.addLayout(buttons)
        layout.addWidget(hint)
        layout.addWidget(self.table)
        self.setVisible(False)

    # -- reading -------------------------------------------------------------------
    def refresh(self) -> None:
        """Read the running server's locks again (in a worker); none shown without a server."""
        server = self.server()
        links = server.locked_links() if server is not None else []
        if not links or self.ctx.db is None:
            self.show_locks([])
            return
        self.ctx.read("phones: locked links", still_locked, links, on_done=self.show_locks)

    def show_locks(self, locks: list[LockShown]) -> None:
        chosen = set(self.chosen_tables())
        self.locks = list(locks)
        self.table.setRowCount(len(self.locks))
        for row, lock in enumerate(self.locks):
            cells = (str(lock.table), lock.since.strftime("%H:%M:%S"), str(lock.wrong))
            for column, text in enumerate(cells):
                self.table.setItem(row, column, QTableWidgetItem(text))
            if lock.table in chosen:
                self.table.selectRow(row)
        self.table.setFixedHeight(
            self.table.horizontalHeader().height()
            + sum(self.table.rowHeight(r) for r in range(len(self.locks)))
            + 2 * self.table.frameWidth()
        )
        self.summary.setText(
            self.tr("Table %1 locked: its phone cannot submit.").replace(
                "%1", "、".join(str(lock.table) for lock in self.locks)
            )
        )
        self.setVisible(bool(self.locks))
        self._show_button()

    def chosen_tables(self) -> list[int]:
        rows = sorted({index.row() for index in self.table.selectionModel().selectedRows()})
        return [self.locks[r].table for r in rows if r < len(self.locks)]

    def _show_button(self) -> None:
        self.unlock_button.setEnabled(bool(self.locks) and self.server() is not None)

    # -- lifting -------------------------------------------------------------------
    def unlock(self) -> bool:
        """Lift the selected locks (all when none is selected) in the write queue."""
        server = self.server()
        if server is None or not self.locks or self.ctx.db is None:
            return False
        chosen = set(self.chosen_tables()) or {lock.table for lock in self.locks}
        first = next(lock for lock in self.locks if lock.table in chosen)
        # The page serves one round; a lock of another (not expected) waits for its own press.
        tables = sorted(
            lock.table
            for lock in self.locks
            if lock.table in chosen and (lock.event, lock.round) == (first.event, first.round)
        )
        self.unlock_button.setEnabled(False)
        self.ctx.write(
            _lift,
            server,
            first.event,
            first.round,
            tables,
            self.ctx.operator,
            what=ctxmod.REMOTE,
            on_done=self._unlocked,
            on_error=self._failed,
        )
        return True

    def _unlocked(self, tables: list[int]) -> None:
        self.refresh()

    def _failed(self, exc: BaseException) -> None:
        show_error(self, exc)
        self.refresh()
