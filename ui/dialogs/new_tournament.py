"""A short wizard: preset, file, title, dates, venue, organisers."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QDate
from PySide6.QtWidgets import (
    QComboBox,
    QDateEdit,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
    QWizard,
    QWizardPage,
)

from app.errors import FinalsError
from app.presets import load_preset, preset_names
from app.services.tournament import create_tournament, set_tournament_fields

if TYPE_CHECKING:
    from app.services.storage import Database


class NewTournamentWizard(QWizard):
    def __init__(self, parent: QWidget | None = None, folder: Path | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("New tournament"))
        self.setWizardStyle(QWizard.WizardStyle.ClassicStyle)
        self.resize(620, 420)
        self.presets: dict[str, dict[str, Any]] = {}
        for name in preset_names():
            try:
                self.presets[name] = load_preset(name)
            except FinalsError:
                continue
        self.folder = folder or Path.home()

        first = QWizardPage()
        first.setTitle(self.tr("Regulations"))
        first.setSubTitle(
            self.tr(
                "Choose the preset built from your regulations: events, scoring, "
                "prizes and grades. Every setting can be changed later."
            )
        )
        self.preset = QComboBox()
        for name, data in self.presets.items():
            self.preset.addItem(f"{data['tournament']['title']}（{name}）", name)
        self.preset.currentIndexChanged.connect(lambda _i: self._fill_from_preset())
        self.events_label = QLabel()
        self.events_label.setWordWrap(True)
        form = QFormLayout(first)
        form.addRow(self.tr("Preset"), self.preset)
        form.addRow(self.tr("Events"), self.events_label)

        second = QWizardPage()
        second.setTitle(self.tr("The tournament"))
        self.path = QLineEdit()
        browse = QPushButton(self.tr("Browse…"))
        browse.clicked.connect(self._browse)
        path_row = QHBoxLayout()
        path_row.addWidget(self.path, 1)
        path_row.addWidget(browse)
        self.title = QLineEdit()
        self.start = QDateEdit()
        self.end = QDateEdit()
        for edit in (self.start, self.end):
            edit.setCalendarPopup(True)
            edit.setDisplayFormat("yyyy-MM-dd")
        self.venue = QLineEdit()
        self.organisers = QLineEdit()
        self.organisers.setPlaceholderText(self.tr("Separate several with 、 or commas"))
        form2 = QFormLayout(second)
        form2.addRow(self.tr("File"), path_row)
        form2.addRow(self.tr("Title"), self.title)
        form2.addRow(self.tr("First day"), self.start)
        form2.addRow(self.tr("Last day"), self.end)
        form2.addRow(self.tr("Venue"), self.venue)
        form2.addRow(self.tr("Organisers"), self.organisers)
        self.addPage(first)
        self.addPage(second)
        self.created: Database | None = None
        self.operator = ""
        self._fill_from_preset()

    def _fill_from_preset(self) -> None:
        data = self.presets.get(self.preset.currentData() or "", {})
        info = data.get("tournament", {})
        self.events_label.setText("、".join(e["name"] for e in data.get("events", [])))
        self.title.setText(info.get("title", ""))
        self.venue.setText(info.get("venue") or "")
        self.organisers.setText("、".join(info.get("organisers", [])))
        for edit, key in ((self.start, "start_date"), (self.end, "end_date")):
            value = info.get(key)
            edit.setDate(QDate.fromString(value, "yyyy-MM-dd") if value else QDate.currentDate())
        if not self.path.text():
            self.path.setText(str(self.folder / f"{self.preset.currentData() or 'final'}.finals"))

    def _browse(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self,
            self.tr("Tournament file"),
            self.path.text(),
            self.tr("Tournament files (*.finals)"),
        )
        if path:
            self.path.setText(path if path.endswith(".finals") else path + ".finals")

    def fields(self) -> dict[str, Any]:
        organisers = [
            o.strip()
            for o in self.organisers.text().replace(",", "、").replace("，", "、").split("、")
            if o.strip()
        ]
        return {
            "venue": self.venue.text().strip() or None,
            "start_date": self.start.date().toString("yyyy-MM-dd"),
            "end_date": self.end.date().toString("yyyy-MM-dd"),
            "organisers": organisers,
        }

    def create_file(self, operator: str) -> Path:
        """Make the file (raises FinalsError with a message to show)."""
        path = Path(self.path.text().strip())
        if not path.name:
            raise FinalsError("请选择比赛文件的保存位置。")
        if path.exists():
            raise FinalsError(f"文件 {path} 已存在。请换一个文件名，或用“打开”打开它。")
        db = create_tournament(
            path, self.preset.currentData(), self.title.text().strip() or None, operator
        )
        try:
            set_tournament_fields(db, self.fields(), operator)
        finally:
            db.close()
        return path
