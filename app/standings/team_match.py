"""Team matches board by board: who moves first on each board, and the board points (局分)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

# Board points 2/1/0 of the first team's player on a board (RULES §7).
BOARD_POINTS: dict[str, tuple[int, int]] = {
    "1-0": (2, 0),
    "0-1": (0, 2),
    "=": (1, 1),
    "+-": (2, 0),
    "-+": (0, 2),
}


def board_seats(
    first: Sequence[int], second: Sequence[int], size: int | None = None
) -> list[tuple[int, int, int]]:
    """(board, first mover, second mover) for each board: boards alternate, so on even
    boards the second team's player moves first. `size`: boards per match (None: all)."""
    count = min(len(first), len(second), size or len(first))
    return [
        (k, first[k - 1], second[k - 1]) if k % 2 else (k, second[k - 1], first[k - 1])
        for k in range(1, count + 1)
    ]


def board_points(boards: Iterable[tuple[int, str | None]]) -> tuple[float, float]:
    """The two teams' board points from (board number, result as the first mover saw it)."""
    first = second = 0.0
    for board, result in boards:
        a, b = BOARD_POINTS.get(result or "", (0, 0))
        if board % 2 == 0:  # the second team's player moved first on this board
            a, b = b, a
        first, second = first + a, second + b
    return first, second
