"""Frozen snapshots of an event for the pure core (pairing and standings)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import inspect
from sqlalchemy.orm import Session

from app.domain import (
    EntrantId,
    EntrantStatus,
    EventKind,
    GameRecord,
    Result,
    RoundState,
    RoundStatus,
    Scoring,
    Seed,
)
from app.io.opengotha import KEPT_KEY, kept_parameter_set
from app.pairing.availability import Availability, SitOut, active_ids, sitting_out
from app.pairing.mcmahon import (
    STANDINGS_MEANWHILE,
    McMahonError,
    McMahonPlayer,
    McMahonStart,
    mcmahon_starts,
    missing_grades_error,
    rank_value,
    start_score,
    step_points,
    unreadable,
)
from app.pairing.model import McMahonPairing, PairingEntrant, PairingRequest, PairingSettings
from app.settings import (
    TEAM_MATCH_TIEBREAKS,
    EventSettings,
    StoredEvent,
    event_settings_lenient,
    read_event_settings,
)
from app.standings.model import (
    McMahonCounting,
    StandingsEntrant,
    StandingsRequest,
    StandingsSettings,
)
from app.standings.team_match import board_points as team_board_points
from app.store.models import Entrant, Event, Game

__all__ = ["TEAM_MATCH_TIEBREAKS"]  # re-exported: where it used to live


def _file(event: Event) -> str:
    """The tournament file an event was read from, for the command that fixes a setting."""
    return session_file(inspect(event).session)


def session_file(session: Session | None) -> str:
    """The tournament file a session reads (for the command that fixes a setting)."""
    bind = session.get_bind() if session is not None else None
    url = getattr(bind, "url", None)
    return str(url.database) if url is not None and url.database else "FILE"


def event_settings_of(event: Event, *keys: str) -> EventSettings:
    """The event's typed settings for a reader of `keys` (group names or keys; all if none).

    A bad stored value among them (written by an older version) raises SettingError naming
    the event, the key, the values allowed and the `finals settings` command that fixes it.
    """
    return read_event_settings(stored_event(event), keys, _file(event))


def settings_in_force(event: Event) -> EventSettings:
    """The event's typed settings for a reader that must not stop: a value the file holds that
    cannot be used gives way to its default (the settings commands name it)."""
    return event_settings_lenient(stored_event(event))[0]


def stored_event(event: Event) -> StoredEvent:
    """An event's settings as the file holds them, for `app.settings` to check."""
    return StoredEvent(
        code=event.code,
        name=event.name,
        kind=event.kind,
        rounds_planned=event.rounds_planned,
        scoring=event.scoring or {},
        pairing=event.pairing or {},
        standings=event.standings or {},
        eligibility=event.eligibility or {},
    )


def is_team_match(event: Event) -> bool:
    """A team event played team v team, board by board (a setting; default: sum of members)."""
    return (
        event.kind == EventKind.TEAM
        and event_settings_of(event, "pairing.team_format").is_team_match
    )


def board_points(game: Game) -> tuple[float, float]:
    """Board points 2/1/0 (RULES §7) of the two teams of a match."""
    return team_board_points((b.board, b.result) for b in game.boards)


def game_record(game: Game, round_number: int) -> GameRecord:
    first_boards, second_boards = board_points(game) if game.boards else (0.0, 0.0)
    return GameRecord(
        round=round_number,
        table=game.table,
        first=EntrantId(game.first_id),
        second=None if game.second_id is None else EntrantId(game.second_id),
        result=Result(game.result) if game.result else None,
        fouls_first=game.fouls_first or 0,
        fouls_second=game.fouls_second or 0,
        seat_swapped=bool(game.seat_swapped),
        first_board_points=first_boards,
        second_board_points=second_boards,
        handicap=game.handicap or 0,
    )


def event_games(event: Event, up_to_round: int | None = None) -> tuple[GameRecord, ...]:
    return tuple(
        game_record(game, rnd.number)
        for rnd in event.rounds
        if up_to_round is None or rnd.number <= up_to_round
        for game in rnd.games
    )


def scoring(event: Event) -> Scoring:
    return event_settings_of(event, "scoring").scoring


def pairing_settings(event: Event) -> PairingSettings:
    return event_settings_of(event, "pairing").pairing


