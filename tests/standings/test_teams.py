"""Team standings as sums of members' individual results."""

from __future__ import annotations

import pytest

from app.standings import TeamDef, team_standings
from app.standings.model import Standing, Standings


def individual(rows: list[tuple[int, int, float, float, float]]) -> Standings:
    """(rank, entrant, points, 对手分, 累进分) rows."""
    return Standings(
        after_round=7,
        rows=tuple(
            Standing(rank, e, pts, {"对手分": sos, "累进分": prog})
            for rank, e, pts, sos, prog in rows
        ),
        tiebreak_order=("积分", "对手分", "累进分"),
    )


IND = individual(
    [
        (1, 1, 12, 50, 40),
        (2, 4, 10, 52, 38),
        (3, 7, 10, 48, 36),
        (4, 2, 8, 45, 30),
        (5, 5, 8, 44, 29),
        (6, 8, 6, 40, 25),
        (7, 3, 4, 39, 20),
        (8, 6, 6, 44, 21),  # rank 8 with 6 points only to keep ranks and sums independent
        (9, 9, 8, 30, 22),
    ]
)
TEAMS = (
    TeamDef(1, 1, "甲队", (1, 2, 3)),  # 12+8+4 = 24, 对手分 134, 累进分 90, best 1
    TeamDef(2, 2, "乙队", (4, 5, 6)),  # 10+8+6 = 24, 对手分 140, 累进分 88, best 2
    TeamDef(3, 3, "丙队", (7, 8, 9)),  # 10+6+8 = 24, 对手分 118, 累进分 83, best 3
)


def test_team_points_and_default_tiebreaks() -> None:
    s = team_standings(TEAMS, IND)
    assert [(r.rank, r.entrant, r.points) for r in s.rows] == [(1, 2, 24), (2, 1, 24), (3, 3, 24)]
    assert s.rows[0].tiebreaks == {"队员对手分": 140, "队员累进分": 88, "最好名次": 2}
    assert any("按队员对手分区分" in line for line in s.explanation)


def test_team_other_order_best_rank_smaller_is_better() -> None:
    s = team_standings(TEAMS, IND, tiebreaks=("最好名次",))
    assert [r.entrant for r in s.rows] == [1, 2, 3]
    s = team_standings(TEAMS, IND, tiebreaks=("队员累进分",))
    assert [r.entrant for r in s.rows] == [1, 2, 3]


def test_team_ties_shared() -> None:
    ind = individual([(1, 1, 4, 10, 6), (1, 2, 4, 10, 6), (3, 3, 2, 8, 2), (3, 4, 2, 8, 2)])
    teams = (TeamDef(1, 1, "A", (1, 3)), TeamDef(2, 2, "B", (2, 4)), TeamDef(3, 3, "C", ()))
    s = team_standings(teams, ind)
    assert [(r.rank, r.entrant, r.shared) for r in s.rows] == [
        (1, 1, True),
        (1, 2, True),
        (3, 3, False),
    ]


def test_best_of() -> None:
    # 甲 best 2: 12 + 8 = 20; 乙: 10 + 8 = 18; 丙: 10 + 8 = 18 (乙 对手分 96 > 丙 78)
    s = team_standings(TEAMS, IND, best_of=2)
    assert [(r.entrant, r.points) for r in s.rows] == [(1, 20), (2, 18), (3, 18)]
    assert s.rows[1].tiebreaks["队员对手分"] == 52 + 44
    with pytest.raises(ValueError):
        team_standings(TEAMS, IND, best_of=0)


def test_missing_member_counts_zero_and_is_named() -> None:
    s = team_standings((TeamDef(1, 1, "缺员队", (1, 999)),), IND)
    assert s.rows[0].points == 12
    assert any("999" in line for line in s.explanation)
