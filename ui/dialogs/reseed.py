"""Re-seed every entrant of an event before round 1 (by rating, grade or qualifier rank),
confirmed in a dialog, written in the window's write queue and undone with Ctrl+Z."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from app.services.seeding import Reseeded, restore_seeds
from ui import context as ctxmod
from ui.commands import ServiceCommand

if TYPE_CHECKING:
    from app.services.tournament import EventSummary
    from ui.context import TournamentContext


class ReseedDialog(QDialog):
    """Which event and which order; says that every number changes and how to undo it."""

    def __init__(
        self,
        events: list[EventSummary],
        event_code: str | None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Re-seed all"))
        self.event_combo = QComboBox()
        for event in events:
            self.event_combo.addItem(event.name, event.code)
        self.event_combo.setCurrentIndex(max(self.event_combo.findData(event_code), 0))
        self.event_combo.currentIndexChanged.connect(lambda _i: self._explain())
        self.events = {e.code: e for e in events}
        self.group = QButtonGroup(self)
        self.choices: dict[str, QRadioButton] = {}
        box = QVBoxLayout()
        for key, text in (
            ("rating", self.tr("By rating (highest first)")),
            ("grade", self.tr("By grade (strongest first: 段 before 级)")),
            ("qualifier", self.tr("By qualifier rank (1st first)")),
        ):
            button = QRadioButton(text)
            self.group.addButton(button)
            self.choices[key] = button
            box.addWidget(button)
        self.choices["rating"].setChecked(True)
        self.explanation = QLabel()
        self.explanation.setWordWrap(True)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(self.tr("Re-seed"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout()
        form.addRow(self.tr("Event"), self.event_combo)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(box)
        layout.addWidget(self.explanation)
        layout.addWidget(buttons)
        self._explain()

    def _explain(self) -> None:
        event = self.events.get(self.event_code())
        self.explanation.setText(
            self.tr(
                "Every number (序号) of %1's %2 entrants is given again; equal values keep "
                "their present order. Only before round 1 is paired. Edit → Undo puts the "
                "old numbers back."
            )
            .replace("%1", event.name if event else "")
            .replace("%2", str(event.entrants if event else 0))
        )

    def event_code(self) -> str:
        return str(self.event_combo.currentData())

    def by(self) -> str:
        return next(k for k, b in self.choices.items() if b.isChecked())


class ReseedCommand(ServiceCommand):
    """Undo puts the numbers back as they were; redo numbers them as the re-seed did."""

    what = ctxmod.PLAYERS

    def __init__(self, ctx: TournamentContext, done: Reseeded, label: str) -> None:
        super().__init__(ctx, label)
        self.done = done

    def apply(self, db: Any, operator: str) -> Any:
        return restore_seeds(db, self.done.event, self.done.after, operator, by=self.done.by)

    def revert(self, db: Any, operator: str) -> Any:
        return restore_seeds(db, self.done.event, self.done.before, operator)
