"""The phone-entry queue: pending submissions from the tables, conflicts in red, and
submissions voided by a pairing edit in grey with the reason."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QBrush, QColor, QFont

from app.domain import Result, parse_result
from app.services.remote_entry import SubmissionView
from ui.models.base import Column, Index, RecordsModel

CONFLICT_BACKGROUND = QColor("#ffd9d9")
CONFLICT_TEXT = QColor("#b00000")
VOID_TEXT = QColor("#777777")


def clock(received_at: str | None) -> str:
    """ "2025-05-03 14:05:09" → "14:05:09"."""
    return (received_at or "").rsplit(" ", 1)[-1]


class SubmissionsModel(RecordsModel[SubmissionView]):
    """Rows are the queue's `SubmissionView`s, oldest first (the order they arrived)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__((), (), parent)
        # Literal tr() calls keep the words in the translation file; keys are the core's.
        self._results = {
            Result.FIRST_WINS: self.tr("first wins"),
            Result.SECOND_WINS: self.tr("second wins"),
            Result.DRAW: self.tr("draw"),
            Result.FIRST_WINS_BY_FORFEIT: self.tr("second forfeits"),
            Result.SECOND_WINS_BY_FORFEIT: self.tr("first forfeits"),
            Result.DOUBLE_FORFEIT: self.tr("both forfeit"),
        }
        columns: list[Column[SubmissionView]] = [
            Column("id", self.tr("No."), numeric=True),
            Column("event_name", self.tr("Event")),
            Column("round", self.tr("Round"), numeric=True),
            Column("table", self.tr("Table"), numeric=True),
            Column("players", self.tr("Players"), self.players_text),
            Column("result", self.tr("Result"), self.result_text),
            Column("manner", self.tr("Manner")),
            Column("fouls", self.tr("Fouls"), lambda r: "{} : {}".format(*r.fouls)),
            Column("client", self.tr("Client address")),
            Column("received_at", self.tr("Time"), lambda r: clock(r.received_at)),
            Column("conflict", self.tr("Conflict"), self.conflict_text),
        ]
        self.set_columns(columns)

    def set_game(self, game: str | None) -> None:
        """One vocabulary per game: Go's 黑胜/白胜, Gomoku's 先手胜/后手胜."""
        if game == "go":
            self._results.update(
                {
                    Result.FIRST_WINS: self.tr("Black wins"),
                    Result.SECOND_WINS: self.tr("White wins"),
                    Result.FIRST_WINS_BY_FORFEIT: self.tr("White forfeits"),
                    Result.SECOND_WINS_BY_FORFEIT: self.tr("Black forfeits"),
                }
            )
        else:
            self._results.update(
                {
                    Result.FIRST_WINS: self.tr("first wins"),
                    Result.SECOND_WINS: self.tr("second wins"),
                    Result.FIRST_WINS_BY_FORFEIT: self.tr("second forfeits"),
                    Result.SECOND_WINS_BY_FORFEIT: self.tr("first forfeits"),
                }
            )
        if self.rowCount():
            self.dataChanged.emit(self.index(0, 0), self.index(self.rowCount() - 1, 0))

    def set_submissions(self, views: Sequence[SubmissionView]) -> None:
        self.set_rows(views)

    def ids(self) -> list[int]:
        return [r.id for r in self._rows]

    def row_of(self, submission_id: int) -> int | None:
        return next((i for i, r in enumerate(self._rows) if r.id == submission_id), None)

    def conflicts(self) -> int:
        return sum(1 for r in self._rows if r.conflict)

    def voided(self) -> int:
        return sum(1 for r in self._rows if r.status == "void")

    # -- texts ---------------------------------------------------------------------
    def players_text(self, row: SubmissionView) -> str:
        first, second = row.first_name or "", row.second_name or ""
        return f"{first} — {second}" if first or second else ""

    def result_text(self, row: SubmissionView) -> str:
        meaning = self._results.get(parse_result(row.result) or Result.BYE)
        return f"{row.result}  {meaning}" if meaning else row.result

    def conflict_text(self, row: SubmissionView) -> str:
        if row.status == "void":
            return "✖ " + self.tr("void: %1").replace("%1", row.note or "")
        if not row.conflict:
            return ""
        return "⚠ " + (row.conflict_reason or self.tr("conflict"))

    # -- colours -------------------------------------------------------------------
    def row_background(self, row: SubmissionView) -> Any:
        return QBrush(CONFLICT_BACKGROUND) if row.conflict else None

    def row_tooltip(self, row: SubmissionView) -> str | None:
        if row.status == "void":
            return row.note
        if row.conflict:
            return row.conflict_reason or self.tr("conflict")
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if (
            role == Qt.ItemDataRole.ForegroundRole
            and index.isValid()
            and self._rows[index.row()].status == "void"
        ):
            return QBrush(VOID_TEXT)
        if (
            role == Qt.ItemDataRole.ForegroundRole
            and index.isValid()
            and self._rows[index.row()].conflict
        ):
            return QBrush(CONFLICT_TEXT)
        if (
            role == Qt.ItemDataRole.FontRole
            and index.isValid()
            and self._columns[index.column()].key == "conflict"
            and self._rows[index.row()].conflict
        ):
            bold = QFont()
            bold.setBold(True)
            return bold
        return super().data(index, role)