def standings_settings(event: Event) -> StandingsSettings:
    """The tie-break order and conventions; a team match ranks by 局分, 对手分, 直胜 unless set."""
    return event_settings_of(event, "standings", "pairing.team_format").standings


def withdraws_after_forfeits(event: Event) -> int:
    """Consecutive forfeit losses after which a player leaves the event (0 = never)."""
    return event_settings_of(event, "pairing.withdraw_after_forfeits").withdraw_after_forfeits


def withdrawn_from(entrant: Entrant) -> int | None:
    """The round a withdrawal took effect from (None: not withdrawn); a disqualified entrant
    keeps a withdrawal made before it (the rounds between stay withdrawn)."""
    if entrant.status == EntrantStatus.WITHDRAWN:
        return entrant.withdrawn_from_round or 1
    if entrant.status == EntrantStatus.DISQUALIFIED:
        return entrant.withdrawn_from_round
    return None


def disqualified_after(entrant: Entrant) -> int | None:
    """The round after which a disqualified entrant is out (None: not disqualified)."""
    if entrant.status != EntrantStatus.DISQUALIFIED:
        return None
    return entrant.disqualified_after_round or 0


def availability(entrant: Entrant) -> Availability:
    return Availability(
        id=EntrantId(entrant.id),
        withdrawn_from_round=withdrawn_from(entrant),
        joined_round=entrant.joined_round,
        absent_rounds=frozenset(
            s.round_number for s in entrant.round_status if s.status == RoundStatus.ABSENT
        ),
        withdrawn_rounds=frozenset(
            s.round_number for s in entrant.round_status if s.status == RoundStatus.WITHDRAWN
        ),
        disqualified_after_round=disqualified_after(entrant),
    )


def active_entrants(
    event: Event, round_number: int, history: tuple[GameRecord, ...] | None = None
) -> frozenset[EntrantId]:
    """Who is paired in `round_number` (`history`: the games before it, when already read)."""
    games = event_games(event, round_number - 1) if history is None else history
    return active_ids(
        (availability(e) for e in event.entrants),
        round_number,
        games,
        withdraws_after_forfeits(event),
    )


def entrants_sitting_out(
    event: Event, round_number: int, history: tuple[GameRecord, ...] | None = None
) -> tuple[SitOut, ...]:
    """Who is not paired in `round_number` and why, in seed order."""
    games = event_games(event, round_number - 1) if history is None else history
    return sitting_out(
        (availability(e) for e in sorted(event.entrants, key=lambda e: e.seed)),
        round_number,
        games,
        withdraws_after_forfeits(event),
    )


def _rating(entrant: Entrant) -> int:
    if entrant.player is not None:
        return entrant.player.rating or 0
    return sum((m.player.rating or 0) for m in entrant.members)


# What pairing a round reads (team matches: the boards per match are eligibility.team_size).
PAIRING_KEYS = ("rounds_planned", "scoring", "pairing", "eligibility.team_size")


def mcmahon_player(entrant: Entrant, corrections: bool = True) -> McMahonPlayer:
    player = entrant.player
    return McMahonPlayer(
        id=EntrantId(entrant.id),
        seed=Seed(entrant.seed),
        name=entrant.name,
        grade=player.grade if player is not None else None,
        correction=(entrant.mcmahon_correction or 0) if corrections else 0,
    )


def event_mcmahon_starts(event: Event) -> tuple[McMahonStart, ...]:
    """Every entrant's McMahon start and group (issue 18), in seed order.

    McMahonError (naming the players and the fix) when a grade cannot be read; SettingError
    when the event's mcmahon settings are bad.
    """
    settings = event_settings_of(event, "scoring", "mcmahon", "pairing.system")
    return mcmahon_starts(
        (mcmahon_player(e, settings.mcmahon.corrections) for e in event.entrants),
        settings.mcmahon.bounds(),
        settings.scoring.win,
        event.code,
    )


