"""Standings, teams, pairs, prizes and grades from the export read-model."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QColor

from ui.models.base import Column, RecordsModel

PRIZE_COLOUR = QColor("#fdf6dc")


def tiebreak_order(event: dict[str, Any], rows: list[dict[str, Any]]) -> list[str]:
    """The event's tie-breaks in order, as present in the rows (积分 is the points column)."""
    present: list[str] = []
    for row in rows[:1]:
        present = [k for k in row.get("tiebreaks", {}) if k != "积分"]
    configured = (event.get("settings", {}).get("standings", {}) or {}).get("tiebreaks")
    if configured:
        ordered = [k for k in configured if k != "积分" and (not present or k in present)]
        return ordered or present
    return present


def standing_rows(event: dict[str, Any], category: str | None) -> list[dict[str, Any]]:
    entrants = {e["id"]: e for e in event.get("entrants", [])}
    source = event["category_standings"].get(category, []) if category else event["standings"]
    # a category row's overall place is written as the overall table writes it: 19=
    overall = event["standings"]
    overall_shared = {r["entrant"] for r in overall if r.get("shared")}
    rows = []
    for row in source:
        entrant = entrants.get(row["entrant"], {})
        rows.append({**row, "overall_shared": row["entrant"] in overall_shared,
                     "seed": entrant.get("seed"), "name": entrant.get("name"),
                     "unit": entrant.get("unit"), "members": entrant.get("members", []),
                     "grade": entrant.get("grade"), "status": entrant.get("status")})
    return rows


class StandingsModel(RecordsModel):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__((), (), parent)
        self.tiebreaks: list[str] = []
        self.prize_entrants: set[int] = set()

    def set_event(self, event: dict[str, Any] | None, category: str | None = None,
                  prize_entrants: set[int] | None = None) -> None:
        self.prize_entrants = prize_entrants or set()
        rows = standing_rows(event, category) if event else []
        self.tiebreaks = tiebreak_order(event, rows) if event else []
        team_like = bool(event and event.get("kind") in ("team", "pair"))
        columns = [
            Column("rank", self.tr("Rank"), lambda r: f"{r['rank']}" + ("=" if r.get("shared") else ""),
                   numeric=True, sort=lambda r: r["rank"]),
        ]
        if category:
            columns.append(Column("overall_rank", self.tr("Overall"),
                                  lambda r: f"{r.get('overall_rank', '')}"
                                  + ("=" if r.get("overall_shared") else ""),
                                  numeric=True, sort=lambda r: r.get("overall_rank") or 0))
        columns += [
            Column("seed", self.tr("No."), numeric=True),
            Column("name", self.tr("Name")),
            Column("unit", self.tr("Unit")),
        ]
        if team_like:
            columns.append(Column("members", self.tr("Members")))
        columns.append(Column("points", self.tr("Points"), numeric=True))
        for name in self.tiebreaks:
            columns.append(Column(f"tb:{name}", name, lambda r, n=name: r["tiebreaks"].get(n),
                                  numeric=True))
        self.beginResetModel()
        self._columns = columns
        self._rows = rows
        self.endResetModel()

    def row_background(self, row: dict[str, Any]) -> Any:
        return PRIZE_COLOUR if row.get("entrant") in self.prize_entrants else None


class PrizesModel(RecordsModel):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__((), (), parent)
        self.set_columns([
            Column("category_name", self.tr("Prize table")),
            Column("place", self.tr("Place"), numeric=True),
            Column("title", self.tr("Title")),
            Column("name", self.tr("Name")),
            Column("unit", self.tr("Unit")),
            Column("members", self.tr("Members")),
            Column("amount", self.tr("Amount (yuan)"), lambda r: f"{r['amount']:.2f}", numeric=True,
                   sort=lambda r: r["amount"]),
        ])


class GradesModel(RecordsModel):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__((), (), parent)
        self.set_columns([
            Column("event_name", self.tr("Event")),
            Column("rank", self.tr("Rank"), numeric=True),
            Column("name", self.tr("Name")),
            Column("unit", self.tr("Unit")),
            Column("grade", self.tr("Grade awarded")),
            Column("held", self.tr("Note"), self.held_text),
        ])

    def held_text(self, row: dict[str, Any]) -> str:
        """A grade the player already holds or exceeds: said, and whether it is applied for."""
        if not row.get("already_held"):
            return ""
        text = (self.tr("already %1 (on the form)") if row.get("on_form")
                else self.tr("already %1 (not on the form)"))
        return text.replace("%1", str(row.get("held") or ""))
