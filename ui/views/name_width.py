"""Name columns wide enough for the longest name of the event: a list sized from the rows on
screen cut four-character names further down ("东方…", "诸葛…")."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtWidgets import QTableView

from ui.models.games import GamesModel

NAME_KEYS = ("first_name", "second_name")
PADDING = 16  # the cell's margins and a little air
WIDEST = 360  # a pathological name (a team's) is elided past this


def fit_names(table: QTableView, model: GamesModel, names: Iterable[str]) -> None:
    """Widen the name columns of `model` in `table` to the longest of `names`."""
    metrics = table.fontMetrics()
    longest = max((metrics.horizontalAdvance(name) for name in names if name), default=0)
    if not longest:
        return
    keys = {column.key for column in model.columns()}
    for key in NAME_KEYS:
        if key not in keys:
            continue
        column = model.column_of(key)
        wanted = min(longest + PADDING, WIDEST)
        if table.columnWidth(column) < wanted:
            table.setColumnWidth(column, wanted)
