"""The read model of a final: everything a document, a view or the export shows, as frozen
data built once per file revision (`app.services.read_model`).

Plain values only: no store, no SQL. The JSON export (`app.io.export_json`) is its
serialisation; the reports, the command line and the window read these classes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date

from app.domain import (
    EntrantId,
    EntrantStatus,
    EventKind,
    LateChangeAction,
    RoundState,
    Scoring,
    Seed,
)
from app.pairing.model import PairingSettings
from app.settings import EventSettings, StoredEvent
from app.standings.categories import CategoryStanding
from app.standings.grades import GradeAward, GradeTable
from app.standings.medals import MedalTable
from app.standings.model import Standings, StandingsSettings
from app.standings.prizes import Award, PrizeRules, PrizeTable


@dataclass(frozen=True, slots=True)
class LateChange:
    """A team composed or dissolved by force after its source event's round 1 was paired."""

    event: str
    action: LateChangeAction
    team: str
    entrant: EntrantId | None
    members: tuple[str, ...]
    after_round: int
    operator: str
    time: str

    def describe(self) -> str:
        """E.g. 第9轮编排后强制组队（张裁判，2022-10-20 15:02:11）."""
        return f"第{self.after_round}轮编排后{self.action.zh}（{self.operator}，{self.time}）"


@dataclass(frozen=True, slots=True)
class TournamentFacts:
    title: str
    game: str  # gomoku | go
    organisers: tuple[str, ...]
    venue: str | None
    start_date: date | None
    end_date: date | None
    operators: tuple[str, ...]
    komi: str | None
    draws: bool  # may a game be recorded as a draw (Go with komi 3又3/4子: no)
    certificate: Mapping[str, object]  # the stored `certificate` settings, as written
    # Every tournament setting in force, defaults filled in (`finals settings --json`).
    settings: Mapping[str, object] | None = None


@dataclass(frozen=True, slots=True)
class FinalEntrant:
    """A player, pair or team of one event."""

    id: EntrantId
    seed: Seed
    name: str
    gender: str | None
    unit: str | None
    region: str | None
    birth_date: date | None
    grade: str | None
    rating: int | None
    source: str | None
    status: EntrantStatus
    members: tuple[str, ...]
    # A summed team's members as entrants of its source event (None: not entered there).
    member_ids: tuple[EntrantId | None, ...]
    # Teams and pairs: what makes one ineligible now (empty: eligible).
    eligibility_problems: tuple[str, ...]
    late: LateChange | None  # a team's forced late composition
    # Who plays which round (exported: a reader recomputes the standings from them):
    # withdrawn from this round on (None: playing), paired from this round, excused (请假)
    # for these rounds; points carried in (a late entrant's awarded points).
    withdrawn_from_round: int | None = None
    joined_round: int = 1
    absent_rounds: tuple[int, ...] = ()
    # rounds sat out as withdrawn by one reinstated since (退赛 in those rounds only)
    withdrawn_rounds: tuple[int, ...] = ()
    initial_points: float = 0.0
    # Requested byes (TRF H ½, F 1, Z 0): (round, points), rounds also in absent_rounds.
    requested_byes: tuple[tuple[int, float], ...] = ()
    # McMahon events: the start from the grade (麦克马洪分 = this + 积分); 0 elsewhere.
    mcmahon_start: float = 0.0
    # Issue 29: the country OpenGotha names ("FR"), grades added to the McMahon start.
    country: str | None = None
    mcmahon_correction: int = 0
    # 取消资格 (status DISQUALIFIED): the rounds paired when it was recorded (standings
    # after this round leave him out; he is paired in no later round) and the reason.
    disqualified_after_round: int | None = None
    disqualified_reason: str | None = None

    @property
    def disqualified(self) -> bool:
        return self.status == EntrantStatus.DISQUALIFIED


@dataclass(frozen=True, slots=True)
class FinalBoard:
    board: int
    first: str
    second: str
    result: str | None
    manner: str | None


