"""What the pairing rules need to know about each entrant, derived once from the history.

Conventions shared by the engine, the checker and the report (one place, so that they
never disagree):

- Only games of rounds before `request.round_number` count.
- A game counts as *met* (no rematch) when it has two players, unless it was forfeited
  or not played and `settings.forfeit_counts_as_met` is off.  A game whose result is
  still None counts as met.
- A game counts for *colour* (the seat: `first`/`second` of the record, never the final
  colours after a Gomoku swap) unless it was forfeited or not played.  Unfinished games
  (result None) count.
- A bye is a record with `second is None`.
- Score = `initial_points` + `points_for` over the counted history.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from app.domain import EntrantId, GameRecord, Result, Seed, points_for
from app.pairing.model import PairingEntrant, PairingRequest, PairingSettings

FIRST = "F"
SECOND = "S"

_NOT_OVER_THE_BOARD = frozenset(
    {
        Result.FIRST_WINS_BY_FORFEIT,
        Result.SECOND_WINS_BY_FORFEIT,
        Result.DOUBLE_FORFEIT,
        Result.NOT_PLAYED,
    }
)


@dataclass(frozen=True, slots=True)
class PlayerState:
    """One entrant as the pairing rules see him before this round."""

    id: EntrantId
    seed: Seed
    name: str
    unit: str | None
    score: float
    seats: str  # seats of the colour-counted games in round order, e.g. "FSF"
    first_mask: int  # bit r set when the entrant moved first in round r
    firsts: int
    seconds: int
    opponents: frozenset[EntrantId]
    byes: int
    floated_down: bool  # last round: paired with a lower score, or had the bye
    floated_up: bool  # last round: paired with a higher score

    @property
    def colour_diff(self) -> int:
        """firsts − seconds: > 0 means the entrant is due to move second."""
        return self.firsts - self.seconds

    @property
    def label(self) -> str:
        """How reports name a player: seed and name."""
        return f"{self.seed}号{self.name}" if self.name else f"{self.seed}号"

    @property
    def due(self) -> str | None:
        """The seat this entrant should get next (None: no preference yet)."""
        diff = self.colour_diff
        if diff > 0:
            return SECOND
        if diff < 0:
            return FIRST
        if self.seats:
            return SECOND if self.seats[-1] == FIRST else FIRST
        return None


def game_counts_as_met(game: GameRecord, forfeit_counts_as_met: bool) -> bool:
    if game.second is None:
        return False
    if forfeit_counts_as_met or game.result is None:
        return True
    return game.result not in _NOT_OVER_THE_BOARD


def game_counts_for_colour(game: GameRecord) -> bool:
    if game.second is None:
        return False
    return game.result is None or game.result not in _NOT_OVER_THE_BOARD


def prior_games(request: PairingRequest) -> list[GameRecord]:
    """The history before this round, in round and table order."""
    return sorted(
        (g for g in request.history if g.round < request.round_number),
        key=lambda g: (g.round, g.table),
    )


def has_prior_games(request: PairingRequest) -> bool:
    return any(g.round < request.round_number for g in request.history)


def unit_of(entrant: PairingEntrant) -> str | None:
    unit = entrant.unit.strip() if entrant.unit else ""
    return unit or None


def same_unit_free_from(settings: PairingSettings) -> int | None:
    """The first round in which two of one unit may meet: 1 when units are never kept apart,
    K + 1 when they are in the first K rounds, None when they always are."""
    if settings.same_unit == "always":
        return None
    if settings.same_unit == "first_k":
        return max(settings.same_unit_rounds, 0) + 1
    return 1


def same_unit_applies(request: PairingRequest) -> bool:
    """Whether players of one unit are kept apart in the request's round."""
    free_from = same_unit_free_from(request.settings)
    return free_from is None or request.round_number < free_from


@dataclass(frozen=True, slots=True)
class UnitMeeting:
    """Two players of one unit at a table: whether the round keeps them apart (the checker
    then warns), else the first round from which units are no longer kept apart."""

    unit: str
    kept_apart: bool
    free_from: int | None


def unit_meeting(request: PairingRequest, a: PlayerState, b: PlayerState) -> UnitMeeting | None:
    """What the same-unit rule says of a table of `a` and `b` in the request's round (None:
    not of one unit, or a unit unknown)."""
    if a.unit is None or a.unit != b.unit:
        return None
    return UnitMeeting(a.unit, same_unit_applies(request), same_unit_free_from(request.settings))


def build_states(request: PairingRequest) -> dict[EntrantId, PlayerState]:
    """Every entrant's derived state, keyed by entrant id."""
    entrants = {e.id: e for e in request.entrants}
    games = prior_games(request)
    meet_forfeits = request.settings.forfeit_counts_as_met

    score: dict[EntrantId, float] = {i: e.initial_points for i, e in entrants.items()}
    seats: dict[EntrantId, list[str]] = {i: [] for i in entrants}
    first_mask: dict[EntrantId, int] = dict.fromkeys(entrants, 0)
    opponents: dict[EntrantId, set[EntrantId]] = {i: set() for i in entrants}
    byes: dict[EntrantId, int] = dict.fromkeys(entrants, 0)
    floated_down: dict[EntrantId, bool] = dict.fromkeys(entrants, False)
    floated_up: dict[EntrantId, bool] = dict.fromkeys(entrants, False)
    last_round = request.round_number - 1

    by_round: dict[int, list[GameRecord]] = {}
    for game in games:
        by_round.setdefault(game.round, []).append(game)

    for rnd in sorted(by_round):
        before = dict(score)  # scores before this round, for floats
        for game in by_round[rnd]:
            a, b = game.first, game.second
            if b is None:
                if a in entrants:
                    byes[a] += 1
                    score[a] += points_for(game, a, request.scoring)
                    if rnd == last_round:
                        floated_down[a] = True
                continue
            for me, other in ((a, b), (b, a)):
                if me not in entrants:
                    continue
                score[me] += points_for(game, me, request.scoring)
                if game_counts_as_met(game, meet_forfeits):
                    opponents[me].add(other)
                if rnd == last_round and other in before:
                    if before[me] > before[other]:
                        floated_down[me] = True
                    elif before[me] < before[other]:
                        floated_up[me] = True
            if game_counts_for_colour(game):
                if a in entrants:
                    seats[a].append(FIRST)
                    first_mask[a] |= 1 << rnd
                if b in entrants:
                    seats[b].append(SECOND)

    states: dict[EntrantId, PlayerState] = {}
    for i, e in entrants.items():
        seq = "".join(seats[i])
        states[i] = PlayerState(
            id=i,
            seed=e.seed,
            name=e.name,
            unit=unit_of(e),
            score=score[i],
            seats=seq,
            first_mask=first_mask[i],
            firsts=seq.count(FIRST),
            seconds=seq.count(SECOND),
            opponents=frozenset(opponents[i]),
            byes=byes[i],
            floated_down=floated_down[i],
            floated_up=floated_up[i],
        )
    return states


def active_ids(request: PairingRequest, states: dict[EntrantId, PlayerState]) -> list[EntrantId]:
    """Active entrants that exist, in seed order."""
    return sorted((i for i in request.active if i in states), key=lambda i: (states[i].seed, i))


def fmt_score(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def names(states: dict[EntrantId, PlayerState], ids: Iterable[EntrantId]) -> str:
    return "、".join(states[i].label if i in states else f"#{i}" for i in ids)
