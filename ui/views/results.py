"""Result entry, keyboard first: "12 1⏎" records table 12 as a win for the first player."""

from __future__ import annotations

import re
import unicodedata

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app.errors import FinalsError
from app.services.results import record_board_result, record_result
from app.services.rounds import RoundView, round_view
from ui import context as ctxmod
from ui.commands import ResultCommand
from ui.errors import show_error
from ui.models.games import GamesModel

KEYS = {"1": "1-0", "0": "0-1", "=": "=", "+": "+-", "-": "-+", "--": "--", "00": "0-0"}
FULL = {"1-0", "0-1", "=", "+-", "-+", "--", "0-0", "1:0", "0:1"}
_ENTRY = re.compile(r"^\s*(\d+)\s*(1-0|0-1|0-0|1:0|0:1|\+-|-\+|--|[10=+\-])\s*$")


def parse_entry(text: str, selected_table: int | None = None) -> tuple[int, str] | None:
    """"12 1" → (12, "1-0"); "12=" → (12, "="); "1" alone → the selected table won by first.

    Without a space the last key is the result: "121" is table 12, first wins.
    """
    text = unicodedata.normalize("NFKC", text).strip().replace("−", "-")
    if not text:
        return None
    if text in KEYS or text in FULL:
        if selected_table is None:
            return None
        return selected_table, _result(text)
    match = _ENTRY.match(text)
    if match and match.group(1) and match.group(2):
        digits, key = match.group(1), match.group(2)
        if " " not in text and key in ("1", "0") and len(digits) >= 1 and text[-1] == key:
            return int(digits), _result(key)
        return int(digits), _result(key)
    return None


_BOARD_ENTRY = re.compile(r"^\s*(\d+)\s*/\s*(\d+)\s*(1-0|0-1|1:0|0:1|\+-|-\+|[10=+\-])\s*$")


def parse_board_entry(text: str) -> tuple[int, int, str] | None:
    """Team matches: "3/2 1" → table 3, board 2, first mover wins."""
    text = unicodedata.normalize("NFKC", text).strip().replace("−", "-")
    match = _BOARD_ENTRY.match(text)
    if not match:
        return None
    return int(match.group(1)), int(match.group(2)), _result(match.group(3))


def _result(key: str) -> str:
    key = key.replace(":", "-")
    return KEYS.get(key, key)


