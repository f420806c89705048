"""Frozen snapshots of an event for the pure core (pairing and standings)."""

from __future__ import annotations

from app.domain import GameRecord, Result, Scoring
from app.pairing.model import PairingEntrant, PairingRequest, PairingSettings
from app.standings.model import StandingsEntrant, StandingsRequest, StandingsSettings
from app.store.models import Entrant, Event, Game

BOARD_POINTS = {"1-0": (2, 0), "0-1": (0, 2), "=": (1, 1), "+-": (2, 0), "-+": (0, 2)}


def is_team_match(event: Event) -> bool:
    """A team event played team v team, board by board (a setting; default: sum of members)."""
    return event.kind == "team" and (event.pairing or {}).get("team_format", "sum") == "match"


def board_points(game: Game) -> tuple[float, float]:
    """Board points 2/1/0 (RULES §7) of the two teams of a match."""
    first = second = 0.0
    for board in game.boards:
        a, b = BOARD_POINTS.get(board.result or "", (0, 0))
        # Boards alternate: on even boards the second team's player moves first.
        if board.board % 2 == 0:
            a, b = b, a
        first, second = first + a, second + b
    return first, second


def game_record(game: Game, round_number: int) -> GameRecord:
    first_boards, second_boards = board_points(game) if game.boards else (0.0, 0.0)
    return GameRecord(
        round=round_number, table=game.table, first=game.first_id, second=game.second_id,
        result=Result(game.result) if game.result else None,
        fouls_first=game.fouls_first or 0, fouls_second=game.fouls_second or 0,
        seat_swapped=bool(game.seat_swapped),
        first_board_points=first_boards, second_board_points=second_boards,
    )


def event_games(event: Event, up_to_round: int | None = None) -> tuple[GameRecord, ...]:
    return tuple(
        game_record(game, rnd.number)
        for rnd in event.rounds
        if up_to_round is None or rnd.number <= up_to_round
        for game in rnd.games
    )


def scoring(event: Event) -> Scoring:
    return Scoring.from_dict(event.scoring or {})


def pairing_settings(event: Event) -> PairingSettings:
    return PairingSettings.from_dict(event.pairing or {})


TEAM_MATCH_TIEBREAKS = ("局分", "对手分", "直胜")


def standings_settings(event: Event) -> StandingsSettings:
    settings = StandingsSettings.from_dict(event.standings or {})
    if is_team_match(event) and any(t.startswith("队员") for t in settings.tiebreaks):
        # The sum model's tie-breaks mean nothing for matches: match points, then 局分.
        settings = StandingsSettings.from_dict(
            {**(event.standings or {}), "tiebreaks": list(TEAM_MATCH_TIEBREAKS)})
    return settings


def withdraws_after_forfeits(event: Event) -> int:
    """Consecutive forfeit losses after which a player leaves the event (0 = never)."""
    return int((event.pairing or {}).get("withdraw_after_forfeits", 2))


def _forfeited(games: tuple[GameRecord, ...], entrant: int, round_number: int) -> bool:
    for game in games:
        if game.round == round_number and game.involves(entrant) and game.result is not None:
            if game.result is Result.DOUBLE_FORFEIT:
                return True
            if game.result is Result.FIRST_WINS_BY_FORFEIT:
                return entrant == game.second
            if game.result is Result.SECOND_WINS_BY_FORFEIT:
                return entrant == game.first
    return False


def inactive_reason(
    entrant: Entrant, round_number: int, games: tuple[GameRecord, ...], limit: int
) -> str | None:
    """Why `entrant` is not paired in `round_number`, or None when it plays."""
    if entrant.status == "withdrawn" and (entrant.withdrawn_from_round or 1) <= round_number:
        return "退赛"
    if entrant.joined_round > round_number:
        return "未报到"
    if any(s.round_number == round_number and s.status == "absent" for s in entrant.round_status):
        return "请假"
    if limit and round_number > limit and all(
        _forfeited(games, entrant.id, r) for r in range(round_number - limit, round_number)
    ):
        return f"连续{limit}轮弃权，取消后续比赛资格"
    return None


def active_entrants(event: Event, round_number: int) -> frozenset[int]:
    games = event_games(event, round_number - 1)
    limit = withdraws_after_forfeits(event)
    return frozenset(
        e.id for e in event.entrants if inactive_reason(e, round_number, games, limit) is None
    )


def _rating(entrant: Entrant) -> int:
    if entrant.player is not None:
        return entrant.player.rating or 0
    return sum((m.player.rating or 0) for m in entrant.members)


def pairing_request(event: Event, round_number: int, lot_seed: int | None = None) -> PairingRequest:
    return PairingRequest(
        round_number=round_number,
        rounds_planned=event.rounds_planned,
        entrants=tuple(
            PairingEntrant(id=e.id, seed=e.seed, name=e.name, unit=e.unit, rating=_rating(e),
                           initial_points=e.initial_points or 0.0)
            for e in event.entrants
        ),
        active=active_entrants(event, round_number),
        history=event_games(event, round_number - 1),
        scoring=scoring(event),
        settings=pairing_settings(event),
        lot_seed=lot_seed,
    )


def standings_entrant(entrant: Entrant) -> StandingsEntrant:
    player = entrant.player
    grade = player.grade if player else None
    return StandingsEntrant(
        id=entrant.id, seed=entrant.seed, name=entrant.name,
        gender=player.gender if player else _pair_gender(entrant),
        birth_date=player.birth_date.isoformat() if player and player.birth_date else None,
        grade=grade, rating=_rating(entrant), initial_points=entrant.initial_points or 0.0,
    )


def _pair_gender(entrant: Entrant) -> str | None:
    genders = {m.player.gender for m in entrant.members}
    return genders.pop() if len(genders) == 1 else None


def last_complete_round(event: Event) -> int:
    """Standings are 'after round N' for the latest round whose results are all in."""
    return max((r.number for r in event.rounds if r.status == "complete"), default=0)


def standings_request(event: Event, after_round: int | None = None) -> StandingsRequest:
    last = after_round if after_round is not None else last_complete_round(event)
    return StandingsRequest(
        entrants=tuple(standings_entrant(e) for e in event.entrants),
        games=event_games(event, last),
        after_round=last,
        scoring=scoring(event),
        settings=standings_settings(event),
    )

