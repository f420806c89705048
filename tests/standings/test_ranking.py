"""Hand-computed tournaments: every tie-break value under every bye/forfeit convention."""

from __future__ import annotations

import pytest

from app.domain import Scoring
from app.standings import ALL_TIEBREAKS, StandingsError, compute_standings
from app.standings.model import (
    GO_TIEBREAKS,
    GOMOKU_TIEBREAKS,
    MCMAHON_TIEBREAKS,
    Standings,
    StandingsEntrant,
    StandingsRequest,
    StandingsSettings,
)
from app.standings.tiebreaks import labels

from .helpers import game, players

# ---------------------------------------------------------------------------------------
# T1: 6 players, 3 rounds, 2/1/0, bye 2, forfeit win 2.  First-named player moves first.
#
#   R1: A-D 1-0      B-E =        C-F 0-1 (C 1 foul)
#   R2: B-A 1-0      C-D +- (D absent, C wins by forfeit)      F-E 0-1
#   R3: E-A 0-1 (E 2 fouls)       C-B =        D bye          (F absent: no game)
#
#   cross-table          R1      R2      R3      积分  累进分 (running totals)
#   A                    D W     B L     E W     4     2+2+4 = 8
#   B                    E D     A W     C D     4     1+3+4 = 8
#   C                    F L     D +     B D     3     0+2+3 = 5
#   D                    A L     C -     bye     2     0+0+2 = 2
#   E                    B D     F W     A L     3     1+3+3 = 7
#   F                    C W     E L     —       2     2+2+2 = 6
# ---------------------------------------------------------------------------------------
A, B, C, D, E, F = range(1, 7)
T1_PLAYERS = players("ABCDEF")
T1_GAMES = (
    game(1, 1, A, D, "1-0"),
    game(1, 2, B, E, "="),
    game(1, 3, C, F, "0-1", fouls_first=1),
    game(2, 1, B, A, "1-0"),
    game(2, 2, C, D, "+-"),
    game(2, 3, F, E, "0-1"),
    game(3, 1, E, A, "0-1", fouls_first=2),
    game(3, 2, C, B, "="),
    game(3, 3, D, None, "bye"),
)


def t1(**settings: object) -> Standings:
    return compute_standings(
        StandingsRequest(
            entrants=T1_PLAYERS,
            games=T1_GAMES,
            after_round=3,
            settings=StandingsSettings(**settings),  # type: ignore[arg-type]
        )
    )


def column(standings: Standings, name: str) -> dict[int, float]:
    return {row.entrant: row.tiebreaks[name] for row in standings.rows}


def test_t1_points_and_conventions_independent_values() -> None:
    s = t1()
    assert {r.entrant: r.points for r in s.rows} == {A: 4, B: 4, C: 3, D: 2, E: 3, F: 2}
    assert column(s, "积分") == {A: 4, B: 4, C: 3, D: 2, E: 3, F: 2}
    assert column(s, "累进分") == {A: 8, B: 8, C: 5, D: 2, E: 7, F: 6}
    # Wins: C's forfeit win counts by default.
    assert column(s, "胜局数") == {A: 2, B: 1, C: 1, D: 0, E: 1, F: 1}
    # Second seat: A in R2 (lost) and R3 (won); E in R1 (draw) and R2 (won); F in R1 (won);
    # B in R3 (draw); D in R1 (lost) - R2 was a forfeit, not played.
    assert column(s, "后手局数") == {A: 2, B: 1, C: 0, D: 1, E: 2, F: 1}
    assert column(s, "后手胜局数") == {A: 1, B: 0, C: 0, D: 0, E: 1, F: 1}
    assert column(s, "犯规") == {A: 0, B: 0, C: 1, D: 0, E: 2, F: 0}
    assert column(s, "等级分") == dict.fromkeys(range(1, 7), 0)
    # McMahon's four are computed for an event that ranks by them only (a Swiss final's
    # standings and export stay as they were).
    assert all(
        set(r.tiebreaks) == set(ALL_TIEBREAKS) - set(labels(MCMAHON_TIEBREAKS)) for r in s.rows
    )
    mcmahon = t1(tiebreaks=MCMAHON_TIEBREAKS)
    assert all(set(r.tiebreaks) == set(ALL_TIEBREAKS) for r in mcmahon.rows)


