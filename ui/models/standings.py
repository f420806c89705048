"""Standings, teams, pairs, prizes and grades from the read model (`Final`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QColor

from app.domain import EntrantId, EventKind
from app.readmodel.disqualified import disqualified_rows
from app.readmodel.withdrawal import withdrawal_note
from app.standings.tiebreaks import labels
from ui.core_words import core
from ui.models.base import Column, RecordsModel

if TYPE_CHECKING:
    from app.readmodel.model import FinalEvent, GradeLine, PrizeLine

PRIZE_COLOUR = QColor("#fdf6dc")


@dataclass(frozen=True)
class StandingLine:
    """One row of a standings table: the rank with the entrant it ranks."""

    event_name: str
    rank: int
    overall_rank: int
    shared: bool
    overall_shared: bool  # the overall place is itself shared (written 19=)
    entrant: int
    seed: int | None
    name: str
    unit: str | None
    members: tuple[str, ...]
    grade: str | None
    status: str | None
    status_note: str  # 退赛（自第N轮）, "" while playing
    points: float
    tiebreaks: Mapping[str, float]
    disqualified: bool = False  # 取消资格: listed after the ranking, no place


def tiebreak_order(event: FinalEvent, rows: list[StandingLine]) -> list[str]:
    """The event's tie-breaks in order, as present in the rows (积分 is the points column)."""
    present = [k for k in rows[0].tiebreaks if k != "积分"] if rows else []
    configured = event.configured_tiebreaks
    if configured:
        shown = labels(configured)  # the rows name each criterion by its label
        ordered = [k for k in shown if k != "积分" and (not present or k in present)]
        return ordered or present
    return present


def standing_rows(event: FinalEvent, category: str | None) -> list[StandingLine]:
    entrants = {e.id: e for e in event.entrants}
    overall = event.standings.rows
    # a category row's overall place is written as the overall table writes it: 19=
    overall_shared = {r.entrant for r in overall if r.shared}
    source: list[Any] = (
        list(event.category_standings.get(category, ())) if category else list(overall)
    )
    rows = []
    for row in source:
        entrant = entrants.get(row.entrant)
        rows.append(
            StandingLine(
                event_name=event.name,
                rank=row.rank,
                overall_rank=getattr(row, "overall_rank", row.rank),
                shared=row.shared,
                overall_shared=row.entrant in overall_shared,
                entrant=row.entrant,
                seed=entrant.seed if entrant else None,
                name=entrant.name if entrant else f"#{row.entrant}",
                unit=entrant.unit if entrant else None,
                members=entrant.members if entrant else (),
                grade=entrant.grade if entrant else None,
                status=entrant.status if entrant else None,
                status_note=withdrawal_note(entrant) if entrant else "",
                points=row.points,
                tiebreaks=row.tiebreaks,
            )
        )
    # the disqualified (取消资格), after the ranking (a category: its own)
    for row in disqualified_rows(event, category):
        entrant = entrants.get(row.entrant)
        if entrant is None:
            continue
        rows.append(
            StandingLine(
                event_name=event.name,
                rank=DISQUALIFIED_RANK,
                overall_rank=DISQUALIFIED_RANK,
                shared=False,
                overall_shared=False,
                entrant=row.entrant,
                seed=entrant.seed,
                name=entrant.name,
                unit=entrant.unit,
                members=entrant.members,
                grade=entrant.grade,
                status=entrant.status,
                status_note=withdrawal_note(entrant),
                points=row.points,
                tiebreaks=row.tiebreaks,
                disqualified=True,
            )
        )
    return rows


def _tiebreak(name: str) -> Callable[[StandingLine], float | None]:
    return lambda row: row.tiebreaks.get(name)


# A disqualified row's rank: it sorts after every place and is shown as —.
DISQUALIFIED_RANK = 1_000_000


def _rank(r: StandingLine) -> str:
    if r.disqualified:
        return "—"
    return f"{r.rank}" + ("=" if r.shared else "")


