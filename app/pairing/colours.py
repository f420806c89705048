"""Who moves first (RULES §3) and the colour limits.

"More first moves" is measured as firsts − seconds of the seat history (identical to
the plain count when both have played the same number of games; fairer after a bye or
an absence).  Round 1 (no history): the smaller seed number moves first on odd tables,
the larger on even tables (小序号, 大序号: the number, never "high" or "low", which read
both ways).
"""

from __future__ import annotations

from dataclasses import dataclass

from app.domain import EntrantId
from app.pairing.model import ColourLimits, PairingSettings
from app.pairing.state import FIRST, SECOND, PlayerState

REASON_FEWER_FIRSTS = "先手次数少"
REASON_LAST_SECOND = "上轮后手"
REASON_ODD_ROUND = "单数轮小序号先手"
REASON_EVEN_ROUND = "双数轮大序号先手"
REASON_NO_THREE = "避免连续三局同色"
REASON_SURPLUS = "避免先后手差超限"
REASON_ROUND_ONE_ODD = "首轮单数台小序号先手"
REASON_ROUND_ONE_EVEN = "首轮双数台大序号先手"
REASON_MANUAL = "人工指定"
REASON_BERGER = "贝格尔表"


COLOUR_LIMITS_KEY = "pairing.colour_limits"
COLOUR_LIMITS_WORDS: dict[str, str] = {
    "absolute": "绝对规则：编排必须遵守，无法满足时放宽并报告，检查算违规",
    "preference": "编排偏好：只计入编排代价，检查只作提示，不算违规",
}


def default_colour_limits(system: str, mcmahon_engine: str) -> ColourLimits:
    """The colour rule an event keeps when it does not set `pairing.colour_limits`: a McMahon
    event paired by OpenGotha's engine balances colours as OpenGotha does — a cost among the
    others, not a limit — so 禁连三 and the surplus limit are a preference there; every other
    event keeps them as absolute rules (RULES §3.4)."""
    if system == "mcmahon" and mcmahon_engine == "opengotha":
        return "preference"
    return "absolute"


def breaches(state: PlayerState, seat: str, settings: PairingSettings) -> tuple[bool, bool]:
    """(third same colour in a row, surplus beyond the limit) if `state` takes `seat`."""
    row = settings.no_three_in_row and state.seats[-2:] == seat * 2
    diff = state.colour_diff + (1 if seat == FIRST else -1)
    surplus = abs(diff) > settings.max_colour_surplus and abs(diff) > abs(state.colour_diff)
    return row, surplus


def seat_ok(state: PlayerState, seat: str, settings: PairingSettings) -> bool:
    row, surplus = breaches(state, seat, settings)
    return not (row or surplus)


@dataclass(frozen=True, slots=True)
class ColourChoice:
    first: EntrantId
    second: EntrantId
    reason: str
    legal: bool  # both colour limits hold for both players
    breaches: int  # number of players whose colour limit is broken
    misses: int  # weighted colour-preference misses (2 strong, 1 mild)


def _rule_choice(a: PlayerState, b: PlayerState, round_number: int) -> tuple[bool, str]:
    """(a moves first?, reason) by RULES §3.1–3.3 alone."""
    da, db = a.colour_diff, b.colour_diff
    if da != db:
        return da < db, REASON_FEWER_FIRSTS
    x = a.first_mask ^ b.first_mask
    if x:
        top = x.bit_length() - 1
        a_first = not (a.first_mask >> top) & 1
        reason = REASON_LAST_SECOND if top == round_number - 1 else f"第{top}轮后手"
        return a_first, reason
    if round_number % 2 == 1:
        return (a.seed, a.id) < (b.seed, b.id), REASON_ODD_ROUND
    return (a.seed, a.id) > (b.seed, b.id), REASON_EVEN_ROUND


def _count(a: PlayerState, b: PlayerState, a_first: bool, settings: PairingSettings) -> int:
    sa, sb = (FIRST, SECOND) if a_first else (SECOND, FIRST)
    n = 0
    for st, seat in ((a, sa), (b, sb)):
        row, surplus = breaches(st, seat, settings)
        n += int(row or surplus)
    return n


def misses(state: PlayerState, seat: str) -> int:
    """Colour-preference miss if `state` takes `seat`: 2 with a surplus, 1 otherwise."""
    due = state.due
    if due is None or due == seat:
        return 0
    return 2 if state.colour_diff != 0 else 1


def choose(
    a: PlayerState, b: PlayerState, round_number: int, settings: PairingSettings
) -> ColourChoice:
    """The seats of a game between a and b: §3 rules, then the limits."""
    a_first, reason = _rule_choice(a, b, round_number)
    n = _count(a, b, a_first, settings)
    if n:
        m = _count(a, b, not a_first, settings)
        if m < n:
            # Which limit forced the exchange of the seats.
            row_a, _ = breaches(a, FIRST if a_first else SECOND, settings)
            row_b, _ = breaches(b, SECOND if a_first else FIRST, settings)
            reason = REASON_NO_THREE if (row_a or row_b) else REASON_SURPLUS
            a_first, n = not a_first, m
    first, second = (a, b) if a_first else (b, a)
    missed = misses(first, FIRST) + misses(second, SECOND)
    return ColourChoice(first.id, second.id, reason, n == 0, n, missed)
