"""Prize money and grades from final rankings (seeds: Gomoku §十五, Go §十二)."""

from __future__ import annotations

import pytest

from app.standings import (
    Category,
    PrizeTable,
    RankedEntry,
    allocate_grades,
    allocate_prizes,
    entries_from_category,
    entries_from_standings,
    filter_category,
    team_standings,
    totals,
)
from app.standings.model import Standing, Standings, StandingsEntrant
from app.standings.teams import TeamDef

from .fixtures_prizes import (
    GOMOKU_MEN_TEAM,
    GOMOKU_OPEN,
    GOMOKU_OPEN_GRADES,
    GOMOKU_WOMEN,
    GOMOKU_WOMEN_TEAM,
    GOMOKU_YOUTH_GRADES,
    P,
)

WOMEN = {5, 12, 17}
ENTRANTS = tuple(
    StandingsEntrant(i, i, f"选手{i}", gender="F" if i in WOMEN else "M") for i in range(1, 41)
)
# A demo-like open event of 40: entrant i finishes i-th (no ties).
OPEN = Standings(
    after_round=7,
    rows=tuple(Standing(i, i, float(40 - i), {}) for i in range(1, 41)),
    tiebreak_order=("积分",),
)
OPEN_KEY = ("公开组", None)
WOMEN_KEY = ("公开组", "女子")


def open_rankings() -> dict[tuple[str, str | None], tuple[RankedEntry, ...]]:
    women = filter_category(OPEN, ENTRANTS, Category("W", "女子", gender="F"))
    return {OPEN_KEY: entries_from_standings(OPEN), WOMEN_KEY: entries_from_category(women)}


def test_woman_fifth_overall_takes_open_and_women_prizes() -> None:
    awards = allocate_prizes(
        [GOMOKU_OPEN, GOMOKU_WOMEN], open_rankings(), {OPEN_KEY: 40, WOMEN_KEY: 3}
    )
    mine = {(a.table_name, a.place, a.amount, a.title) for a in awards if a.entrant == 5}
    assert mine == {("公开组", 5, 2000, "第4-8名"), ("公开组（女子）", 1, 8000, "冠军")}
    # No shifting: the man 6th keeps 6th and its money.
    sixth = [a for a in awards if a.entrant == 6]
    assert [(a.table_name, a.place, a.amount) for a in sixth] == [("公开组", 6, 2000)]
    # 16 open places paid to the first 16; 17th (a woman) gets only her women's prize.
    assert sorted(a.entrant for a in awards if a.table_name == "公开组") == list(range(1, 17))
    assert [(a.place, a.amount) for a in awards if a.entrant == 17] == [(3, 2000)]
    # Three women: places 4-6 of the women's table nobody holds, so they are not paid.
    assert len([a for a in awards if a.table_name == "公开组（女子）"]) == 3
    t = totals(awards)  # in fen, whole numbers
    assert t["by_entrant_fen"][5] == 10000_00
    assert t["by_entrant_fen"][12] == (800 + 4000) * 100
    assert t["by_category_fen"][OPEN_KEY] == (30000 + 10000 + 6000 + 5 * 2000 + 8 * 800) * 100
    assert t["by_category_fen"][WOMEN_KEY] == (8000 + 4000 + 2000) * 100
    assert t["overall_fen"] == t["by_category_fen"][OPEN_KEY] + t["by_category_fen"][WOMEN_KEY]
    assert t["by_table_fen"][("公开组", "女子", "公开组（女子）")] == 14000_00


def ranked(*ranks: int) -> tuple[RankedEntry, ...]:
    shared = {r for r in ranks if ranks.count(r) > 1}
    return tuple(RankedEntry(r, 100 + i, r in shared) for i, r in enumerate(ranks))


def test_tied_places_split_equally() -> None:
    ranks = ranked(1, 2, 3, 3, 5, 6, 7, 8, 8, 10, 11, 12, 13, 14, 15, 16, 16, 16, 19)
    awards = allocate_prizes([GOMOKU_OPEN], {OPEN_KEY: ranks}, {OPEN_KEY: 19})
    by = {a.entrant: a for a in awards}
    # Two at 3rd share 3rd + 4th: (6000 + 2000) / 2.
    assert by[102].amount == by[103].amount == 4000
    assert by[102].title == "并列季军" and by[102].place == 3 and by[102].shared
    # Two at 8th share 8th + 9th: (2000 + 800) / 2.
    assert by[107].amount == by[108].amount == 1400
    # A tie inside a band keeps the band's title and says the shared place (issue 26 §3):
    # 第4-8名（并列第8名）, never 并列第4-8名; so does a tie at the band's first place.
    assert by[107].title == by[108].title == "第4-8名（并列第8名）"
    assert by[115].title == "第9-16名（并列第16名）"
    # Three at 16th share 16th + 17th + 18th, but only the 16th is paid: 800 / 3, in whole
    # yuan (266), and the 2 yuan left over are not paid (the default rule).
    assert [by[e].amount_fen for e in (115, 116, 117)] == [266_00] * 3
    assert by[115].pool_fen == 800_00 and by[115].tied == 3 and by[115].unpaid_fen == 2_00
    assert by[115].pool_places == (16, 16)
    assert 118 not in by  # 19th is not paid
    assert totals(awards)["overall_fen"] == 62400_00 - 2_00


