"""A table model over a plain list of rows (frozen dataclasses): the adapter every view
uses."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

ROW_ROLE = Qt.ItemDataRole.UserRole + 1
SORT_ROLE = Qt.ItemDataRole.UserRole + 2

Index = QModelIndex | QPersistentModelIndex
Row = TypeVar("Row")  # a frozen dataclass: of the read model, or a view's own (TableRow)


@dataclass(frozen=True)
class Column(Generic[Row]):
    """One column over rows of one type: its cell is `text(row)`, or the row's attribute
    named `key`; `sort` (if given) orders it instead of the shown value."""

    key: str
    title: str
    text: Callable[[Row], object] | None = None
    numeric: bool = False
    sort: Callable[[Row], object] | None = None

    def value(self, row: Row) -> object:
        if self.text:
            return self.text(row)
        return getattr(row, self.key, None)


def plain(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else f"{value:g}"
    if isinstance(value, list | tuple):
        return "、".join(plain(v) for v in value)
    return str(value)


class RecordsModel(QAbstractTableModel, Generic[Row]):
    """Rows of one type (`RecordsModel[EntrantRow]`); columns say how to show them.
    Subclasses colour rows."""

    def __init__(
        self, columns: Sequence[Column[Row]] = (), rows: Sequence[Row] = (), parent: Any = None
    ) -> None:
        super().__init__(parent)
        self._columns = list(columns)
        self._rows: list[Row] = list(rows)

    # -- contents ------------------------------------------------------------------
    def set_columns(self, columns: Sequence[Column[Row]]) -> None:
        self.beginResetModel()
        self._columns = list(columns)
        self.endResetModel()

    def set_rows(self, rows: Sequence[Row]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def row(self, number: int) -> Row:
        return self._rows[number]

    def update_row(self, number: int, **values: object) -> None:
        """The row with `values` changed: a new row (dataclasses.replace; rows are frozen)."""
        old: Any = self._rows[number]  # Row is a dataclass (a TypeVar cannot say so)
        self._rows[number] = replace(old, **values)
        self.dataChanged.emit(self.index(number, 0), self.index(number, len(self._columns) - 1))

    def rows(self) -> list[Row]:
        return list(self._rows)

    def columns(self) -> list[Column[Row]]:
        return list(self._columns)

    def column_of(self, key: str) -> int:
        return next(i for i, c in enumerate(self._columns) if c.key == key)

    # -- hooks ---------------------------------------------------------------------
    def row_background(self, row: Row) -> Any:
        return None

    def row_tooltip(self, row: Row) -> str | None:
        return None

    # -- Qt ------------------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._columns)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row = self._rows[index.row()]
        column = self._columns[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return plain(column.value(row))
        if role == SORT_ROLE:
            if column.sort:
                return column.sort(row)
            value = column.value(row)
            if column.numeric:
                return value if isinstance(value, int | float) else float("-inf")
            return plain(value)
        if role == ROW_ROLE:
            return row
        if role == Qt.ItemDataRole.TextAlignmentRole:
            if column.numeric:
                return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            return int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.BackgroundRole:
            return self.row_background(row)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.row_tooltip(row)
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return self._columns[section].title if section < len(self._columns) else None
        return section + 1