class ResultsView(QWidget):
    print_requested = Signal(str)

    def __init__(self, ctx: ctxmod.TournamentContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.view: RoundView | None = None
        self.model = GamesModel(self, results_mode=True)

        self.round_combo = QComboBox()
        self.round_combo.setMinimumContentsLength(8)
        self.round_combo.currentIndexChanged.connect(lambda _i: self.load_round())
        self.entry = QLineEdit()
        self.entry.setPlaceholderText(self.tr("Table and result, then Enter: 12 1 · 12 0 · 12 = · 12 + · 12 -"))
        self.entry.setMinimumWidth(360)
        font = self.entry.font()
        font.setPointSize(font.pointSize() + 4)
        self.entry.setFont(font)
        self.entry.returnPressed.connect(self.submit)
        self.feedback = QLabel()
        self.feedback.setWordWrap(True)
        help_text = QLabel(self.tr("1 = first (Black) wins · 0 = second (White) wins · = draw · "
                                   "+ second forfeits · - first forfeits · -- both forfeit. "
                                   "A key alone applies to the selected table."))
        help_text.setWordWrap(True)
        help_text.setStyleSheet("color: #555;")
        self.only_open = QCheckBox(self.tr("Only open tables"))
        self.only_open.toggled.connect(lambda _v: self._apply_filter())
        self.progress = QProgressBar()
        self.progress.setFormat(self.tr("%v of %m entered"))
        self.complete = QLabel()
        self.slips_button = QPushButton(self.tr("Print result slips"))
        self.slips_button.clicked.connect(lambda: self.print_requested.emit("slips"))

        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Round")))
        top.addWidget(self.round_combo)
        top.addWidget(self.entry, 2)
        top.addWidget(self.progress, 1)
        top.addWidget(self.complete)
        top.addWidget(self.slips_button)

        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(24)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.doubleClicked.connect(self._pick_row)

        bottom = QHBoxLayout()
        bottom.addWidget(help_text, 1)
        bottom.addWidget(self.only_open)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.feedback)
        layout.addLayout(bottom)
        layout.addWidget(self.table, 1)

        ctx.opened.connect(self.reload)
        ctx.event_changed.connect(lambda _c: self.reload())
        ctx.changed.connect(lambda what: what in (ctxmod.ROUNDS, ctxmod.RESULTS, ctxmod.ALL)
                            and self.reload(keep=True))

    # -- loading -------------------------------------------------------------------
    def reload(self, keep: bool = False) -> None:
        event = self.ctx.current_event()
        current = self.round_combo.currentData() if keep else None
        self.round_combo.blockSignals(True)
        paired = event["rounds_paired"] if event else 0
        if paired > self.round_combo.count():
            current = None  # a new round was paired: enter its results
        self.round_combo.clear()
        for number in range(1, paired + 1):
            self.round_combo.addItem(self.tr("Round %1").replace("%1", str(number)), number)
        index = self.round_combo.findData(current or paired)
        self.round_combo.setCurrentIndex(index if index >= 0 else self.round_combo.count() - 1)
        self.round_combo.blockSignals(False)
        self.load_round()

    def load_round(self) -> None:
        event = self.ctx.current_event()
        number = self.round_combo.currentData()
        view = None
        if self.ctx.db is not None and event and number:
            try:
                view = round_view(self.ctx.db, event["code"], number)
            except FinalsError as exc:
                show_error(self, exc)
        self.view = view
        self.model.set_view(view)
        self._apply_filter()
        # Size the columns once per event: team and pair names are longer than players'.
        if view is not None and getattr(self, "_sized_for", None) != view.event and self.model.rowCount():
            self.table.resizeColumnsToContents()
            for column in range(self.model.columnCount()):
                self.table.setColumnWidth(column, min(self.table.columnWidth(column) + 8, 260))
            self._sized_for = view.event
        self._update_progress()
        self._select_next_open(None)

    def _apply_filter(self) -> None:
        only = self.only_open.isChecked()
        for row in range(self.model.rowCount()):
            data = self.model.row(row)
            hide = only and not (data["second"] is not None and data["result"] is None)
            self.table.setRowHidden(row, hide)

    def _update_progress(self) -> None:
        rows = [r for r in self.model.rows() if r["second"] is not None]
        done = sum(1 for r in rows if r["result"] is not None)
        self.progress.setRange(0, max(len(rows), 1))
        self.progress.setValue(done)
        if rows and done == len(rows):
            self.complete.setText(self.tr("✔ Round complete"))
            self.complete.setStyleSheet("color: white; background: #2e7d32; padding: 3px 8px; font-weight: bold;")
        elif rows:
            self.complete.setText(self.tr("%1 open").replace("%1", str(len(rows) - done)))
            self.complete.setStyleSheet("color: #7a5a00; background: #fff3c4; padding: 3px 8px;")
        else:
            self.complete.setText("")
            self.complete.setStyleSheet("")

    def selected_table(self) -> int | None:
        rows = self.table.selectionModel().selectedRows()
        return self.model.row(rows[0].row())["table"] if rows else None

    def _select_next_open(self, after: int | None) -> None:
        open_tables = self.model.open_tables()
        if not open_tables:
            self.table.clearSelection()
            return
        later = [t for t in open_tables if after is None or t > after]
        table = (later or open_tables)[0]
        row = self.model.row_for_table(table)
        if row is not None:
            self.table.selectRow(row)
            self.table.scrollTo(self.model.index(row, 0))

    def _pick_row(self) -> None:
        table = self.selected_table()
        if table is not None:
            self.entry.setText(f"{table} ")
            self.entry.setFocus()

    # -- entering ------------------------------------------------------------------
    def submit(self) -> bool:
        board = parse_board_entry(self.entry.text())
        if board is not None:
            return self.enter_board(*board)
        parsed = parse_entry(self.entry.text(), self.selected_table())
        if parsed is None:
            self._say(self.tr("Type a table number and a result key, e.g. 12 1"), error=True)
            return False
        table, result = parsed
        return self.enter(table, result)

    def enter_board(self, table: int, board: int, result: str) -> bool:
        """One board of a team match; the match result follows from the board points."""
        if self.view is None or self.ctx.db is None:
            return False
        try:
            outcome = record_board_result(self.ctx.db, self.view.event, self.view.number, table,
                                          board, result, operator=self.ctx.operator)
        except FinalsError as exc:
            self._say(exc.message, error=True)
            return False
        first, second = outcome["board_points"]
        self._say(self.tr("Table %1 board %2: %3 (board points %4:%5)")
                  .replace("%1", str(table)).replace("%2", str(board)).replace("%3", result)
                  .replace("%4", f"{first:g}").replace("%5", f"{second:g}"))
        self.entry.clear()
        self.entry.setFocus()
        self.ctx.notify(ctxmod.RESULTS)
        return True

    def enter(self, table: int, result: str) -> bool:
        if self.view is None or self.ctx.db is None:
            return False
        row_number = self.model.row_for_table(table)
        if row_number is None:
            self._say(self.tr("Round %1 has no table %2.").replace("%1", str(self.view.number))
                      .replace("%2", str(table)), error=True)
            return False
        old = self.model.row(row_number)["result"]
        event, number = self.view.event, self.view.number
        force = False
        while True:
            try:
                outcome = record_result(self.ctx.db, event, number, table, result, force=force,
                                        operator=self.ctx.operator)
                break
            except FinalsError as exc:
                if old is not None and not force and self._later_round_paired():
                    answer = QMessageBox.question(
                        self, self.tr("Correct a result"),
                        exc.message + "\n\n" + self.tr("Correct table %1 from %2 to %3 anyway?")
                        .replace("%1", str(table)).replace("%2", old).replace("%3", result))
                    if answer == QMessageBox.StandardButton.Yes:
                        force = True
                        continue
                    self._say(self.tr("Not changed."))
                    return False
                self._say(exc.message, error=True)
                return False
        if old != result:
            label = self.tr("Table %1: %2 → %3").replace("%1", str(table)).replace("%2", old or "—").replace("%3", result)
            self.ctx.undo_stack.push(ResultCommand(self.ctx, event, number, table, result, old, label))
        self._refresh_row(table, str(outcome.get("result", result)))
        self.entry.clear()
        self.entry.setFocus()
        data = self.model.row(row_number)
        names = f"{data['first_name']} — {data['second_name']}"
        text = (self.tr("Table %1: %2 (%3)").replace("%1", str(table))
                .replace("%2", self.model.result_text(data)).replace("%3", names))
        if outcome.get("corrected"):
            text += "  " + self.tr("— corrected")
        self._say(text)
        if outcome.get("round_complete"):
            self.ctx.notify(ctxmod.RESULTS)
        else:
            self.ctx.changed.emit("result-entered")
        return True

    def _later_round_paired(self) -> bool:
        event = self.ctx.current_event()
        return bool(event and self.view and event["rounds_paired"] > self.view.number)

    def _refresh_row(self, table: int, result: str) -> None:
        """Show the new result at once and move to the next open table."""
        if self.view is None:
            return
        self.view.results[table] = result
        row = self.model.row_for_table(table)
        if row is not None:
            self.model.update_row(row, result=result)
        self._apply_filter()
        self._update_progress()
        self._select_next_open(table)

    def _say(self, text: str, error: bool = False) -> None:
        self.feedback.setText(text)
        self.feedback.setStyleSheet("color: #b00000; font-weight: bold;" if error else "color: #1b5e20;")

    def focus_entry(self) -> None:
        self.entry.setFocus(Qt.FocusReason.OtherFocusReason)
