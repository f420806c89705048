"""Category rankings are the mixed list filtered; grades compare in Chinese order."""

from __future__ import annotations

import pytest

from app.domain import GameRecord
from app.standings import Category, compute_standings, filter_category, grade_order
from app.standings.model import StandingsEntrant, StandingsRequest, StandingsSettings

from .helpers import game


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("十级", -10),
        ("九级", -9),
        ("一级", -1),
        ("1级", -1),
        ("1k", -1),
        ("5 kyu", -5),
        ("十五级", -15),
        ("二十五级", -25),
        ("一段", 1),
        ("初段", 1),
        ("1段", 1),
        ("1d", 1),
        ("1D", 1),
        ("业余五段", 5),
        ("9段", 9),
        ("九段", 9),
        ("", None),
        ("高手", None),
        (None, None),
        ("0段", None),
    ],
)
def test_grade_order(text: str | None, expected: int | None) -> None:
    assert grade_order(text) == expected


def test_grade_order_is_chinese_order() -> None:
    chain = [
        "十级",
        "九级",
        "八级",
        "七级",
        "六级",
        "五级",
        "四级",
        "三级",
        "二级",
        "一级",
        "一段",
        "二段",
        "三段",
        "四段",
        "五段",
        "六段",
        "七段",
        "八段",
        "九段",
    ]
    values = [grade_order(g) for g in chain]
    assert None not in values
    known = [v for v in values if v is not None]
    assert known == sorted(known) and len(set(known)) == len(known)


def event() -> tuple[tuple[StandingsEntrant, ...], tuple[GameRecord, ...]]:
    ps = (
        StandingsEntrant(1, 1, "男甲", gender="M", birth_date="1990-05-01", grade="五段"),
        StandingsEntrant(2, 2, "女甲", gender="F", birth_date="2008-09-01", grade="1级"),
        StandingsEntrant(3, 3, "男乙", gender="男", birth_date="2017-08-31", grade="2级"),
        StandingsEntrant(4, 4, "女乙", gender="女", birth_date="2017-09-01", grade="1d"),
        StandingsEntrant(5, 5, "女丙", gender="F", birth_date="2008-08-31", grade=None),
        StandingsEntrant(6, 6, "男丙", gender="M", birth_date=None, grade="3段"),
    )
    # R1: 1-2 1-0, 3-4 =, 5-6 0-1.  Points: 1:2, 6:2, 3:1, 4:1, 2:0, 5:0
    games = (game(1, 1, 1, 2, "1-0"), game(1, 2, 3, 4, "="), game(1, 3, 5, 6, "0-1"))
    return ps, games


def test_women_category_filters_and_shares() -> None:
    ps, games = event()
    s = compute_standings(
        StandingsRequest(ps, games, 1, settings=StandingsSettings(tiebreaks=("对手分", "累进分")))
    )
    # Mixed: 1 and 6 share 1st (对手分 0 = 0 and 累进分 2 = 2); 3 and 4 share 3rd; 2 and 5 share 5th.
    assert [(r.rank, r.entrant) for r in s.rows] == [(1, 1), (1, 6), (3, 3), (3, 4), (5, 2), (5, 5)]
    women = filter_category(s, ps, Category("W", "女子", gender="女"))
    assert [(r.rank, r.entrant, r.overall_rank, r.shared) for r in women] == [
        (1, 4, 3, False),
        (2, 2, 5, True),
        (2, 5, 5, True),
    ]
    assert women[0].tiebreaks == s.rows[3].tiebreaks
    assert women[0].points == 1


def test_youth_birth_range_inclusive_and_min_grade() -> None:
    ps, games = event()
    s = compute_standings(StandingsRequest(ps, games, 1))
    gomoku_youth = Category("Y", "少儿组", born_from="2008-09-01", born_to="2017-08-31")
    assert {r.entrant for r in filter_category(s, ps, gomoku_youth)} == {2, 3}
    go_youth = Category("Y", "少儿组", born_from="2008-01-01", min_grade="1级")
    # 2 (1级) and 4 (1段) qualify; 3 is 2级; 5 has no grade on record.
    assert {r.entrant for r in filter_category(s, ps, go_youth)} == {2, 4}


def test_bad_category_definition_is_reported() -> None:
    ps, games = event()
    s = compute_standings(StandingsRequest(ps, games, 1))
    with pytest.raises(ValueError, match="性别"):
        filter_category(s, ps, Category("X", "怪", gender="?"))
    with pytest.raises(ValueError, match="段级位"):
        filter_category(s, ps, Category("X", "怪", min_grade="大师"))
