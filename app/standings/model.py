"""Inputs and outputs of the standings core: plain frozen data, no store."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from app.domain import EntrantId, GameRecord, Scoring, Seed
from app.standings.tiebreaks import Tiebreak, labels

ByeInSos = Literal["none", "zero", "lowest"]
Ties = Literal["shared", "lot"]
SecondMoverBy = Literal["seat", "colour"]
# Issue 38, 取消资格: what the games of a disqualified entrant count for his opponents, and
# whether the places below his move up.
DisqualifiedGames = Literal["keep", "annul"]
DisqualifiedPlaces = Literal["empty", "move_up"]

T = Tiebreak
GO_TIEBREAKS: tuple[str, ...] = (T.SOS, T.PROGRESSIVE, T.DIRECT, T.WINS)
GOMOKU_TIEBREAKS: tuple[str, ...] = (T.SOS, T.PROGRESSIVE, T.WINS, T.SECOND_WINS, T.DIRECT, T.FOULS)
# McMahon (issue 18): 麦克马洪分 first ranks by it instead of 积分 (OpenGotha's MMS, SOS,
# SOSOS, SODOS); the default order of an event whose pairing.system is mcmahon.
MCMAHON_SCORE = T.MMS
MCMAHON_TIEBREAKS: tuple[str, ...] = (T.MMS, T.MMS_SOS, T.SOSOS, T.SODOS)


@dataclass(frozen=True)
class StandingsSettings:
    """Tie-break order (after 积分) and the conventions of RULES §4 and §6.

    `tiebreaks` holds `Tiebreak` ids; a Chinese label given instead (an older file, a
    test) is read as its id, a name that is neither is kept for the standings to refuse."""

    tiebreaks: tuple[str, ...] = GO_TIEBREAKS
    bye_in_sos: ByeInSos = "none"
    forfeit_opponents_count: bool = True
    forfeit_wins_count: bool = True
    ties: Ties = "shared"
    lot_seed: int | None = None
    # 后手 for 后手胜局数/后手局数: the pairing's second seat, or the final colours after
    # a Gomoku 三手交换 (GameRecord.seat_swapped).
    second_mover_by: SecondMoverBy = "seat"
    # Whether a bye counts in 胜局数 (it never counts in 后手胜局数).
    bye_counts_as_win: bool = False
    # A disqualified entrant (取消资格) leaves the ranking.  His games stay for his
    # opponents ("keep": they keep their points, he counts in their 对手分 with his score —
    # the Chinese practice) or count for nobody ("annul": as if never paired).
    disqualified_games: DisqualifiedGames = "keep"
    # The places below his: "empty" (不顺延: his place stays empty, its prize is not paid,
    # as both regulations leave places unshifted — 名次不再顺延, grades 不顺延) or
    # "move_up" (顺延: everyone below moves up one place).
    disqualified_places: DisqualifiedPlaces = "empty"

    def __post_init__(self) -> None:
        named = tuple(Tiebreak.named(n) or n for n in self.tiebreaks)
        object.__setattr__(self, "tiebreaks", named)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> StandingsSettings:
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        if "tiebreaks" in known:
            known["tiebreaks"] = tuple(known["tiebreaks"])
        return cls(**known)

    def to_dict(self) -> dict[str, Any]:
        """The document form (`finals settings --json`, the export): tie-breaks by their
        Chinese labels, as the documents print them."""
        data = {name: getattr(self, name) for name in self.__dataclass_fields__}
        data["tiebreaks"] = list(labels(self.tiebreaks))
        return data


@dataclass(frozen=True)
class McMahonCounting:
    """How a McMahon event's 麦克马洪分, SOS, SOSOS and SODOS count OpenGotha's rules
    (issue 29; built from the mcmahon settings).  The defaults count none of them.

    `stone_points`: the points one handicap stone adjusts an opponent's 麦克马洪分 by in SOS
    and SODOS (White adds the stones, Black subtracts them); `unpaired_as_start`: a round
    without an opponent counts the player's own start in SOS (start × rounds in SOSOS);
    `absent_points`: added to 麦克马洪分 per round on leave, the total rounded down to a
    multiple of `absent_round_to` (0: not rounded)."""

    stone_points: float = 0.0
    unpaired_as_start: bool = False
    absent_points: float = 0.0
    absent_round_to: float = 0.0

    def absent_bonus(self, rounds: int) -> float:
        total = rounds * self.absent_points
        if self.absent_round_to > 0:
            total = self.absent_round_to * int(total / self.absent_round_to + 1e-9)
        return total


@dataclass(frozen=True)
class StandingsEntrant:
    id: EntrantId
    seed: Seed
    name: str = ""
    gender: str | None = None
    birth_date: str | None = None  # ISO YYYY-MM-DD
    grade: str | None = None
    rating: int = 0
    initial_points: float = 0.0
    # McMahon events: the start from the grade (app.pairing.mcmahon); 麦克马洪分 = this + 积分.
    mcmahon_start: float = 0.0
    # The rounds on leave (请假), for McMahonCounting.absent_points.
    absent_rounds: frozenset[int] = frozenset()
    # Requested byes (TRF H ½, F 1, Z 0): round → the points it awards, counted in 积分.
    requested_byes: Mapping[int, float] = field(default_factory=dict)
    # 取消资格: disqualified when this many rounds were paired; standings after that round
    # (or later) leave him out (None: not disqualified).
    disqualified_after: int | None = None

    def disqualified_by(self, after_round: int) -> bool:
        """Whether the standings after `after_round` leave him out."""
        return self.disqualified_after is not None and after_round >= self.disqualified_after


@dataclass(frozen=True)
class StandingsRequest:
    entrants: tuple[StandingsEntrant, ...]
    games: tuple[GameRecord, ...]
    after_round: int
    scoring: Scoring = field(default_factory=Scoring)
    settings: StandingsSettings = field(default_factory=StandingsSettings)
    mcmahon: McMahonCounting = field(default_factory=McMahonCounting)
    # What the standings cannot count as they should (a McMahon start whose grade cannot be
    # read): printed after the rules line, each starting with NOTE.
    notes: tuple[str, ...] = ()


# The start of a note line in Standings.explanation (the standings say what they count
# wrongly); documents and the window show these lines with the rules.
NOTE = "注意："


@dataclass(frozen=True)
class Standing:
    rank: int
    entrant: EntrantId
    points: float
    tiebreaks: dict[str, float]
    shared: bool = False


@dataclass(frozen=True)
class StandingsRules:
    """The rules an individual standings table was ranked by, as data: each face writes
    them in its own words (the core's Chinese line is `explanation[0]`; the window in
    English writes its own from these fields)."""

    after_round: int
    order: tuple[Tiebreak, ...]  # 积分 (or 麦克马洪分) first
    ties: Ties
    lot_seed: int | None
    scoring: Scoring
    bye_in_sos: ByeInSos
    forfeit_opponents_count: bool
    forfeit_wins_count: bool
    # 取消资格: the conventions in force, and whether anyone was left out by them.
    disqualified_games: DisqualifiedGames = "keep"
    disqualified_places: DisqualifiedPlaces = "empty"
    disqualified: bool = False

    @property
    def mcmahon(self) -> bool:
        """Whether the order holds a McMahon criterion (the line then says what they are)."""
        return any(t in MCMAHON_TIEBREAKS for t in self.order)


@dataclass(frozen=True)
class Standings:
    after_round: int
    rows: tuple[Standing, ...]
    tiebreak_order: tuple[str, ...]
    explanation: tuple[str, ...] = ()
    # The rules of an individual table (None for a team table or one read from an export).
    rules: StandingsRules | None = None
    # 取消资格: the disqualified entrants, out of `rows`, each with the place he would hold
    # (his points and tie-breaks as computed); `vacated`: their places stay empty (不顺延).
    disqualified: tuple[Standing, ...] = ()
    vacated: bool = False
