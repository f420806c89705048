"""Ranks and results between this program and OpenGotha: 5D/10K and their values, ratings,
our results and OpenGotha's.
"""

from __future__ import annotations

import re

from app.domain import Result
from app.io.opengotha.model import MAX_RANK, MIN_RANK, NO_GRADE_RANK, GothaResult
from app.standings.categories import grade_order

# Our results (first mover = Black) and OpenGotha's; 0-0 (not played) is BOTHLOSE.
_TO_GOTHA: dict[Result | None, GothaResult] = {
    None: GothaResult.UNKNOWN,
    Result.FIRST_WINS: GothaResult.BLACK_WINS,
    Result.SECOND_WINS: GothaResult.WHITE_WINS,
    Result.DRAW: GothaResult.EQUAL,
    Result.NOT_PLAYED: GothaResult.BOTH_LOSE,
    Result.FIRST_WINS_BY_FORFEIT: GothaResult.BLACK_WINS_BYDEF,
    Result.SECOND_WINS_BY_FORFEIT: GothaResult.WHITE_WINS_BYDEF,
    Result.DOUBLE_FORFEIT: GothaResult.BOTH_LOSE_BYDEF,
}
_FROM_GOTHA: dict[GothaResult, Result | None] = {v: k for k, v in _TO_GOTHA.items()}


def rank_value(grade: str | None) -> int | None:
    """OpenGotha's rank value of a grade: n段 → n − 1, k级 → −k; None for no grade."""
    order = grade_order(grade)
    if order is None:
        return None
    return order - 1 if order > 0 else order


def rank_text(value: int) -> str:
    """`Player.convertIntToKD`: 4 → "5D", −10 → "10K" (kept within 30K .. 9D)."""
    value = max(MIN_RANK, min(MAX_RANK, value))
    return f"{value + 1}D" if value >= 0 else f"{-value}K"


def rank_of_grade(grade: str | None) -> str:
    value = rank_value(grade)
    return NO_GRADE_RANK if value is None else rank_text(value)


_RANK = re.compile(r"^(\d{1,2})\s*([DdKkPp])$")


def parse_rank(text: str) -> int:
    """The rank value of "5D", "10k", "3p" (1–3p → 7D, 4–6p → 8D, 7–9p → 9D, as
    `Player.convertKDPToInt`); ValueError for anything else."""
    match = _RANK.match(text.strip())
    if match is None:
        raise ValueError(text)
    number, unit = int(match.group(1)), match.group(2).upper()
    if number <= 0:
        raise ValueError(text)
    if unit == "K":
        value = -number
    elif unit == "D":
        value = number - 1
    else:
        value = 6 if number <= 3 else 7 if number <= 6 else 8
    if not MIN_RANK <= value <= MAX_RANK:
        raise ValueError(text)
    return value


def grade_of_rank(value: int) -> str:
    """The grade this program stores: 4 → 5段, −10 → 10级."""
    return f"{value + 1}段" if value >= 0 else f"{-value}级"


def rating_of_rank(value: int) -> int:
    """`Player.ratingFromRank`."""
    return (value + 30) * 100 - 900


def result_of(result: GothaResult) -> Result | None:
    """Our result (first mover = Black) of an OpenGotha result; KeyError if we have none."""
    return _FROM_GOTHA[result]


def gotha_result(result: Result | None) -> GothaResult:
    return _TO_GOTHA[result]
