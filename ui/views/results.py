"""Result entry, keyboard first: "12 1⏎" records table 12 as a win for the first player.

A table number and a digit key are always separated ("12 1", not "121"): a bare number
only goes to its table.  Ctrl+Z / Ctrl+Y in this view undo and redo results through the
window's undo stack, even while the entry line has the focus.
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence
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

from app.domain import EventKind, Result
from app.errors import FinalsError
from app.result_entry import parse_board_entry, parse_entry
from app.services.results import (
    DrawRefusal,
    DrawRefused,
    RecordedBoard,
    RecordedResult,
    ResultChanged,
    Seats,
    SeatsChanged,
    draws_refused,
    record_board_result,
    record_result,
)
from app.services.rounds import RoundView
from ui import context as ctxmod
from ui.commands import ResultCommand
from ui.errors import show_error
from ui.models.games import GamesModel
from ui.views.name_width import fit_names

_COMMAND_MODIFIERS = (
    Qt.KeyboardModifier.ControlModifier
    | Qt.KeyboardModifier.AltModifier
    | Qt.KeyboardModifier.MetaModifier
)
_UNDO_KEYS = (QKeySequence.StandardKey.Undo,)
_REDO_KEYS = (QKeySequence.StandardKey.Redo,)
_EXTRA_REDO = (QKeySequence("Ctrl+Y"), QKeySequence("Ctrl+Shift+Z"))


def undo_redo_key(event: QKeyEvent) -> str | None:
    """ "undo", "redo" or None for a key press (Ctrl+Z; Ctrl+Y and Ctrl+Shift+Z on every
    platform, whatever its own redo key is)."""
    if any(event.matches(k) for k in _UNDO_KEYS):
        return "undo"
    if any(event.matches(k) for k in _REDO_KEYS):
        return "redo"
    pressed = QKeySequence(event.keyCombination())
    if any(pressed.matches(k) == QKeySequence.SequenceMatch.ExactMatch for k in _EXTRA_REDO):
        return "redo"
    return None


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
        self.entry.setPlaceholderText(self.tr("Table, space, key, Enter: 12 1 · 12 0 · 12 ="))
        self.entry.setMinimumWidth(360)
        font = self.entry.font()
        font.setPointSize(font.pointSize() + 4)
        self.entry.setFont(font)
        self.entry.returnPressed.connect(self.submit)
        self.entry.textEdited.connect(lambda _text: self._withdraw_question())
        self.feedback = QLabel()
        self.feedback.setWordWrap(True)
        # Typed results the file refused (a lock held too long, a change made elsewhere):
        # named by table until the arbiter has seen them (the next entry does not hide them).
        self.unsaved = QLabel()
        self.unsaved.setWordWrap(True)
        self.unsaved.setStyleSheet(
            "color: #b00000; background: #fde7e7; font-weight: bold; padding: 3px 8px;"
        )
        self.unsaved_seen = QPushButton(self.tr("Seen"))
        self.unsaved_seen.clicked.connect(self.clear_unsaved)
        self._unsaved: dict[int, str] = {}
        # Every key of app.domain.RESULT_KEYS is named here (tests/ui/test_results_entry.py).
        self.help_text = QLabel()
        self.help_text.setText(self._keys_help())
        self.help_text.setWordWrap(True)
        self.help_text.setStyleSheet("color: #555;")
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
        # columns are sized from the first rows (what is on screen), not from all 180 tables
        self.table.horizontalHeader().setResizeContentsPrecision(60)
        self.table.doubleClicked.connect(self._pick_row)
        # Ctrl+Z belongs to the results, not to the text of the entry line.
        for widget in (self.entry, self.table, self.round_combo):
            widget.installEventFilter(self)

        bottom = QHBoxLayout()
        bottom.addWidget(self.help_text, 1)
        bottom.addWidget(self.only_open)
        unsaved = QHBoxLayout()
        unsaved.addWidget(self.unsaved, 1)
        unsaved.addWidget(self.unsaved_seen)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.feedback)
        layout.addLayout(unsaved)
        layout.addLayout(bottom)
        layout.addWidget(self.table, 1)

        ctx.opened.connect(self.reload)
        ctx.closed.connect(lambda: self._show_round(None))
        ctx.event_changed.connect(lambda _c: self.reload())
        # A result typed here changes its row and the counters only (`_refresh_row`); a
        # completed round changes the outline, not this list.
        ctx.changed.connect(self._changed)
        ctx.result_written.connect(
            lambda event, number, table, result: self._show_result(table, result, (event, number))
        )
        ctx.runner.writing_changed.connect(self._writing)
        ctx.message.connect(self._waiting)
        ctx.closed.connect(self._forget_sending)
        ctx.closed.connect(self.clear_unsaved)
        self._show_unsaved()

    # -- loading -------------------------------------------------------------------
    def _show_help(self) -> None:
        """The keys, and in a final without draws (Go, komi 3又3/4子) why = is refused (read
        in a worker)."""
        if self.ctx.db is None:
            self._help_read(None)
            return
        self.ctx.read("draws refused", draws_refused, on_done=self._help_read)

    def _help_read(self, refusal: DrawRefusal | None) -> None:
        self._draw_refusal = refusal
        extra = (
            "\n" + self.tr("No draws in this final: %1.").replace("%1", refusal.why)
            if refusal
            else ""
        )
        self.help_text.setText(self._keys_help() + extra)
        self._writing(self.ctx.runner.writing)  # the placeholder offers "=" only with draws

    def _placeholder(self) -> str:
        if self._draw_refusal is not None:
            return self.tr("Table, space, key, Enter: 12 1 · 12 0")
        return self.tr("Table, space, key, Enter: 12 1 · 12 0 · 12 =")

    def _keys_help(self) -> str:
        """The keys, in the words of the final's game: Black/White in Go, first/second
        mover in Gomoku; "=" only in a final that takes draws."""
        if self._draw_refusal is not None and self.ctx.info is not None:
            if self.ctx.info.game == "go":
                keys = self.tr(
                    "Keys after the table number: 1 Black wins · 0 White wins · "
                    "+ White forfeits · - Black forfeits · -- both forfeit · 00 not played. "
                    "Results in full work too: 1-0, 1:0, 黑胜, 白弃权 …"
                )
            else:
                keys = self.tr(
                    "Keys after the table number: 1 first mover wins · 0 second mover wins · "
                    "+ second mover forfeits · - first mover forfeits · -- both forfeit · "
                    "00 not played. Results in full work too: 1-0, 1:0, 先手胜, 后手弃权 …"
                )
            return keys + "\n" + self._keys_rest()
        if self.ctx.info is not None and self.ctx.info.game == "go":
            keys = self.tr(
                "Keys after the table number: 1 Black wins · 0 White wins · = draw · "
                "+ White forfeits · - Black forfeits · -- both forfeit · 00 not played. "
                "Results in full work too: 1-0, 1:0, 黑胜, 白弃权 …"
            )
        else:
            keys = self.tr(
                "Keys after the table number: 1 first mover wins · 0 second mover wins · "
                "= draw · + second mover forfeits · - first mover forfeits · -- both forfeit · "
                "00 not played. Results in full work too: 1-0, 1:0, 先手胜, 后手弃权 …"
            )
        return keys + "\n" + self._keys_rest()

    def _keys_rest(self) -> str:
        return self.tr(
            "Put a space between table and key: 12 1. A number alone (12) goes to "
            "that table; a key alone applies to the selected table. "
            "Ctrl+Z undoes the last result, Ctrl+Y redoes it."
        )

    def _changed(self, what: str) -> None:
        if what in (ctxmod.SETTINGS, ctxmod.ALL) and self.ctx.db is not None:
            self._show_help()  # draws may have been allowed or refused
        if what in (ctxmod.ROUNDS, ctxmod.RESULTS, ctxmod.ALL):
            self.reload(keep=True)

    def reload(self, keep: bool = False) -> None:
        if not keep:
            self._show_help()
        event = self.ctx.current_event()
        current = self.round_combo.currentData() if keep else None
        self.round_combo.blockSignals(True)
        paired = event.rounds_paired if event else 0
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
        """Show the chosen round: read in a worker (or the context's copy of this revision)."""
        event = self.ctx.current_event()
        number = self.round_combo.currentData()
        if self.ctx.db is None or not event or not number:
            self._loading = False
            self._show_round(None)
            return
        self._loading = True  # until it is shown, a typed result waits (the tables may move)
        self.ctx.read_round(event.code, number, self._loaded, self._load_failed)

    _loading = False

    def _loaded(self, view: RoundView) -> None:
        event = self.ctx.current_event()
        if not event or (view.event, view.number) != (
            event.code,
            self.round_combo.currentData(),
        ):
            return  # another round or event was chosen meanwhile
        self._loading = False
        self._show_round(view)

    def _load_failed(self, exc: BaseException) -> None:
        self._loading = False
        self._show_round(None)
        show_error(self, exc)

    def _show_round(self, view: RoundView | None) -> None:
        self.view = view
        self.model.set_view(view)
        self._apply_filter()
        # Size the columns once per event: team and pair names are longer than players'.
        if (
            view is not None
            and getattr(self, "_sized_for", None) != view.event
            and self.model.rowCount()
        ):
            self.table.resizeColumnsToContents()
            for column in range(self.model.columnCount()):
                self.table.setColumnWidth(column, min(self.table.columnWidth(column) + 8, 260))
            fit_names(self.table, self.model, view.names.values())  # the longest, not the first
            self._sized_for = view.event
        self._update_progress()
        self._confirming = None  # a question asked over the rows before is void
        focus, self._focus_after_load = self._focus_after_load, None
        if focus is None or not self._show_table(focus):
            self._select_next_open(None)

    # After a refusal, the table it named is shown again (reread) and selected.
    _focus_after_load: int | None = None
    # The replacement asked about ("table 7 has 1-0: Enter again to make it 0-1"): the
    # same table and result typed again confirms it.
    _confirming: tuple[int, str] | None = None

    def _show_table(self, table: int) -> bool:
        row = self.model.row_for_table(table)
        if row is None:
            return False
        self.table.setRowHidden(row, False)
        self.table.selectRow(row)
        self.table.scrollTo(self.model.index(row, 0))
        return True

    def _apply_filter(self) -> None:
        only = self.only_open.isChecked()
        for row in range(self.model.rowCount()):
            data = self.model.row(row)
            hide = only and not (data.second is not None and data.result is None)
            self.table.setRowHidden(row, hide)

    def _update_progress(self) -> None:
        rows = [r for r in self.model.rows() if r.second is not None]
        done = sum(1 for r in rows if r.result is not None)
        self.progress.setRange(0, max(len(rows), 1))
        self.progress.setValue(done)
        if rows and done == len(rows):
            self.complete.setText(self.tr("✔ Round complete"))
            self.complete.setStyleSheet(
                "color: white; background: #2e7d32; padding: 3px 8px; font-weight: bold;"
            )
        elif rows:
            self.complete.setText(self.tr("%1 open").replace("%1", str(len(rows) - done)))
            self.complete.setStyleSheet("color: #7a5a00; background: #fff3c4; padding: 3px 8px;")
        else:
            self.complete.setText("")
            self.complete.setStyleSheet("")

    def selected_table(self) -> int | None:
        rows = self.table.selectionModel().selectedRows()
        return self.model.row(rows[0].row()).table if rows else None

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
        """Record what the entry line says; True when a result was recorded."""
        text = self.entry.text()
        board = parse_board_entry(text)
        if board is not None:
            return self.enter_board(*board)
        parsed = parse_entry(text, self.selected_table())
        if parsed is None:
            self._say(
                self.tr("Type a table number, a space and a result key, e.g. 12 1"), error=True
            )
            return False
        if parsed.result is None:
            self.go_to_table(parsed.table)
            return False
        return self.enter(parsed.table, parsed.result)

    def go_to_table(self, table: int) -> bool:
        """Select `table` and leave "12 " in the line for its key; records nothing."""
        row = self.model.row_for_table(table)
        if row is None:
            number = self.view.number if self.view is not None else 0
            text = (
                self.tr("Round %1 has no table %2.")
                .replace("%1", str(number))
                .replace("%2", str(table))
            )
            if table >= 10:
                text += " " + self.tr("Put a space between the table and the result: 12 1.")
            self._say(text, error=True)
            return False
        self.table.setRowHidden(row, False)
        self.table.selectRow(row)
        self.table.scrollTo(self.model.index(row, 0))
        self.entry.setText(f"{table} ")
        self.entry.setFocus()
        data = self.model.row(row)
        who = data.first_name or ""
        if data.second is not None:
            who += f" — {data.second_name}"
        if data.result is not None or data.second is None:
            who += f" · {self.model.result_text(data)}"
        self._say(
            self.tr("Table %1 (%2): type the result key, then Enter.")
            .replace("%1", str(table))
            .replace("%2", who)
        )
        return True

    def undo_or_redo(self, which: str) -> None:
        """Ctrl+Z / Ctrl+Y in this view: the window's undo stack, whatever has the focus."""
        stack = self.ctx.undo_stack
        if which == "undo":
            if not stack.canUndo():
                self._say(self.tr("Nothing to undo."))
                return
            text = stack.undoText()
            stack.undo()
            self._say(self.tr("Undone: %1").replace("%1", text))
        else:
            if not stack.canRedo():
                self._say(self.tr("Nothing to redo."))
                return
            text = stack.redoText()
            stack.redo()
            self._say(self.tr("Redone: %1").replace("%1", text))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt)
        if (
            watched is self.entry
            and self._confirming is not None
            and event.type() in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress)
            and isinstance(event, QKeyEvent)
            and not event.modifiers() & _COMMAND_MODIFIERS
            and event.key() in (Qt.Key.Key_Escape, Qt.Key.Key_Y)
        ):
            # The question over a result on file: Y confirms (as Enter again), Esc keeps it.
            event.accept()
            if event.type() == QEvent.Type.KeyPress:
                if event.key() == Qt.Key.Key_Y:
                    self.submit()
                else:
                    self._withdraw_question()
                    self.entry.clear()
                    self._say(self.tr("Not changed."))
            return True
        if event.type() in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress) and isinstance(
            event, QKeyEvent
        ):
            which = undo_redo_key(event)
            if which is not None:
                # Claim the key from the line edit's own undo and from the window's action
                # (so it is not done twice), then act on the press.
                event.accept()
                if event.type() == QEvent.Type.KeyPress:
                    self.undo_or_redo(which)
                return True
        return super().eventFilter(watched, event)

    def enter_board(self, table: int, board: int, result: Result | str) -> bool:
        """One board of a team match; the match result follows from the board points.
        Written in the window's write queue, after the results typed before it."""
        if self.view is None or self.ctx.db is None:
            return False
        if self._refuse_while_writing():
            return False
        self._sending += 1

        def saved(outcome: RecordedBoard) -> None:
            self._sent()
            first, second = outcome.board_points
            self._say(
                self.tr("Table %1 board %2: %3 (board points %4:%5)")
                .replace("%1", str(table))
                .replace("%2", str(board))
                .replace("%3", result)
                .replace("%4", f"{first:g}")
                .replace("%5", f"{second:g}")
            )

        def refused(exc: BaseException) -> None:
            self._sent()
            if isinstance(exc, FinalsError):
                self._say(exc.window_message, error=True)
            else:
                show_error(self, exc)

        self.ctx.write(
            record_board_result,
            self.view.event,
            self.view.number,
            table,
            board,
            result,
            operator=self.ctx.operator,
            what=ctxmod.RESULTS,  # the match's row is read again
            on_done=saved,
            on_error=refused,
        )
        self.entry.clear()
        self.entry.setFocus()
        return True

    def _writing(self, writing: bool) -> None:
        """While a change saves (a pairing, an undo), a result waits: the line says so."""
        self.entry.setPlaceholderText(
            self.tr("Saving… results can be typed when it is done")
            if writing and self._others_writing()
            else self._placeholder()
        )

    def _others_writing(self) -> bool:
        """A change other than the results typed here (or their undos) is queued or saving."""
        return self.ctx.runner.writes_waiting > self._sending + self.ctx.result_undos

    def _waiting(self, text: str) -> None:
        """The results typed here wait for another writer (an import, another program): the
        line says so until they are written."""
        if self._sending and not self._others_writing():
            self.feedback.setText(text)
            self.feedback.setStyleSheet("color: #7a5a00; font-weight: bold;")
            self._said_waiting = True

    _said_waiting = False  # the line says the results wait for another writer

    def _refuse_while_writing(self) -> bool:
        """A change is saving, or the list is being read again after one: the tables shown
        may be about to move, so the result is not written over them. The typed line stays
        as it is: Enter again when it is done. (Results typed before wait in the queue: the
        next one may be typed meanwhile.)"""
        if self.ctx.writing and self._others_writing():
            self._say(
                self.tr("Still saving the previous change — press Enter again in a moment."),
                error=True,
            )
            return True
        if self._loading:
            self._say(
                self.tr("The round is being read again — press Enter again in a moment."),
                error=True,
            )
            return True
        return False

    def enter(self, table: int, result: Result | str) -> bool:
        """Record `result` at `table`: shown in its row at once (the next open table is
        selected, the next result can be typed), written in the window's write queue, off
        its thread and after every result typed before it. True when it was sent."""
        if self.view is None or self.ctx.db is None:
            return False
        typed_against = self._typed_against_seats(table)
        if self._refuse_while_writing():
            return False
        row_number = self.model.row_for_table(table)
        if row_number is None:
            self._say(
                self.tr("Round %1 has no table %2.")
                .replace("%1", str(self.view.number))
                .replace("%2", str(table)),
                error=True,
            )
            return False
        # what the desk sees: the file's result, or the one typed before that is still saving,
        # between the players its row shows
        shown = self.model.row(row_number)
        old = shown.result
        seats = (shown.first, shown.second)
        event, number = self.view.event, self.view.number
        if typed_against is not None and typed_against != seats:
            # The line was typed (and Enter first pressed) against other players: the table
            # changed while it waited. Sent as typed, the file refuses it and names who
            # changed the table; nothing is shown in the row meanwhile.
            self._typed_against = None
            self._send(event, number, table, str(result), old, False, None, typed_against)
            self.entry.clear()
            return False
        self._typed_against = None
        if old is not None and old != result and not self._later_round_paired(number):
            # A result on file is replaced only when asked twice (a later round paired: the
            # service refuses and a message box asks instead).
            if self._confirming != (table, str(result)):
                self._confirming = (table, str(result))
                self._show_table(table)
                self._say(
                    self.tr(
                        "Table %1 (%2) already has %3. Press Enter again (or Y) to change it "
                        "to %4; Esc keeps %3."
                    )
                    .replace("%1", str(table))
                    .replace("%2", f"{shown.first_name} — {shown.second_name}")
                    .replace("%3", old)
                    .replace("%4", result),
                    error=True,
                )
                return False
        self._confirming = None
        refusal = self._draw_refusal
        found = self.ctx.current_event(event)
        kind = found.kind if found else None
        if refusal is not None and result == Result.DRAW and kind != EventKind.TEAM:
            # Go with komi 3又3/4子: no draw unless the chief arbiter rules one (asked); the
            # setting is written in the queue before the result
            said = refusal.window_message(f"第{number}轮第{table}台")
            if not self.allow_draws(said, table):
                self._say(said, error=True)  # the line left as typed
                return False
        command = None
        if old != result:
            label = (
                self.tr("Table %1: %2 → %3")
                .replace("%1", str(table))
                .replace("%2", old or "—")
                .replace("%3", result)
            )
            command = ResultCommand(self.ctx, event, number, table, result, old, label, seats=seats)
            self.ctx.undo_stack.push(command)  # in the order typed (its undo queues after it)
        self._send(event, number, table, str(result), old, False, command, seats)
        self._refresh_row(table, str(result))
        self.entry.clear()
        self.entry.setFocus()
        self._say(self._entered_text(table, old))
        return True

    # The players the line was typed against, from its first Enter: ((event, round, table),
    # seats, the line's text). A line that had to wait (the round being read again, a change
    # saving) keeps them, so Enter again never lands on players the desk did not see.
    _typed_against: tuple[tuple[str, int, int], Seats, str] | None = None

    def _typed_against_seats(self, table: int) -> Seats | None:
        """The seats this line was first entered against (remembered now when it is new)."""
        if self.view is None:
            return None
        key, text = (self.view.event, self.view.number, table), self.entry.text()
        kept = self._typed_against
        if kept is not None and kept[0] == key and kept[2] == text:
            return kept[1]
        row_number = self.model.row_for_table(table)
        if row_number is None or self._focus_after_load == table:
            # no such table, or a table being read again after a refusal: what the row will
            # show is what the line is entered against
            self._typed_against = None
            return None
        shown = self.model.row(row_number)
        self._typed_against = (key, (shown.first, shown.second), text)
        return None

    def _entered_text(self, table: int, old: str | None) -> str:
        row = self.model.row_for_table(table)
        if row is None:
            return ""
        data = self.model.row(row)
        names = f"{data.first_name} — {data.second_name}"
        text = (
            self.tr("Table %1: %2 (%3)")
            .replace("%1", str(table))
            .replace("%2", self.model.result_text(data))
            .replace("%3", names)
        )
        if old is not None:
            text += "  " + self.tr("— corrected")
        return text

    def _withdraw_question(self) -> None:
        """The line was edited after a replacement was asked about: Enter asks again."""
        self._confirming = None

    def allow_draws(self, refusal: str, table: int) -> bool:
        """A draw refused in this final (Go, komi 3又3/4子): the chief arbiter may rule one (a
        triple ko, 三劫循环). Asked; yes allows draws in the whole final (the setting 和棋,
        audited, written in the queue before the result), as the command line's
        `finals settings … draws=allowed`."""
        if self.ctx.db is None or not self.ask_allow_draws(refusal, table):
            return False
        from app.services.tournament import set_tournament_fields

        self._draw_refusal = None
        self.ctx.write(
            set_tournament_fields,
            {"draws": "allowed"},
            self.ctx.operator,
            what=ctxmod.SETTINGS,  # the settings dialog shows it
            on_done=lambda _value: self._show_help(),
            on_error=lambda exc: show_error(self, exc),
        )
        return True

    def ask_allow_draws(self, refusal: str, table: int) -> bool:
        """The question (tests answer it)."""
        answer = QMessageBox.question(
            self,
            self.tr("Allow draws"),
            refusal
            + "\n\n"
            + self.tr(
                "Record table %1 as a draw and allow draws in this final from now on (for "
                "example a triple ko)? The change of setting is written to the audit log; "
                "Settings… changes it back."
            ).replace("%1", str(table)),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        return answer == QMessageBox.StandardButton.Yes

    _draw_refusal: DrawRefusal | None = None  # why this final takes no draws (None: it does)
    _sending = 0  # results typed here that are queued or being written

    def _forget_sending(self) -> None:
        self._sending = 0  # the file closed: its queue was written out, nothing reports

    def _send(
        self,
        event: str,
        number: int,
        table: int,
        result: str,
        old: str | None,
        force: bool,
        command: ResultCommand | None,
        seats: Seats | None = None,
    ) -> None:
        """The write, in the queue; then `_saved` or `_refused` on the window's thread.
        `seats`: the players the row showed (a result for others is refused)."""
        self._sending += 1
        self.ctx.write(
            record_result,
            event,
            number,
            table,
            result,
            force=force,
            operator=self.ctx.operator,
            expected=old,
            seats=seats,
            what=ctxmod.RESULT_ENTERED,
            touched=(event, number),
            on_done=lambda outcome: self._saved((event, number), table, old, outcome),
            on_error=lambda exc: self._refused(
                event, number, table, result, old, force, command, exc, seats
            ),
        )

    def _sent(self) -> None:
        self._sending = max(self._sending - 1, 0)

    def _saved(
        self, round_: tuple[str, int], table: int, old: str | None, outcome: RecordedResult
    ) -> None:
        self._sent()
        if self._unsaved.pop(table, None) is not None:  # entered again, and saved now
            self._show_unsaved()
        self._show_result(table, str(outcome.result), round_)
        if outcome.warnings:
            self._say("\n".join([self._entered_text(table, old), *outcome.warnings]), error=True)
        elif self._said_waiting and not self._sending:
            self._say(self._entered_text(table, old))  # written: no longer waiting

    def _refused(
        self,
        event: str,
        number: int,
        table: int,
        result: str,
        old: str | None,
        force: bool,
        command: ResultCommand | None,
        exc: BaseException,
        seats: Seats | None = None,
    ) -> None:
        """Nothing was written: the row shows what is on file, the line says why (a
        correction of a round the next one was paired from is asked first, then forced);
        the table stays named as unsaved until the arbiter has seen it."""
        self._sent()
        if not (
            isinstance(exc, FinalsError)
            and not isinstance(exc, (ResultChanged, DrawRefused))
            and old is not None
            and not force
            and self._later_round_paired(number)
        ):  # (that one is asked about below)
            reason = exc.window_message if isinstance(exc, FinalsError) else str(exc)
            self._unsaved[table] = reason
            self._show_unsaved()
        if isinstance(exc, ResultChanged):  # a phone or another station was quicker
            self._drop(command)
            if isinstance(exc, SeatsChanged):  # other players sit there now: look again
                self._focus_after_load = table
                self.entry.setText(f"{table} ")
            self.ctx.apply_change(ctxmod.RESULTS)  # reread what is on file now
            self._say(exc.window_message, error=True)
            return
        if not isinstance(exc, FinalsError):
            self._drop(command)
            self._show_result(table, old, (event, number))
            show_error(self, exc)
            return
        if not isinstance(exc, DrawRefused) and old is not None and not force:
            if self._later_round_paired(number):
                answer = QMessageBox.question(
                    self,
                    self.tr("Correct a result"),
                    exc.window_message
                    + "\n\n"
                    + self.tr("Correct table %1 from %2 to %3 anyway?")
                    .replace("%1", str(table))
                    .replace("%2", old)
                    .replace("%3", result),
                )
                if answer == QMessageBox.StandardButton.Yes:
                    self._send(event, number, table, result, old, True, command, seats)
                    return
                self._drop(command)
                self._show_result(table, old, (event, number))
                self._say(self.tr("Not changed."))
                return
        self._drop(command)
        self._show_result(table, old, (event, number))
        self._say(exc.window_message, error=True)

    def _drop(self, command: ResultCommand | None) -> None:
        """A refused result leaves no step to undo."""
        if command is None or not shiboken6.isValid(command):
            return
        command.setObsolete(True)
        stack = self.ctx.undo_stack
        if stack.index() == stack.count() and stack.command(stack.count() - 1) is command:
            stack.undo()  # an obsolete step is taken off the stack, nothing is run

    def _later_round_paired(self, number: int) -> bool:
        event = self.ctx.current_event()
        return bool(event and event.rounds_paired > number)

    def _refresh_row(self, table: int, result: str) -> None:
        """Show the new result at once and move to the next open table."""
        if self._show_result(table, result):
            self._select_next_open(table)

    def _show_result(
        self, table: int, result: str | None, round_: tuple[str, int] | None = None
    ) -> bool:
        """`result` in the table's row and the counters (the selection stays); `round_`:
        only if that round (event, number) is the one shown."""
        if self.view is None or (
            round_ is not None and round_ != (self.view.event, self.view.number)
        ):
            return False
        row = self.model.row_for_table(table)
        if row is None or self.model.row(row).table != table:
            return False
        self.view.results[table] = result
        if self.model.row(row).result != result:
            self.model.update_row(row, result=result)
        self._apply_filter()
        self._update_progress()
        return True

    def _show_unsaved(self) -> None:
        lines = [
            self.tr("Table %1: result NOT saved — %2")
            .replace("%1", str(table))
            .replace("%2", reason)
            for table, reason in self._unsaved.items()
        ]
        self.unsaved.setText("\n".join(lines))
        self.unsaved.setVisible(bool(lines))
        self.unsaved_seen.setVisible(bool(lines))

    def clear_unsaved(self) -> None:
        """The arbiter has seen which results were not saved."""
        self._unsaved.clear()
        self._show_unsaved()

    def _say(self, text: str, error: bool = False) -> None:
        self._said_waiting = False
        self.feedback.setText(text)
        self.feedback.setStyleSheet(
            "color: #b00000; font-weight: bold;" if error else "color: #1b5e20;"
        )

    def focus_entry(self) -> None:
        self.entry.setFocus(Qt.FocusReason.OtherFocusReason)
