"""The pairing board: pair the next round, check, edit by hand, undo, print.

Everything that reads or writes the file runs in a worker (the context's reads and write
queue); this view only shows the finished round views it is handed.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, QPoint, Qt, Signal
from PySide6.QtGui import QAction, QColor, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QMessageBox,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app.pairing.progress import PairingStep
from app.services.rounds import (
    RoundView,
    beyond_plan,
    edit_round,
    pair_by_hand,
    pair_next,
    repair,
    undo_edit,
    unpair,
)
from ui import context as ctxmod
from ui.commands import PairingEditCommand
from ui.core_words import finding as core_finding
from ui.dialogs.hand_pairing import HandPairingDialog
from ui.errors import show_error
from ui.fonts import table_family
from ui.models.games import GamesModel
from ui.views.name_width import fit_names
from ui.workers import ProgressRelay

UNIT_WIDTH = 150  # px: a unit beside each name, the checker's column still in view


def round_label(number: int) -> str:
    return f"{number}"


class RoundBoard(QWidget):
    print_requested = Signal(str)  # report kind

    def __init__(self, ctx: ctxmod.TournamentContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.view: RoundView | None = None
        self.model = GamesModel(self)

        self.round_combo = QComboBox()
        self.round_combo.setMinimumContentsLength(8)
        self.round_combo.currentIndexChanged.connect(lambda _i: self.load_round())
        self.status = QLabel()
        self.pair_button = QPushButton(self.tr("Pair next round"))
        self.pair_button.setStyleSheet("font-weight: bold;")
        self.pair_button.clicked.connect(self.pair_next_round)
        self.progress = QProgressBar()
        self.progress.setRange(0, 0)
        self.progress.setMaximumWidth(160)
        self.progress.setTextVisible(False)
        self.progress.hide()
        # the stages of the pairing (read, pair with the share done, save), from the worker
        self.pairing_progress = ProgressRelay(self)
        self.pairing_progress.reported.connect(self._show_pairing_step)
        self._pairing_what = ("", "")  # (round, event) being paired
        self.hand_button = QPushButton(self.tr("Pair by hand…"))
        self.hand_button.setToolTip(
            self.tr(
                "Build the round by hand: pick two players not yet paired and pair them, with "
                "the checker's word before and after. On a round with results: start the next "
                "round with no table."
            )
        )
        self.hand_button.clicked.connect(self.pair_by_hand)
        self.hand_dialog: HandPairingDialog | None = None
        self._hand_round: int | None = None  # a round started by hand: open it once shown
        self.repair_button = QPushButton(self.tr("Re-pair"))
        self.repair_button.clicked.connect(self.repair_round)
        self.unpair_button = QPushButton(self.tr("Delete pairing"))
        self.unpair_button.clicked.connect(self.delete_pairing)
        self.undo_button = QPushButton(self.tr("Undo edit"))
        self.undo_button.clicked.connect(self.undo_last_edit)
        self.print_button = QPushButton(self.tr("Print pairings"))
        self.print_button.clicked.connect(lambda: self.print_requested.emit("pairings"))
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Round")))
        top.addWidget(self.round_combo)
        top.addWidget(self.status, 1)
        top.addWidget(self.progress)
        for button in (
            self.pair_button,
            self.hand_button,
            self.repair_button,
            self.unpair_button,
            self.undo_button,
            self.print_button,
        ):
            top.addWidget(button)

        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(24)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        # columns are sized from the first rows (what is on screen), not from all 180 tables
        self.table.horizontalHeader().setResizeContentsPrecision(60)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.table.customContextMenuRequested.connect(self.context_menu)
        self.table.setToolTip(
            self.tr(
                "Right-click for manual edits; Ctrl+click to pick two players. Keys: S swaps the "
                "two selected players (or the two selected tables), C exchanges colours on the "
                "selected table, A sets the two selected players against each other"
            )
        )
        self.table.installEventFilter(self)

        self.findings_title = QLabel()
        self.findings = QListWidget()
        self.findings.setWordWrap(True)
        self.findings.itemClicked.connect(self._select_finding)
        self.report = QPlainTextEdit()
        self.report.setReadOnly(True)
        mono = self.report.font()
        mono.setFamilies([table_family()])
        self.report.setFont(mono)
        side = QTabWidget()
        checker = QWidget()
        checker_layout = QVBoxLayout(checker)
        checker_layout.setContentsMargins(4, 4, 4, 4)
        checker_layout.addWidget(self.findings_title)
        checker_layout.addWidget(self.findings, 1)
        side.addTab(checker, self.tr("Checker"))
        side.addTab(self.report, self.tr("Pairing report"))
        self.side = side
        splitter = QSplitter()
        splitter.addWidget(self.table)
        splitter.addWidget(side)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([900, 340])

        self.team_note = QLabel()
        self.team_note.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.team_note)
        layout.addWidget(splitter, 1)

        ctx.opened.connect(self.reload)
        ctx.event_changed.connect(lambda _c: self.reload())
        ctx.changed.connect(self._changed)
        ctx.runner.writing_changed.connect(self._busy)
        ctx.closed.connect(lambda: self.show_view(None))

    # -- loading -------------------------------------------------------------------
    def _changed(self, what: str) -> None:
        if what in (ctxmod.RESULT_ENTERED, ctxmod.ROUND_COMPLETE) and not self.isVisible():
            self._dirty = True  # a result typed in the results list: reread when shown
            return
        if what in (
            ctxmod.ROUNDS,
            ctxmod.RESULTS,
            ctxmod.PLAYERS,
            ctxmod.SETTINGS,
            ctxmod.ALL,
            ctxmod.RESULT_ENTERED,
            ctxmod.ROUND_COMPLETE,
        ):
            self.reload(keep=True)

    _dirty = False

    def showEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        if self._dirty:
            self.reload(keep=True)

    _want_latest = False  # a pairing is saving: show its round when it is there

    def reload(self, keep: bool = False, select: int | None = None) -> None:
        self._dirty = False
        event = self.ctx.current_event()
        current = self.round_combo.currentData() if keep else None
        self.round_combo.blockSignals(True)
        self.round_combo.clear()
        paired = event.rounds_paired if event else 0
        for number in range(1, paired + 1):
            self.round_combo.addItem(self.tr("Round %1").replace("%1", str(number)), number)
        if self._want_latest:
            self._want_latest, current = False, None
        target = select or current or paired
        index = self.round_combo.findData(target)
        self.round_combo.setCurrentIndex(index if index >= 0 else self.round_combo.count() - 1)
        self.round_combo.blockSignals(False)
        team = bool(event and not event.plays_rounds)
        self.team_note.setVisible(team)
        if team and event:
            self.team_note.setText(
                self.tr("%1 is not paired: team results are the sums of the members' games in %2.")
                .replace("%1", event.name)
                .replace("%2", str(event.source_event))
            )
        self.load_round()

    def load_round(self) -> None:
        """Show the chosen round: read in a worker (or taken from the context's copy)."""
        event = self.ctx.current_event()
        number = self.round_combo.currentData()
        if self.ctx.db is None or not event or not number:
            self.show_view(None)
            return
        code = event.code
        self.ctx.read_round(code, number, self._loaded, self._load_failed)

    def _loaded(self, view: RoundView) -> None:
        event = self.ctx.current_event()
        if not event or (view.event, view.number) != (
            event.code,
            self.round_combo.currentData(),
        ):
            return  # another round was chosen meanwhile
        if view is self.view:
            return  # already shown
        self.show_view(view)

    def _load_failed(self, exc: BaseException) -> None:
        self.show_view(None)
        show_error(self, exc)

    def show_view(self, view: RoundView | None) -> None:
        same_shape = bool(
            view
            and self.view
            and view.event == self.view.event
            and len(view.games) == len(self.view.games)
        )
        self.view = view
        self.model.set_view(view)
        if not same_shape:  # sized once per event and round size, not on every edit
            self.table.resizeColumnsToContents()
            units = {self.model.column_of("first_unit"), self.model.column_of("second_unit")}
            for column in range(self.model.columnCount()):
                widest = UNIT_WIDTH if column in units else 240  # a long unit is elided
                self.table.setColumnWidth(column, min(self.table.columnWidth(column) + 8, widest))
            if view is not None:  # the longest name of the event, not of the first rows
                fit_names(self.table, self.model, view.names.values())
        self.findings.clear()
        if view is None:
            event = self.ctx.current_event()
            self.status.setText(
                self.tr("No round paired yet.") if event and event.plays_rounds else ""
            )
            self.findings_title.setText("")
            self.report.setPlainText("")
        else:
            total = sum(1 for g in view.games if g.second is not None)
            done = sum(1 for g in view.games if g.second is not None and view.results.get(g.table))
            parts = [
                view.event_name,
                self.tr("%1 tables").replace("%1", str(len(view.games))),
                self.tr("results %1/%2").replace("%1", str(done)).replace("%2", str(total)),
            ]
            if view.opening:
                parts.append(self.tr("opening %1").replace("%1", view.opening))
            if view.lot_seed is not None:
                parts.append(self.tr("lot seed %1").replace("%1", str(view.lot_seed)))
            self.status.setText("  ·  ".join(parts))
            # The tables' warnings first: a round paired by hand lists everyone still unpaired.
            for finding in sorted(view.findings, key=lambda f: f.rule == "unpaired"):
                item = QListWidgetItem(
                    "⚠ " + core_finding(finding.rule, finding.message, finding.tables)
                )
                item.setData(Qt.ItemDataRole.UserRole, list(finding.tables))
                item.setBackground(QColor("#ffd6d6"))
                self.findings.addItem(item)
            for text in view.relaxations:
                item = QListWidgetItem("ℹ " + text)
                self.findings.addItem(item)
            if view.findings:
                self.findings_title.setText(
                    self.tr("%n warning(s) from the checker", "", len(view.findings))
                )
                self.findings_title.setStyleSheet("color: #b00000; font-weight: bold;")
                self.side.setCurrentIndex(0)
            else:
                self.findings_title.setText(self.tr("The checker found no problem."))
                self.findings_title.setStyleSheet("color: #1b6e1b;")
            self.report.setPlainText(view.report)
        self._update_buttons()
        if self.hand_dialog is not None and self.hand_dialog.isVisible():
            self.hand_dialog.set_view(view)
        if view is not None and self._hand_round == view.number:
            self._hand_round = None
            self.open_hand_dialog()

    def _update_buttons(self) -> None:
        event = self.ctx.current_event()
        busy = self.ctx.writing
        playable = bool(self.ctx.db is not None and event and event.plays_rounds)
        has_results = bool(
            self.view and any(r for t, r in self.view.results.items() if r and r != "bye")
        )
        last = bool(self.view and event and self.view.number == event.rounds_paired)
        self.pair_button.setEnabled(playable and not busy)
        self.hand_button.setEnabled(playable and not busy)
        self.repair_button.setEnabled(playable and not busy and last and not has_results)
        self.unpair_button.setEnabled(playable and not busy and last and not has_results)
        self.undo_button.setEnabled(playable and not busy and bool(self.view) and not has_results)
        self.print_button.setEnabled(bool(self.view) and not busy)

    def _busy(self, busy: bool) -> None:
        self.progress.setVisible(busy and self._pairing)
        self._update_buttons()

    _pairing = False

    # -- pairing -------------------------------------------------------------------
    def pair_next_round(self) -> None:
        event = self.ctx.current_event()
        if self.ctx.db is None or not event:
            return
        extra = beyond_plan(event.rounds_planned, event.rounds_paired) is not None
        if (
            extra
            and QMessageBox.question(
                self,
                self.tr("Extra round"),
                self.tr(
                    "%1 is planned for %2 rounds and all are paired. Pair round %3 as an extra "
                    "round? The planned number of rounds becomes %3."
                )
                .replace("%1", event.name)
                .replace("%2", str(event.rounds_planned))
                .replace("%3", str(event.rounds_paired + 1)),
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                QMessageBox.StandardButton.No,
            )
            != QMessageBox.StandardButton.Yes
        ):
            return
        self._show_pairing_started(event.rounds_paired + 1, event.name)
        self._want_latest = True
        self.ctx.write(
            pair_next,
            event.code,
            self.ctx.operator,
            extra_round=extra,
            round_number=event.rounds_paired + 1,  # what the arbiter sees: never one more
            progress=self.pairing_progress.report,
            what=ctxmod.ROUNDS,
            on_done=self._paired,
            on_error=self._pair_failed,
        )
        self._update_buttons()

    def _show_pairing_started(self, number: int, event_name: str) -> None:
        self._pairing = True
        self._pairing_what = (str(number), event_name)
        self.progress.setRange(0, 0)  # busy, until the engine says how far it has got
        self.progress.show()
        self.status.setText(
            self.tr("Pairing round %1 of %2…").replace("%1", str(number)).replace("%2", event_name)
        )

    def _show_pairing_step(self, step: PairingStep) -> None:
        """The stage the worker has reached: the bar shows the share of the field paired."""
        if not self._pairing:
            return  # a late word from a pairing already shown
        if step.stage == "reading":
            text = self.tr("Round %1 of %2: reading the players…")
        elif step.stage == "saving":
            text = self.tr("Round %1 of %2: saving…")
        elif step.fraction is None:
            text = self.tr("Round %1 of %2: computing the pairings…")
        else:
            text = self.tr("Round %1 of %2: computing the pairings (%3%)…").replace(
                "%3", str(int(step.fraction * 100))
            )
        if step.stage == "pairing" and step.fraction is not None:
            self.progress.setRange(0, 100)
            self.progress.setValue(int(step.fraction * 100))
        elif step.stage == "saving":
            self.progress.setRange(0, 100)
            self.progress.setValue(100)
        else:
            self.progress.setRange(0, 0)
        number, name = self._pairing_what
        self.status.setText(text.replace("%1", number).replace("%2", name))

    def _paired(self, view: RoundView) -> None:
        self._pairing = False
        self.progress.hide()
        if self.view is not view:
            self.reload(select=view.number)
        done = self.tr("Round %1 paired.").replace("%1", str(view.number))
        self.ctx.window_message("  ".join([done, *view.warnings]))

    def _pair_failed(self, exc: BaseException) -> None:
        self._pairing = False
        self._want_latest = False
        self.progress.hide()
        self.load_round()
        show_error(self, exc)

    # -- pairing by hand -------------------------------------------------------------
    def _has_results(self) -> bool:
        return bool(self.view and any(r for r in self.view.results.values() if r and r != "bye"))

    def pair_by_hand(self) -> None:
        """The last round, while it has no result, is built by hand in the dialog; after a
        round with results (or before the first), the next round starts with no table."""
        event = self.ctx.current_event()
        if self.ctx.db is None or not event or not event.plays_rounds:
            return
        last = event.rounds_paired
        if self.view is not None and self.view.number != last:
            self.reload(select=last)
            self.ctx.window_message(
                self.tr(
                    "Only the last round (round %1) can be paired by hand: it is shown now."
                ).replace("%1", str(last))
            )
            return
        if self.view is not None and not self._has_results():
            self.open_hand_dialog()
            return
        number = last + 1
        extra = beyond_plan(event.rounds_planned, last) is not None
        question = self.tr(
            "Start round %1 of %2 with no table and pair it by hand? Each pairing is checked, "
            "recorded and can be undone."
        )
        if extra:
            question += "\n\n" + self.tr(
                "%2 is planned for %3 rounds: round %1 is an extra round, and the planned "
                "number of rounds becomes %1."
            )
        question = (
            question.replace("%1", str(number))
            .replace("%2", event.name)
            .replace("%3", str(event.rounds_planned))
        )
        if (
            QMessageBox.question(
                self,
                self.tr("Pair by hand"),
                question,
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                QMessageBox.StandardButton.No,
            )
            != QMessageBox.StandardButton.Yes
        ):
            return
        self._want_latest = True
        self._hand_round = number
        self.ctx.write(
            pair_by_hand,
            event.code,
            self.ctx.operator,
            extra_round=extra,
            round_number=number,
            what=ctxmod.ROUNDS,
            on_error=self._hand_failed,
        )
        self._update_buttons()

    def _hand_failed(self, exc: BaseException) -> None:
        self._hand_round = None
        self._want_latest = False
        self._failed(exc)

    def open_hand_dialog(self) -> None:
        if self.view is None:
            return
        if self.hand_dialog is None:
            self.hand_dialog = HandPairingDialog(self, self)
        self.hand_dialog.view = None
        self.hand_dialog.set_view(self.view)
        self.hand_dialog.show()
        self.hand_dialog.raise_()
        self.hand_dialog.activateWindow()

    def repair_round(self) -> None:
        if not self.view or self.ctx.db is None:
            return
        if (
            QMessageBox.question(
                self,
                self.tr("Re-pair"),
                self.tr("Pair round %1 again? Manual edits of this round are replaced.").replace(
                    "%1", str(self.view.number)
                ),
            )
            != QMessageBox.StandardButton.Yes
        ):
            return
        event = self.ctx.current_event()
        name = event.name if event and event.code == self.view.event else self.view.event
        self._show_pairing_started(self.view.number, name)
        self.ctx.write(
            repair,
            self.view.event,
            self.view.number,
            self.ctx.operator,
            progress=self.pairing_progress.report,
            what=ctxmod.ROUNDS,
            on_done=self._paired,
            on_error=self._pair_failed,
        )
        self._update_buttons()

    def delete_pairing(self) -> None:
        if not self.view or self.ctx.db is None:
            return
        if (
            QMessageBox.question(
                self,
                self.tr("Delete pairing"),
                self.tr("Delete the pairing of round %1?").replace("%1", str(self.view.number)),
            )
            != QMessageBox.StandardButton.Yes
        ):
            return
        self._want_latest = True
        self.ctx.undo_stack.clear()  # the edits it holds were of the deleted round
        self.ctx.write(
            unpair, self.view.event, self.ctx.operator, what=ctxmod.ROUNDS, on_error=self._failed
        )
        self._update_buttons()

    def _call(self, fn: Any, *args: Any) -> None:
        """A change of the shown round, saved in the write queue."""
        self.ctx.write(fn, *args, what=ctxmod.ROUNDS, on_error=self._failed)
        self._update_buttons()

    def _failed(self, exc: BaseException) -> None:
        show_error(self, exc)
        self._update_buttons()

    def undo_last_edit(self) -> None:
        stack = self.ctx.undo_stack
        command = stack.command(stack.index() - 1) if stack.canUndo() else None
        if (
            isinstance(command, PairingEditCommand)
            and self.view
            and (command.event, command.number) == (self.view.event, self.view.number)
        ):
            stack.undo()
            return
        if self.view:
            operator = self.ctx.operator
            self._call(
                lambda db, event, number: undo_edit(db, event, number, operator=operator),
                self.view.event,
                self.view.number,
            )

    # -- the keyboard route ---------------------------------------------------------
    EDIT_KEYS = {Qt.Key.Key_S: "swap", Qt.Key.Key_C: "colours", Qt.Key.Key_A: "against"}

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if (
            watched is self.table
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.modifiers()
            in (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.KeypadModifier)
            and event.key() in self.EDIT_KEYS
        ):
            self.key_edit(self.EDIT_KEYS[Qt.Key(event.key())])
            return True
        return super().eventFilter(watched, event)

    def picked_players(self) -> list[int]:
        """The players of the selected name, seed and points cells, in order, no repeats."""
        picked: list[int] = []
        for index in self.table.selectionModel().selectedIndexes():
            who = self.model.player_at(index.row(), index.column())
            if who is not None and who not in picked:
                picked.append(who)
        return picked

    def picked_tables(self) -> list[int]:
        """The tables of the selected cells, in order, no repeats."""
        tables: list[int] = []
        for index in self.table.selectionModel().selectedIndexes():
            table = self.model.row(index.row()).table
            if table not in tables:
                tables.append(table)
        return tables

    def key_edit(self, edit: str) -> bool:
        """One key, one edit of the selection (the same edit, checks and undo as the menu):
        S swaps two players, or two tables when whole tables are picked; C exchanges colours
        on one table; A sets two players against each other. A wrong pick is said, not done."""
        if not self.view:
            return False
        players, tables = self.picked_players(), self.picked_tables()
        if edit == "swap" and len(players) == 2:
            a, b = players
            label = (
                self.tr("Swap %1 and %2").replace("%1", self._name(a)).replace("%2", self._name(b))
            )
            return self.apply_edit("swap", a, b, label=label)
        if edit == "swap" and len(tables) == 2:
            a, b = sorted(tables)
            label = self.tr("Exchange tables %1 and %2").replace("%1", str(a)).replace("%2", str(b))
            return self.apply_edit("move", a, b, label=label)
        if edit == "against" and len(players) == 2:
            a, b = players
            label = (
                self.tr("Set %1 against %2")
                .replace("%1", self._name(a))
                .replace("%2", self._name(b))
            )
            return self.apply_edit("against", a, b, label=label)
        if edit == "colours" and len(tables) == 1:
            table = tables[0]
            row = self.model.row_for_table(table)
            if row is not None and self.model.row(row).second is not None:
                label = self.tr("Exchange colours on table %1").replace("%1", str(table))
                return self.apply_edit("colours", table, label=label)
        hints = {
            "swap": self.tr("S: select two players (Ctrl+click two names) or two tables, then S."),
            "against": self.tr("A: select two players (Ctrl+click two names), then A."),
            "colours": self.tr("C: select one table (not a bye), then C."),
        }
        self.ctx.window_message(hints[edit])
        return False

    # -- manual edits --------------------------------------------------------------
    def picked_entrants(self) -> list[int]:
        """The players of the selected cells, in click order, without repeats."""
        picked: list[int] = []
        for index in self.table.selectionModel().selectedIndexes():
            who = self.model.entrant_at(index.row(), index.column())
            if who is not None and who not in picked:
                picked.append(who)
        return picked

    def apply_edit(self, edit: str, *args: int, label: str) -> bool:
        """Save one manual edit in the write queue; it reaches the undo stack once saved.
        False when there is no round to edit or another change is still saving."""
        if not self.view or self.ctx.db is None:
            return False
        if self.ctx.writing:
            self.ctx.window_message(
                self.tr("Still saving the previous change — try again in a moment.")
            )
            return False
        event, number = self.view.event, self.view.number

        def done(view: RoundView) -> None:
            self.ctx.undo_stack.push(PairingEditCommand(self.ctx, event, number, edit, args, label))
            if view.findings:
                self.ctx.window_message(self.tr("Edit applied — the checker has warnings."))

        self.ctx.write(
            edit_round,
            event,
            number,
            edit,
            *args,
            operator=self.ctx.operator,
            what=ctxmod.ROUNDS,
            on_done=done,
            on_error=self._failed,
        )
        self._update_buttons()
        return True

    def _name(self, who: int) -> str:
        return self.view.names.get(who, str(who)) if self.view else str(who)

    def context_menu(self, pos: QPoint) -> None:
        if not self.view:
            return
        index = self.table.indexAt(pos)
        if index.isValid() and not self.table.selectionModel().isSelected(index):
            self.table.selectionModel().select(
                index, self.table.selectionModel().SelectionFlag.ClearAndSelect
            )
        picked = self.picked_entrants()
        row = self.model.row(index.row()) if index.isValid() else None
        menu = QMenu(self)
        two = len(picked) == 2
        a, b = (picked + [0, 0])[:2]
        swap = QAction(
            self.tr("Swap %1 and %2").replace("%1", self._name(a)).replace("%2", self._name(b))
            if two
            else self.tr("Swap two players (Ctrl+click two names)"),
            menu,
        )
        swap.setEnabled(two)
        swap.triggered.connect(
            lambda: self.apply_edit(
                "swap",
                a,
                b,
                label=self.tr("Swap %1 and %2")
                .replace("%1", self._name(a))
                .replace("%2", self._name(b)),
            )
        )
        against = QAction(
            self.tr("Set %1 against %2").replace("%1", self._name(a)).replace("%2", self._name(b))
            if two
            else self.tr("Set two players against each other"),
            menu,
        )
        against.setEnabled(two)
        against.triggered.connect(
            lambda: self.apply_edit(
                "against",
                a,
                b,
                label=self.tr("Set %1 against %2")
                .replace("%1", self._name(a))
                .replace("%2", self._name(b)),
            )
        )
        menu.addAction(swap)
        menu.addAction(against)
        menu.addSeparator()
        if row is not None:
            table = row.table
            colours = menu.addAction(
                self.tr("Exchange colours on table %1").replace("%1", str(table))
            )
            colours.setEnabled(row.second is not None)
            colours.triggered.connect(
                lambda: self.apply_edit(
                    "colours",
                    table,
                    label=self.tr("Exchange colours on table %1").replace("%1", str(table)),
                )
            )
            move = menu.addAction(self.tr("Move table %1 to…").replace("%1", str(table)))
            move.triggered.connect(lambda: self._move(table))
            out = menu.addAction(self.tr("Unpair table %1").replace("%1", str(table)))
            out.triggered.connect(
                lambda: self.apply_edit(
                    "remove", table, label=self.tr("Unpair table %1").replace("%1", str(table))
                )
            )
            who = self.model.entrant_at(index.row(), index.column())
            if who is not None:
                bye = menu.addAction(self.tr("Give %1 the bye").replace("%1", self._name(who)))
                bye.triggered.connect(
                    lambda: self.apply_edit(
                        "bye", who, label=self.tr("Give %1 the bye").replace("%1", self._name(who))
                    )
                )
        menu.addSeparator()
        undo = menu.addAction(self.tr("Undo edit"))
        undo.triggered.connect(self.undo_last_edit)
        menu.exec(self.table.viewport().mapToGlobal(pos))

    def _move(self, table: int) -> None:
        if not self.view:
            return
        new, ok = QInputDialog.getInt(
            self,
            self.tr("Move table"),
            self.tr("New table number for table %1:").replace("%1", str(table)),
            table,
            1,
            max(len(self.view.games), 1),
        )
        if ok and new != table:
            self.apply_edit(
                "move",
                table,
                new,
                label=self.tr("Move table %1 to %2")
                .replace("%1", str(table))
                .replace("%2", str(new)),
            )

    def _select_finding(self, item: QListWidgetItem) -> None:
        tables = item.data(Qt.ItemDataRole.UserRole) or []
        selection = self.table.selectionModel()
        selection.clearSelection()
        for table in tables:
            row = self.model.row_for_table(table)
            if row is not None:
                flags = selection.SelectionFlag.Select | selection.SelectionFlag.Rows
                selection.select(self.model.index(row, 0), flags)
                self.table.scrollTo(self.model.index(row, 0))
