"""Category rankings (女子, 少儿 ...): the mixed list filtered, never recomputed (RULES §6).

Tie-breaks stay those computed on the whole event; the category rank is the position in
the filtered list, and entrants sharing an overall rank share their category rank too.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from app.domain import EntrantId
from app.standings.model import Standings, StandingsEntrant

_FEMALE = frozenset({"F", "女", "FEMALE", "W", "WOMAN", "女子"})
_MALE = frozenset({"M", "男", "MALE", "MAN", "男子"})

_DIGITS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}


@dataclass(frozen=True)
class Category:
    code: str
    name: str
    gender: str | None = None  # "F"/"女" or "M"/"男"; None: any
    born_from: str | None = None  # ISO date, inclusive
    born_to: str | None = None  # ISO date, inclusive
    min_grade: str | None = None  # e.g. "1级": that grade or stronger


@dataclass(frozen=True)
class CategoryStanding:
    rank: int
    entrant: EntrantId
    overall_rank: int
    points: float
    tiebreaks: dict[str, float]
    shared: bool = False


def normalize_gender(text: str | None) -> str | None:
    """ "F" or "M" for the usual spellings (女/F/female, 男/M/male); None when unknown."""
    if text is None:
        return None
    t = text.strip().upper()
    if t in _FEMALE:
        return "F"
    if t in _MALE:
        return "M"
    return None


def _chinese_number(text: str) -> int | None:
    """1..99 written in Chinese numerals (一, 十, 十二, 二十五) or Arabic digits."""
    if text.isdigit():
        return int(text)
    if not text:
        return None
    if text == "初":
        return 1
    if "十" in text:
        tens, _, ones = text.partition("十")
        t = 1 if tens == "" else _DIGITS.get(tens)
        o = 0 if ones == "" else _DIGITS.get(ones)
        if t is None or o is None:
            return None
        return t * 10 + o
    return _DIGITS.get(text) if len(text) == 1 else None


_GRADE = re.compile(r"^(?:业余)?\s*([0-9]+|[一二两三四五六七八九十初]+)\s*(段|级|d|dan|k|kyu)$")


def grade_order(text: str | None) -> int | None:
    """A number that orders grades: 十级 < ... < 一级 < 一段 < ... < 九段.

    k级 (or "kk", "k kyu") maps to -k, n段 (or "nd", "n dan", 初段) to n.  Returns None for
    text that is not a grade.
    """
    if text is None:
        return None
    t = text.strip().lower().replace("　", "").replace(" ", "")
    match = _GRADE.match(t)
    if match is None:
        return None
    number = _chinese_number(match.group(1))
    if number is None or number <= 0:
        return None
    unit = match.group(2)
    if unit in ("段", "d", "dan"):
        return number
    return -number


def in_category(entrant: StandingsEntrant, category: Category) -> bool:
    if category.gender is not None:
        wanted = normalize_gender(category.gender)
        if wanted is None:
            raise ValueError(
                f"组别“{category.name}”的性别“{category.gender}”无法识别（应为 男/女 或 M/F）"
            )
        if normalize_gender(entrant.gender) != wanted:
            return False
    if category.born_from is not None or category.born_to is not None:
        born = entrant.birth_date
        if not born:
            return False
        born = born[:10]
        if category.born_from is not None and born < category.born_from[:10]:
            return False
        if category.born_to is not None and born > category.born_to[:10]:
            return False
    if category.min_grade is not None:
        needed = grade_order(category.min_grade)
        if needed is None:
            raise ValueError(f"组别“{category.name}”的最低段级位“{category.min_grade}”无法识别")
        have = grade_order(entrant.grade)
        if have is None or have < needed:
            return False
    return True


def filter_category(
    standings: Standings,
    entrants: Iterable[StandingsEntrant],
    category: Category,
) -> tuple[CategoryStanding, ...]:
    """The rows of `standings` whose entrant belongs to `category`, in the same order.

    A disqualified entrant (取消资格) whose place stays empty (不顺延, `standings.vacated`)
    leaves his place in the category empty too; otherwise the places below move up."""
    members = {e.id for e in entrants if in_category(e, category)}
    gone = {row.entrant for row in standings.disqualified} if standings.vacated else set()
    everyone = standings.rows
    if gone:
        everyone = tuple(sorted((*standings.rows, *standings.disqualified), key=lambda r: r.rank))
    kept = [row for row in everyone if row.entrant in members]
    count_by_rank: dict[int, int] = {}
    for row in kept:
        if row.entrant not in gone:
            count_by_rank[row.rank] = count_by_rank.get(row.rank, 0) + 1
    out: list[CategoryStanding] = []
    rank = 0
    previous_overall: int | None = None
    for position, row in enumerate(kept, start=1):
        if row.rank != previous_overall:
            rank = position
            previous_overall = row.rank
        if row.entrant in gone:
            continue
        out.append(
            CategoryStanding(
                rank=rank,
                entrant=row.entrant,
                overall_rank=row.rank,
                points=row.points,
                tiebreaks=dict(row.tiebreaks),
                shared=count_by_rank[row.rank] > 1,
            )
        )
    return tuple(out)
