"""Who is paired in a round (withdrawal, late arrival, leave, the forfeit rule) and the team
match boards, as pure rules checked against a plain restatement over random histories."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from app.domain import GameRecord, Result
from app.pairing.availability import (
    FORFEITS,
    LATE,
    ON_LEAVE,
    WITHDRAWN,
    Availability,
    active_ids,
    forfeit_withdrawals,
    forfeited,
    inactive_reason,
    sitting_out,
)
from app.standings.team_match import board_points, board_seats

RESULTS = [None, *Result]


@st.composite
def histories(draw: st.DrawFn) -> tuple[list[Availability], tuple[GameRecord, ...], int, int]:
    count = draw(st.integers(2, 8))
    rounds = draw(st.integers(1, 6))
    entrants = [
        Availability(
            id=i,
            # up to two rounds ahead of the round asked about: a withdrawal dated ahead
            withdrawn_from_round=draw(st.none() | st.integers(1, rounds + 3)),
            joined_round=draw(st.integers(1, rounds + 1)),
            absent_rounds=frozenset(draw(st.sets(st.integers(1, rounds + 1), max_size=2))),
        )
        for i in range(1, count + 1)
    ]
    games = []
    for rnd in range(1, rounds + 1):
        ids = draw(st.permutations(range(1, count + 1)))
        for table, k in enumerate(range(0, count - 1, 2), start=1):
            games.append(
                GameRecord(
                    round=rnd,
                    table=table,
                    first=ids[k],
                    second=ids[k + 1],
                    result=draw(st.sampled_from(RESULTS)),
                )
            )
    # any round up to the next: a past round is judged by the games before it
    asked = draw(st.integers(1, rounds + 1))
    return entrants, tuple(g for g in games if g.round < asked), asked, draw(st.integers(0, 3))


def _lost_by_forfeit(games: tuple[GameRecord, ...], who: int, rnd: int) -> bool:
    for g in games:
        if g.round != rnd or who not in (g.first, g.second):
            continue
        return (
            g.result is Result.DOUBLE_FORFEIT
            or (g.result is Result.FIRST_WINS_BY_FORFEIT and who == g.second)
            or (g.result is Result.SECOND_WINS_BY_FORFEIT and who == g.first)
        )
    return False


@settings(max_examples=300, deadline=None)
@given(histories())
def test_inactive_exactly_when_a_rule_says_so(
    case: tuple[list[Availability], tuple[GameRecord, ...], int, int],
) -> None:
    entrants, games, next_round, limit = case
    active = active_ids(entrants, next_round, games, limit)
    for e in entrants:
        gone = e.withdrawn_from_round is not None and e.withdrawn_from_round <= next_round
        late = e.joined_round > next_round
        away = next_round in e.absent_rounds
        forfeits = (
            limit > 0
            and next_round > limit
            and all(_lost_by_forfeit(games, e.id, r) for r in range(next_round - limit, next_round))
        )
        assert (e.id not in active) == (gone or late or away or forfeits)
        reason = inactive_reason(e, next_round, games, limit)
        gone_before = e.withdrawn_from_round is not None and e.withdrawn_from_round < next_round
        if gone_before:
            assert reason == WITHDRAWN
        elif forfeits:  # the rule names why, even for one on leave or withdrawn from now
            assert reason == FORFEITS
        elif gone:
            assert reason == WITHDRAWN
        elif late:
            assert reason == LATE
        elif away:
            assert reason == ON_LEAVE
        else:
            assert reason is None
    # the report's list: exactly those not paired, each once, with the same reason
    listed = sitting_out(entrants, next_round, games, limit)
    assert [s.id for s in listed] == [e.id for e in entrants if e.id not in active]
    for s in listed:
        assert s.reason == inactive_reason(
            next(e for e in entrants if e.id == s.id), next_round, games, limit
        )
    # the rule withdraws those it removes who are not withdrawn already
    assert set(forfeit_withdrawals(entrants, next_round, games, limit)) == {
        s.id for s in listed if s.reason == FORFEITS
    } - {
        e.id
        for e in entrants
        if e.withdrawn_from_round is not None and e.withdrawn_from_round <= next_round
    }


def test_a_withdrawal_dated_ahead_waits_for_its_round() -> None:
    leaves_in_four = Availability(id=3, withdrawn_from_round=4)
    for played in (1, 2, 3):
        assert inactive_reason(leaves_in_four, played, (), 2) is None
    for gone in (4, 5):
        found = sitting_out([leaves_in_four], gone, (), 2)
        assert [s.text() for s in found] == ["退赛（自第4轮起）"]


def test_the_forfeit_rule_withdraws_before_a_withdrawal_dated_later() -> None:
    games = tuple(
        GameRecord(round=r, table=1, first=1, second=2, result=Result.FIRST_WINS_BY_FORFEIT)
        for r in (1, 2)
    )
    leaves_in_five = Availability(id=2, withdrawn_from_round=5)
    assert forfeit_withdrawals([leaves_in_five], 3, games, 2) == (2,)
    assert inactive_reason(leaves_in_five, 3, games, 2) == FORFEITS


def test_two_forfeits_in_a_row_end_the_event_but_a_played_game_between_does_not() -> None:
    me = Availability(id=1)

    def game(rnd: int, result: Result) -> GameRecord:
        return GameRecord(round=rnd, table=1, first=2, second=1, result=result)

    two = (game(1, Result.FIRST_WINS_BY_FORFEIT), game(2, Result.DOUBLE_FORFEIT))
    assert inactive_reason(me, 3, two, 2) == "连续弃权取消资格"
    (why,) = sitting_out([me], 3, two, 2)
    assert why.text() == "连续弃权取消资格（第1–2轮连续弃权，自第3轮起退赛）"
    assert inactive_reason(me, 3, two, 0) is None  # the rule is off
    broken = (game(1, Result.FIRST_WINS_BY_FORFEIT), game(2, Result.FIRST_WINS))
    assert inactive_reason(me, 3, broken, 2) is None
    assert not forfeited(two, 2, 1)  # the winner of a forfeit did not forfeit


@st.composite
def forfeit_patterns(draw: st.DrawFn) -> tuple[int, int, dict[int, set[int]]]:
    """A rule (1–3 rounds), a number of rounds, and for some players the rounds they
    forfeit (if paired then)."""
    limit = draw(st.integers(1, 3))
    rounds = draw(st.integers(limit + 1, 9))
    absentees = draw(st.sets(st.integers(1, 10), max_size=4))
    pattern = {p: draw(st.sets(st.integers(1, rounds))) for p in absentees}
    return limit, rounds, pattern


@settings(max_examples=200, deadline=None)
@given(forfeit_patterns())
def test_a_player_who_forfeits_n_rounds_running_is_never_paired_again(
    case: tuple[int, int, dict[int, set[int]]],
) -> None:
    """Round by round as the pairing does it: the rule's withdrawals are recorded (his
    status), and he never plays again; everyone else plays every round."""
    limit, rounds, pattern = case
    entrants = {i: Availability(id=i) for i in range(1, 11)}
    games: list[GameRecord] = []
    played: dict[int, list[int]] = {i: [] for i in entrants}
    for rnd in range(1, rounds + 1):
        for i in forfeit_withdrawals(entrants.values(), rnd, games, limit):
            entrants[i] = Availability(id=i, withdrawn_from_round=rnd)  # recorded
        active = sorted(active_ids(entrants.values(), rnd, tuple(games), limit))
        for table, k in enumerate(range(0, len(active) - 1, 2), start=1):
            a, b = active[k], active[k + 1]
            lost_a, lost_b = rnd in pattern.get(a, ()), rnd in pattern.get(b, ())
            result = (
                Result.DOUBLE_FORFEIT
                if lost_a and lost_b
                else Result.SECOND_WINS_BY_FORFEIT
                if lost_a
                else Result.FIRST_WINS_BY_FORFEIT
                if lost_b
                else Result.FIRST_WINS
            )
            games.append(GameRecord(round=rnd, table=table, first=a, second=b, result=result))
        for who in active:
            played[who].append(rnd)
    for who, rounds_played in played.items():
        run = 0  # forfeits running; a round without a game (the odd one out) ends a run
        out_from = None
        for rnd in range(1, rounds + 1):
            if out_from is None and run >= limit:
                out_from = rnd
            run = run + 1 if forfeited(games, who, rnd) else 0
        if out_from is None:
            assert entrants[who].withdrawn_from_round is None
            assert rounds_played == list(range(1, rounds + 1))
        else:
            assert entrants[who].withdrawn_from_round == out_from
            assert rounds_played == list(range(1, out_from))


@given(st.integers(1, 8), st.integers(1, 8), st.none() | st.integers(1, 8))
def test_every_member_plays_once_and_colours_alternate(a: int, b: int, size: int | None) -> None:
    first, second = list(range(100, 100 + a)), list(range(200, 200 + b))
    seats = board_seats(first, second, size)
    assert len(seats) == min(a, b, size or a)
    for board, mover, other in seats:
        if board % 2:
            assert (mover, other) == (first[board - 1], second[board - 1])
        else:
            assert (mover, other) == (second[board - 1], first[board - 1])


@given(st.lists(st.sampled_from(["1-0", "0-1", "=", "+-", "-+", None]), max_size=8))
def test_board_points_are_two_per_decided_board_and_mirror(results: list[str | None]) -> None:
    boards = list(enumerate(results, start=1))
    first, second = board_points(boards)
    assert first + second == 2 * sum(r is not None for r in results)
    mirror = {"1-0": "0-1", "0-1": "1-0", "=": "=", "+-": "-+", "-+": "+-", None: None}
    assert board_points((k, mirror[r]) for k, r in boards) == (second, first)
    # on board 1 the first team moves first; on board 2 the second team does
    assert board_points([(1, "1-0")]) == (2, 0) and board_points([(2, "1-0")]) == (0, 2)
