"""Points not won over the board, explained where they count (issue 38 §5): a late entrant's
awarded points (迟到，第3轮加入，给1分) and a requested bye's (第5轮请求轮空，给1分), for the
standings' notes and the crosstable's legend, worded once here."""

from __future__ import annotations

from collections.abc import Collection

from app.domain import EntrantId
from app.readmodel.model import FinalEntrant, FinalEvent
from app.standings._resolve import fmt


def entrant_points_note(entrant: FinalEntrant, after: int | None = None) -> str:
    """What `entrant` was given without a game (by round `after` when given); "" if nothing."""
    parts = []
    if entrant.joined_round > 1:
        parts.append(f"迟到，第{entrant.joined_round}轮加入，给{fmt(entrant.initial_points)}分")
    for number, points in entrant.requested_byes:
        if points and (after is None or number <= after):
            parts.append(f"第{number}轮请求轮空，给{fmt(points)}分")
    return "；".join(parts)


def points_notes(
    event: FinalEvent, after: int | None = None, only: Collection[EntrantId] | None = None
) -> tuple[str, ...]:
    """12号王磊：迟到，第3轮加入，给1分 — one line per entrant given points without a game,
    in seed order (`after`: the round the standings are after; `only`: of these entrants,
    the ones a list shows)."""
    out = []
    for entrant in sorted(event.entrants, key=lambda e: (e.seed, e.id)):
        if only is not None and entrant.id not in only:
            continue
        note = entrant_points_note(entrant, after)
        if note:
            out.append(f"{entrant.seed}号{entrant.name}：{note}")
    return tuple(out)
