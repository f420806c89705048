"""How a withdrawn or disqualified entrant is marked in standings: 退赛, with the round it
took effect; 取消资格, with the round after which it applies and the reason."""

from __future__ import annotations

from app.domain import EntrantStatus
from app.readmodel.model import FinalEntrant


def disqualification_text(after_round: int | None, reason: str | None) -> str:
    """取消资格（第5轮后：经查实冒名参赛）: how every list marks a disqualified entrant."""
    when = f"第{after_round}轮后" if after_round else "开赛前"
    return f"取消资格（{when}：{reason}）" if reason else f"取消资格（{when}）"


def disqualification_note(entrant: FinalEntrant, after: int | None = None) -> str:
    """The mark of a disqualified entrant in standings after round `after` (None: the
    current ones): "" for anyone else, and in standings before it took effect."""
    if entrant.status != EntrantStatus.DISQUALIFIED:
        return ""
    since = entrant.disqualified_after_round or 0
    if after is not None and after < since:
        return ""
    return disqualification_text(since, entrant.disqualified_reason)


def withdrawal_note(entrant: FinalEntrant, after: int | None = None) -> str:
    """The mark of a withdrawn entrant, 退赛（自第N轮）; "" for one still playing; a
    disqualified one's 取消资格（第N轮后：理由） (`disqualification_note`).

    Standings after round `after` carry the mark when the withdrawal took effect by the next
    round (a later withdrawal was not yet known then); `after=None` is the current standing.
    Standings from before a disqualification show the withdrawal made before it, if any.
    """
    disqualified = disqualification_note(entrant, after)
    if disqualified:
        return disqualified
    # withdrawn before a disqualification not yet in force: marked as the withdrawal was
    withdrawn_before = (
        entrant.status == EntrantStatus.DISQUALIFIED and entrant.withdrawn_from_round is not None
    )
    if entrant.status != EntrantStatus.WITHDRAWN and not withdrawn_before:
        return ""
    since = entrant.withdrawn_from_round
    if after is not None and since is not None and since > after + 1:
        return ""
    return f"退赛（自第{since}轮）" if since and since > 1 else "退赛"
