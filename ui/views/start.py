"""The start page: recent files, a new final from a preset, open a file, the demo."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ui import prefs


class StartView(QWidget):
    new_requested = Signal()
    open_requested = Signal()
    demo_requested = Signal()
    recent_chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        title = QLabel(self.tr("Finals Manager"))
        title.setStyleSheet("font-size: 22pt; font-weight: bold;")
        subtitle = QLabel(
            self.tr("Swiss finals for Go and Gomoku: pairing, results, standings, printing")
        )
        buttons = QHBoxLayout()
        for text, signal in (
            (self.tr("New tournament…"), self.new_requested),
            (self.tr("Open file…"), self.open_requested),
            (self.tr("Open the demo"), self.demo_requested),
        ):
            button = QPushButton(text)
            button.setMinimumHeight(36)
            button.clicked.connect(signal.emit)
            buttons.addWidget(button)
        buttons.addStretch(1)
        self.recent = QListWidget()
        self.recent.itemActivated.connect(
            lambda item: self.recent_chosen.emit(item.data(Qt.ItemDataRole.UserRole))
        )
        layout = QVBoxLayout(self)
        layout.setContentsMargins(40, 30, 40, 30)
        layout.addWidget(title)
        layout.addWidget(subtitle)
        layout.addSpacing(16)
        layout.addLayout(buttons)
        layout.addSpacing(16)
        layout.addWidget(QLabel(self.tr("Recent files (double-click to open):")))
        layout.addWidget(self.recent, 1)
        self.refresh()

    def refresh(self) -> None:
        self.recent.clear()
        for path in prefs.recent_files():
            p = Path(path)
            item = QListWidgetItem(f"{p.name}    —    {p.parent}")
            item.setData(Qt.ItemDataRole.UserRole, path)
            if not p.exists():
                item.setForeground(Qt.GlobalColor.gray)
                item.setToolTip(self.tr("File not found"))
            self.recent.addItem(item)