@dataclass(frozen=True, slots=True)
class FinalGame:
    table: int
    first: EntrantId
    second: EntrantId | None  # None: a bye
    result: str | None
    manner: str | None
    fouls: tuple[int, int]
    opening: str | None
    seat_swapped: bool
    first_points: float  # both sides' points before the round
    second_points: float | None
    # Team matches: the board points (局分) of both teams and every board.
    board_points: tuple[float, float] | None = None
    boards: tuple[FinalBoard, ...] = ()
    handicap: int = 0  # Go: the stones the second mover (White) gives the first


@dataclass(frozen=True, slots=True)
class FinalRound:
    number: int
    status: RoundState
    opening: str | None
    date: date | None
    scheduled: str | None  # the timetable's start, "YYYY-MM-DD HH:MM"
    lot_seed: int | None
    opening_seed: int | None
    relaxations: tuple[str, ...]
    games: tuple[FinalGame, ...]
    # the pairing settings it was paired by (None: paired before files kept them)
    pairing_settings: PairingSettings | None = None


@dataclass(frozen=True, slots=True)
class FinalCategory:
    code: str
    name: str
    gender: str | None
    born_from: str | None
    born_to: str | None
    min_grade: str | None
    own_event: bool  # the regulation's own event (Go 女子个人), not a prize group


@dataclass(frozen=True, slots=True)
class FinalEvent:
    code: str
    name: str
    kind: EventKind
    rounds_planned: int
    source_event: str | None
    stored: StoredEvent  # the settings as the file holds them
    settings: EventSettings  # the same, typed: defaults in place of unset (or bad) values
    scoring: Scoring
    standings_settings: StandingsSettings | None  # None: a summed team event
    team_match: bool
    categories: tuple[FinalCategory, ...]
    entrants: tuple[FinalEntrant, ...]
    rounds: tuple[FinalRound, ...]
    schedule: Mapping[int, str]  # round number → start
    standings: Standings
    category_standings: Mapping[str, tuple[CategoryStanding, ...]]
    late_changes: tuple[LateChange, ...]
    # The event's prize and grade tables in force (the file's, as `finals prize-table` sets).
    prize_tables: tuple[PrizeTable, ...] = ()
    grade_tables: tuple[GradeTable, ...] = ()
    # Which prize places get which medal (the preset's, from the regulation; none: no medals).
    medal_tables: tuple[MedalTable, ...] = ()

    @property
    def configured_tiebreaks(self) -> tuple[str, ...]:
        """The tie-breaks the settings name, in order (a summed team event's: as stored)."""
        if self.standings_settings is not None:
            return tuple(self.standings_settings.tiebreaks)
        return tuple(self.stored.standings.get("tiebreaks") or ())

    def entrant(self, entrant_id: int) -> FinalEntrant | None:
        for entrant in self.entrants:
            if entrant.id == entrant_id:
                return entrant
        return None


@dataclass(frozen=True, slots=True)
class PrizeLine:
    """One award of a prize table, with the entrant it goes to."""

    award: Award
    category_name: str
    name: str
    unit: str | None
    members: tuple[str, ...]
    eligibility_problems: tuple[str, ...]
    late: LateChange | None

    @property
    def ineligible(self) -> bool:
        return bool(self.eligibility_problems)


@dataclass(frozen=True, slots=True)
class GradeLine:
    award: GradeAward
    name: str
    unit: str | None
    on_form: bool  # on the application form (a grade already held is not, by default)


@dataclass(frozen=True, slots=True)
class Final:
    """The whole final as of one file revision (standings after `after_round` if given)."""

    revision: int
    after_round: int | None
    tournament: TournamentFacts
    events: tuple[FinalEvent, ...]
    prizes: tuple[PrizeLine, ...]
    withheld_prizes: tuple[PrizeLine, ...]  # ineligible teams, by `ineligible_team_prizes`
    prize_rules: PrizeRules
    grades: tuple[GradeLine, ...]
    exported_at: str | None = None  # read back from an export document: when it was written

    def event(self, code: str) -> FinalEvent | None:
        return next((e for e in self.events if e.code == code), None)
