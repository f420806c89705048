"""Grade (段级位) awards by rank band, not shifted (不顺延): Gomoku §十五.4.

A shared rank gets the band of its rank: two players tied at 3rd both get the 2nd–3rd
band's grade, and the next player (5th) gets the 4th–6th band's grade.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

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
    entrant: int
    grade: str


def allocate_grades(
    tables: Iterable[GradeTable],
    rankings: Mapping[RankingKey, Sequence[RankedEntry]],
) -> tuple[GradeAward, ...]:
    awards: list[GradeAward] = []
    for table in tables:
        ranking = rankings.get((table.event, table.category), ())
        for entry in ranking:
            grade = table.grade_for(entry.rank)
            if grade is not None:
                awards.append(
                    GradeAward(table.event, table.category, entry.rank, entry.entrant, grade)
                )
    return tuple(awards)
