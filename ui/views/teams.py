"""Teams and pairs with their members, and eligibility problems to fix."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from app.services.players import list_entrants
from ui import context as ctxmod
from ui.models.base import Column, RecordsModel
from ui.views.standings import fit_columns, make_table


def eligibility_problems(event: dict[str, Any], rows: list[dict[str, Any]],
                         players: dict[str, dict[str, Any]]) -> dict[int, list[str]]:
    """Problems per entrant id, from the event's eligibility and the members' records."""
    rules = event.get("eligibility") or {}
    problems: dict[int, list[str]] = {}
    size = rules.get("team_size") or (2 if event["kind"] == "pair" else None)
    gender = rules.get("gender")
    for row in rows:
        issues: list[str] = []
        members = row.get("members") or []
        if size and len(members) != size:
            issues.append(f"应有 {size} 名队员，实有 {len(members)} 名")
        if gender:
            wrong = [m for m in members if players.get(m, {}).get("gender") not in (None, gender)]
            if wrong:
                issues.append("性别不符：" + "、".join(wrong))
        if issues:
            problems[row["id"]] = issues
    return problems


class GroupsModel(RecordsModel):
    def __init__(self, parent: Any = None) -> None:
        super().__init__((), (), parent)
        self.problems: dict[int, list[str]] = {}
        self.set_columns([
            Column("seed", self.tr("No."), numeric=True),
            Column("name", self.tr("Name")),
            Column("unit", self.tr("Unit")),
            Column("size", self.tr("Size"), lambda r: len(r.get("members") or []), numeric=True),
            Column("members", self.tr("Members")),
            Column("problems", self.tr("Problems"), lambda r: "；".join(self.problems.get(r["id"], []))),
        ])

    def row_background(self, row: dict[str, Any]) -> Any:
        return QColor("#ffd6d6") if self.problems.get(row["id"]) else None


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
        lower = QWidget()
        lower_layout = QVBoxLayout(lower)
        lower_layout.setContentsMargins(0, 0, 0, 0)
        lower_layout.addWidget(QLabel(self.tr("Eligibility problems (from the checks and the last import):")))
        lower_layout.addWidget(self.problems)
        splitter = QSplitter()
        splitter.setOrientation(splitter.orientation().Vertical)
        splitter.addWidget(self.table)
        splitter.addWidget(lower)
        splitter.setSizes([500, 160])
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(splitter, 1)
        self._rows: list[dict[str, Any]] = []
        ctx.opened.connect(self.reload)
        ctx.changed.connect(lambda what: what in (ctxmod.PLAYERS, ctxmod.ALL, "import") and self.reload())

    def reload(self) -> None:
        if self.ctx.db is None:
            return
        current = self.event_combo.currentData()
        self.event_combo.blockSignals(True)
        self.event_combo.clear()
        for event in self.ctx.events:
            if event["kind"] in ("team", "pair"):
                self.event_combo.addItem(event["name"], event["code"])
        index = self.event_combo.findData(current)
        self.event_combo.setCurrentIndex(max(index, 0))
        self.event_combo.blockSignals(False)
        self._rows = list_entrants(self.ctx.db)
        self._show()

    def _show(self) -> None:
        code = self.event_combo.currentData()
        event = self.ctx.current_event(code) if code else None
        rows = [r for r in self._rows if r["event"] == code]
        players = {r["name"]: r for r in self._rows if not r.get("members")}
        self.model.problems = eligibility_problems(event, rows, players) if event else {}
        self.model.set_rows(rows)
        fit_columns(self.table, 420)
        self.problems.clear()
        for line in self.ctx.import_problems:
            self.problems.addItem("⚠ " + line)
        for row in rows:
            for issue in self.model.problems.get(row["id"], []):
                self.problems.addItem(f"⚠ {row['name']}：{issue}")
        if not self.problems.count():
            self.problems.addItem(self.tr("No problem found."))
        self.summary.setText(self.tr("%1 entries").replace("%1", str(len(rows))))
