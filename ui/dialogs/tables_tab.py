"""The settings' prize and grade tables (issue 25 §4): see, import from a sheet, clear, undo.

The same use cases as `finals prize-table` / `finals grade-table` (`app.services.tables`):
each change is checked first, one transaction and one audit entry, and can be undone. A
change is made when its button is pressed (like the tournament tab), not on OK.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.errors import FinalsError
from app.readmodel.model import FinalEvent
from app.services.read_model import load_final
from app.services.storage import Database
from app.services.tables import TableKind, set_table, undo_table
from app.standings.grades import GradeBand
from app.standings.prizes import PrizePlace
from ui.errors import error_text


def _places(a: int, b: int) -> str:
    return str(a) if a == b else f"{a}-{b}"


class TablesTab(QWidget):
    changed = Signal()  # a table was set, cleared or restored

    def __init__(self, db: Database, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.event_code: str | None = None
        self.operator = ""
        self.kind = QComboBox()
        self.kind.addItem(self.tr("Prize table"), "prize")
        self.kind.addItem(self.tr("Grade table"), "grade")
        self.kind.currentIndexChanged.connect(lambda _i: self._shown_table_changed())
        self.category = QComboBox()
        self.category.currentIndexChanged.connect(lambda _i: self._shown_table_changed())
        self.title = QLabel()
        self.rows = QTableWidget(0, 3)
        self.rows.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.import_button = QPushButton(self.tr("Import from sheet…"))
        self.import_button.setToolTip(
            self.tr("A CSV or Excel sheet: 名次,奖项,奖金 (prizes) or 名次,等级 (grades)")
        )
        self.clear_button = QPushButton(self.tr("Remove table"))
        self.undo_button = QPushButton(self.tr("Undo last change"))
        self.import_button.clicked.connect(self._import)
        self.clear_button.clicked.connect(lambda: self._change(None))
        self.undo_button.clicked.connect(self._undo)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b00020;")
        self.error.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        top = QHBoxLayout()
        top.addWidget(self.kind)
        top.addWidget(self.category, 1)
        buttons = QHBoxLayout()
        for button in (self.import_button, self.clear_button, self.undo_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.title)
        layout.addWidget(self.rows, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.message)
        layout.addWidget(self.error)

    def table_kind(self) -> TableKind:
        return "grade" if self.kind.currentData() == "grade" else "prize"

    def category_code(self) -> str | None:
        data = self.category.currentData()
        return str(data) if data else None

    def set_event(self, code: str) -> None:
        self.event_code = code
        event = self._event(code)
        self.category.blockSignals(True)
        self.category.clear()
        self.category.addItem(self.tr("The event itself"), None)
        for category in event.categories:
            self.category.addItem(category.name, category.code)
        self.category.blockSignals(False)
        self.message.clear()
        self.error.clear()
        self.refresh()

    def _event(self, code: str) -> FinalEvent:
        event = load_final(self.db).event(code)
        assert event is not None, code  # the dialog offers the file's events only
        return event

    def _shown_table_changed(self) -> None:
        self.message.clear()
        self.error.clear()
        self.refresh()

    def refresh(self) -> None:
        if self.event_code is None:
            return
        event = self._event(self.event_code)
        code = self.category_code()
        self.rows.clearContents()
        if self.table_kind() == "prize":
            prizes = [t for t in event.prize_tables if t.category == code]
            self.rows.setColumnCount(3)
            self.rows.setHorizontalHeaderLabels(
                [self.tr("Places"), self.tr("Prize"), self.tr("Amount (yuan, before tax)")]
            )
            cells = [
                [_places(p.place_from, p.place_to), p.title, str(p.amount)]
                for t in prizes
                for p in t.places
            ]
            name = prizes[0].name if prizes else ""
        else:
            grades = [t for t in event.grade_tables if t.category == code]
            self.rows.setColumnCount(2)
            self.rows.setHorizontalHeaderLabels([self.tr("Places"), self.tr("Grade applied for")])
            cells = [[_places(b.rank_from, b.rank_to), b.grade] for t in grades for b in t.bands]
            name = grades[0].name if grades else ""
        self.rows.setRowCount(len(cells))
        for r, row in enumerate(cells):
            for c, text in enumerate(row):
                self.rows.setItem(r, c, QTableWidgetItem(text))
        self.title.setText(name or self.tr("No table set"))
        self.clear_button.setEnabled(bool(cells))

    def import_file(self, path: Path) -> bool:
        """Set the shown table from a sheet (what the import button does after its file
        dialog); False, with the reason shown, when refused."""
        from app.io.tables import parse_grade_bands, parse_prize_places, read_table_file

        try:
            rows = read_table_file(path)
            parsed = (
                parse_prize_places(rows)
                if self.table_kind() == "prize"
                else parse_grade_bands(rows)
            )
        except FinalsError as exc:
            self._refused(exc)
            return False
        return self._change(parsed)

    def _import(self) -> None:
        chosen, _ = QFileDialog.getOpenFileName(
            self, self.tr("Import table"), "", self.tr("Sheets (*.csv *.xlsx)")
        )
        if chosen:
            self.import_file(Path(chosen))

    def _change(self, rows: tuple[PrizePlace, ...] | tuple[GradeBand, ...] | None) -> bool:
        assert self.event_code is not None
        try:
            change = set_table(
                self.db,
                self.table_kind(),
                self.event_code,
                rows,
                self.category_code(),
                self.operator,
            )
        except FinalsError as exc:
            self._refused(exc)
            return False
        self._done(change.describe() + "已记入操作日志。")
        return True

    def _undo(self) -> bool:
        assert self.event_code is not None
        try:
            change = undo_table(
                self.db, self.table_kind(), self.event_code, self.category_code(), self.operator
            )
        except FinalsError as exc:
            self._refused(exc)
            return False
        self._done("已撤销：" + change.describe())
        return True

    def _refused(self, exc: BaseException) -> None:
        message, details = error_text(exc)
        self.message.clear()
        self.error.setText("\n".join([message, *details[:8]]))

    def _done(self, text: str) -> None:
        self.error.clear()
        self.message.setText(text)
        self.refresh()
        self.changed.emit()
