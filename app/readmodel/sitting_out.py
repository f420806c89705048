"""Who sat a round out and why, for any round of the read model (issue 38 §5).

Asked of the core for that round (`app.pairing.availability.sitting_out`): the entrants'
withdrawals, late entry and leave as dated in the file, and the games before the round for
the forfeit rule. A reprint of a past round lists who sat out then, not who is out today.
"""

from __future__ import annotations

from app.domain import GameRecord, Result
from app.pairing.availability import Availability, SitOut, sitting_out
from app.readmodel.model import FinalEntrant, FinalEvent


def availability(entrant: FinalEntrant) -> Availability:
    """What decides whether `entrant` plays a round, as the file dates it."""
    return Availability(
        id=entrant.id,
        withdrawn_from_round=entrant.withdrawn_from_round,
        joined_round=entrant.joined_round,
        absent_rounds=frozenset(entrant.absent_rounds),
        withdrawn_rounds=frozenset(entrant.withdrawn_rounds),
        disqualified_after_round=(
            (entrant.disqualified_after_round or 0) if entrant.disqualified else None
        ),
    )


def _result(text: str | None) -> Result | None:
    try:
        return Result(text) if text else None
    except ValueError:
        return None


def games_before(event: FinalEvent, number: int) -> tuple[GameRecord, ...]:
    """The event's games of the rounds before round `number`, as the core reads them."""
    return tuple(
        GameRecord(
            round=rnd.number,
            table=game.table,
            first=game.first,
            second=game.second,
            result=_result(game.result),
        )
        for rnd in event.rounds
        if rnd.number < number
        for game in rnd.games
    )


def round_sitting_out(event: FinalEvent, number: int) -> tuple[SitOut, ...]:
    """Who is not paired in round `number` of `event` and why, in seed order."""
    entrants = sorted(event.entrants, key=lambda e: (e.seed, e.id))
    return sitting_out(
        (availability(e) for e in entrants),
        number,
        games_before(event, number),
        event.settings.withdraw_after_forfeits,
    )
