"""Teams and pairs with their members, and eligibility problems to fix."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtCore import QSortFilterProxyModel
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QListWidget,
    QMessageBox,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from app.domain import EventKind
from app.services.players import EntrantRow
from app.services.teams import LateChangeLine, TeamProblem, compose, dissolve, team_lock
from ui import context as ctxmod
from ui import readers
from ui.errors import show_error
from ui.models.base import Column, RecordsModel
from ui.views.standings import fit_columns, make_table


class GroupsModel(RecordsModel[EntrantRow]):
    def __init__(self, parent: Any = None) -> None:
        super().__init__((), (), parent)
        self.problems: dict[int, list[str]] = {}
        self.notes: dict[int, str] = {}  # a team composed late by force (issue 13)
        self.set_columns(
            [
                Column("seed", self.tr("No."), numeric=True),
                Column("name", self.tr("Name")),
                Column("unit", self.tr("Unit")),
                Column("size", self.tr("Size"), lambda r: len(r.members), numeric=True),
                Column("members", self.tr("Members")),
                Column(
                    "problems",
                    self.tr("Problems"),
                    lambda r: "；".join(self.problems.get(r.id, [])),
                ),
                Column("note", self.tr("Note"), lambda r: self.notes.get(r.id, "")),
            ]
        )

    def set_kind(self, kind: str | None) -> None:
        """A team's name is headed 队名, a pair's 姓名 (the two names)."""
        title = self.tr("Team name") if kind == EventKind.TEAM else self.tr("Name")
        columns = self.columns()
        at = self.column_of("name")
        if columns[at].title != title:
            columns[at] = replace(columns[at], title=title)
            self.set_columns(columns)

    def row_background(self, row: EntrantRow) -> Any:
        if self.problems.get(row.id):
            return QColor("#ffd6d6")
        return QColor("#fff1c2") if self.notes.get(row.id) else None


class TeamsView(QWidget):
    def __init__(self, ctx: ctxmod.TournamentContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.event_combo = QComboBox()
        self.event_combo.setMinimumContentsLength(12)
        self.event_combo.currentIndexChanged.connect(lambda _i: self._show())
        self.summary = QLabel()
        self.model = GroupsModel(self)
        self.table = make_table(self.model)
        self.problems = QListWidget()
        self.problems.setWordWrap(True)
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Event")))
        top.addWidget(self.event_combo)
        top.addWidget(self.summary, 1)
        self.compose_button = QPushButton(self.tr("Compose…"))
        self.compose_button.clicked.connect(self.compose)
        self.dissolve_button = QPushButton(self.tr("Dissolve"))
        self.dissolve_button.clicked.connect(self.dissolve_selected)
        top.addWidget(self.compose_button)
        top.addWidget(self.dissolve_button)
        lower = QWidget()
        lower_layout = QVBoxLayout(lower)
        lower_layout.setContentsMargins(0, 0, 0, 0)
        lower_layout.addWidget(
            QLabel(self.tr("Eligibility problems (from the checks and the last import):"))
        )
        lower_layout.addWidget(self.problems)
        splitter = QSplitter()
        splitter.setOrientation(splitter.orientation().Vertical)
        splitter.addWidget(self.table)
        splitter.addWidget(lower)
        splitter.setSizes([500, 160])
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(splitter, 1)
        self._rows: list[EntrantRow] = []
        self._problems: list[TeamProblem] = []
        self._late: list[LateChangeLine] = []
        self._dirty = True
        ctx.opened.connect(self.mark_dirty)
        ctx.changed.connect(
            lambda what: (
                self.mark_dirty() if what in (ctxmod.PLAYERS, ctxmod.ALL, "import") else None
            )
        )

    # -- loading (only when shown) -------------------------------------------------
    def showEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        if self._dirty:
            self.reload()

    def mark_dirty(self) -> None:
        self._fill_events()
        self._dirty = True
        if self.isVisible():
            self.reload()

    def reload(self) -> None:
        self._dirty = False
        if self.ctx.db is None:
            return
        self._fill_events()
        # read when the tab is shown (never while opening the file), in a worker
        self.ctx.read(
            "teams", readers.groups, on_done=self._fill, on_error=lambda e: show_error(self, e)
        )

    def _fill_events(self) -> None:
        current = self.event_combo.currentData()
        self.event_combo.blockSignals(True)
        self.event_combo.clear()
        for event in self.ctx.events:
            if event.kind in (EventKind.TEAM, EventKind.PAIR):
                self.event_combo.addItem(event.name, event.code)
        index = self.event_combo.findData(current)
        self.event_combo.setCurrentIndex(max(index, 0))
        self.event_combo.blockSignals(False)

    def _fill(
        self, value: tuple[list[EntrantRow], list[TeamProblem], list[LateChangeLine]]
    ) -> None:
        self._rows, self._problems, self._late = value
        self._show()

    def _show(self) -> None:
        code = self.event_combo.currentData()
        event = self.ctx.current_event(code) if code else None
        self.model.set_kind(event.kind if event else None)
        rows = [r for r in self._rows if r.event == code]
        by_name: dict[str, list[str]] = {}
        for item in self._problems:
            if item.event == code:
                by_name.setdefault(item.entrant, []).append(item.message)
        self.model.problems = {r.id: by_name[r.name] for r in rows if r.name in by_name}
        late = [c for c in self._late if c.event == code]
        self.model.notes = {c.entrant: c.text for c in late if c.entrant is not None}
        self.model.set_rows(rows)
        fit_columns(self.table, 420)
        self.problems.clear()
        for line in self.ctx.import_problems:
            self.problems.addItem("⚠ " + line)
        for row in rows:
            for issue in self.model.problems.get(row.id, []):
                self.problems.addItem(f"⚠ {row.name}：{issue}")
        for change in late:  # forced late changes, dissolved teams included
            self.problems.addItem(
                f"⚠ “{change.team}”（{'、'.join(change.members)}）：{change.text}"
            )
        if not self.problems.count():
            self.problems.addItem(self.tr("No problem found."))
        summary = self.tr("%1 entries").replace("%1", str(len(rows)))
        ineligible = sum(1 for r in rows if self.model.problems.get(r.id))
        event = self.ctx.current_event(code) if code else None
        if ineligible and event is not None and event.kind == EventKind.TEAM:
            withheld = event.settings.eligibility.ineligible_team_prizes == "withhold"
            summary += "；" + (
                self.tr("%1 not eligible: still ranked, prizes withheld")
                if withheld
                else self.tr("%1 not eligible: still ranked, prizes paid and marked")
            ).replace("%1", str(ineligible))
        self.summary.setText(summary)

    def _force(self, code: str, what: str) -> bool | None:
        """None: no force needed; True: the arbiter forces the late change; False: cancelled."""
        if self.ctx.db is None:
            return False
        reason = team_lock(self.ctx.db, code)
        if reason is None:
            return None
        answer = QMessageBox.question(
            self,
            self.tr("Teams are registered before the final"),
            reason
            + "\n\n"
            + what
            + "\n\n"
            + self.tr("The forced change is written to the audit log and marked on the team list."),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        return answer == QMessageBox.StandardButton.Yes

    def compose(self) -> None:
        code = self.event_combo.currentData()
        event = self.ctx.current_event(code) if code else None
        if event is None or self.ctx.db is None:
            return
        name = ""
        force = None
        if event.kind == EventKind.TEAM:
            force = self._force(code, self.tr("Compose a team all the same (forced)?"))
            if force is False:
                return
            name, ok = QInputDialog.getText(self, self.tr("Compose a team"), self.tr("Team name:"))
            if not ok or not name.strip():
                return
        hint = (
            self.tr("Members (seed numbers or names in the individual event, separated by commas):")
            if event.kind == EventKind.TEAM
            else self.tr("The two players' names, separated by a comma:")
        )
        members, ok = QInputDialog.getText(self, self.tr("Compose"), hint)
        if not ok:
            return
        parts = [m for m in members.replace("，", ",").replace("、", ",").split(",") if m.strip()]
        self.ctx.write(  # in the window's write queue; a refusal is shown, nothing changed
            compose,
            code,
            name.strip() or None,
            parts,
            self.ctx.operator,
            force=bool(force),
            what=ctxmod.PLAYERS,
            on_error=lambda exc: show_error(self, exc),
        )

    def dissolve_selected(self) -> None:
        code = self.event_combo.currentData()
        index = self.table.currentIndex()
        if not code or not index.isValid() or self.ctx.db is None:
            return
        shown = self.table.model()
        row = self.model.row(
            shown.mapToSource(index).row()
            if isinstance(shown, QSortFilterProxyModel)
            else index.row()
        )
        force = self._force(
            code, self.tr("Dissolve %1 all the same (forced)?").replace("%1", row.name)
        )
        if force is False:
            return
        if force is None:
            answer = QMessageBox.question(
                self, self.tr("Dissolve"), self.tr("Dissolve %1?").replace("%1", row.name)
            )
            if answer != QMessageBox.StandardButton.Yes:
                return
        self.ctx.write(
            dissolve,
            code,
            str(row.seed),
            self.ctx.operator,
            force=bool(force),
            what=ctxmod.PLAYERS,
            on_error=lambda exc: show_error(self, exc),
        )
