"""Standings with a disqualified entrant (取消资格, issue 38 §4), the pure core: he leaves the
ranking after the round named; his games stay for his opponents or are annulled
(`disqualified_games`); his place stays empty or the places below move up
(`disqualified_places`), in the categories too; prizes follow the places."""

from __future__ import annotations

from dataclasses import replace

from app.domain import EntrantId
from app.pairing.availability import DISQUALIFIED, Availability, sit_out, sitting_out
from app.standings.categories import Category, filter_category
from app.standings.model import StandingsRequest, StandingsSettings
from app.standings.prizes import PrizePlace, PrizeTable, allocate_prizes, entries_from_standings
from app.standings.ranking import compute_standings
from tests.standings.helpers import game, players

# A beats everyone, B beats C and D, C beats D: A 6, B 4, C 2, D 0 after three rounds.
GAMES = (
    game(1, 1, 1, 4, "1-0"),
    game(1, 2, 2, 3, "1-0"),
    game(2, 1, 1, 3, "1-0"),
    game(2, 2, 2, 4, "1-0"),
    game(3, 1, 1, 2, "1-0"),
    game(3, 2, 3, 4, "1-0"),
)
FIELD = players("ABCD", C={"gender": "F"}, D={"gender": "F"})


def _standings(
    out: int | None = 2, after_round: int = 3, **settings: str
) -> tuple[StandingsRequest, object]:
    entrants = tuple(replace(e, disqualified_after=3 if e.id == out else None) for e in FIELD)
    request = StandingsRequest(
        entrants=entrants,
        games=GAMES,
        after_round=after_round,
        settings=StandingsSettings(**settings),  # type: ignore[arg-type]
    )
    return request, compute_standings(request)


def test_he_leaves_the_ranking_and_his_place_stays_empty_by_default() -> None:
    _request, standings = _standings()
    assert [(r.entrant, r.rank) for r in standings.rows] == [(1, 1), (3, 3), (4, 4)]
    assert [(r.entrant, r.rank) for r in standings.disqualified] == [(2, 2)]
    assert standings.vacated
    assert "不顺延" in standings.explanation[0]


def test_move_up_closes_the_gap() -> None:
    _request, standings = _standings(disqualified_places="move_up")
    assert [(r.entrant, r.rank) for r in standings.rows] == [(1, 1), (3, 2), (4, 3)]
    assert not standings.vacated
    assert "顺延" in standings.explanation[0]


def test_his_games_stay_for_his_opponents_or_are_annulled() -> None:
    _request, kept = _standings()
    points = {r.entrant: r.points for r in kept.rows}
    sos = {r.entrant: r.tiebreaks["对手分"] for r in kept.rows}
    assert points == {1: 6, 3: 2, 4: 0}
    assert sos[1] == 4 + 2 + 0  # B's 4 points still count for A
    _request, annulled = _standings(disqualified_games="annul")
    points = {r.entrant: r.points for r in annulled.rows}
    assert points == {1: 4, 3: 2, 4: 0}  # A's win over B is gone
    assert {r.entrant: r.tiebreaks["对手分"] for r in annulled.rows}[1] == 2 + 0
    assert "作废" in annulled.explanation[0]


def test_standings_before_the_disqualification_still_rank_him() -> None:
    entrants = tuple(replace(e, disqualified_after=3 if e.id == 2 else None) for e in FIELD)
    standings = compute_standings(StandingsRequest(entrants=entrants, games=GAMES, after_round=2))
    assert 2 in {r.entrant for r in standings.rows}
    assert standings.disqualified == ()
    assert "取消资格" not in standings.explanation[0]


def test_a_category_keeps_an_emptied_place_empty_or_moves_up() -> None:
    women = Category("women", "女子", gender="F")
    request, standings = _standings(out=3)  # C, the best woman, is disqualified
    rows = filter_category(standings, request.entrants, women)
    assert [(r.entrant, r.rank) for r in rows] == [(4, 2)]
    request, standings = _standings(out=3, disqualified_places="move_up")
    rows = filter_category(standings, request.entrants, women)
    assert [(r.entrant, r.rank) for r in rows] == [(4, 1)]


def test_an_empty_place_is_not_paid() -> None:
    table = PrizeTable(
        "OPEN",
        None,
        "公开组",
        (
            PrizePlace(1, 1, 1000, "冠军"),
            PrizePlace(2, 2, 500, "亚军"),
            PrizePlace(3, 3, 200, "季军"),
        ),
    )
    _request, standings = _standings()
    ranking = entries_from_standings(standings)
    awards = allocate_prizes([table], {("OPEN", None): ranking}, {("OPEN", None): 3})
    assert [(a.place, a.entrant) for a in awards] == [(1, 1), (3, 3)]


def test_he_sits_out_every_round_after_the_disqualification() -> None:
    him = Availability(EntrantId(2), disqualified_after_round=3)
    assert sit_out(him, 3, (), 2) is None  # round 3 was paired already: he played it
    found = sit_out(him, 4, (), 2)
    assert found is not None and found.reason == DISQUALIFIED
    assert found.text() == "取消资格（第3轮后）"
    # withdrawn before, disqualified later: the rounds between stay withdrawn
    both = Availability(EntrantId(2), withdrawn_from_round=2, disqualified_after_round=3)
    assert [s.reason for s in sitting_out([both], 3, (), 2)] == ["退赛"]
    assert [s.reason for s in sitting_out([both], 4, (), 2)] == [DISQUALIFIED]
