"""The OpenGotha file's model: its limits and criteria, its results and the tournament
as this program reads and writes it (`GothaTournament`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from enum import StrEnum
from typing import Any

from app.io.opengotha.names import player_key

GOTHA_ROUNDS = 20  # Gotha.MAX_NUMBER_OF_ROUNDS: `participating` has this many characters
DATA_VERSION = "201"  # Gotha.GOTHA_DATA_VERSION of OpenGotha 3.x
GOTHA_VERSION = "351"
MIN_RANK, MAX_RANK = -30, 8  # 30K .. 9D
MIN_RATING, MAX_RATING = -900, 2949
NO_GRADE_RANK = "30K"
CLUB_MAX = 4
DEFAULT_COUNTRY = "CN"
MAX_BYTES = 20_000_000
MAX_TABLES = 10_000

SWISS_PLACEMENT = ("NBW", "SOSW", "SOSOSW")
MCMAHON_PLACEMENT = ("MMS", "SOSM", "SOSOSM")
# OpenGotha's placement criteria (PlacementParameterSet.allPlacementCriteria long names).
PLACEMENT_NAMES = frozenset(
    "NULL CAT NBW MMS STS Rank Rating CUSSW CUSSM SOSW SOSW-1 SOSW-2 SODOSW SOSM SOSM-1 "
    "SOSM-2 SODOSM SOSTS SOSOSW SOSOSM EXT EXR DC SDC".split()
)
# The parameter trees a file's settings live in, kept whole by an import and written back.
KEPT_TREES = ("TournamentParameterSet", "TeamTournamentParameterSet")
# A player's attributes this program has no field for, kept by key and written back.
PLAYER_EXTRA = (
    "agaExpirationDate",
    "agaId",
    "egfPin",
    "ffgLicence",
    "ffgLicenceStatus",
    "ratingOrigin",  # "EGF : 1762", "FFG : 302", "" (INI and MAN are this program's own)
)
# A kept element: [tag, {attribute: value}, [children]] (JSON as the settings store it).
KeptNode = list[Any]


class GothaError(ValueError):
    """An OpenGotha file that cannot be read; the message (Chinese) names the line and the fix."""


class GothaResult(StrEnum):
    UNKNOWN = "RESULT_UNKNOWN"
    WHITE_WINS = "RESULT_WHITEWINS"
    BLACK_WINS = "RESULT_BLACKWINS"
    EQUAL = "RESULT_EQUAL"
    BOTH_WIN = "RESULT_BOTHWIN"
    BOTH_LOSE = "RESULT_BOTHLOSE"
    WHITE_WINS_BYDEF = "RESULT_WHITEWINS_BYDEF"
    BLACK_WINS_BYDEF = "RESULT_BLACKWINS_BYDEF"
    EQUAL_BYDEF = "RESULT_EQUAL_BYDEF"
    BOTH_WIN_BYDEF = "RESULT_BOTHWIN_BYDEF"
    BOTH_LOSE_BYDEF = "RESULT_BOTHLOSE_BYDEF"


UNSUPPORTED_RESULTS = {
    GothaResult.BOTH_WIN: "双方均判胜",
    GothaResult.BOTH_WIN_BYDEF: "双方均判胜（弃权）",
    GothaResult.EQUAL_BYDEF: "判和（弃权）",
}


@dataclass(frozen=True)
class GothaPlayer:
    name: str  # surname
    first_name: str  # given name
    rank: str  # "5D", "10K"
    rating: int
    rating_origin: str = "INI"
    country: str = DEFAULT_COUNTRY
    club: str = ""
    participating: tuple[bool, ...] = (True,) * GOTHA_ROUNDS
    registered: bool = True  # FIN; False: PRE
    line: int = 0  # in the file read (0: built here)
    smms_correction: int = 0  # grades added to the McMahon start
    extra: Mapping[str, str] = field(default_factory=dict)  # PLAYER_EXTRA, as the file had them

    @property
    def key(self) -> str:
        return player_key(self.name, self.first_name)


@dataclass(frozen=True)
class GothaGame:
    round: int
    table: int
    white: str  # player keys
    black: str
    result: GothaResult = GothaResult.UNKNOWN
    known_colour: bool = True
    handicap: int = 0
    line: int = 0


@dataclass(frozen=True)
class GothaBye:
    round: int
    player: str
    line: int = 0


@dataclass(frozen=True)
class GothaParameters:
    short_name: str
    name: str
    location: str = ""
    director: str = ""
    begin_date: date | None = None
    end_date: date | None = None
    komi: str = "7.5"
    number_of_rounds: int = 5
    system: str = "swiss"  # swiss | mcmahon (from the placement criteria)
    mm_bar: str = "4D"  # OpenGotha's defaults
    mm_floor: str = "20K"
    placement: tuple[str, ...] = SWISS_PLACEMENT
    mm_zero: str = "30K"  # the rank whose McMahon start is 0
    mms2_absent: int = 1  # half-wins of McMahon score per round not participating
    round_down: bool = True  # genRoundDownNBWMMS: those totals rounded down to whole wins


@dataclass(frozen=True)
class GothaTournament:
    players: tuple[GothaPlayer, ...]
    games: tuple[GothaGame, ...]
    byes: tuple[GothaBye, ...]
    parameters: GothaParameters
    save_time: str = ""  # saveDT, yyyyMMddHHmmss
    # KEPT_TREES as the file had them ({tag: KeptNode}); written back with our values in.
    kept: Mapping[str, KeptNode] = field(default_factory=dict)
    lost: tuple[str, ...] = ()  # what the file holds and nothing here keeps, one line each

    def player(self, key: str) -> GothaPlayer:
        for p in self.players:
            if p.key == key:
                return p
        raise KeyError(key)

    @property
    def last_round(self) -> int:
        rounds = [g.round for g in self.games] + [b.round for b in self.byes]
        return max(rounds, default=0)