def mcmahon_start_points(event: Event, strict: bool) -> dict[int, float]:
    """{entrant id: McMahon start in points}; empty outside McMahon events.

    `strict` (pairing): an unreadable grade is refused (McMahonError).  Otherwise (standings,
    lists) the entrant starts at 0, `finals mcmahon` names him and the standings' rules say
    so (`mcmahon_standings_notes`).
    """
    if strict:
        if not event_settings_of(event, "pairing.system").is_mcmahon:
            return {}
        return {s.id: s.start for s in event_mcmahon_starts(event)}
    # A reader (standings, lists): bad settings are named by the commands that use them.
    typed = settings_in_force(event)
    if not typed.is_mcmahon:
        return {}
    try:
        limits = typed.mcmahon.bounds()
    except McMahonError:
        return {}
    out: dict[int, float] = {}
    corrections = typed.mcmahon.corrections
    for e in event.entrants:
        rank = rank_value(e.player.grade if e.player is not None else None)
        correction = (e.mcmahon_correction or 0) if corrections else 0
        out[e.id] = (
            0.0 if rank is None else start_score(rank, limits, typed.scoring.win, correction)
        )
    return out


def mcmahon_counting(event: Event) -> McMahonCounting:
    """How the event's McMahon standings count OpenGotha's rules (issue 29); none of them
    outside McMahon events."""
    typed = settings_in_force(event)
    if not typed.is_mcmahon:
        return McMahonCounting()
    rules, step = typed.mcmahon, step_points(typed.scoring.win)
    return McMahonCounting(
        stone_points=step if rules.sos_handicap else 0.0,
        unpaired_as_start=rules.unpaired_as_start,
        absent_points=rules.absent_score * step,
        absent_round_to=step if rules.absent_round_down else 0.0,
    )


def mcmahon_pairing(event: Event) -> McMahonPairing | None:
    """What OpenGotha's McMahon pairing reads of the event (None outside McMahon events, or
    when its bar and floor cannot be read: the start points have named that already)."""
    typed = settings_in_force(event)
    if not typed.is_mcmahon:
        return None
    rules = typed.mcmahon
    try:
        limits = rules.bounds()
    except McMahonError:
        return None
    ranks: dict[EntrantId, int] = {}
    countries: dict[EntrantId, str] = {}
    for e in event.entrants:
        rank = rank_value(e.player.grade if e.player is not None else None)
        if rank is not None:
            ranks[EntrantId(e.id)] = rank
        if e.player is not None and e.player.country:
            countries[EntrantId(e.id)] = e.player.country
    return McMahonPairing(
        bar=limits.bar,
        floor=limits.floor,
        ranks=ranks,
        corrections={
            EntrantId(e.id): e.mcmahon_correction or 0 for e in event.entrants if rules.corrections
        },
        countries=countries,
        absent_score=rules.absent_score,
        absent_round_down=rules.absent_round_down,
        engine=rules.engine,
        file_parameters=_kept_parameter_set(event),
    )


def _kept_parameter_set(event: Event) -> list[Any] | None:
    """An imported OpenGotha event's own parameter sets, as the import kept them."""
    kept = (event.pairing or {}).get(KEPT_KEY)
    return kept_parameter_set(kept) if isinstance(kept, Mapping) else None


def pairing_request(
    event: Event,
    round_number: int,
    lot_seed: int | None = None,
    strict: bool = True,
    as_paired: bool = False,
) -> PairingRequest:
    """What the pairing of `round_number` needs.  `strict` (pairing): a McMahon grade that
    cannot be read is refused; otherwise (viewing a paired round) it starts at 0.
    `as_paired` (checking or showing a paired round): the pairing settings it was paired
    by, when the file kept them, not today's."""
    settings = event_settings_of(event, *PAIRING_KEYS)
    pairing = settings.pairing
    if as_paired:
        pairing = paired_by(event, round_number) or pairing
    history = event_games(event, round_number - 1)
    starts = mcmahon_start_points(event, strict=strict)
    counting = mcmahon_counting(event) if starts else McMahonCounting()

    def away(entrant: Entrant) -> float:  # McMahon: what the rounds on leave so far add
        rounds = sum(
            1
            for s in entrant.round_status
            if s.status == RoundStatus.ABSENT and s.round_number < round_number and s.points is None
        )
        return counting.absent_bonus(rounds)

    return PairingRequest(
        round_number=round_number,
        rounds_planned=settings.rounds_planned,
        entrants=tuple(
            PairingEntrant(
                id=EntrantId(e.id),
                seed=Seed(e.seed),
                name=e.name,
                unit=e.unit,
                rating=_rating(e),
                # McMahon: the pairing score is the McMahon score (start + points)
                initial_points=(e.initial_points or 0.0)
                + starts.get(e.id, 0.0)
                + away(e)
                + sum(requested_byes(e, before=round_number).values()),
            )
            for e in event.entrants
        ),
        active=active_entrants(event, round_number, history),
        history=history,
        scoring=settings.scoring,
        settings=pairing,
        lot_seed=lot_seed,
        sitting_out=entrants_sitting_out(event, round_number, history),
        withdraw_after_forfeits=settings.withdraw_after_forfeits,
        mcmahon=mcmahon_pairing(event) if starts else None,
    )


