"""Players (entrants) as a table, and the filter behind the search box."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, QSortFilterProxyModel
from PySide6.QtGui import QColor

from app.domain import EntrantStatus
from app.pinyin import name_key
from app.services.players import EntrantRow
from ui.models.base import ROW_ROLE, SORT_ROLE, Column, RecordsModel
from ui.search import matches


def _pinyin_sort(row: EntrantRow) -> str:
    syllables, name = name_key(row.name or "")
    return " ".join(syllables) + " " + name


class PlayersModel(RecordsModel[EntrantRow]):
    def __init__(
        self,
        rows: list[EntrantRow] | None = None,
        parent: QObject | None = None,
        event_names: dict[str, str] | None = None,
    ) -> None:
        super().__init__((), rows or (), parent)
        self.event_names = event_names or {}
        genders = {"M": self.tr("Male"), "F": self.tr("Female")}
        statuses = {
            EntrantStatus.PLAYING: self.tr("Playing"),
            EntrantStatus.WITHDRAWN: self.tr("Withdrawn"),
            EntrantStatus.DISQUALIFIED: self.tr("Disqualified"),
        }
        self.set_columns(
            [
                Column(
                    "event",
                    self.tr("Event"),
                    lambda r: self.event_names.get(r.event, r.event),
                ),
                Column("seed", self.tr("No."), numeric=True),
                Column("name", self.tr("Name"), sort=_pinyin_sort),
                Column("gender", self.tr("Gender"), lambda r: genders.get(r.gender or "", "")),
                Column("birth_date", self.tr("Born")),
                Column("unit", self.tr("Unit")),
                Column("region", self.tr("Region")),
                Column("grade", self.tr("Grade")),
                Column("rating", self.tr("Rating"), numeric=True),
                Column("source", self.tr("Qualified via")),
                Column("members", self.tr("Members")),
                Column("status", self.tr("Status"), lambda r: statuses.get(r.status, r.status)),
            ]
        )

    def row_background(self, row: EntrantRow) -> Any:
        if row.status == EntrantStatus.WITHDRAWN:
            return QColor("#e6e6e6")
        if row.status == EntrantStatus.DISQUALIFIED:
            return QColor("#f4d6d6")
        return None


class PlayersFilter(QSortFilterProxyModel):
    """Search (hanzi, full pinyin, initials) and filters by event, gender, unit, status."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.query = ""
        self.event_code: str | None = None
        self.gender: str | None = None
        self.unit: str | None = None
        self.status: str | None = None
        self.setSortRole(SORT_ROLE)

    def set_filters(self, **values: Any) -> None:
        # Qt 6.10's begin/endFilterChange where both are there (PySide6 6.9 has the first
        # only: the declared lower bound, run by .ci/lower_bounds), else invalidateFilter.
        begin = getattr(self, "beginFilterChange", None)
        end = getattr(self, "endFilterChange", None)
        if begin is not None and end is not None:
            begin()
        for key, value in values.items():
            setattr(self, key, (value or "") if key == "query" else (value or None))
        if begin is not None and end is not None:
            end(QSortFilterProxyModel.Direction.Rows)
        else:
            self.invalidateFilter()

    def filterAcceptsRow(
        self, source_row: int, source_parent: QModelIndex | QPersistentModelIndex
    ) -> bool:
        model = self.sourceModel()
        row: EntrantRow | None = model.data(model.index(source_row, 0, source_parent), ROW_ROLE)
        if row is None:
            return False
        if self.event_code and row.event != self.event_code:
            return False
        if self.gender and row.gender != self.gender:
            return False
        if self.unit and row.unit != self.unit:
            return False
        if self.status and row.status != self.status:
            return False
        if self.query:
            members = " ".join(row.members)
            if not (
                matches(self.query, row.name, row.unit, members)
                or any(matches(self.query, m) for m in row.members)
                or self.query.strip() == str(row.seed)
            ):
                return False
        return True
