"""Property tests: random pairings with random results against from-scratch recomputation."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from app.domain import GameRecord, Result, Scoring
from app.standings import Category, compute_standings, filter_category
from app.standings.model import StandingsEntrant, StandingsRequest, StandingsSettings, Ties
from app.standings.tiebreaks import labels

ORDERABLE = (
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
GAME_RESULTS = [r for r in Result if r is not Result.BYE] + [None]


@st.composite
def cases(draw: st.DrawFn) -> StandingsRequest:
    n = draw(st.integers(2, 12))
    rounds = draw(st.integers(0, 6))
    ids = [100 + 7 * i for i in range(n)]  # ids unlike seeds on purpose
    entrants = tuple(
        StandingsEntrant(
            id=ids[i],
            seed=i + 1,
            name=f"P{i + 1}",
            gender=draw(st.sampled_from(["M", "F", None])),
            rating=draw(st.integers(0, 3)),
            initial_points=draw(st.sampled_from([0.0, 0.0, 0.0, 0.5, 1.0])),
        )
        for i in range(n)
    )
    games: list[GameRecord] = []
    for rnd in range(1, rounds + 1):
        order = draw(st.permutations(ids))
        absent = draw(st.integers(0, max(0, n - 2)))
        active = list(order[absent:])
        table = 1
        while len(active) >= 2:
            a, b = active.pop(), active.pop()
            games.append(
                GameRecord(
                    round=rnd,
                    table=table,
                    first=a,
                    second=b,
                    result=draw(st.sampled_from(GAME_RESULTS)),
                    fouls_first=draw(st.integers(0, 2)),
                    fouls_second=draw(st.integers(0, 2)),
                    seat_swapped=draw(st.booleans()),
                )
            )
            table += 1
        if active:
            games.append(
                GameRecord(rnd, table, active[0], None, draw(st.sampled_from([Result.BYE, None])))
            )
    scoring = Scoring(
        win=draw(st.sampled_from([2.0, 3.0, 1.0])),
        draw=draw(st.sampled_from([1.0, 0.5])),
        loss=draw(st.sampled_from([0.0, -1.0])),
        bye=draw(st.sampled_from([2.0, 1.0, 0.0])),
        forfeit_win=draw(st.sampled_from([2.0, 3.0])),
        forfeit_loss=draw(st.sampled_from([0.0, -2.0])),
    )
    order_names = draw(st.lists(st.sampled_from(ORDERABLE), unique=True, max_size=6))
    ties: Ties = draw(st.sampled_from(["shared", "lot"]))
    conventions = StandingsSettings(
        tiebreaks=tuple(order_names),
        bye_in_sos=draw(st.sampled_from(["none", "zero", "lowest"])),
        forfeit_opponents_count=draw(st.booleans()),
        forfeit_wins_count=draw(st.booleans()),
        ties=ties,
        lot_seed=draw(st.integers(0, 10**6)) if ties == "lot" else None,
        second_mover_by=draw(st.sampled_from(["seat", "colour"])),
    )
    return StandingsRequest(
        entrants=entrants,
        games=tuple(draw(st.permutations(games))),
        after_round=draw(st.integers(0, rounds + 1)),
        scoring=scoring,
        settings=conventions,
    )


# ---- an independent recomputation, written per game rather than per list -------------


def score(game: GameRecord, who: int, sc: Scoring) -> float:
    if game.result is None or game.result is Result.NOT_PLAYED:
        return 0.0
    if game.second is None:
        return sc.bye
    first_second = {
        Result.FIRST_WINS: (sc.win, sc.loss),
        Result.SECOND_WINS: (sc.loss, sc.win),
        Result.DRAW: (sc.draw, sc.draw),
        Result.FIRST_WINS_BY_FORFEIT: (sc.forfeit_win, sc.forfeit_loss),
        Result.SECOND_WINS_BY_FORFEIT: (sc.forfeit_loss, sc.forfeit_win),
        Result.DOUBLE_FORFEIT: (sc.forfeit_loss, sc.forfeit_loss),
    }[game.result]
    return first_second[0] if who == game.first else first_second[1]


def reference(req: StandingsRequest) -> tuple[dict[int, float], dict[int, float], dict[int, float]]:
    games = [g for g in req.games if g.round <= req.after_round]
    total = {e.id: e.initial_points for e in req.entrants}
    # 累进分 = R * initial + sum over games of (R - round + 1) * points of that game.
    prog = {e.id: req.after_round * e.initial_points for e in req.entrants}
    for g in games:
        for who in (g.first, g.second):
            if who is not None:
                total[who] += score(g, who, req.scoring)
                prog[who] += (req.after_round - g.round + 1) * score(g, who, req.scoring)
    lowest = min(total.values())
    s = req.settings
    bye_value = {"none": 0.0, "zero": 0.0, "lowest": lowest}[s.bye_in_sos]
    sos = dict.fromkeys(total, 0.0)
    for g in games:
        if g.result is None or g.result is Result.NOT_PLAYED:
            continue
        if g.second is None:
            sos[g.first] += bye_value
        elif (
            g.result in (Result.FIRST_WINS, Result.SECOND_WINS, Result.DRAW)
            or s.forfeit_opponents_count
        ):
            sos[g.first] += total[g.second]
            sos[g.second] += total[g.first]
        else:
            sos[g.first] += bye_value
            sos[g.second] += bye_value
    return total, sos, prog


@settings(max_examples=300, deadline=None)
@given(cases())
def test_points_sos_and_progressive_match_reference(req: StandingsRequest) -> None:
    result = compute_standings(req)
    total, sos, prog = reference(req)
    assert len(result.rows) == len(req.entrants)
    for row in result.rows:
        assert abs(row.points - total[row.entrant]) < 1e-9
        assert abs(row.tiebreaks["积分"] - total[row.entrant]) < 1e-9
        assert abs(row.tiebreaks["对手分"] - sos[row.entrant]) < 1e-9
        assert abs(row.tiebreaks["累进分"] - prog[row.entrant]) < 1e-9
    # Points sum: initial + every finished game's points.
    played_sum = sum(
        score(g, who, req.scoring)
        for g in req.games
        if g.round <= req.after_round
        for who in (g.first, g.second)
        if who is not None
    )
    initial = sum(e.initial_points for e in req.entrants)
    assert abs(sum(r.points for r in result.rows) - (initial + played_sum)) < 1e-9


def key(
    row_tiebreaks: dict[str, float], points: float, names: tuple[str, ...]
) -> tuple[float, ...]:
    return (round(points, 9),) + tuple(
        round(-row_tiebreaks[n] if n == "犯规" else row_tiebreaks[n], 9) for n in names
    )


@settings(max_examples=300, deadline=None)
@given(cases())
def test_ranking_consistent_with_tiebreak_order(req: StandingsRequest) -> None:
    result = compute_standings(req)
    order = labels(req.settings.tiebreaks)  # the rows name each criterion by its label
    cut = order.index("直胜") if "直胜" in order else len(order)
    before = order[:cut]
    fixed = tuple(n for n in order if n != "直胜")
    rows = result.rows
    # Ranks: position of the first row of the group; groups contiguous; shared flag.
    for row in rows:
        first = next(j for j, r in enumerate(rows) if r.rank == row.rank)
        assert row.rank == first + 1
        size = sum(1 for r in rows if r.rank == row.rank)
        assert all(rows[j].rank == row.rank for j in range(first, first + size))
        assert row.shared == (size > 1)
    for a, b in zip(rows, rows[1:], strict=False):
        ka = key(a.tiebreaks, a.points, before)
        kb = key(b.tiebreaks, b.points, before)
        assert ka >= kb
        if "直胜" not in order:
            full_a = key(a.tiebreaks, a.points, fixed)
            full_b = key(b.tiebreaks, b.points, fixed)
            assert full_a >= full_b
            if req.settings.ties == "shared":
                assert (a.rank == b.rank) == (full_a == full_b)
        if a.rank == b.rank:
            assert key(a.tiebreaks, a.points, fixed) == key(b.tiebreaks, b.points, fixed)
    if req.settings.ties == "lot":
        assert len({r.rank for r in rows}) == len(rows)
        assert compute_standings(req) == result  # the seeded lot replays


@settings(max_examples=200, deadline=None)
@given(cases(), st.sampled_from(["F", "M"]))
def test_category_is_the_mixed_order_filtered(req: StandingsRequest, gender: str) -> None:
    result = compute_standings(req)
    category = Category(code="x", name="组", gender=gender)
    rows = filter_category(result, req.entrants, category)
    wanted = {e.id for e in req.entrants if e.gender == gender}
    assert [r.entrant for r in rows] == [s.entrant for s in result.rows if s.entrant in wanted]
    by_id = {s.entrant: s for s in result.rows}
    for i, r in enumerate(rows):
        s = by_id[r.entrant]
        assert r.overall_rank == s.rank and r.points == s.points and r.tiebreaks == s.tiebreaks
        better = sum(1 for o in rows if o.overall_rank < r.overall_rank)
        assert r.rank == better + 1
        same = sum(1 for o in rows if o.overall_rank == r.overall_rank)
        assert r.shared == (same > 1)
        if i:
            assert rows[i - 1].rank <= r.rank
