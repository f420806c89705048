"""Adding or editing one player."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

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
from app.services.players import EntrantRow

# Not in the players list (private, or not shown): an edit that leaves one empty keeps it.
UNSHOWN = ("qualifier_rank", "id_number", "phone")


@dataclass(frozen=True, slots=True)
class PlayerFields:
    """A player's fields as the dialog shows and returns them: the typed text ("" when
    empty), the gender as M or F. In the order of `FIELDS` (the services' `EDITABLE`)."""

    name: str = ""
    gender: str = "M"
    birth_date: str = ""
    unit: str = ""
    region: str = ""
    grade: str = ""
    rating: str = ""
    source: str = ""
    qualifier_rank: str = ""
    id_number: str = ""
    phone: str = ""
    platform_account: str = ""

    @classmethod
    def of_row(cls, row: EntrantRow) -> PlayerFields:
        """The fields the players list shows of `row`; those it does not show stay empty."""
        shown = {f.name: getattr(row, f.name, None) for f in fields(cls)}
        return cls(**{k: "" if v is None else str(v) for k, v in shown.items()})

    def text(self, field: str) -> str:
        value: str = getattr(self, field)
        return value

    def for_service(self) -> dict[str, str]:
        """What `add_player` takes: every field by its name."""
        return asdict(self)

    def changes_from(self, before: PlayerFields) -> dict[str, str]:
        """What `edit_player` takes: the fields changed from `before`, leaving out the
        unshown ones left empty (an empty box there means unchanged, not cleared)."""
        return {
            k: v
            for k, v in self.for_service().items()
            if v != before.text(k) and not (k in UNSHOWN and not v)
        }


class PlayerDialog(QDialog):
    """Fields of a player; with `events`, also the event to add the player to."""

    def __init__(
        self,
        parent: QWidget | None = None,
        values: PlayerFields | None = None,
        events: list[tuple[str, str]] | None = None,
        current_event: str | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Edit player") if values else self.tr("Add player"))
        values = values or PlayerFields()
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
        if values.gender == "F":
            self.gender.setCurrentIndex(1)
        for field in FIELDS:
            if field == "gender":
                form.addRow(self.tr("Gender"), self.gender)
                continue
            edit = QLineEdit(values.text(field))
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

    def values(self) -> PlayerFields:
        typed = {k: e.text().strip() for k, e in self.edits.items()}
        return PlayerFields(**typed, gender=str(self.gender.currentData()))

    def event_code(self) -> str | None:
        code = self.event_combo.currentData()
        return code if isinstance(code, str) else None