def test_a_tie_in_a_band_of_chinese_numerals_says_its_place_in_chinese() -> None:
    table = PrizeTable(
        "围棋", None, "男子团体", (P(1, 3, 100, "前三名"), P(4, 6, 50, "第四至六名"))
    )
    awards = allocate_prizes([table], {("围棋", None): ranked(1, 2, 3, 4, 4, 6)}, {})
    assert [a.title for a in awards if a.shared] == ["第四至六名（并列第四名）"] * 2
    awards = allocate_prizes([table], {("围棋", None): ranked(1, 2, 3, 4, 5, 6, 6)}, {})
    assert [a.title for a in awards if a.shared] == ["第四至六名（并列第六名）"] * 2


def test_tiebreak_split_pays_whole_places_and_refuses_shared_ranks() -> None:
    awards = allocate_prizes(
        [GOMOKU_OPEN], {OPEN_KEY: ranked(1, 2, 3, 4)}, {OPEN_KEY: 4}, split="tiebreak"
    )
    assert [a.amount for a in awards] == [30000, 10000, 6000, 2000]
    with pytest.raises(ValueError, match="并列"):
        allocate_prizes([GOMOKU_OPEN], {OPEN_KEY: ranked(1, 2, 2)}, {OPEN_KEY: 3}, split="tiebreak")


def team_awards(n_teams: int, table: PrizeTable = GOMOKU_MEN_TEAM) -> list[tuple[int, int]]:
    key = ("男子团体", None) if table is GOMOKU_MEN_TEAM else ("女子团体", None)
    entries = ranked(*range(1, n_teams + 1))
    awards = allocate_prizes([table], {key: entries}, {key: n_teams})
    return [(a.place, int(a.amount)) for a in awards]


def test_gomoku_team_prizes_shrink_with_the_field() -> None:
    assert team_awards(1) == [(1, 10000)]
    assert team_awards(2) == [(1, 10000)]  # fewer than 3 teams: champion only
    assert team_awards(3) == [(1, 10000), (2, 6000)]  # exactly 3: first and second
    assert team_awards(4) == [(1, 10000), (2, 6000), (3, 4000), (4, 2000)]  # 5th, 6th unheld
    assert team_awards(8) == [(1, 10000), (2, 6000), (3, 4000), (4, 2000), (5, 1000), (6, 800)]
    assert team_awards(2, GOMOKU_WOMEN_TEAM) == [(1, 5000)]
    assert team_awards(3, GOMOKU_WOMEN_TEAM) == [(1, 5000), (2, 3000)]
    assert team_awards(5, GOMOKU_WOMEN_TEAM) == [(1, 5000), (2, 3000), (3, 2000)]
    assert GOMOKU_MEN_TEAM.places_paid(3) == 2 and GOMOKU_MEN_TEAM.places_paid(10) == 6


def test_team_prizes_from_team_standings() -> None:
    # Three men's teams of 3 from the open event above: money for 1st and 2nd only.
    teams = (
        TeamDef(1, 1, "一队", (1, 4, 7)),
        TeamDef(2, 2, "二队", (2, 3, 8)),
        TeamDef(3, 3, "三队", (6, 9, 10)),
    )
    s = team_standings(teams, OPEN)
    key = ("男子团体", None)
    awards = allocate_prizes([GOMOKU_MEN_TEAM], {key: entries_from_standings(s)}, {key: 3})
    # 一队 39+36+33 = 108, 二队 38+37+32 = 107, 三队 34+31+30 = 95
    assert [(a.entrant, a.place, a.amount) for a in awards] == [(1, 1, 10000), (2, 2, 6000)]


def test_missing_ranking_pays_nothing() -> None:
    assert allocate_prizes([GOMOKU_OPEN], {}, {}) == ()


def test_grades_by_band_not_shifted() -> None:
    ranks = ranked(1, 2, 3, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 13, 15, 16, 17, 18) + ranked(30, 31)
    grades = allocate_grades([GOMOKU_OPEN_GRADES], {OPEN_KEY: ranks})
    got = [(g.rank, g.grade) for g in grades]
    assert got[:5] == [(1, "六段"), (2, "五段"), (3, "五段"), (3, "五段"), (5, "四段")]
    # Two at 13th are both in the 10-13 band; the next (15th) gets the 14-17 band.
    assert got[12:15] == [(13, "二段"), (13, "二段"), (15, "一段")]
    assert (18, "一级") in got and (30, "三级") in got
    assert all(g.rank <= 30 for g in grades)


def test_youth_grades_and_shared_rank_at_band_edge() -> None:
    key = ("少儿组", None)
    grades = allocate_grades([GOMOKU_YOUTH_GRADES], {key: ranked(1, 1, 3, 4, 5, 6, 6, 8)})
    assert [(g.rank, g.grade) for g in grades] == [
        (1, "二段"),
        (1, "二段"),
        (3, "一段"),
        (4, "一级"),
        (5, "一级"),
        (6, "一级"),
        (6, "一级"),
    ]
