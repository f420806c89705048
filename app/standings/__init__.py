"""Standings core: pure functions from games to ranks, categories, teams, prizes, grades."""

from app.standings.categories import Category, CategoryStanding, filter_category, grade_order
from app.standings.grades import GradeAward, GradeBand, GradeTable, allocate_grades
from app.standings.prizes import (
    Award,
    PrizePlace,
    PrizeTable,
    RankedEntry,
    allocate_prizes,
    entries_from_category,
    entries_from_standings,
    totals,
)
from app.standings.ranking import ALL_TIEBREAKS, StandingsError, compute_standings
from app.standings.teams import TEAM_TIEBREAKS, TeamDef, team_standings
from app.standings.tiebreaks import Tiebreak

__all__ = [
    "ALL_TIEBREAKS",
    "Award",
    "Category",
    "CategoryStanding",
    "GradeAward",
    "GradeBand",
    "GradeTable",
    "PrizePlace",
    "PrizeTable",
    "RankedEntry",
    "StandingsError",
    "TEAM_TIEBREAKS",
    "Tiebreak",
    "TeamDef",
    "allocate_grades",
    "allocate_prizes",
    "compute_standings",
    "entries_from_category",
    "entries_from_standings",
    "filter_category",
    "grade_order",
    "team_standings",
    "totals",
]
