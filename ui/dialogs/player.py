"""Adding or editing one player."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLineEdit,
    QWidget,
)

from app.services.players import EDITABLE as FIELDS  # every field a player has, in order


class PlayerDialog(QDialog):
    """Fields of a player; with `events`, also the event to add the player to."""

    def __init__(
        self,
        parent: QWidget | None = None,
        values: dict[str, Any] | None = None,
        events: list[tuple[str, str]] | None = None,
        current_event: str | None = None,
    ) -> None:
        super().__init__(parent)
        values = values or {}
        self.setWindowTitle(self.tr("Edit player") if values else self.tr("Add player"))
        self.setMinimumWidth(420)
        form = QFormLayout(self)
        self.event_combo = QComboBox()
        self.initial = QDoubleSpinBox()
        self.initial.setRange(-10, 100)
        self.initial.setDecimals(1)
        if events:
            for code, name in events:
                self.event_combo.addItem(name, code)
            if current_event:
                index = self.event_combo.findData(current_event)
                if index >= 0:
                    self.event_combo.setCurrentIndex(index)
            form.addRow(self.tr("Event"), self.event_combo)
        self.edits: dict[str, QLineEdit] = {}
        labels = {
            "name": self.tr("Name"),
            "birth_date": self.tr("Born (2010-05-03)"),
            "unit": self.tr("Unit"),
            "region": self.tr("Region"),
            "grade": self.tr("Grade"),
            "rating": self.tr("Rating"),
            "source": self.tr("Qualified via"),
            "qualifier_rank": self.tr("Qualifier rank"),
            "id_number": self.tr("ID number"),
            "phone": self.tr("Phone"),
            "platform_account": self.tr("Platform account (Yizhan username)"),
        }
        self.gender = QComboBox()
        self.gender.addItem(self.tr("Male"), "M")
        self.gender.addItem(self.tr("Female"), "F")
        if values.get("gender") == "F":
            self.gender.setCurrentIndex(1)
        for field in FIELDS:
            if field == "gender":
                form.addRow(self.tr("Gender"), self.gender)
                continue
            edit = QLineEdit("" if values.get(field) is None else str(values.get(field)))
            self.edits[field] = edit
            form.addRow(labels[field], edit)
        if events:
            form.addRow(self.tr("Points carried in (late entry)"), self.initial)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.edits["name"].setFocus()

    def values(self) -> dict[str, Any]:
        data: dict[str, Any] = {k: e.text().strip() for k, e in self.edits.items()}
        data["gender"] = self.gender.currentData()
        return data

    def event_code(self) -> str | None:
        code = self.event_combo.currentData()
        return code if isinstance(code, str) else None
