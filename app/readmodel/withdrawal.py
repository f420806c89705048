"""How a withdrawn entrant is marked in standings: 退赛, with the round it took effect."""

from __future__ import annotations

from app.domain import EntrantStatus
from app.readmodel.model import FinalEntrant


def withdrawal_note(entrant: FinalEntrant, after: int | None = None) -> str:
    """The mark of a withdrawn entrant, 退赛（自第N轮）; "" for one still playing.

    Standings after round `after` carry the mark when the withdrawal took effect by the next
    round (a later withdrawal was not yet known then); `after=None` is the current standing.
    """
    if entrant.status != EntrantStatus.WITHDRAWN:
        return ""
    since = entrant.withdrawn_from_round
    if after is not None and since is not None and since > after + 1:
        return ""
    return f"退赛（自第{since}轮）" if since and since > 1 else "退赛"
