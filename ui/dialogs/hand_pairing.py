"""Pairing a round by hand (手工编排), as arbiters do in Swiss-Manager and OpenGotha.

The players not yet paired are listed with their score, unit and colour history; the
arbiter picks two, sees what the checker says of them before pairing (a rematch, the same
unit, a colour limit), may exchange the colours proposed by the colour rules, and pairs
them. Each pairing, bye, table taken out or round cleared is one audited edit of the round
on the board's undo stack; the dialog shows the round again as the board receives it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.domain import EntrantId
from app.pairing.checker import check_pair
from app.pairing.colours import choose
from app.pairing.edits import EditError, add_pair
from app.pairing.model import PairedGame
from app.pairing.state import FIRST, PlayerState, UnitMeeting, build_states, fmt_score, unit_meeting
from app.services.rounds import RoundView
from ui.core_words import core
from ui.core_words import finding as core_finding
from ui.models.games import FINDING_COLOUR
from ui.search import matches

if TYPE_CHECKING:
    from ui.context import TournamentContext


class EditsTheRound(Protocol):
    """What the dialog needs of the round board it sits in front of (ui.views.round_board)."""

    ctx: TournamentContext

    def apply_edit(self, edit: str, *args: int, label: str) -> bool: ...

    def undo_last_edit(self) -> None: ...


WARN = "color: #b00000; font-weight: bold;"
GOOD = "color: #1b6e1b;"


class HandPairingDialog(QDialog):
    """Not modal: the board stays in view behind it and shows each table as it is made."""

    def __init__(self, board: EditsTheRound, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.board = board
        self.view: RoundView | None = None
        self.states: dict[EntrantId, PlayerState] = {}
        self.unpaired: list[EntrantId] = []
        self._flipped = False  # the arbiter exchanged the colours the rules proposed
        self.setMinimumSize(980, 620)

        self.search = QLineEdit()
        self.search.setPlaceholderText(self.tr("Search: name, pinyin initials, unit or number"))
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(lambda _t: self._filter())
        self.pool_title = QLabel()
        self.pool = QTableWidget(0, 6)
        self.pool.setHorizontalHeaderLabels(
            [
                self.tr("No."),
                self.tr("Name"),
                self.tr("Unit"),
                self.tr("Pts"),
                self.tr("Colours so far"),
                self.tr("Byes"),
            ]
        )
        self.pool.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.pool.setSelectionMode(QAbstractItemView.SelectionMode.MultiSelection)
        self.pool.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.pool.verticalHeader().setVisible(False)
        self.pool.verticalHeader().setDefaultSectionSize(24)
        self.pool.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.pool.itemSelectionChanged.connect(self._picked_changed)
        self.pool.setToolTip(self.tr("Click two players to pair them; click one for a bye"))
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.pool_title)
        left_layout.addWidget(self.search)
        left_layout.addWidget(self.pool, 1)

        # The pair picked, its colours and what the checker says of it before it is made.
        self.first_label = QLabel()
        self.second_label = QLabel()
        self.colour_reason = QLabel()
        self.colour_reason.setWordWrap(True)
        self.exchange_button = QPushButton(self.tr("Exchange colours"))
        self.exchange_button.clicked.connect(self.exchange_colours)
        self.pair_button = QPushButton(self.tr("Pair them"))
        self.pair_button.setStyleSheet("font-weight: bold;")
        self.pair_button.setDefault(True)
        self.pair_button.clicked.connect(self.pair_picked)
        self.bye_button = QPushButton(self.tr("Give the bye"))
        self.bye_button.clicked.connect(self.give_bye)
        self.before = QLabel()
        self.before.setWordWrap(True)
        self.before_list = QListWidget()
        self.before_list.setWordWrap(True)
        self.before_list.setMaximumHeight(110)
        picked = QGroupBox(self.tr("The pair picked"))
        grid = QGridLayout(picked)
        self.first_word, self.second_word = QLabel(), QLabel()
        grid.addWidget(self.first_word, 0, 0)
        grid.addWidget(self.first_label, 0, 1)
        grid.addWidget(self.second_word, 1, 0)
        grid.addWidget(self.second_label, 1, 1)
        grid.addWidget(self.colour_reason, 2, 0, 1, 2)
        grid.addWidget(self.before, 3, 0, 1, 2)
        grid.addWidget(self.before_list, 4, 0, 1, 2)
        buttons = QHBoxLayout()
        buttons.addWidget(self.exchange_button)
        buttons.addStretch(1)
        buttons.addWidget(self.bye_button)
        buttons.addWidget(self.pair_button)
        grid.addLayout(buttons, 5, 0, 1, 2)
        grid.setColumnStretch(1, 1)

        # The round as it stands: its tables, and the checker's word on them.
        self.tables_title = QLabel()
        self.tables = QTableWidget(0, 5)
        self.tables.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.tables.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tables.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.tables.verticalHeader().setVisible(False)
        self.tables.verticalHeader().setDefaultSectionSize(24)
        self.tables.horizontalHeader().setStretchLastSection(True)
        self.remove_button = QPushButton(self.tr("Unpair the table"))
        self.remove_button.clicked.connect(self.remove_table)
        self.tables.itemSelectionChanged.connect(self._update_buttons)
        self.clear_button = QPushButton(self.tr("Clear all tables…"))
        self.clear_button.clicked.connect(self.clear_round)
        self.undo_button = QPushButton(self.tr("Undo"))
        self.undo_button.clicked.connect(self.board.undo_last_edit)
        self.after = QLabel()
        self.after.setWordWrap(True)
        self.after_list = QListWidget()
        self.after_list.setWordWrap(True)
        self.after_list.setMaximumHeight(110)
        round_box = QWidget()
        round_layout = QVBoxLayout(round_box)
        round_layout.setContentsMargins(0, 0, 0, 0)
        round_layout.addWidget(self.tables_title)
        round_layout.addWidget(self.tables, 1)
        table_buttons = QHBoxLayout()
        table_buttons.addWidget(self.remove_button)
        table_buttons.addWidget(self.clear_button)
        table_buttons.addStretch(1)
        table_buttons.addWidget(self.undo_button)
        round_layout.addLayout(table_buttons)
        round_layout.addWidget(self.after)
        round_layout.addWidget(self.after_list)

        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(picked)
        right_layout.addWidget(round_box, 1)
        splitter = QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(right)
        splitter.setSizes([470, 510])
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        self.message = QLabel()
        self.message.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(splitter, 1)
        layout.addWidget(self.message)
        layout.addWidget(close)
        board.ctx.runner.writing_changed.connect(lambda _busy: self._update_buttons())

    # -- the game's words -----------------------------------------------------------
    def _go(self) -> bool:
        info = self.board.ctx.info
        return info is not None and info.game == "go"

    def _seat_words(self) -> tuple[str, str]:
        if self._go():
            return self.tr("Black"), self.tr("White")
        return self.tr("First"), self.tr("Second")

    def colour_history(self, state: PlayerState) -> str:
        """The seats of the player's games so far, oldest first: 先后先, or 黑白黑 in Go."""
        first, second = (self.tr("B"), self.tr("W")) if self._go() else (self.tr("F"), self.tr("S"))
        return "".join(first if seat == FIRST else second for seat in state.seats)

    # -- the round shown ------------------------------------------------------------
    def set_view(self, view: RoundView | None) -> None:
        """The round as the board now shows it (after each change)."""
        if view is None or (self.view and (view.event, view.number) != self._round()):
            self.view = view
            self.close()
            return
        self.view = view
        request = view.request
        self.states = build_states(request) if request else {}
        paired = {p for g in view.games for p in (g.first, g.second) if p is not None}
        active = request.active if request else frozenset[EntrantId]()
        self.unpaired = sorted(
            (i for i in active if i not in paired and i in self.states),
            key=lambda i: (-self.states[i].score, self.states[i].seed),
        )
        self.setWindowTitle(
            self.tr("Pair round %1 by hand — %2")
            .replace("%1", str(view.number))
            .replace("%2", view.event_name)
        )
        first, second = self._seat_words()
        self.first_word.setText(first + "：")
        self.second_word.setText(second + "：")
        self._fill_pool()
        self._fill_tables()
        self._picked_changed()

    def _round(self) -> tuple[str, int] | None:
        return (self.view.event, self.view.number) if self.view else None

    def _fill_pool(self) -> None:
        self.pool.blockSignals(True)
        self.pool.clearSelection()
        self.pool.setRowCount(len(self.unpaired))
        for row, who in enumerate(self.unpaired):
            st = self.states[who]
            cells = [
                str(st.seed),
                st.name,
                st.unit or "",
                fmt_score(st.score),
                self.colour_history(st),
                str(st.byes) if st.byes else "",
            ]
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, who)
                if column in (0, 3, 5):
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                self.pool.setItem(row, column, item)
        self.pool.resizeColumnsToContents()
        self.pool.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.pool.blockSignals(False)
        self.pool_title.setText(
            self.tr("Not yet paired: %n player(s)", "", len(self.unpaired))
            if self.unpaired
            else self.tr("Everyone is paired.")
        )
        self._filter()

    def _filter(self) -> None:
        query = self.search.text()
        for row, who in enumerate(self.unpaired):
            st = self.states[who]
            self.pool.setRowHidden(row, not matches(query, st.name, st.unit, str(st.seed)))

    def _fill_tables(self) -> None:
        view = self.view
        if view is None:
            return
        first, second = self._seat_words()
        self.tables.setHorizontalHeaderLabels(
            [
                self.tr("Table"),
                first,
                self.tr("Unit (%1)").replace("%1", first),
                second,
                self.tr("Unit (%1)").replace("%1", second),
            ]
        )
        flagged = {t for f in view.findings if f.rule != "unpaired" for t in f.tables}
        self.tables.setRowCount(len(view.games))
        for row, game in enumerate(view.games):
            cells = [
                str(game.table),
                self._who(game.first),
                view.units.get(game.first) or "",
                self._who(game.second) if game.second else self.tr("BYE"),
                (view.units.get(game.second) or "") if game.second else "",
            ]
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, game.table)
                if game.table in flagged:
                    item.setBackground(FINDING_COLOUR)
                self.tables.setItem(row, column, item)
        self.tables.resizeColumnsToContents()
        self.tables_title.setText(
            self.tr("Round %1: %n table(s)", "", len(view.games)).replace("%1", str(view.number))
        )
        found = [f for f in view.findings if f.rule != "unpaired"]
        self.after_list.clear()
        for f in found:
            self.after_list.addItem(
                QListWidgetItem("⚠ " + core_finding(f.rule, f.message, f.tables))
            )
        self.after_list.setVisible(bool(found))
        if found:
            self.after.setText(self.tr("%n warning(s) from the checker", "", len(found)))
            self.after.setStyleSheet(WARN)
        else:
            self.after.setText(self.tr("The checker found no problem at the tables made."))
            self.after.setStyleSheet(GOOD)

    def _who(self, entrant: int | None) -> str:
        if entrant is None or self.view is None:
            return ""
        return f"{self.view.seeds.get(entrant, '')} {self.view.names.get(entrant, '')}".strip()

    # -- the pair picked ------------------------------------------------------------
    def picked(self) -> list[EntrantId]:
        """The players selected in the list (at most two count), in list order."""
        rows = sorted({i.row() for i in self.pool.selectionModel().selectedRows()})
        return [self.unpaired[r] for r in rows if r < len(self.unpaired)]

    def proposed(self) -> PairedGame | None:
        """The table the two picked players would make: the colours the rules give (or the
        arbiter's exchange of them), the table number it would get."""
        picked = self.picked()
        if len(picked) != 2 or self.view is None or self.view.request is None:
            return None
        a, b = (self.states[p] for p in picked)
        choice = choose(a, b, self.view.request.round_number, self.view.request.settings)
        first, second = choice.first, choice.second
        if self._flipped:
            first, second = second, first
        try:
            after = add_pair(self.view.games, first, second)
        except EditError:
            return None
        return next(g for g in after if (g.first, g.second) == (first, second))

    def _picked_changed(self) -> None:
        picked = self.picked()
        if len(picked) < 2:
            self._flipped = False
        game = self.proposed()
        self.before_list.clear()
        self.before_list.hide()
        if game is None or game.second is None or self.view is None or self.view.request is None:
            one = self.states.get(picked[0]) if len(picked) == 1 else None
            self.first_label.setText(self._card(one) if one else "—")
            self.second_label.setText("—")
            self.colour_reason.setText("")
            if len(picked) > 2:
                self.before.setText(
                    self.tr("Pick two players, not %1.").replace("%1", str(len(picked)))
                )
                self.before.setStyleSheet(WARN)
            else:
                self.before.setText(
                    self.tr("Pick two players to pair them, or one for the bye.")
                    if self.unpaired
                    else self.tr("Everyone is paired.")
                )
                self.before.setStyleSheet("")
        else:
            self.first_label.setText(self._card(self.states[game.first]))
            self.second_label.setText(self._card(self.states[game.second]))
            request = self.view.request
            choice = choose(
                self.states[game.first],
                self.states[game.second],
                request.round_number,
                request.settings,
            )
            reason = core(choice.reason)
            self.colour_reason.setText(
                self.tr("Colours exchanged by hand (the rules proposed: %1).").replace("%1", reason)
                if self._flipped
                else self.tr("Colours by the rules: %1").replace("%1", reason)
            )
            found = check_pair(request, game, self.states)
            # two of one unit the round does not keep apart: the core says since when
            meeting = unit_meeting(request, self.states[game.first], self.states[game.second])
            free = meeting if meeting is not None and not meeting.kept_apart else None
            for f in found:
                self.before_list.addItem(
                    QListWidgetItem("⚠ " + core_finding(f.rule, f.message, f.tables))
                )
            if found and free is not None:
                self.before_list.addItem(QListWidgetItem(self.unit_words(free)))
            self.before_list.setVisible(bool(found))
            if found:
                self.before.setText(
                    self.tr("Table %1 would break a rule (it can still be paired):").replace(
                        "%1", str(game.table)
                    )
                )
                self.before.setStyleSheet(WARN)
            elif free is not None:
                self.before.setText(
                    self.tr("Table %1: no rematch, colours within the limits; %2.")
                    .replace("%1", str(game.table))
                    .replace("%2", self.unit_words(free))
                )
                self.before.setStyleSheet(GOOD)
            else:
                self.before.setText(
                    self.tr(
                        "Table %1: no rematch, no same unit, colours within the limits."
                    ).replace("%1", str(game.table))
                )
                self.before.setStyleSheet(GOOD)
        self._update_buttons()

    def unit_words(self, meeting: UnitMeeting) -> str:
        """Two of one unit whom the round does not keep apart: 同单位（第N轮起不回避）."""
        if meeting.free_from is None or meeting.free_from <= 1:
            return self.tr("same unit (units are not kept apart in this event)")
        return self.tr("same unit (not kept apart from round %1 on)").replace(
            "%1", str(meeting.free_from)
        )

    def _card(self, st: PlayerState) -> str:
        parts = [st.label, st.unit or "", self.tr("%1 pts").replace("%1", fmt_score(st.score))]
        history = self.colour_history(st)
        if history:
            parts.append(history)
        return "  ·  ".join(p for p in parts if p)

    def _update_buttons(self) -> None:
        picked = self.picked()
        busy = self.board.ctx.writing
        has_bye = bool(self.view and any(g.second is None for g in self.view.games))
        self.pair_button.setEnabled(len(picked) == 2 and not busy)
        self.exchange_button.setEnabled(len(picked) == 2)
        self.bye_button.setEnabled(len(picked) == 1 and not busy and not has_bye)
        self.bye_button.setToolTip(
            self.tr("The round has its bye: unpair that table first.") if has_bye else ""
        )
        self.remove_button.setEnabled(bool(self.tables.selectedItems()) and not busy)
        self.clear_button.setEnabled(bool(self.view and self.view.games) and not busy)

    # -- the edits ------------------------------------------------------------------
    def exchange_colours(self) -> None:
        self._flipped = not self._flipped
        self._picked_changed()

    def pair_picked(self) -> bool:
        game = self.proposed()
        if game is None or game.second is None:
            return False
        label = (
            self.tr("Pair %1 with %2")
            .replace("%1", self.states[game.first].label)
            .replace("%2", self.states[game.second].label)
        )
        if self.board.apply_edit("pair", game.first, game.second, label=label):
            self.message.setText(label)
            return True
        return False

    def give_bye(self) -> bool:
        picked = self.picked()
        if len(picked) != 1:
            return False
        label = self.tr("Give %1 the bye").replace("%1", self.states[picked[0]].label)
        if self.board.apply_edit("bye", picked[0], label=label):
            self.message.setText(label)
            return True
        return False

    def selected_table(self) -> int | None:
        items = self.tables.selectedItems()
        return int(items[0].data(Qt.ItemDataRole.UserRole)) if items else None

    def remove_table(self) -> bool:
        table = self.selected_table()
        if table is None:
            return False
        label = self.tr("Unpair table %1").replace("%1", str(table))
        if self.board.apply_edit("remove", table, label=label):
            self.message.setText(label)
            return True
        return False

    def clear_round(self) -> bool:
        if not self.view or not self.view.games:
            return False
        if (
            QMessageBox.question(
                self,
                self.tr("Clear all tables"),
                self.tr(
                    "Take every table out of round %1 and pair it by hand? Undo puts them back."
                ).replace("%1", str(self.view.number)),
            )
            != QMessageBox.StandardButton.Yes
        ):
            return False
        label = self.tr("Clear all tables of round %1").replace("%1", str(self.view.number))
        if self.board.apply_edit("clear", label=label):
            self.message.setText(label)
            return True
        return False

    def keyPressEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
        # Enter pairs the two picked (the search box's Enter too); Esc closes.
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.pair_picked()
            return
        super().keyPressEvent(event)
