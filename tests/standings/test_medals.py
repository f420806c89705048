"""Medals go with the prize places (Gomoku §十五.2/3): who holds a paid place gets its
medal, a tie each the medal of the place it shares, a team one for each member."""

from __future__ import annotations

import pytest

from app.domain import EntrantId
from app.standings.medals import (
    Medal,
    MedalPlace,
    MedalTable,
    allocate_medals,
    medal_counts,
)
from app.standings.prizes import RankedEntry, allocate_prizes

from .fixtures_prizes import GOMOKU_MEN_TEAM, GOMOKU_YOUTH


def ranked(*ranks: int) -> tuple[RankedEntry, ...]:
    shared = {r for r in ranks if ranks.count(r) > 1}
    return tuple(RankedEntry(r, EntrantId(100 + i), r in shared) for i, r in enumerate(ranks))


M = MedalPlace
TEAM = MedalTable(
    "男子团体",
    None,
    (M(1, 1, Medal.GOLD), M(2, 2, Medal.SILVER), M(3, 3, Medal.BRONZE), M(4, 6, Medal.PLACE)),
)
YOUTH = MedalTable(
    "少儿组",
    None,
    (M(1, 1, Medal.GOLD), M(2, 2, Medal.SILVER), M(3, 3, Medal.BRONZE), M(4, 8, Medal.PLACE)),
)


def test_a_tie_gets_the_medal_of_the_place_it_shares_and_an_empty_place_none() -> None:
    # two tied for third: both bronze; five ranked in all, places 6-8 nobody holds
    awards = allocate_prizes([GOMOKU_YOUTH], {("少儿组", None): ranked(1, 2, 3, 3, 5)}, {})
    medals = allocate_medals(awards, [YOUTH])
    assert [(m.award.place, m.medal, m.count) for m in medals] == [
        (1, Medal.GOLD, 1),
        (2, Medal.SILVER, 1),
        (3, Medal.BRONZE, 1),
        (3, Medal.BRONZE, 1),
        (5, Medal.PLACE, 1),
    ]
    assert medal_counts(medals) == {
        Medal.GOLD: 1,
        Medal.SILVER: 1,
        Medal.BRONZE: 2,
        Medal.PLACE: 1,
    }


@pytest.mark.parametrize("teams,medals", [(2, [Medal.GOLD]), (3, [Medal.GOLD, Medal.SILVER])])
def test_a_small_team_field_pays_fewer_places_and_so_gives_fewer_medals(
    teams: int, medals: list[Medal]
) -> None:
    """§十五.2: 参加团体不足3支队录取冠军，3支队录取前两名."""
    key = ("男子团体", None)
    awards = allocate_prizes([GOMOKU_MEN_TEAM], {key: ranked(*range(1, teams + 1))}, {key: teams})
    members = {a.entrant: 3 for a in awards}
    found = allocate_medals(awards, [TEAM], members)
    assert [m.medal for m in found] == medals
    assert all(m.count == 3 for m in found)  # one for each member of the team


def test_an_event_without_a_medal_table_gets_none() -> None:
    awards = allocate_prizes([GOMOKU_YOUTH], {("少儿组", None): ranked(1, 2, 3)}, {})
    assert allocate_medals(awards, [TEAM]) == ()


@pytest.mark.parametrize("text", ["金牌", "金", "gold", "GOLD", " Gold "])
def test_a_medal_is_read_in_chinese_or_english(text: str) -> None:
    assert Medal.parse(text) is Medal.GOLD


def test_an_unknown_medal_is_refused_with_the_words_allowed() -> None:
    with pytest.raises(ValueError, match="金牌（gold）"):
        Medal.parse("锡牌")