def test_t1_default_bye_nothing_forfeit_counts() -> None:
    s = t1()
    # A: D2 B4 E3 | B: E3 A4 C3 | C: F2 D2 B4 | D: A4 C3 (+bye nothing) | E: B4 F2 A4 | F: C3 E3
    assert column(s, "对手分") == {A: 9, B: 10, C: 8, D: 7, E: 10, F: 6}
    assert column(s, "中间分") == {A: 3, B: 3, C: 2, D: 0, E: 4, F: 0}
    assert column(s, "去一最低对手分") == {A: 7, B: 7, C: 6, D: 4, E: 8, F: 3}
    # opponents' 累进分: A: D2 B8 E7 | B: E7 A8 C5 | C: F6 D2 B8 | D: A8 C5 | E: B8 F6 A8 | F: C5 E7
    assert column(s, "对手累进分") == {A: 17, B: 20, C: 16, D: 13, E: 22, F: 12}
    # Go order: 积分, then 对手分 separates every pair of equal scores.
    assert [(r.rank, r.entrant) for r in s.rows] == [(1, B), (2, A), (3, E), (4, C), (5, D), (6, F)]
    assert not any(r.shared for r in s.rows)
    text = "\n".join(s.explanation)
    assert "按对手分区分" in text and "B 10 > A 9" in text


def test_t1_bye_zero() -> None:
    s = t1(bye_in_sos="zero")
    # Only D had a bye: D's list becomes [4, 3, 0].
    assert column(s, "对手分")[D] == 7
    assert column(s, "中间分")[D] == 3
    assert column(s, "去一最低对手分")[D] == 7
    assert column(s, "对手累进分")[D] == 13
    assert column(s, "对手分")[A] == 9  # others unchanged


def test_t1_bye_lowest() -> None:
    s = t1(bye_in_sos="lowest")
    # Lowest final score in the event is 2 (D, F); lowest 累进分 is 2 (D).
    assert column(s, "对手分")[D] == 9  # 4 + 3 + 2
    assert column(s, "中间分")[D] == 3
    assert column(s, "去一最低对手分")[D] == 7
    assert column(s, "对手累进分")[D] == 15  # 8 + 5 + 2


@pytest.mark.parametrize(
    ("bye", "sos_c", "sos_d", "mid_c", "cut_c", "cut_d", "sosp_c", "sosp_d"),
    [
        # forfeit not counted: C's opponent D and D's opponent C contribute like a bye.
        ("none", 6, 4, 0, 4, 0, 14, 8),  # C: [2, 4]; D: [4]
        ("zero", 6, 4, 2, 6, 4, 14, 8),  # C: [2, 0, 4]; D: [4, 0, 0]
        ("lowest", 8, 8, 2, 6, 6, 16, 12),  # C: [2, 2, 4]; D: [4, 2, 2]; lowest 累进分 2
    ],
)
def test_t1_forfeit_opponent_not_counted(
    bye: str,
    sos_c: float,
    sos_d: float,
    mid_c: float,
    cut_c: float,
    cut_d: float,
    sosp_c: float,
    sosp_d: float,
) -> None:
    s = t1(bye_in_sos=bye, forfeit_opponents_count=False)
    assert column(s, "对手分")[C] == sos_c
    assert column(s, "对手分")[D] == sos_d
    assert column(s, "中间分")[C] == mid_c
    assert column(s, "去一最低对手分")[C] == cut_c
    assert column(s, "去一最低对手分")[D] == cut_d
    assert column(s, "对手累进分")[C] == sosp_c
    assert column(s, "对手累进分")[D] == sosp_d
    assert column(s, "对手分")[A] == 9  # players without forfeits unchanged


