"""`pair_dutch`: the FIDE (Dutch) System as a pairing setting of an event (`dutch`).

The engine itself is `app.pairing.dutch_core` (C.04.3 in force since 1 July 2025, on
weighted matching).  This module adapts a `PairingRequest`:

* pairing numbers are the seed numbers (序号), in order; scores use the event's scoring
  (`points_for`), scaled to integers;
* TRF "white" is the first mover (`PairedGame.first`);
* the initial colour: seed 1 moves first in round 1 (TRF `XXC white1`), unless the round-1
  games of the history say otherwise;
* a forfeited game is not a meeting when `settings.forfeit_counts_as_met` is off (FIDE);
  with it on (the event default) the two are never paired again;
* same-unit avoidance (`settings.same_unit`) is an extra absolute criterion; when it makes
  the round impossible it is relaxed and the relaxation reported.  When even C1-C3 cannot
  all hold, the round is paired by 积分编排 and that is reported.

Tables follow C.04.2 (higher score of the pair, lower score, higher rank); the bye last.
"""

from __future__ import annotations

import math
from fractions import Fraction

from app.domain import EntrantId, GameRecord, Result, points_for
from app.pairing.dutch_core import (
    WHITE,
    DutchMatch,
    DutchPlayer,
    DutchTournament,
    NoValidPairing,
    pair_dutch_players,
)
from app.pairing.model import PairedGame, Pairing, PairingRequest
from app.pairing.state import same_unit_applies, unit_of

_NOT_PLAYED = frozenset(
    {
        Result.FIRST_WINS_BY_FORFEIT,
        Result.SECOND_WINS_BY_FORFEIT,
        Result.DOUBLE_FORFEIT,
        Result.NOT_PLAYED,
    }
)


def _scale(request: PairingRequest) -> int:
    """An integer factor that makes every score of the event whole."""
    values = [Fraction(str(v)) for v in request.scoring.to_dict().values()]
    values += [Fraction(str(e.initial_points)) for e in request.entrants]
    return math.lcm(*(v.denominator for v in values)) if values else 1


def dutch_tournament(request: PairingRequest, use_units: bool = True) -> DutchTournament:
    """The Dutch engine's view of a pairing request."""
    scale = _scale(request)
    rnd = request.round_number
    played_rounds = rnd - 1
    entrants = sorted(request.entrants, key=lambda e: (e.seed, e.id))
    by_round: dict[tuple[int, int], GameRecord] = {}
    for g in request.history:
        if g.round >= rnd:
            continue
        by_round[(g.round, g.first)] = g
        if g.second is not None:
            by_round[(g.round, g.second)] = g

    def pts(value: float) -> int:
        return int(Fraction(str(value)) * scale)

    units = {e.id: unit_of(e) for e in entrants}
    unit_rule = use_units and same_unit_applies(request)
    players: list[DutchPlayer] = []
    initial_white = True
    seen_initial = False
    for rank, e in enumerate(entrants):
        matches: list[DutchMatch] = []
        score = pts(e.initial_points)
        for r in range(1, rnd):
            game = by_round.get((r, e.id))
            if game is None:
                matches.append(DutchMatch(None, None, False, False, False, 0))
                continue
            p = pts(points_for(game, e.id, request.scoring))
            score += p
            if game.second is None:
                matches.append(DutchMatch(None, None, False, True, p > 0, p))
                continue
            first = game.first == e.id
            opponent = game.second if first else game.first
            played = game.result is None or game.result not in _NOT_PLAYED
            win = game.result in (
                (Result.FIRST_WINS, Result.FIRST_WINS_BY_FORFEIT)
                if first
                else (Result.SECOND_WINS, Result.SECOND_WINS_BY_FORFEIT)
            )
            colour = WHITE if first else "B"
            matches.append(DutchMatch(opponent, colour, played, True, win, p))
            if r == 1 and played and not seen_initial and rank < len(entrants):
                # The first-ranked player with a round-1 game tells the initial colour.
                seen_initial = True
                initial_white = first if rank % 2 == 0 else not first
        forbidden: set[int] = set()
        if unit_rule and units[e.id] is not None:
            forbidden = {o.id for o in entrants if o.id != e.id and units[o.id] == units[e.id]}
        players.append(DutchPlayer(e.id, rank, score, tuple(matches), frozenset(forbidden)))
    win_points = pts(request.scoring.win)
    draw_points = pts(request.scoring.draw)
    return DutchTournament(
        players=tuple(players),
        to_pair=frozenset(request.active & {e.id for e in entrants}),
        played_rounds=played_rounds,
        total_rounds=max(request.rounds_planned, rnd),
        win=win_points,
        draw=draw_points,
        initial_white=initial_white,
        forfeits_count_as_met=request.settings.forfeit_counts_as_met,
    )


def _entrant_pairs(pairs: list[tuple[int, int | None]]) -> list[tuple[EntrantId, EntrantId | None]]:
    """The Dutch core numbers players with plain ints (a TRF file's start numbers, or here
    the entrant ids `dutch_tournament` gave it): read them back as entrant ids."""
    return [(EntrantId(a), None if b is None else EntrantId(b)) for a, b in pairs]


def dutch_pairs(
    request: PairingRequest,
) -> tuple[list[tuple[EntrantId, EntrantId | None]], list[str]]:
    """(first mover, second mover | None) in table order, and the relaxations made."""
    rnd = request.round_number
    notes: list[str] = []
    try:
        return _entrant_pairs(pair_dutch_players(dutch_tournament(request))), notes
    except NoValidPairing:
        if same_unit_applies(request):
            notes.append(f"第{rnd}轮：荷兰制下同单位回避无法全部满足，已放宽")
    try:
        pairs = pair_dutch_players(dutch_tournament(request, use_units=False))
        return _entrant_pairs(pairs), notes
    except NoValidPairing:
        notes.append(f"第{rnd}轮：荷兰制绝对准则（C1–C3）无法全部满足，本轮改用积分编排")
    from app.pairing.state import active_ids, build_states
    from app.pairing.swiss import pair_swiss

    states = build_states(request)
    return pair_swiss(request, states, active_ids(request, states)), notes


def pair_dutch(request: PairingRequest) -> Pairing:
    """One round of an event by the FIDE (Dutch) System, checked and explained."""
    from app.pairing.checker import check_with_states
    from app.pairing.report import explain_with_states, relaxations_from
    from app.pairing.state import build_states

    pairs, relaxations = dutch_pairs(request)
    games = tuple(
        PairedGame(table, first, second) for table, (first, second) in enumerate(pairs, 1)
    )
    states = build_states(request)
    findings = check_with_states(request, games, states)
    relaxations.extend(relaxations_from(request, findings, games, states))
    return Pairing(
        round_number=request.round_number,
        games=games,
        notes=explain_with_states(request, games, states),
        relaxations=tuple(relaxations),
    )


__all__ = ["dutch_pairs", "dutch_tournament", "pair_dutch"]
