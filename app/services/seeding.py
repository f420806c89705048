"""Seed numbers (序号): qualifiers by their qualifying rank, then wild cards by grade."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sqlalchemy.orm import Session

from app.errors import FinalsError
from app.services.audit import record
from app.standings.categories import grade_order
from app.store.database import Database
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


# -- re-seeding a whole event (before round 1) ------------------------------------------------

RESEED_BY = ("rating", "grade", "qualifier")
RESEED_WORDS = {"rating": "等级分", "grade": "段级位", "qualifier": "预选赛名次"}


@dataclass(frozen=True)
class Reseeded:
    """What a re-seed did: the entrant ids in seed order before and after."""

    event: str
    by: str  # rating | grade | qualifier | restore
    before: tuple[int, ...]
    after: tuple[int, ...]

    @property
    def moved(self) -> int:
        return sum(1 for a, b in zip(self.before, self.after, strict=True) if a != b)

    def message(self) -> str:
        how = RESEED_WORDS.get(self.by, "原顺序")
        if not self.moved:
            return f"{self.event}：按{how}排序后序号不变。"
        return f"{self.event}：已按{how}重排序号，{self.moved} 人的序号有变。"


def reseed_key(by: str) -> Callable[[Entrant], tuple[object, ...]]:
    """Strongest first; an entrant without the value goes after those with it. Python's
    sort is stable, so ties keep the current order."""
    if by not in RESEED_BY:
        raise FinalsError(
            f"排序方式“{by}”无法识别：可用 rating（等级分）、grade（段级位）、qualifier（预选赛名次）。"
        )

    def key(entrant: Entrant) -> tuple[object, ...]:
        player = entrant.player
        if by == "rating":
            rating = player.rating if player else None
            return (rating is None, -(rating or 0))
        if by == "grade":
            order = grade_order(player.grade) if player else None
            return (order is None, -(order or 0))
        rank = player.qualifier_rank if player else None
        return (rank is None, rank or 0)

    return key


def _event(session: Session, code: str) -> Event:
    from app.services.tournament import get_event  # not at import: players imports this module

    return get_event(session, code)


def _before_round_one(event: Event, what: str) -> None:
    if event.rounds:
        raise FinalsError(
            f"{event.name}（{event.code}）的第1轮已编排，不能再{what}。"
            "如需改动，请先删除第1轮的编排。"
        )


def _seed_list(entrants: list[Entrant]) -> list[str]:
    return [f"{e.seed} {e.name}" for e in entrants]


def reseed_event(db: Database, event_code: str, by: str, operator: str = "") -> Reseeded:
    """Number every entrant of the event again, strongest first by `by` (rating, grade or
    qualifier rank; ties keep their order). Before round 1 only; one transaction and one
    audit entry with the seed list before and after."""
    key = reseed_key(by)
    with db.transaction() as session:
        event = _event(session, event_code)
        _before_round_one(event, "重排序号")
        current = sorted(event.entrants, key=lambda e: e.seed)
        before = _seed_list(current)
        ordered = sorted(current, key=key)
        apply_order(session, ordered)
        record(
            session,
            operator,
            "重排序号",
            f"{event.code} 按{RESEED_WORDS[by]}",
            {"seeds": before},
            {"seeds": _seed_list(ordered)},
        )
        return Reseeded(event.code, by, tuple(e.id for e in current), tuple(e.id for e in ordered))


def restore_seeds(
    db: Database, event_code: str, order: Sequence[int], operator: str = "", by: str = "restore"
) -> Reseeded:
    """Number the event's entrants in the given order of entrant ids (an undone re-seed put
    back, or redone). Refused after round 1, or when the entrants are no longer those."""
    with db.transaction() as session:
        event = _event(session, event_code)
        _before_round_one(event, "调整序号")
        current = sorted(event.entrants, key=lambda e: e.seed)
        by_id = {e.id: e for e in current}
        if set(order) != set(by_id) or len(order) != len(by_id):
            raise FinalsError(f"{event.name}（{event.code}）的选手已有增减，无法恢复原来的序号。")
        ordered = [by_id[i] for i in order]
        apply_order(session, ordered)
        record(
            session,
            operator,
            "重排序号" if by in RESEED_BY else "恢复序号",
            f"{event.code} 按{RESEED_WORDS[by]}" if by in RESEED_BY else event.code,
            {"seeds": _seed_list(current)},
            {"seeds": _seed_list(ordered)},
        )
        return Reseeded(event.code, by, tuple(e.id for e in current), tuple(order))