def test_t1_forfeit_wins_and_byes_in_win_count() -> None:
    assert column(t1(forfeit_wins_count=False), "胜局数")[C] == 0
    assert column(t1(bye_counts_as_win=True), "胜局数")[D] == 1
    assert column(t1(bye_counts_as_win=True), "后手胜局数")[D] == 0


def test_t1_second_mover_by_final_colour() -> None:
    games = list(T1_GAMES)
    games[6] = game(3, 1, E, A, "0-1", fouls_first=2, swapped=True)  # 三手交换: A ends Black
    s = compute_standings(
        StandingsRequest(
            T1_PLAYERS, tuple(games), 3, settings=StandingsSettings(second_mover_by="colour")
        )
    )
    assert column(s, "后手局数")[A] == 1 and column(s, "后手局数")[E] == 3
    assert column(s, "后手胜局数")[A] == 0
    # Fouls stay with the seat they were recorded for.
    assert column(s, "犯规")[E] == 2


def test_t1_other_orders() -> None:
    # 累进分 ties A/B (8 = 8), then 直胜: B beat A.  E (7) over C (5); F (6) over D (2).
    s = t1(tiebreaks=("累进分", "直胜"))
    assert [(r.rank, r.entrant) for r in s.rows] == [(1, B), (2, A), (3, E), (4, C), (5, F), (6, D)]
    assert column(s, "直胜") == {A: 0, B: 2, C: 0, D: 0, E: 0, F: 0}
    assert any("按直胜区分" in line for line in s.explanation)
    # Fouls only: fewer ranks higher; equal fouls stay shared.
    s = t1(tiebreaks=("犯规",))
    assert [(r.rank, r.entrant, r.shared) for r in s.rows] == [
        (1, A, True),
        (1, B, True),
        (3, C, False),
        (4, E, False),
        (5, D, True),
        (5, F, True),
    ]


def test_after_round_ignores_later_games() -> None:
    s = compute_standings(StandingsRequest(T1_PLAYERS, T1_GAMES, after_round=1))
    assert {r.entrant: r.points for r in s.rows} == {A: 2, B: 1, C: 0, D: 0, E: 1, F: 2}
    assert column(s, "累进分") == {A: 2, B: 1, C: 0, D: 0, E: 1, F: 2}
    assert column(s, "对手分") == {A: 0, B: 1, C: 2, D: 2, E: 1, F: 0}
    # A round without a game adds the running total unchanged: F after round 3 has 2+2+2.
    assert column(t1(), "累进分")[F] == 6


def test_progressive_example_from_rules() -> None:
    # W W W W L at 2/0 -> 2 + 4 + 6 + 8 + 8 = 28.
    ps = players("PQRSTU")
    games = (
        game(1, 1, 1, 2, "1-0"),
        game(2, 1, 1, 3, "1-0"),
        game(3, 1, 4, 1, "0-1"),
        game(4, 1, 1, 5, "1-0"),
        game(5, 1, 6, 1, "1-0"),
    )
    s = compute_standings(StandingsRequest(ps, games, 5))
    assert column(s, "累进分")[1] == 28


def test_initial_points_and_scoring_setting() -> None:
    ps = (StandingsEntrant(1, 1, "甲", initial_points=1.0), StandingsEntrant(2, 2, "乙"))
    games = (game(1, 1, 1, 2, "0-1"), game(2, 1, 2, 1, "-+"))
    scoring = Scoring(win=3, draw=1, loss=-1, forfeit_win=3, forfeit_loss=-2)
    s = compute_standings(StandingsRequest(ps, games, 2, scoring=scoring))
    pts = {r.entrant: r.points for r in s.rows}
    assert pts == {1: 1 - 1 + 3, 2: 3 - 2}
    # Running totals start at the initial points: 甲 0 then 3 -> 3; 乙 3 then 1 -> 4.
    assert column(s, "累进分") == {1: 3, 2: 4}


