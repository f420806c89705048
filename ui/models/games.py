"""One round's tables: the pairing board and the result entry list."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QColor

from app.domain import EntrantId
from app.services.rounds import RoundView
from ui.core_words import core
from ui.models.base import Column, RecordsModel, plain

FINDING_COLOUR = QColor("#ffd6d6")
OPEN_COLOUR = QColor("#fff3c4")
DONE_COLOUR = QColor("#e3f4e1")
BYE_COLOUR = QColor("#eeeeee")

FIRST_SIDE = ("first_seed", "first_name", "first_score", "first_unit")
SECOND_SIDE = ("second_seed", "second_name", "second_score", "second_unit")


@dataclass(frozen=True)
class TableRow:
    """One table of a round as the board and the results list show it: who sits first
    (Black) and second (White, None for a bye), their scores before the round, the result,
    and the pairing's notes."""

    table: int
    first: EntrantId
    second: EntrantId | None
    first_seed: int | None
    first_name: str | None
    first_unit: str | None
    second_seed: int | None
    second_name: str | None
    second_unit: str | None
    first_score: float | None
    second_score: float | None
    result: str | None
    handicap: int
    colour_reason: str
    floats: str  # "升 / 降": the players' floats, as the checker words them
    same_unit: bool
    opening: str | None
    findings: tuple[str, ...]  # the checker's messages on this table

    def player(self, second: bool) -> EntrantId | None:
        """The first (Black) or second (White) player: None for a bye's empty side."""
        return self.second if second else self.first


def game_rows(view: RoundView) -> list[TableRow]:
    """The round view as one row per table."""
    notes = {n.table: n for n in view.notes}
    flagged: dict[int, list[str]] = {}
    for finding in view.findings:
        for table in finding.tables:
            flagged.setdefault(table, []).append(finding.message)
        for who in finding.entrants:
            for game in view.games:
                if who in (game.first, game.second) and finding.message not in flagged.get(
                    game.table, []
                ):
                    flagged.setdefault(game.table, []).append(finding.message)
    rows: list[TableRow] = []
    for game in view.games:
        note = notes.get(game.table)
        rows.append(
            TableRow(
                table=game.table,
                first=game.first,
                second=game.second,
                first_seed=view.seeds.get(game.first),
                first_name=view.names.get(game.first),
                first_unit=view.units.get(game.first),
                second_seed=view.seeds.get(game.second) if game.second else None,
                second_name=view.names.get(game.second) if game.second else None,
                second_unit=view.units.get(game.second) if game.second else None,
                first_score=note.first_score if note else None,
                second_score=note.second_score if note else None,
                result=view.results.get(game.table),
                handicap=game.handicap,
                colour_reason=core(note.colour_reason) if note else "",
                floats=" / ".join(
                    f for f in ((note.first_float, note.second_float) if note else ()) if f
                ),
                same_unit=bool(note and note.same_unit),
                opening=view.opening,
                findings=tuple(flagged.get(game.table, [])),
            )
        )
    return rows


