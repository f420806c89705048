"""Players: search by hanzi, pinyin or initials; filter; add, edit, withdraw; import."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app.domain import EntrantStatus, EventKind, RoundStatus
from app.errors import FinalsError
from app.io.sheets import write_template
from app.services.disqualification import disqualify, undo_disqualification
from app.services.outputs import check_output, written_output
from app.services.players import (
    PRESENT,
    EntrantRow,
    add_player,
    edit_player,
    set_seed,
    set_status,
)
from app.services.registration import import_sheet
from app.services.seeding import Reseeded, reseed_event
from ui import context as ctxmod
from ui import readers
from ui.commands import DisqualifyCommand, StatusCommand
from ui.dialogs.import_errors import ImportErrorsDialog
from ui.dialogs.player import PlayerDialog, PlayerFields
from ui.dialogs.player_card import PlayerCardDialog, open_player_card
from ui.dialogs.reseed import ReseedCommand, ReseedDialog
from ui.errors import error_text, show_error
from ui.models.base import ROW_ROLE
from ui.models.players import PlayersFilter, PlayersModel


class PlayersView(QWidget):
    def __init__(self, ctx: ctxmod.TournamentContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.model = PlayersModel(parent=self)
        self.proxy = PlayersFilter(self)
        self.proxy.setSourceModel(self.model)

        self.search = QLineEdit()
        self.search.setPlaceholderText(
            self.tr("Search: name, pinyin or initials (zs finds 张三), unit, number")
        )
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(lambda text: self.proxy.set_filters(query=text))
        self.event_filter = QComboBox()
        self.gender_filter = QComboBox()
        self.gender_filter.addItem(self.tr("Any gender"), None)
        self.gender_filter.addItem(self.tr("Male"), "M")
        self.gender_filter.addItem(self.tr("Female"), "F")
        self.unit_filter = QComboBox()
        self.unit_filter.setMinimumContentsLength(12)
        self.unit_filter.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.status_filter = QComboBox()
        self.status_filter.addItem(self.tr("Any status"), None)
        self.status_filter.addItem(self.tr("Playing"), EntrantStatus.PLAYING)
        self.status_filter.addItem(self.tr("Withdrawn"), EntrantStatus.WITHDRAWN)
        self.status_filter.addItem(self.tr("Disqualified"), EntrantStatus.DISQUALIFIED)
        for combo, key in (
            (self.event_filter, "event_code"),
            (self.gender_filter, "gender"),
            (self.unit_filter, "unit"),
            (self.status_filter, "status"),
        ):
            combo.currentIndexChanged.connect(
                lambda _i, c=combo, k=key: self.proxy.set_filters(**{k: c.currentData()})
            )
        filters = QHBoxLayout()
        filters.addWidget(self.search, 3)
        filters.addWidget(self.event_filter, 1)
        filters.addWidget(self.gender_filter)
        filters.addWidget(self.unit_filter, 1)
        filters.addWidget(self.status_filter)

        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(24)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.horizontalHeader().setResizeContentsPrecision(60)
        # Double-click or Enter: the player's card (editing is the Edit… button).
        self.table.doubleClicked.connect(lambda _i: self.show_card())
        for enter in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            shortcut = QShortcut(QKeySequence(enter), self.table)
            shortcut.setContext(Qt.ShortcutContext.WidgetShortcut)
            shortcut.activated.connect(self.show_card)
        self.card_dialog: PlayerCardDialog | None = None
        # right-click on a player: the status changes (the same use cases as the buttons)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        for text, slot in (
            (self.tr("Player card…"), self.show_card),
            (self.tr("Withdraw / reinstate"), self.toggle_withdrawn),
            (self.tr("Absent next round"), self.mark_absent),
            (self.tr("Disqualify / undo…"), self.toggle_disqualified),
        ):
            action = QAction(text, self.table)
            action.triggered.connect(lambda _checked=False, run=slot: run())
            self.table.addAction(action)

        # Two rows of buttons: one row of ten was wider than a 1366×768 screen at 150 %.
        editing, numbering = QHBoxLayout(), QHBoxLayout()
        actions = QVBoxLayout()
        actions.addLayout(editing)
        actions.addLayout(numbering)
        self.buttons: dict[str, QPushButton] = {}
        for key, text, slot in (
            ("add", self.tr("Add player…"), self.add),
            ("edit", self.tr("Edit…"), self.edit_selected),
            ("card", self.tr("Player card…"), self.show_card),
            ("withdraw", self.tr("Withdraw / reinstate"), self.toggle_withdrawn),
            ("absent", self.tr("Absent next round"), self.mark_absent),
            ("disqualify", self.tr("Disqualify / undo…"), self.toggle_disqualified),
            ("seed", self.tr("Set number…"), self.change_seed),
            ("reseed", self.tr("Re-seed all…"), self.reseed),
            ("import", self.tr("Import from Excel…"), self.import_file),
            ("template", self.tr("Save blank template…"), self.save_template),
        ):
            button = QPushButton(text)
            button.clicked.connect(slot)
            self.buttons[key] = button
            (numbering if key in ("seed", "reseed", "import", "template") else editing).addWidget(
                button
            )
        editing.addStretch(1)
        numbering.addStretch(1)
        self.count = QLabel()
        numbering.addWidget(self.count)

        layout = QVBoxLayout(self)
        layout.addLayout(filters)
        layout.addWidget(self.table, 1)
        layout.addLayout(actions)
        self.proxy.rowsInserted.connect(self._update_count)
        self.proxy.rowsRemoved.connect(self._update_count)
        self.proxy.modelReset.connect(self._update_count)
        self.proxy.layoutChanged.connect(self._update_count)
        ctx.opened.connect(self.reload)
        ctx.closed.connect(lambda: self.model.set_rows([]))
        ctx.changed.connect(
            lambda what: self.reload() if what in (ctxmod.PLAYERS, ctxmod.ALL) else None
        )

    # -- loading -------------------------------------------------------------------
    def reload(self) -> None:
        """Read the entrants in a worker; the table is filled when they are there."""
        if self.ctx.db is None:
            self.model.set_rows([])
            return
        self.ctx.read(
            "players",
            readers.entrants,
            on_done=self._fill,
            on_error=lambda exc: show_error(self, exc),
        )

    def _fill(self, rows: list[EntrantRow]) -> None:
        sized = self.model.rowCount() > 0
        self.model.event_names = {e.code: e.name for e in self.ctx.events}
        self.model.set_rows(rows)
        self._fill_combo(
            self.event_filter,
            self.tr("All events"),
            [(e.code, e.name) for e in self.ctx.events],
        )
        units = sorted({r.unit for r in rows if r.unit})
        self._fill_combo(self.unit_filter, self.tr("Any unit"), [(u, u) for u in units])
        if not sized:  # once per file: a reload keeps the widths the arbiter may have set
            self.table.resizeColumnsToContents()
            for column in range(self.model.columnCount()):
                if self.table.columnWidth(column) > 260:
                    self.table.setColumnWidth(column, 260)
        self._update_count()

    def _fill_combo(self, combo: QComboBox, everything: str, items: list[tuple[str, str]]) -> None:
        current = combo.currentData()
        combo.blockSignals(True)
        combo.clear()
        combo.addItem(everything, None)
        for data, text in items:
            combo.addItem(text, data)
        index = combo.findData(current)
        combo.setCurrentIndex(max(index, 0))
        combo.blockSignals(False)

    def _update_count(self, *args: Any) -> None:
        self.count.setText(
            self.tr("%1 of %2 shown")
            .replace("%1", str(self.proxy.rowCount()))
            .replace("%2", str(self.model.rowCount()))
        )

    def selected(self) -> EntrantRow | None:
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return None
        row: EntrantRow | None = self.proxy.data(rows[0], ROW_ROLE)
        return row

    def _need_selection(self) -> EntrantRow | None:
        row = self.selected()
        if row is None:
            QMessageBox.information(self, self.tr("Players"), self.tr("Select a player first."))
        return row

    # -- actions -------------------------------------------------------------------
    def add(self) -> None:
        if self.ctx.db is None:
            return
        events = [(e.code, e.name) for e in self.ctx.events if e.kind is EventKind.INDIVIDUAL]
        current = self.event_filter.currentData() or self.ctx.event_code
        self._add(PlayerDialog(self, None, events, current))

    def _add(self, dialog: PlayerDialog) -> None:
        """Until OK or Cancel; written in the window's write queue (a refusal shows the
        dialog again as it was left)."""
        if self.ctx.db is None or not dialog.exec():
            return
        name = dialog.values().name

        def added(seed: int) -> None:
            self.search.setText(name)
            self.ctx.window_message(self.tr("Added as number %1.").replace("%1", str(seed)))

        self.ctx.write(
            add_player,
            dialog.event_code() or "",
            dialog.values().for_service(),
            self.ctx.operator,
            dialog.initial.value(),
            what=ctxmod.PLAYERS,
            on_done=added,
            on_error=lambda exc: self._again(exc, lambda: self._add(dialog)),
        )

    def _again(self, exc: BaseException, show: Callable[[], None]) -> None:
        """A change refused: said, then its dialog shown again."""
        show_error(self, exc)
        QTimer.singleShot(0, show)

    def show_card(self) -> None:
        row = self._need_selection()
        if row is None or self.ctx.db is None:
            return
        self.card_dialog = open_player_card(self, self.ctx, row.event, row.id)

    def edit_selected(self) -> None:
        row = self.selected()
        if row is None or self.ctx.db is None:
            return
        if row.members:
            QMessageBox.information(
                self,
                self.tr("Players"),
                self.tr("Teams and pairs are edited through their members."),
            )
            return
        shown = PlayerFields.of_row(row)  # those not in the list (id number…) empty
        self._edit(row, shown, PlayerDialog(self, shown))

    def _edit(self, row: EntrantRow, shown: PlayerFields, dialog: PlayerDialog) -> None:
        if self.ctx.db is None or not dialog.exec():
            return
        changes = dialog.values().changes_from(shown)
        if not changes:
            return
        self.ctx.write(
            edit_player,
            row.event,
            str(row.seed),
            changes,
            self.ctx.operator,
            what=ctxmod.PLAYERS,
            on_error=lambda exc: self._again(exc, lambda: self._edit(row, shown, dialog)),
        )

    def toggle_withdrawn(self) -> None:
        row = self._need_selection()
        if row is None or self.ctx.db is None:
            return
        withdrawn = row.status == EntrantStatus.WITHDRAWN
        new = EntrantStatus.PLAYING if withdrawn else EntrantStatus.WITHDRAWN
        if (
            new is EntrantStatus.WITHDRAWN
            and QMessageBox.question(
                self,
                self.tr("Withdraw"),
                self.tr("Withdraw %1 from the next round on?").replace("%1", row.name),
            )
            != QMessageBox.StandardButton.Yes
        ):
            return
        self._status(row, new, row.status, None)

    def toggle_disqualified(self) -> None:
        """Disqualify the selected player (取消资格, with the reason printed on the standings),
        or undo his disqualification: one audited use case, undoable from Edit → Undo."""
        row = self._need_selection()
        if row is None or self.ctx.db is None:
            return
        if row.status == EntrantStatus.DISQUALIFIED:
            if (
                QMessageBox.question(
                    self,
                    self.tr("Disqualify"),
                    self.tr("Undo the disqualification of %1?").replace("%1", row.name),
                )
                != QMessageBox.StandardButton.Yes
            ):
                return
            reason: str | None = None
        else:
            reason, ok = QInputDialog.getText(
                self,
                self.tr("Disqualify"),
                self.tr(
                    "Disqualify %1: he is paired no more and leaves the ranking, prizes, "
                    "grades and certificates.\nReason (printed on the standings):"
                ).replace("%1", row.name),
            )
            if not ok:
                return
        label = self.tr("Disqualify %1").replace("%1", row.name)

        def done(message: str) -> None:
            command = DisqualifyCommand(self.ctx, row.event, row.seed, reason, label)
            command.old_reason = row.disqualified_reason
            self.ctx.undo_stack.push(command)
            self.ctx.window_message(message)

        if reason is None:
            self.ctx.write(
                undo_disqualification,
                row.event,
                str(row.seed),
                self.ctx.operator,
                what=ctxmod.ALL,
                on_done=done,
                on_error=lambda exc: show_error(self, exc),
            )
        else:
            self.ctx.write(
                disqualify,
                row.event,
                str(row.seed),
                reason,
                self.ctx.operator,
                what=ctxmod.ALL,
                on_done=done,
                on_error=lambda exc: show_error(self, exc),
            )

    def mark_absent(self) -> None:
        row = self._need_selection()
        if row is None:
            return
        self._status(row, RoundStatus.ABSENT, PRESENT, None)

    def _status(self, row: EntrantRow, new: str, old: str, number: int | None) -> None:
        """In the window's write queue; on the undo stack once the file has it."""
        label = self.tr("Status of %1").replace("%1", row.name)

        def done(message: str) -> None:
            self.ctx.undo_stack.push(
                StatusCommand(self.ctx, row.event, row.seed, new, old, number, label)
            )
            self.ctx.window_message(message)

        self.ctx.require_db()
        self.ctx.write(
            set_status,
            row.event,
            str(row.seed),
            new,
            number,
            self.ctx.operator,
            what=ctxmod.PLAYERS,
            on_done=done,
            on_error=lambda exc: show_error(self, exc),
        )

    def change_seed(self) -> None:
        row = self._need_selection()
        if row is None or self.ctx.db is None:
            return
        seed, ok = QInputDialog.getInt(
            self,
            self.tr("Set number"),
            self.tr("New number for %1:").replace("%1", row.name),
            row.seed,
            1,
            100000,
        )
        if not ok:
            return
        self.ctx.write(
            set_seed,
            row.event,
            str(row.seed),
            seed,
            self.ctx.operator,
            what=ctxmod.PLAYERS,
            on_error=lambda exc: show_error(self, exc),
        )

    def reseed(self) -> None:
        """Number every entrant of an event again (before round 1), after a confirmation."""
        if self.ctx.db is None:
            return
        current = self.event_filter.currentData() or self.ctx.event_code
        dialog = ReseedDialog(self.ctx.events, current, self)
        if dialog.exec():
            self.start_reseed(dialog.event_code(), dialog.by())

    def start_reseed(self, event_code: str, by: str) -> None:
        """In the write queue; pushed on the undo stack once the file has it."""
        name = next((e.name for e in self.ctx.events if e.code == event_code), event_code)

        def done(result: Reseeded) -> None:
            label = self.tr("Re-seed %1").replace("%1", name)
            self.ctx.undo_stack.push(ReseedCommand(self.ctx, result, label))
            self.ctx.window_message(result.message())

        self.ctx.write(
            reseed_event,
            event_code,
            by,
            operator=self.ctx.operator,
            what=ctxmod.PLAYERS,
            on_done=done,
            on_error=lambda exc: show_error(self, exc),
        )

    def import_file(self) -> None:
        if self.ctx.db is None:
            return
        path, _ = QFileDialog.getOpenFileName(
            self,
            self.tr("Import registration sheet"),
            "",
            self.tr("Registration sheets (*.xlsx *.csv)"),
        )
        if path:
            self.import_path(Path(path))

    def import_path(self, path: Path) -> bool:
        """Import a registration sheet in the window's write queue (off its thread; the status
        bar says it saves). True when it was sent; its outcome is said when it is written."""
        if self.ctx.db is None:
            return False
        event = self.event_filter.currentData()

        def imported(summary: Any) -> None:
            self.ctx.import_problems = []
            self.ctx.window_message(
                self.tr("Imported %1 players.").replace("%1", str(summary.players))
            )
            if summary.warnings:  # imported all the same, e.g. a child in both open and youth
                QMessageBox.information(
                    self,
                    self.tr("Import registration sheet"),
                    "\n".join(f"警告：{w}" for w in summary.warnings),
                )

        def refused(exc: BaseException) -> None:
            if not isinstance(exc, FinalsError):
                show_error(self, exc)
                return
            message, details = error_text(exc)
            self.ctx.import_problems = details or [message]
            self.ctx.apply_change("import")
            if details:
                ImportErrorsDialog(message, details, self).exec()
            else:
                show_error(self, exc)

        self.ctx.window_message(self.tr("Importing %1…").replace("%1", path.name))
        self.ctx.write(
            import_sheet,
            path,
            event,
            self.ctx.operator,
            what=ctxmod.PLAYERS,
            on_done=imported,
            on_error=refused,
        )
        return True

    def save_template(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self,
            self.tr("Save blank template"),
            "报名表模板.xlsx",
            self.tr("Excel workbook (*.xlsx)"),
        )
        if not path:
            return
        try:
            # Qt's dialog has asked before replacing a file; never the final or another.
            check_output(path, reading=[self.ctx.path], force=True)
            with written_output(path) as temp:
                write_template(temp)
        except FinalsError as exc:
            show_error(self, exc)