# ---------------------------------------------------------------------------------------
# T2: 直胜 among exactly the tied players.  6 players, 4 rounds, byes and absences.
#   R1: A-B 1-0   C-D 1-0   E-F =
#   R2: A-C 1-0   B-E 1-0   D-F =
#   R3: B-C =     A-D 0-1   E-F x (x varies)
#   R4: B-F =     C-E =     D bye        (A absent)
#   A: W W L -  = 4     B: L W D D = 4     C: W L D D = 4     D: L D W bye = 5
#   x = "0-1" (F wins): E: D L L D = 2, F: D D W D = 5
#   x = "1-0" (E wins): E: D L W D = 4, F: D D L D = 3
# ---------------------------------------------------------------------------------------
def t2(x: str, order: tuple[str, ...] = ("直胜",)) -> Standings:
    games = (
        game(1, 1, A, B, "1-0"),
        game(1, 2, C, D, "1-0"),
        game(1, 3, E, F, "="),
        game(2, 1, A, C, "1-0"),
        game(2, 2, B, E, "1-0"),
        game(2, 3, D, F, "="),
        game(3, 1, B, C, "="),
        game(3, 2, A, D, "0-1"),
        game(3, 3, E, F, x),
        game(4, 1, B, F, "="),
        game(4, 2, C, E, "="),
        game(4, 3, D, None, "bye"),
    )
    return compute_standings(
        StandingsRequest(T1_PLAYERS, games, 4, settings=StandingsSettings(tiebreaks=order))
    )


def test_direct_encounter_all_met() -> None:
    s = t2("0-1")
    # D and F tied on 5 and met (draw): 1 each -> shared.  A, B, C tied on 4, all met:
    # A beat B and C (4), B-C drew (1 each): A first, B and C stay shared.
    assert [(r.rank, r.entrant, r.shared) for r in s.rows] == [
        (1, D, True),
        (1, F, True),
        (3, A, False),
        (4, B, True),
        (4, C, True),
        (6, E, False),
    ]
    assert column(s, "直胜") == {A: 4, B: 1, C: 1, D: 1, E: 0, F: 1}


def test_direct_encounter_not_all_met_does_not_separate() -> None:
    s = t2("1-0")
    # A, B, C, E tied on 4: A never met E, so 直胜 does not apply, even though A, B, C
    # all met each other (the subset is not the tied group).
    assert [(r.rank, r.entrant, r.shared) for r in s.rows] == [
        (1, D, False),
        (2, A, True),
        (2, B, True),
        (2, C, True),
        (2, E, True),
        (6, F, False),
    ]
    assert column(s, "直胜")[A] == 0
    text = "\n".join(s.explanation)
    assert "直胜不适用" in text and "A与E" in text
    assert "并列第2名" in text


def test_direct_encounter_after_a_split() -> None:
    # 对手分 first: in the (1-0) variant A 13, B 15, C 17, E 14 - all different.
    s = t2("1-0", order=("对手分", "直胜"))
    assert [r.entrant for r in s.rows] == [D, C, B, E, A, F]
    assert column(s, "对手分") == {A: 13, B: 15, C: 17, D: 11, E: 14, F: 17}


# ---------------------------------------------------------------------------------------
# T3: shared ranks 1, 2, 2, 4 and lots.
#   R1: P-Q 1-0   R-S =
# ---------------------------------------------------------------------------------------
T3_PLAYERS = players("PQRS")
T3_GAMES = (game(1, 1, 1, 2, "1-0"), game(1, 2, 3, 4, "="))