class GamesModel(RecordsModel[TableRow]):
    """Columns: table, first (seed, name, score), result, second, colour reason, floats."""

    def __init__(self, parent: QObject | None = None, results_mode: bool = False) -> None:
        super().__init__((), (), parent)
        self.results_mode = results_mode
        self.view: RoundView | None = None
        bye = self.tr("BYE")
        self._bye = bye
        self._draw = self.tr("Draw")
        # A McMahon event's scores are McMahon scores (麦克马洪分), headed so (set_view).
        self._points_title = self.tr("Pts")
        self._mcmahon_title = self.tr("MMS")
        # Go games with a handicap (an imported OpenGotha event's): the stones, after the result.
        self._handicap_column = Column[TableRow](
            "handicap", self.tr("Handicap"), lambda r: str(r.handicap) if r.handicap else ""
        )
        # On the pairing board each name has its unit beside it: same-unit avoidance is a
        # rule, so the arbiter editing a pairing sees who comes from where.
        first_unit: list[Column[TableRow]] = (
            [] if results_mode else [Column("first_unit", self.tr("Unit (first)"))]
        )
        second_unit: list[Column[TableRow]] = (
            [] if results_mode else [Column("second_unit", self.tr("Unit (second)"))]
        )
        columns: list[Column[TableRow]] = [
            Column("table", self.tr("Table"), numeric=True),
            Column("first_seed", self.tr("No."), numeric=True),
            Column("first_name", self.tr("First (Black)")),
            *first_unit,
            Column("first_score", self._points_title, numeric=True),
            Column("result", self.tr("Result"), self.result_text),
            Column("second_score", self._points_title, numeric=True),
            Column(
                "second_name",
                self.tr("Second (White)"),
                lambda r: r.second_name if r.second else bye,
            ),
            *second_unit,
            Column("second_seed", self.tr("No."), numeric=True),
        ]
        if not results_mode:
            columns += [
                Column("colour_reason", self.tr("Colours")),
                Column("floats", self.tr("Floats")),
                Column("findings", self.tr("Checker"), lambda r: "；".join(r.findings)),
            ]
        else:
            columns += [
                Column("first_unit", self.tr("Unit (first)")),
                Column("second_unit", self.tr("Unit (second)")),
            ]
        self.set_columns(columns)

    def set_game(self, game: str | None) -> None:
        """One vocabulary per game in the headings: Go's 黑方/白方, Gomoku's 先手/后手."""
        go = game == "go"
        titles = {
            "first_name": self.tr("Black (first)") if go else self.tr("First to move"),
            "second_name": self.tr("White (second)") if go else self.tr("Second to move"),
            "first_unit": self.tr("Unit (Black)") if go else self.tr("Unit (first)"),
            "second_unit": self.tr("Unit (White)") if go else self.tr("Unit (second)"),
            "colour_reason": self.tr("Black and white") if go else self.tr("Colours"),
        }
        if any(c.key in titles and c.title != titles[c.key] for c in self.columns()):
            self.set_columns(
                [replace(c, title=titles[c.key]) if c.key in titles else c for c in self.columns()]
            )

    def result_text(self, row: TableRow) -> str:
        result = row.result
        if row.second is None:
            return self._bye
        if result is None:
            return ""
        return self._draw if result == "=" else plain(result)

    def set_view(self, view: RoundView | None) -> None:
        self.view = view
        title = self._mcmahon_title if view is not None and view.mcmahon else self._points_title
        if self.score_title() != title:
            self.set_columns(
                [
                    replace(c, title=title) if c.key in ("first_score", "second_score") else c
                    for c in self.columns()
                ]
            )
        self._show_handicaps(view is not None and view.handicaps)
        self.set_rows(game_rows(view) if view else [])

    def _show_handicaps(self, shown: bool) -> None:
        columns = list(self.columns())
        if shown == any(c.key == "handicap" for c in columns):
            return
        if shown:
            at = next(i for i, c in enumerate(columns) if c.key == "result") + 1
            columns.insert(at, self._handicap_column)
        else:
            columns = [c for c in columns if c.key != "handicap"]
        self.set_columns(columns)

    def score_title(self) -> str:
        """The heading of the score columns: 积分, or 麦克马洪分 in a McMahon event."""
        return next(c.title for c in self.columns() if c.key == "first_score")

    def row_for_table(self, table: int) -> int | None:
        for number, row in enumerate(self.rows()):
            if row.table == table:
                return number
        return None

    def open_tables(self) -> list[int]:
        return [r.table for r in self.rows() if r.second is not None and r.result is None]

    def row_background(self, row: TableRow) -> Any:
        if row.findings and not self.results_mode:
            return FINDING_COLOUR
        if row.second is None:
            return BYE_COLOUR
        if self.results_mode:
            return OPEN_COLOUR if row.result is None else DONE_COLOUR
        return None

    def data(self, index: Any, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """A unit cell's tooltip is the whole unit (a long one is elided on the board)."""
        if role == Qt.ItemDataRole.ToolTipRole and index.isValid():
            key = self.columns()[index.column()].key
            if key in ("first_unit", "second_unit"):
                row = self.row(index.row())
                unit = row.second_unit if key == "second_unit" else row.first_unit
                rest = self.row_tooltip(row)
                return "\n".join(t for t in (unit, rest) if t) or None
        return super().data(index, role)

    def row_tooltip(self, row: TableRow) -> str | None:
        lines = list(row.findings)
        if row.same_unit:
            lines.append(self.tr("Same unit"))
        return "\n".join(lines) or None

    def player_at(self, row: int, column: int) -> int | None:
        """The player of a name, seed or points cell; None for the table, result and notes."""
        key = self.columns()[column].key
        if key not in FIRST_SIDE and key not in SECOND_SIDE:
            return None
        return self.row(row).player(second=key in SECOND_SIDE)

    def entrant_at(self, row: int, column: int) -> int | None:
        """The entrant whose cell this is (first-side columns → first player)."""
        key = self.columns()[column].key
        return self.row(row).player(second=key in SECOND_SIDE)
