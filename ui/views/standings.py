"""Standings per event and category after any round; teams, pairs, prizes and grades.

Everything shown here comes from the read model (`ui.readers.final`, a `Final`), built in
a worker thread when the view is shown (and again after a change while it is shown); the
window's thread only fills the tables.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QModelIndex, QSortFilterProxyModel, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app.domain import EventKind
from app.readmodel.held import (
    ResultsHeld,
    event_rounds_held,
    grade_events,
    prize_events,
    results_held,
)
from app.readmodel.points_notes import points_notes
from app.standings.model import NOTE
from ui import context as ctxmod
from ui import readers
from ui.core_words import explanation
from ui.dialogs.player_card import PlayerCardDialog, open_player_card
from ui.errors import show_error
from ui.models.base import ROW_ROLE, SORT_ROLE
from ui.models.standings import GradesModel, GroupStandingsModel, PrizesModel, StandingsModel

if TYPE_CHECKING:
    from app.readmodel.model import Final, FinalEvent


def make_table(model: Any, sortable: bool = True) -> QTableView:
    table = QTableView()
    if sortable:
        proxy = QSortFilterProxyModel(table)
        proxy.setSourceModel(model)
        proxy.setSortRole(SORT_ROLE)
        table.setModel(proxy)
        table.setSortingEnabled(True)
        table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
    else:
        table.setModel(model)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setAlternatingRowColors(True)
    table.verticalHeader().setVisible(False)
    table.verticalHeader().setDefaultSectionSize(24)
    # the last column (状态) takes the room left: a 取消资格 note below the rows sized is whole
    table.horizontalHeader().setStretchLastSection(True)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    # columns are sized from the first rows (what is on screen), not from all 360
    table.horizontalHeader().setResizeContentsPrecision(60)
    return table


def fit_columns(table: QTableView, widest: int = 280) -> None:
    table.resizeColumnsToContents()
    model = table.model()
    for column in range(model.columnCount() if model else 0):
        table.setColumnWidth(column, min(table.columnWidth(column) + 10, widest))


class StandingsView(QWidget):
    print_requested = Signal(str)

    def __init__(self, ctx: ctxmod.TournamentContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.final: Final | None = None
        self._dirty = True

        self.after_combo = QComboBox()
        self.after_combo.setMinimumContentsLength(10)
        self.after_combo.currentIndexChanged.connect(lambda _i: self._rebuild())
        self.category_combo = QComboBox()
        self.category_combo.setMinimumContentsLength(10)
        self.category_combo.currentIndexChanged.connect(lambda _i: self._show_event())
        self.explanation = QLabel()
        self.explanation.setWordWrap(True)
        self.explanation.setStyleSheet("color: #555;")
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("After round")))
        top.addWidget(self.after_combo)
        top.addWidget(QLabel(self.tr("Category")))
        top.addWidget(self.category_combo)
        top.addStretch(1)
        for kind, text in (
            ("standings", self.tr("Print standings")),
            ("crosstable", self.tr("Print cross-table")),
            ("prizes", self.tr("Print prize sheet")),
            ("certificates", self.tr("Print certificates")),
        ):
            button = QPushButton(text)
            button.clicked.connect(lambda _c=False, k=kind: self.print_requested.emit(k))
            top.addWidget(button)

        self.model = StandingsModel(self)
        self.teams_model = GroupStandingsModel(self)
        self.pairs_model = GroupStandingsModel(self)
        self.prizes_model = PrizesModel(self)
        self.grades_model = GradesModel(self)
        self.table = make_table(self.model)
        self.teams_table = make_table(self.teams_model)
        self.pairs_table = make_table(self.pairs_model)
        self.prizes_table = make_table(self.prizes_model)
        self.grades_table = make_table(self.grades_model)
        # Double-click or Enter on a row: the entrant's card, as of the round shown.
        self.card_dialog: PlayerCardDialog | None = None
        self.table.doubleClicked.connect(self.show_card)
        for enter in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            shortcut = QShortcut(QKeySequence(enter), self.table)
            shortcut.setContext(Qt.ShortcutContext.WidgetShortcut)
            shortcut.activated.connect(lambda: self.show_card(self.table.currentIndex()))
        self.tabs = QTabWidget()
        self.tabs.addTab(self.table, self.tr("Standings"))
        self.tabs.addTab(self.teams_table, self.tr("Teams"))
        self.tabs.addTab(self.pairs_table, self.tr("Pairs"))
        # the prizes and grades say which results they hold (临时（第4轮后）), as finals prizes
        self.prizes_heading, self.prizes_page = self._headed(self.prizes_table)
        self.grades_heading, self.grades_page = self._headed(self.grades_table)
        self.tabs.addTab(self.prizes_page, self.tr("Prizes"))
        self.tabs.addTab(self.grades_page, self.tr("Grades"))

        self._unfitted: set[QTableView] = set()
        self.tabs.currentChanged.connect(lambda _i: self._fit_shown_tab())

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.explanation)
        layout.addWidget(self.tabs, 1)

        ctx.opened.connect(self.mark_dirty)
        ctx.event_changed.connect(lambda _c: self.mark_dirty())
        ctx.changed.connect(lambda what: self.mark_dirty() if what != "import" else None)

    def _headed(self, table: QTableView) -> tuple[QLabel, QWidget]:
        heading = QLabel()
        heading.setStyleSheet("font-weight: bold;")
        page = QWidget()
        page.setProperty("table", table)
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addWidget(heading)
        layout.addWidget(table, 1)
        return heading, page

    def held_text(self, held: ResultsHeld) -> str:
        """Which results a list holds, in the window's language: 临时（第4轮后）,
        临时（男子个人第4轮后、少儿组第3轮后）, 第9轮后（最终）."""

        def after(n: int) -> str:
            if n == 0:
                return self.tr("before round 1")
            return self.tr("after round %1").replace("%1", str(n))

        if held.final:
            n = held.after_round
            return self.tr("%1 (final)").replace("%1", after(n)) if n else self.tr("Final results")
        unfinished = held.unfinished
        rounds = {e.held.after for e in unfinished}
        if len(rounds) == 1:
            return self.tr("Provisional (%1)").replace("%1", after(rounds.pop()))
        each = [
            self.tr("%1 %2", "an event, after round N")
            .replace("%1", e.name)
            .replace("%2", after(e.held.after))
            for e in unfinished
        ]
        return self.tr("Provisional (%1)").replace("%1", self.tr(", ").join(each))

    # -- loading (lazy: only when shown) -------------------------------------------
    def mark_dirty(self) -> None:
        self._dirty = True
        if self.isVisible():
            self.reload()

    def showEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        if self._dirty:
            self.reload()

    def reload(self) -> None:
        self._dirty = False
        event = self.ctx.current_event()
        current = self.after_combo.currentData()
        self.after_combo.blockSignals(True)
        self.after_combo.clear()
        self.after_combo.addItem(self.tr("Latest"), None)
        paired = max((e.rounds_paired for e in self.ctx.events), default=0)
        if event and event.plays_rounds:
            paired = event.rounds_paired
        for number in range(1, paired + 1):
            self.after_combo.addItem(self.tr("Round %1").replace("%1", str(number)), number)
        index = self.after_combo.findData(current)
        self.after_combo.setCurrentIndex(max(index, 0))
        self.after_combo.blockSignals(False)
        self._rebuild()

    def after_round(self) -> int | None:
        value = self.after_combo.currentData()
        return int(value) if value else None

    def _rebuild(self) -> None:
        if self.ctx.db is None:
            self.final = None
            self.model.set_event(None)
            return
        self.explanation.setText(self.tr("Computing the standings…"))
        self.ctx.read(
            "standings",
            readers.final,
            self.after_round(),
            on_done=self._show_final,
            on_error=lambda exc: show_error(self, exc),
        )

    def _show_final(self, final: Final) -> None:
        """The read model, built in a worker: fill the tables."""
        self.final = final
        event = self.shown_event()
        current = self.category_combo.currentData()
        self.category_combo.blockSignals(True)
        self.category_combo.clear()
        self.category_combo.addItem(self.tr("Overall"), None)
        for category in event.categories if event else ():
            self.category_combo.addItem(category.name, category.code)
        index = self.category_combo.findData(current)
        self.category_combo.setCurrentIndex(max(index, 0))
        self.category_combo.blockSignals(False)
        self._show_event()
        # the other tabs are filled (and their columns fitted) when they are shown
        self._unfitted = {self.teams_table, self.pairs_table, self.prizes_table, self.grades_table}
        self._fit_shown_tab()

    def _fill_tab(self, table: QTableView) -> None:
        final = self.final
        events = list(final.events) if final else []
        if table is self.teams_table:
            self.teams_model.set_events([e for e in events if e.kind == EventKind.TEAM])
        elif table is self.pairs_table:
            self.pairs_model.set_events([e for e in events if e.kind == EventKind.PAIR])
        elif table is self.prizes_table:
            self.prizes_model.set_rows(list(final.prizes) if final else [])
            held = results_held(prize_events(final), final.events) if final else None
            self.prizes_heading.setText(self.held_text(held) if held else "")
        elif table is self.grades_table:
            self.grades_model.set_grades(
                list(final.grades) if final else [], {e.code: e.name for e in events}
            )
            held = results_held(grade_events(final), final.events) if final else None
            self.grades_heading.setText(self.held_text(held) if held else "")

    def _fit_shown_tab(self) -> None:
        page = self.tabs.currentWidget()
        table = page.property("table") if page is not None and page.property("table") else page
        if table in self._unfitted:
            self._unfitted.discard(table)
            self._fill_tab(table)
            fit_columns(table)

    def shown_event(self) -> FinalEvent | None:
        if self.final is None or self.ctx.event_code is None:
            return None
        return self.final.event(self.ctx.event_code)

    def _show_event(self) -> None:
        event = self.shown_event()
        category = self.category_combo.currentData()
        winners = {
            p.award.entrant
            for p in (self.final.prizes if self.final else ())
            if event and p.award.event == event.code
        }
        self.model.set_event(event, category, winners)
        fit_columns(self.table)
        if event:
            lines = [line for line in explanation(event.standings) if line]
            first = lines[0] if lines else ""
            first = first if len(first) < 160 else first[:158] + "…"
            # what the standings could not count as they should, in full under the rules
            notes = [line for line in event.standings.explanation if line.startswith(NOTE)]
            # which results the table holds (第4轮后（第5轮进行中）), as the CLI and PDFs say
            final = self.final
            source = final.event(event.source_event) if final and event.source_event else None
            held = event_rounds_held(event, source)
            heading = [held.text] if held.note else []
            # points given without a game (迟到，第3轮加入，给1分), as the printed standings say
            given = list(points_notes(event, held.after))
            self.explanation.setText("\n".join([*heading, first, *notes, *given]))
            self.explanation.setToolTip("\n".join(lines))
        else:
            self.explanation.setText("")

    def show_card(self, index: QModelIndex) -> None:
        event = self.shown_event()
        if not index.isValid() or event is None or self.ctx.db is None:
            return
        line = self.table.model().data(index, ROW_ROLE)
        if line is None:
            return
        self.card_dialog = open_player_card(
            self, self.ctx, event.code, int(line.entrant), self.after_round()
        )

    def category(self) -> str | None:
        code = self.category_combo.currentData()
        return code if isinstance(code, str) else None
