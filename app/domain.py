"""The shared vocabulary of the pure core: results, scoring and played games.

Pairing (`app.pairing`) and standings (`app.standings`) both read games through these
frozen types; neither knows about the store.  "first" is the first mover (Black in Go
and Gomoku; TRF "white"), "second" the second mover.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Result(StrEnum):
    FIRST_WINS = "1-0"
    SECOND_WINS = "0-1"
    DRAW = "="
    FIRST_WINS_BY_FORFEIT = "+-"
    SECOND_WINS_BY_FORFEIT = "-+"
    DOUBLE_FORFEIT = "--"
    NOT_PLAYED = "0-0"
    BYE = "bye"

    @property
    def is_forfeit(self) -> bool:
        return self in (
            Result.FIRST_WINS_BY_FORFEIT,
            Result.SECOND_WINS_BY_FORFEIT,
            Result.DOUBLE_FORFEIT,
        )

    @property
    def is_played(self) -> bool:
        """A game actually played over the board (forfeits, byes and 0-0 are not)."""
        return self in (Result.FIRST_WINS, Result.SECOND_WINS, Result.DRAW)


RESULT_ALIASES: dict[str, Result] = {
    "1-0": Result.FIRST_WINS,
    "0-1": Result.SECOND_WINS,
    "=": Result.DRAW,
    "½-½": Result.DRAW,
    "+-": Result.FIRST_WINS_BY_FORFEIT,
    "-+": Result.SECOND_WINS_BY_FORFEIT,
    "--": Result.DOUBLE_FORFEIT,
    "0-0": Result.NOT_PLAYED,
    "黑胜": Result.FIRST_WINS,
    "白胜": Result.SECOND_WINS,
    "和": Result.DRAW,
    "和棋": Result.DRAW,
    # 黑弃权 = Black (first mover) forfeits, so the second mover wins by forfeit.
    "黑弃权": Result.SECOND_WINS_BY_FORFEIT,
    "白弃权": Result.FIRST_WINS_BY_FORFEIT,
    "双弃权": Result.DOUBLE_FORFEIT,
}


def parse_result(text: str) -> Result | None:
    """The result a person typed, or None when it is not one we know."""
    return RESULT_ALIASES.get(text.strip().replace("－", "-").replace("＝", "="))


@dataclass(frozen=True)
class Scoring:
    """Points per outcome (RULES §1); negative values are allowed."""

    win: float = 2
    draw: float = 1
    loss: float = 0
    bye: float = 2
    forfeit_win: float = 2
    forfeit_loss: float = 0

    @classmethod
    def from_dict(cls, data: dict[str, float]) -> Scoring:
        known = {k: float(v) for k, v in data.items() if k in cls.__dataclass_fields__}
        return cls(**known)

    def to_dict(self) -> dict[str, float]:
        return {name: getattr(self, name) for name in self.__dataclass_fields__}


@dataclass(frozen=True)
class GameRecord:
    """One board of one round as the core sees it.

    `second` is None for a bye.  `result` is None while the game is unfinished.
    `seat_swapped` (Gomoku 三手交换) means the final colours were exchanged; colour
    balance always follows the seat (`first`/`second`).
    """

    round: int
    table: int
    first: int
    second: int | None
    result: Result | None
    fouls_first: int = 0
    fouls_second: int = 0
    seat_swapped: bool = False
    # Team matches: the board points each team scored in this match (局分).
    first_board_points: float = 0.0
    second_board_points: float = 0.0

    @property
    def is_bye(self) -> bool:
        return self.second is None

    def opponent_of(self, entrant: int) -> int | None:
        if entrant == self.first:
            return self.second
        if entrant == self.second:
            return self.first
        raise ValueError(f"entrant {entrant} did not play this game")

    def involves(self, entrant: int) -> bool:
        return entrant in (self.first, self.second)


def points_for(game: GameRecord, entrant: int, scoring: Scoring) -> float:
    """Points `entrant` earned in `game` (0 while unfinished)."""
    result = game.result
    if result is None:
        return 0.0
    if game.second is None or result is Result.BYE:
        return scoring.bye
    is_first = entrant == game.first
    if result is Result.DRAW:
        return scoring.draw
    if result is Result.NOT_PLAYED:
        return 0.0
    if result is Result.DOUBLE_FORFEIT:
        return scoring.forfeit_loss
    if result is Result.FIRST_WINS:
        return scoring.win if is_first else scoring.loss
    if result is Result.SECOND_WINS:
        return scoring.loss if is_first else scoring.win
    if result is Result.FIRST_WINS_BY_FORFEIT:
        return scoring.forfeit_win if is_first else scoring.forfeit_loss
    return scoring.forfeit_loss if is_first else scoring.forfeit_win


def outcome_for(game: GameRecord, entrant: int) -> str | None:
    """'W', 'D', 'L' (over the board), 'FW', 'FL' (forfeits), 'BYE', 'NP' or None."""
    result = game.result
    if result is None:
        return None
    if game.second is None or result is Result.BYE:
        return "BYE"
    is_first = entrant == game.first
    table = {
        Result.FIRST_WINS: ("W", "L"),
        Result.SECOND_WINS: ("L", "W"),
        Result.DRAW: ("D", "D"),
        Result.FIRST_WINS_BY_FORFEIT: ("FW", "FL"),
        Result.SECOND_WINS_BY_FORFEIT: ("FL", "FW"),
        Result.DOUBLE_FORFEIT: ("FL", "FL"),
        Result.NOT_PLAYED: ("NP", "NP"),
    }
    pair = table[result]
    return pair[0] if is_first else pair[1]
