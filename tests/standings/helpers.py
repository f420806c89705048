"""Small builders for standings tests."""

from __future__ import annotations

from app.domain import GameRecord, Result
from app.standings.model import StandingsEntrant

R = {
    "1-0": Result.FIRST_WINS,
    "0-1": Result.SECOND_WINS,
    "=": Result.DRAW,
    "+-": Result.FIRST_WINS_BY_FORFEIT,
    "-+": Result.SECOND_WINS_BY_FORFEIT,
    "--": Result.DOUBLE_FORFEIT,
    "0-0": Result.NOT_PLAYED,
    "bye": Result.BYE,
}


def game(
    rnd: int,
    table: int,
    first: int,
    second: int | None,
    result: str | None,
    fouls_first: int = 0,
    fouls_second: int = 0,
    swapped: bool = False,
) -> GameRecord:
    return GameRecord(
        round=rnd,
        table=table,
        first=first,
        second=second,
        result=None if result is None else R[result],
        fouls_first=fouls_first,
        fouls_second=fouls_second,
        seat_swapped=swapped,
    )


def players(names: str, **extra: dict[str, object]) -> tuple[StandingsEntrant, ...]:
    """One entrant per letter: id = seed = position (A=1, B=2 ...), name = the letter."""
    return tuple(
        StandingsEntrant(id=i, seed=i, name=ch, **extra.get(ch, {}))  # type: ignore[arg-type]
        for i, ch in enumerate(names, start=1)
    )
