"""The import error report: one line per bad row or column, to fix in the sheet."""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)


class ImportErrorsDialog(QDialog):
    def __init__(self, message: str, details: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Registration sheet not imported"))
        self.resize(760, 460)
        label = QLabel(message)
        label.setWordWrap(True)
        self.list = QListWidget()
        self.list.addItems(details)
        self.list.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        copy = QPushButton(self.tr("Copy list"))
        copy.clicked.connect(lambda: QGuiApplication.clipboard().setText("\n".join(details)))
        buttons.addButton(copy, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        layout = QVBoxLayout(self)
        layout.addWidget(label)
        layout.addWidget(
            QLabel(
                self.tr("%n problem(s) — fix them in the sheet and import again:", "", len(details))
            )
        )
        layout.addWidget(self.list, 1)
        layout.addWidget(buttons)