class StandingsModel(RecordsModel[StandingLine]):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__((), (), parent)
        self.tiebreaks: list[str] = []
        self.prize_entrants: set[EntrantId] = set()

    def set_event(
        self,
        event: FinalEvent | None,
        category: str | None = None,
        prize_entrants: set[EntrantId] | None = None,
    ) -> None:
        self.prize_entrants = prize_entrants or set()
        rows = standing_rows(event, category) if event else []
        self.tiebreaks = tiebreak_order(event, rows) if event else []
        team_like = bool(event and event.kind in (EventKind.TEAM, EventKind.PAIR))
        columns: list[Column[StandingLine]] = [
            Column("rank", self.tr("Rank"), _rank, numeric=True, sort=lambda r: r.rank)
        ]
        if category:
            columns.append(
                Column(
                    "overall_rank",
                    self.tr("Overall"),
                    lambda r: f"{r.overall_rank}" + ("=" if r.overall_shared else ""),
                    numeric=True,
                    sort=lambda r: r.overall_rank or 0,
                )
            )
        columns += [
            Column("seed", self.tr("No."), numeric=True),
            Column(
                "name",
                self.tr("Team name") if event and event.kind == EventKind.TEAM else self.tr("Name"),
            ),
            Column("unit", self.tr("Unit")),
        ]
        if team_like:
            columns.append(Column("members", self.tr("Members")))
        columns.append(Column("points", self.tr("Points"), numeric=True))
        for name in self.tiebreaks:
            columns.append(Column(f"tb:{name}", core(name), _tiebreak(name), numeric=True))
        if any(r.status_note for r in rows):
            columns.append(Column("status_note", self.tr("Status"), lambda r: core(r.status_note)))
        self.beginResetModel()
        self._columns = columns
        self._rows = rows
        self.endResetModel()

    def row_background(self, row: Any) -> Any:
        return PRIZE_COLOUR if row.entrant in self.prize_entrants else None


class GroupStandingsModel(RecordsModel[StandingLine]):
    """Team or pair events side by side: event, rank, name, members, points, tie-breaks."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__((), (), parent)

    def set_events(self, events: list[FinalEvent]) -> None:
        rows: list[StandingLine] = []
        tiebreaks: list[str] = []
        for event in events:
            event_rows = standing_rows(event, None)
            for name in tiebreak_order(event, event_rows):
                if name not in tiebreaks:
                    tiebreaks.append(name)
            rows += event_rows
        columns: list[Column[StandingLine]] = [
            Column("event_name", self.tr("Event")),
            Column("rank", self.tr("Rank"), _rank, numeric=True, sort=lambda r: r.rank),
            Column(
                "name",
                self.tr("Team name")
                if events and all(e.kind == EventKind.TEAM for e in events)
                else self.tr("Name"),
            ),
            Column("unit", self.tr("Unit")),
            Column("members", self.tr("Members")),
            Column("points", self.tr("Points"), numeric=True),
        ] + [Column(f"tb:{n}", core(n), _tiebreak(n), numeric=True) for n in tiebreaks]
        self.beginResetModel()
        self._columns, self._rows = columns, rows
        self.endResetModel()


def _yuan(line: PrizeLine) -> float:
    return line.award.amount_fen / 100


class PrizesModel(RecordsModel["PrizeLine"]):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__((), (), parent)
        self.set_columns(
            [
                Column("category_name", self.tr("Prize category")),
                Column("place", self.tr("Place"), lambda r: r.award.place, numeric=True),
                Column("title", self.tr("Title"), lambda r: r.award.title),
                Column("name", self.tr("Name")),
                Column("unit", self.tr("Unit")),
                Column("members", self.tr("Members")),
                Column(
                    "amount",
                    self.tr("Amount (yuan)"),
                    lambda r: f"{_yuan(r):.2f}",
                    numeric=True,
                    sort=lambda r: r.award.amount_fen,
                ),
            ]
        )


class GradesModel(RecordsModel["GradeLine"]):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__((), (), parent)
        self.event_names: dict[str, str] = {}
        self.set_columns(
            [
                Column(
                    "event_name",
                    self.tr("Event"),
                    lambda r: self.event_names.get(r.award.event, r.award.event),
                ),
                Column("rank", self.tr("Rank"), lambda r: r.award.rank, numeric=True),
                Column("name", self.tr("Name")),
                Column("unit", self.tr("Unit")),
                Column("grade", self.tr("Grade awarded"), lambda r: r.award.grade),
                Column("held", self.tr("Note"), self.held_text),
            ]
        )

    def set_grades(self, grades: list[GradeLine], event_names: dict[str, str]) -> None:
        self.event_names = event_names
        self.set_rows(grades)

    def held_text(self, row: GradeLine) -> str:
        """A grade the player already holds or exceeds: said, and whether it is applied for."""
        if not row.award.already_held:
            return ""
        text = (
            self.tr("already %1 (on the form)")
            if row.on_form
            else self.tr("already %1 (not on the form)")
        )
        return text.replace("%1", str(row.award.held or ""))