def test_shared_ranks_skip() -> None:
    s = compute_standings(StandingsRequest(T3_PLAYERS, T3_GAMES, 1))
    assert [(r.rank, r.entrant, r.shared) for r in s.rows] == [
        (1, 1, False),
        (2, 3, True),
        (2, 4, True),
        (4, 2, False),
    ]
    assert column(s, "抽签") == dict.fromkeys(range(1, 5), 0)


def lot(seed: int | None) -> Standings:
    return compute_standings(
        StandingsRequest(
            T3_PLAYERS, T3_GAMES, 1, settings=StandingsSettings(ties="lot", lot_seed=seed)
        )
    )


def test_lot_is_reproducible_and_recorded() -> None:
    first = lot(2024)
    again = lot(2024)
    assert [r.entrant for r in first.rows] == [r.entrant for r in again.rows]
    assert [r.rank for r in first.rows] == [1, 2, 3, 4]
    assert not any(r.shared for r in first.rows)
    lots = column(first, "抽签")
    assert sorted((lots[3], lots[4])) == [1, 2] and lots[1] == lots[2] == 0
    # Lot 1 ranks first.
    assert first.rows[1].tiebreaks["抽签"] == 1
    assert any("种子 2024" in line for line in first.explanation)
    # Different seeds can give either order.
    orders = {tuple(r.entrant for r in lot(seed).rows) for seed in range(40)}
    assert orders == {(1, 3, 4, 2), (1, 4, 3, 2)}


def test_lot_without_seed_is_refused() -> None:
    with pytest.raises(StandingsError, match="种子"):
        lot(None)


def test_bad_input_names_the_problem() -> None:
    with pytest.raises(StandingsError, match="未知的小分"):
        compute_standings(
            StandingsRequest(
                T3_PLAYERS, T3_GAMES, 1, settings=StandingsSettings(tiebreaks=("Buchholz",))
            )
        )
    with pytest.raises(StandingsError, match="bye_in_sos"):
        compute_standings(
            StandingsRequest(
                T3_PLAYERS,
                T3_GAMES,
                1,
                settings=StandingsSettings.from_dict({"bye_in_sos": "half"}),
            )
        )
    with pytest.raises(StandingsError, match="第1轮第9台"):
        compute_standings(StandingsRequest(T3_PLAYERS, (game(1, 9, 1, 99, "1-0"),), 1))


def test_unfinished_and_not_played_games() -> None:
    games = (game(1, 1, 1, 2, None), game(1, 2, 3, 4, "0-0"))
    s = compute_standings(StandingsRequest(T3_PLAYERS, games, 1))
    assert all(r.points == 0 and r.tiebreaks["对手分"] == 0 for r in s.rows)
    assert all(r.rank == 1 and r.shared for r in s.rows)


def test_rating_tiebreak_and_gomoku_order() -> None:
    ps = (
        StandingsEntrant(1, 1, "甲", rating=1800),
        StandingsEntrant(2, 2, "乙", rating=2100),
    )
    s = compute_standings(
        StandingsRequest(ps, (), 0, settings=StandingsSettings(tiebreaks=("等级分",)))
    )
    assert [r.entrant for r in s.rows] == [2, 1]
    assert s.rows[0].tiebreaks["等级分"] == 2100
    g = t1(tiebreaks=GOMOKU_TIEBREAKS)
    assert g.tiebreak_order == ("积分", *labels(GOMOKU_TIEBREAKS))
    assert t1().tiebreak_order == ("积分", *labels(GO_TIEBREAKS))
    assert "对手分中轮空不计" in g.explanation[0]


def test_double_forfeit() -> None:
    s = compute_standings(StandingsRequest(T3_PLAYERS, (game(1, 1, 1, 2, "--"),), 1))
    pts = {r.entrant: r.points for r in s.rows}
    assert pts == dict.fromkeys(range(1, 5), 0)
    assert column(s, "胜局数") == dict.fromkeys(range(1, 5), 0)
