"""McMahon standings (issue 18): 麦克马洪分 first, then SOS, SOSOS, SODOS on McMahon scores,
checked against a plain restatement of the definitions on small random tournaments."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from app.domain import GameRecord, Result
from app.standings.model import (
    MCMAHON_TIEBREAKS,
    StandingsEntrant,
    StandingsRequest,
    StandingsSettings,
)
from app.standings.ranking import compute_standings
from app.standings.tiebreaks import labels

from .helpers import game

MCMAHON = StandingsSettings(tiebreaks=MCMAHON_TIEBREAKS)

# (points of the first, points of the second) at the finals' 2/1/0; None: no opponent met.
POINTS = {
    Result.FIRST_WINS: (2, 0),
    Result.SECOND_WINS: (0, 2),
    Result.DRAW: (1, 1),
    Result.FIRST_WINS_BY_FORFEIT: (2, 0),
    Result.SECOND_WINS_BY_FORFEIT: (0, 2),
    Result.DOUBLE_FORFEIT: (0, 0),
}
BEATEN = {  # the share of the opponent's score in SODOS, for (first, second)
    Result.FIRST_WINS: (1.0, 0.0),
    Result.SECOND_WINS: (0.0, 1.0),
    Result.DRAW: (0.5, 0.5),
    Result.FIRST_WINS_BY_FORFEIT: (1.0, 0.0),
    Result.SECOND_WINS_BY_FORFEIT: (0.0, 1.0),
    Result.DOUBLE_FORFEIT: (0.0, 0.0),
}
CHOICES = [*POINTS, Result.NOT_PLAYED, None]


def plain(
    starts: dict[int, float], games: list[GameRecord]
) -> tuple[dict[int, float], dict[int, float], dict[int, float], dict[int, float]]:
    """MMS, SOS, SOSOS, SODOS as the issue states them (byes: 2 points, no opponent)."""
    mms = dict(starts)
    met: dict[int, list[tuple[int, float]]] = {i: [] for i in starts}
    for g in games:
        if g.second is None:
            mms[g.first] += 2
            continue
        if g.result is None or g.result is Result.NOT_PLAYED:
            continue
        a, b = POINTS[g.result]
        mms[g.first] += a
        mms[g.second] += b
        wa, wb = BEATEN[g.result]
        met[g.first].append((g.second, wa))
        met[g.second].append((g.first, wb))
    sos = {i: sum(mms[o] for o, _ in met[i]) for i in starts}
    sosos = {i: sum(sos[o] for o, _ in met[i]) for i in starts}
    sodos = {i: sum(mms[o] * w for o, w in met[i]) for i in starts}
    return mms, sos, sosos, sodos


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 12), rounds=st.integers(1, 5))
def test_sos_sosos_sodos_match_the_plain_definitions(seed: int, n: int, rounds: int) -> None:
    rng = random.Random(seed)
    starts = {i: float(rng.choice([0, 2, 4, 10, 20, 48])) for i in range(1, n + 1)}
    entrants = tuple(
        StandingsEntrant(id=i, seed=i, name=f"P{i}", mcmahon_start=s) for i, s in starts.items()
    )
    games: list[GameRecord] = []
    for rnd in range(1, rounds + 1):
        order = list(starts)
        rng.shuffle(order)
        table = 0
        while len(order) >= 2:
            table += 1
            a, b = order.pop(), order.pop()
            games.append(GameRecord(rnd, table, a, b, rng.choice(CHOICES)))
        if order:
            games.append(GameRecord(rnd, table + 1, order[0], None, Result.BYE))
    result = compute_standings(StandingsRequest(entrants, tuple(games), rounds, settings=MCMAHON))
    mms, sos, sosos, sodos = plain(starts, games)
    for row in result.rows:
        i = row.entrant
        assert row.tiebreaks["麦克马洪分"] == mms[i]
        assert row.tiebreaks["SOS"] == sos[i]
        assert row.tiebreaks["SOSOS"] == sosos[i]
        assert row.tiebreaks["SODOS"] == sodos[i]
        assert row.points == mms[i] - starts[i]  # 积分 stays the points scored
    # Ranked by the McMahon score, then SOS, SOSOS, SODOS; a shared rank only when all agree.
    keys = {i: (mms[i], sos[i], sosos[i], sodos[i]) for i in starts}
    ordered = [r.entrant for r in result.rows]
    assert [keys[i] for i in ordered] == sorted((keys[i] for i in ordered), reverse=True)
    for r in result.rows:
        same = [i for i in starts if keys[i] == keys[r.entrant]]
        assert r.shared == (len(same) > 1)
        assert r.rank == 1 + sum(1 for i in starts if keys[i] > keys[r.entrant])
    assert result.tiebreak_order == labels(MCMAHON_TIEBREAKS)


def test_a_small_mcmahon_event_by_hand() -> None:
    """A starts at 4, B, C and D at 0 (the starts come from app.pairing.mcmahon).

    Round 1: A beats B, C draws D.  Round 2: A draws C, B beats D.  At 2/1/0:
    MMS: A 4+2+1=7, B 0+0+2=2, C 0+1+1=2, D 0+1+0=1.
    SOS: A = B+C = 4, B = A+D = 8, C = D+A = 8, D = C+B = 4.
    SOSOS: A = 8+8 = 16, B = 4+4 = 8, C = 4+4 = 8, D = 8+8 = 16.
    SODOS: A = B + ½C = 3, B = D = 1, C = ½D + ½A = 4, D = ½C = 1.
    """
    entrants = (
        StandingsEntrant(1, 1, "A", grade="3段", mcmahon_start=4),
        StandingsEntrant(2, 2, "B", grade="1段"),
        StandingsEntrant(3, 3, "C", grade="1段"),
        StandingsEntrant(4, 4, "D", grade="1级"),
    )
    games = (
        game(1, 1, 1, 2, "1-0"),
        game(1, 2, 3, 4, "="),
        game(2, 1, 1, 3, "="),
        game(2, 2, 2, 4, "1-0"),
    )
    result = compute_standings(StandingsRequest(entrants, games, 2, settings=MCMAHON))
    rows = {r.entrant: r for r in result.rows}
    assert {i: rows[i].tiebreaks["麦克马洪分"] for i in rows} == {1: 7, 2: 2, 3: 2, 4: 1}
    assert {i: rows[i].tiebreaks["SOS"] for i in rows} == {1: 4, 2: 8, 3: 8, 4: 4}
    assert {i: rows[i].tiebreaks["SOSOS"] for i in rows} == {1: 16, 2: 8, 3: 8, 4: 16}
    assert {i: rows[i].tiebreaks["SODOS"] for i in rows} == {1: 3, 2: 1, 3: 4, 4: 1}
    # B and C tie on MMS (2), SOS (8) and SOSOS (8); SODOS puts C (4) above B (1).
    assert [r.entrant for r in result.rows] == [1, 3, 2, 4]
    assert [r.rank for r in result.rows] == [1, 2, 3, 4]
    line = result.explanation[0]
    assert "麦克马洪分 → SOS → SOSOS → SODOS" in line
    assert "SODOS = 所胜对手麦克马洪分之和（和棋计一半）" in line
    assert any("按SODOS区分" in text for text in result.explanation)


def test_without_mcmahon_the_order_is_unchanged() -> None:
    """麦克马洪分 not first: 积分 stays the primary score (start 0 outside McMahon events)."""
    entrants = (StandingsEntrant(1, 1, "A", mcmahon_start=10), StandingsEntrant(2, 2, "B"))
    games = (game(1, 1, 1, 2, "0-1"),)
    result = compute_standings(StandingsRequest(entrants, games, 1))
    assert [r.entrant for r in result.rows] == [2, 1]
    assert result.tiebreak_order[0] == "积分"