def paired_by(event: Event, round_number: int) -> PairingSettings | None:
    """The pairing settings round `round_number` was paired by (None: not paired, or paired
    before the file kept them)."""
    rnd = next((r for r in event.rounds if r.number == round_number), None)
    if rnd is None or not rnd.pairing_settings:
        return None
    return PairingSettings.from_dict(dict(rnd.pairing_settings))


def standings_entrant(entrant: Entrant, mcmahon_start: float = 0.0) -> StandingsEntrant:
    player = entrant.player
    grade = player.grade if player else None
    return StandingsEntrant(
        id=EntrantId(entrant.id),
        seed=Seed(entrant.seed),
        name=entrant.name,
        gender=player.gender if player else _pair_gender(entrant),
        birth_date=player.birth_date.isoformat() if player and player.birth_date else None,
        grade=grade,
        rating=_rating(entrant),
        initial_points=entrant.initial_points or 0.0,
        mcmahon_start=mcmahon_start,
        absent_rounds=frozenset(
            s.round_number
            for s in entrant.round_status
            if s.status == RoundStatus.ABSENT and s.points is None
        ),
        requested_byes=requested_byes(entrant),
        disqualified_after=disqualified_after(entrant),
    )


def requested_byes(entrant: Entrant, before: int | None = None) -> dict[int, float]:
    """The entrant's requested byes (TRF H, F, Z): round → points (rounds < `before`)."""
    return {
        s.round_number: s.points
        for s in entrant.round_status
        if s.status == RoundStatus.ABSENT
        and s.points is not None
        and (before is None or s.round_number < before)
    }


def _pair_gender(entrant: Entrant) -> str | None:
    genders = {m.player.gender for m in entrant.members}
    return genders.pop() if len(genders) == 1 else None


def last_complete_round(event: Event) -> int:
    """Standings are 'after round N' for the latest round whose results are all in."""
    return max((r.number for r in event.rounds if r.status == RoundState.COMPLETE), default=0)


def standings_request(event: Event, after_round: int | None = None) -> StandingsRequest:
    """Standings after `after_round` (default: the latest complete round).  A round past the
    event's last one is never counted as if it had been played: the standings are the
    latest ones, and say so (a whole final exported after a round only some events reach)."""
    last = after_round if after_round is not None else last_complete_round(event)
    clamped: tuple[str, ...] = ()
    paired = max((r.number for r in event.rounds), default=0)
    if last > paired:
        last = last_complete_round(event)
        reached = f"只进行到第{paired}轮" if paired else "尚未编排任何轮次"
        clamped = (
            f"要求第{after_round}轮后的排名，本项目{reached}："
            f"此为{f'第{last}轮后' if last else '开赛前'}的排名。",
        )
    settings = event_settings_of(event, "scoring", "standings", "pairing.team_format")
    starts = mcmahon_start_points(event, strict=False)
    return StandingsRequest(
        entrants=tuple(standings_entrant(e, starts.get(e.id, 0.0)) for e in event.entrants),
        games=event_games(event, last),
        after_round=last,
        scoring=settings.scoring,
        settings=settings.standings,
        mcmahon=mcmahon_counting(event),
        notes=(*clamped, *mcmahon_standings_notes(event, starts)),
    )


def mcmahon_standings_notes(
    event: Event, starts: dict[int, float], then: str = STANDINGS_MEANWHILE
) -> tuple[str, ...]:
    """A McMahon event ranked with a start of 0 for a grade that cannot be read: the
    pairing's refusal (the players, the fix), saying what the standings count meanwhile.

    The standings are not refused: every document of the final (`finals mcmahon`, which
    lists these players, and the other events' prints among them) is built from them."""
    if not starts:  # not McMahon, or its bar/floor cannot be used (named by the settings)
        return ()
    bad = unreadable(mcmahon_player(e) for e in event.entrants)
    if not bad:
        return ()
    return (missing_grades_error(bad, event.code, then).message,)
