"""Grade (段级位) awards by rank band, not shifted (不顺延): Gomoku §十五.4.

A shared rank gets the band of its rank: two players tied at 3rd both get the 2nd–3rd
band's grade, and the next player (5th) gets the 4th–6th band's grade.

A player whose 段位 is already the band's grade or a higher one keeps the award, marked
`already_held`: the grade list shows it, the application form leaves it out unless the
event's setting asks for it (`application_rows`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from app.domain import EntrantId
from app.standings.categories import grade_order
from app.standings.prizes import RankedEntry, RankingKey


@dataclass(frozen=True)
class GradeBand:
    rank_from: int
    rank_to: int
    grade: str


@dataclass(frozen=True)
class GradeTable:
    event: str
    category: str | None
    bands: tuple[GradeBand, ...]
    name: str = ""

    def grade_for(self, rank: int) -> str | None:
        for band in self.bands:
            if band.rank_from <= rank <= band.rank_to:
                return band.grade
        return None


@dataclass(frozen=True)
class GradeAward:
    event: str
    category: str | None
    rank: int
    entrant: EntrantId
    grade: str
    held: str | None = None  # the player's 段位 before the event, as written
    already_held: bool = False  # `held` is this grade or a higher one: nothing to apply for


def holds(held: str | None, grade: str) -> bool:
    """True when the grade `held` (四段, 4段, 业余四段) is `grade` or higher; False when either
    is not a grade this program can order (a professional grade, an empty field)."""
    have, want = grade_order(held), grade_order(grade)
    return have is not None and want is not None and have >= want


def allocate_grades(
    tables: Iterable[GradeTable],
    rankings: Mapping[RankingKey, Sequence[RankedEntry]],
    held: Mapping[int, str | None] | None = None,
) -> tuple[GradeAward, ...]:
    """The grade of each ranked entrant's band; `held`: entrant → the 段位 they hold."""
    held = held or {}
    awards: list[GradeAward] = []
    for table in tables:
        ranking = rankings.get((table.event, table.category), ())
        for entry in ranking:
            grade = table.grade_for(entry.rank)
            if grade is not None:
                have = held.get(entry.entrant)
                awards.append(
                    GradeAward(
                        table.event,
                        table.category,
                        entry.rank,
                        entry.entrant,
                        grade,
                        have,
                        holds(have, grade),
                    )
                )
    return tuple(awards)


def application_rows(
    awards: Iterable[GradeAward], include_held: bool = False
) -> tuple[GradeAward, ...]:
    """The awards an application form lists: without those already held, unless asked."""
    return tuple(a for a in awards if include_held or not a.already_held)
