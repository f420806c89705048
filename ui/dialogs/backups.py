"""The backups dialog: this file's copies, newest first, to restore from or save as a file."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

if TYPE_CHECKING:
    from ui.context import TournamentContext


class BackupsDialog(QDialog):
    """This file's backups, newest first: when, why, how far the final had got (each copy
    read read-only, in a worker); restore from one, or save one as a file to look at it."""

    restore_requested = Signal(Path)
    save_requested = Signal(Path)

    def __init__(self, parent: QWidget, ctx: TournamentContext, path: Path) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Backups of %1").replace("%1", path.name))
        screen = parent.screen().availableGeometry() if parent.screen() else None
        self.resize(min(1200, screen.width() - 40) if screen else 1200, 480)
        self.copies: list[Any] = []
        self.table = QTableWidget(0, 6)
        self.table.setHorizontalHeaderLabels(
            [
                self.tr("Taken"),
                self.tr("Why"),
                self.tr("Rounds paired"),
                self.tr("Results entered"),
                self.tr("Last change in it"),
                self.tr("State"),
            ]
        )
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setStretchLastSection(False)
        self.table.setWordWrap(True)
        self.table.horizontalHeader().sectionResized.connect(
            lambda *_a: self.table.resizeRowsToContents()
        )
        self.table.itemSelectionChanged.connect(self._selection)
        self.note = QLabel(self.tr("Reading the backups…"))
        self.note.setWordWrap(True)
        self.restore_button = QPushButton(self.tr("Restore from this backup…"))
        self.restore_button.clicked.connect(self._restore)
        self.save_button = QPushButton(self.tr("Save as a file and open it…"))
        self.save_button.clicked.connect(self._save)
        close = QPushButton(self.tr("Close"))
        close.clicked.connect(self.reject)
        buttons = QHBoxLayout()
        buttons.addWidget(self.restore_button)
        buttons.addWidget(self.save_button)
        buttons.addStretch(1)
        buttons.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.note)
        layout.addLayout(buttons)
        self._selection()
        from app.services.backup import backups_with_facts

        ctx.runner.start(
            backups_with_facts,
            path,
            on_done=self._fill,
            on_error=lambda exc: self.note.setText(str(exc)),
        )

    def _fill(self, copies: list[Any]) -> None:
        from app.services.backup import label_words

        self.copies = copies
        self.table.setRowCount(len(copies))
        for row, facts in enumerate(copies):
            taken = facts.taken.strftime("%Y-%m-%d %H:%M:%S") if facts.taken else ""
            paired = facts.summary() if facts.events else ""
            results = str(facts.results)
            state = facts.problem or self.tr("sound")
            for column, text in enumerate(
                (taken, label_words(facts.label), paired, results, facts.last_change, state)
            ):
                item = QTableWidgetItem(text)
                item.setToolTip(f"{text}\n{facts.path}")
                self.table.setItem(row, column, item)
        # The short columns as wide as their text; the two long ones (the rounds paired in
        # every event, the last change) share what is left and wrap: every column shows.
        header = self.table.horizontalHeader()
        for column in (0, 1, 3, 5):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        for column in (2, 4):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
        self.table.resizeRowsToContents()
        self.note.setText(
            self.tr(
                "%1 backups, newest first. Restoring first saves the current file as a backup."
            ).replace("%1", str(len(copies)))
            if copies
            else self.tr("This file has no backups yet.")
        )
        if copies:
            self.table.selectRow(0)

    def chosen(self) -> Any:
        rows = self.table.selectionModel().selectedRows()
        return self.copies[rows[0].row()] if rows and self.copies else None

    def _selection(self) -> None:
        facts = self.chosen()
        self.restore_button.setEnabled(facts is not None and facts.problem is None)
        self.save_button.setEnabled(facts is not None and facts.problem is None)

    def _restore(self) -> None:
        facts = self.chosen()
        if facts is not None:
            self.restore_requested.emit(facts.path)

    def _save(self) -> None:
        facts = self.chosen()
        if facts is not None:
            self.save_requested.emit(facts.path)
