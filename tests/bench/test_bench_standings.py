"""Benchmarks for the standings core (run with --benchmark-enable).

Targets: standings with every tie-break for 360 entrants x 9 rounds <= 50 ms; prize and
grade allocation for a whole final <= 50 ms.
"""

from __future__ import annotations

import random
from typing import Any

from app.domain import GameRecord, Result
from app.standings import (
    Category,
    GradeTable,
    PrizePlace,
    PrizeTable,
    RankedEntry,
    allocate_grades,
    allocate_prizes,
    compute_standings,
    entries_from_category,
    entries_from_standings,
    filter_category,
    totals,
)
from app.standings.model import Standings, StandingsEntrant, StandingsRequest, StandingsSettings
from tests.standings.fixtures_prizes import GO_OPEN, GO_WOMEN, GOMOKU_OPEN_GRADES

EVERY_TIEBREAK = (
    "对手分",
    "中间分",
    "去一最低对手分",
    "累进分",
    "对手累进分",
    "胜局数",
    "后手胜局数",
    "后手局数",
    "直胜",
    "犯规",
    "等级分",
)


def swiss_like(n: int, rounds: int, seed: int = 1) -> StandingsRequest:
    """Score-ordered pairings (adjacent, no rematch where easy) with random results."""
    rng = random.Random(seed)
    entrants = tuple(
        StandingsEntrant(
            id=i,
            seed=i,
            name=f"棋手{i}",
            gender="F" if i % 7 == 0 else "M",
            birth_date=f"{rng.randint(1960, 2016)}-0{rng.randint(1, 9)}-15",
            rating=rng.randint(1500, 2600),
        )
        for i in range(1, n + 1)
    )
    points = dict.fromkeys(range(1, n + 1), 0.0)
    met: set[tuple[int, int]] = set()
    games: list[GameRecord] = []
    outcomes = (
        [Result.FIRST_WINS] * 45
        + [Result.SECOND_WINS] * 45
        + [Result.DRAW] * 6
        + [
            Result.FIRST_WINS_BY_FORFEIT,
            Result.SECOND_WINS_BY_FORFEIT,
            Result.DOUBLE_FORFEIT,
        ]
    )
    for rnd in range(1, rounds + 1):
        order = sorted(points, key=lambda i: (-points[i], rng.random()))
        if len(order) % 2:
            bye = order.pop()
            games.append(GameRecord(rnd, n // 2 + 1, bye, None, Result.BYE))
            points[bye] += 2
        table = 1
        while order:
            a = order.pop(0)
            j = next((k for k, b in enumerate(order) if (min(a, b), max(a, b)) not in met), 0)
            b = order.pop(j)
            met.add((min(a, b), max(a, b)))
            result = rng.choice(outcomes)
            g = GameRecord(rnd, table, a, b, result, fouls_first=int(rng.random() < 0.05))
            games.append(g)
            for p in (a, b):
                points[p] += {
                    "1-0": (2, 0),
                    "0-1": (0, 2),
                    "=": (1, 1),
                    "+-": (2, 0),
                    "-+": (0, 2),
                    "--": (0, 0),
                }[result.value][0 if p == a else 1]
            table += 1
    return StandingsRequest(
        entrants=entrants,
        games=tuple(games),
        after_round=rounds,
        settings=StandingsSettings(
            tiebreaks=EVERY_TIEBREAK, bye_in_sos="lowest", ties="lot", lot_seed=20241130
        ),
    )


def test_bench_standings_360_by_9_every_tiebreak(benchmark: Any) -> None:
    request = swiss_like(360, 9)
    result: Standings = benchmark(compute_standings, request)
    assert len(result.rows) == 360
    assert [r.rank for r in result.rows] == list(range(1, 361))


def _final() -> tuple[
    list[PrizeTable],
    list[GradeTable],
    dict[tuple[str, str | None], tuple[RankedEntry, ...]],
    dict[tuple[str, str | None], int],
]:
    """The Go final: 360 open with women ranked separately, youth, teams and pairs."""
    request = swiss_like(360, 9)
    open_ = compute_standings(request)
    women = filter_category(open_, request.entrants, Category("W", "女子", gender="F"))
    youth = compute_standings(swiss_like(60, 7, seed=2))
    rankings: dict[tuple[str, str | None], tuple[RankedEntry, ...]] = {
        ("男子个人", None): entries_from_standings(open_),
        ("男子个人", "女子"): entries_from_category(women),
        ("少儿组", None): entries_from_standings(youth),
    }
    P = PrizePlace
    tables = [
        GO_OPEN,
        GO_WOMEN,
        PrizeTable(
            "少儿组",
            None,
            "少儿组",
            (
                P(1, 1, 5000, "冠军"),
                P(2, 2, 3000, "亚军"),
                P(3, 3, 2000, "季军"),
                P(4, 4, 1000, "第四名"),
                P(5, 5, 800, "第五名"),
                P(6, 6, 600, "第六名"),
            ),
        ),
    ]
    for event, n in (
        ("男子团体", 40),
        ("女子团体", 12),
        ("男子双人", 30),
        ("女子双人", 16),
        ("男女混双", 24),
        ("亲子双人", 20),
    ):
        ranks = list(range(1, n + 1))
        ranks[3] = ranks[2]  # a shared 3rd place in every team/pair event
        rankings[(event, None)] = tuple(
            RankedEntry(r, 10000 + len(rankings) * 100 + i, ranks.count(r) > 1)
            for i, r in enumerate(ranks)
        )
        tables.append(
            PrizeTable(
                event,
                None,
                event,
                (
                    P(1, 1, 5000, "冠军"),
                    P(2, 2, 4000, "亚军"),
                    P(3, 3, 2000, "季军"),
                    P(4, 6, 1000, "第四至六名"),
                ),
                shrink=((2, 1), (3, 2)),
            )
        )
    bands = GOMOKU_OPEN_GRADES.bands
    grades = [GradeTable("男子个人", None, bands), GradeTable("少儿组", None, bands[:3])]
    counts = {key: len(entries) for key, entries in rankings.items()}
    return tables, grades, rankings, counts


def test_bench_prizes_and_grades_whole_final(benchmark: Any) -> None:
    tables, grades, rankings, counts = _final()

    def run() -> tuple[int, int]:
        awards = allocate_prizes(tables, rankings, counts)
        granted = allocate_grades(grades, rankings)
        return totals(awards)["overall_fen"], len(granted)

    overall, granted = benchmark(run)
    assert overall > 0 and granted > 30
