"""Seed numbers (序号): qualifiers by their qualifying rank, then wild cards by grade."""

from __future__ import annotations

from sqlalchemy.orm import Session

from app.standings.categories import grade_order
from app.store.models import Entrant, Event, Player


def player_seed_key(
    player: Player | None, given: int | None, tiebreak: object
) -> tuple[object, ...]:
    """Where a player goes in the seeding order: a given 序号 first, then qualifiers by
    their qualifying rank, then wild cards (来源 contains 外卡); grade and rating break
    ties, then `tiebreak` (the order of registration)."""
    wild_card = bool(player and player.source and "外卡" in player.source)
    rank = player.qualifier_rank if player and player.qualifier_rank is not None else 10**9
    grade = grade_order(player.grade or "") if player else None
    rating = player.rating if player and player.rating is not None else 0
    return (given is None, given or 0, wild_card, rank, -(grade or -100), -rating, tiebreak)


def seed_key(entrant: Entrant, explicit: dict[int, int]) -> tuple[object, ...]:
    return player_seed_key(entrant.player, explicit.get(entrant.id), entrant.id)


def reseed(session: Session, event: Event, explicit: dict[int, int] | None = None) -> None:
    """Number the event's entrants 1..n in seeding order (only before round 1)."""
    ordered = sorted(event.entrants, key=lambda e: seed_key(e, explicit or {}))
    apply_order(session, ordered)


def apply_order(session: Session, ordered: list[Entrant]) -> None:
    # Two passes keep the (event, seed) uniqueness constraint satisfied at every flush.
    for index, entrant in enumerate(ordered, start=1):
        entrant.seed = -index
    session.flush()
    for index, entrant in enumerate(ordered, start=1):
        entrant.seed = index
    session.flush()
