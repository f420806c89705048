"""How the weight tiers of one round's matching are packed into one integer.

rustworkx computes with 128-bit integers: the weight of a whole matching must stay below
2^MAX_WEIGHT_BITS.  Tier k's base is the product of (most a whole matching can carry + 1)
over the tiers below it, so one unit of tier k outweighs anything the lower tiers add up to.
`TierBound.total` is that most: the tighter it is, the more players fit (see
`swiss.build_graph` for how each tier's bound is found).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from app.errors import FinalsError

MAX_WEIGHT_BITS = 125


@dataclass(frozen=True)
class TierBound:
    per_edge: int  # the most one game can carry
    total: int  # the most all games of one matching can carry together


@dataclass(frozen=True)
class Packing:
    bases: dict[str, int]
    top: int  # an edge weighs top − Σ penalty · base (always > 0)
    bits: int  # the bits a whole matching's weight needs
    base_bits: int  # the bits of the product of all tiers' ranges (the check before issue 30)


class PairingLimitError(FinalsError):
    """The field is too big for one matching (far beyond any real event)."""

    def __init__(self, players: int, groups: int, bits: int) -> None:
        super().__init__(
            f"积分编排超出引擎上限：本轮{players}名选手、{groups}个分数段，配对权重需要{bits}位，"
            f"引擎上限为{MAX_WEIGHT_BITS}位。"
            "请把该组别拆成几个组别分别编排。"
        )
        self.players = players
        self.groups = groups
        self.bits = bits


def pack(tiers: Sequence[str], bounds: Mapping[str, TierBound], edges_in_matching: int) -> Packing:
    """Bases for `tiers` (most important first) from each tier's bound."""
    bases: dict[str, int] = {}
    base = 1
    top = 1
    for name in reversed(tiers):
        bound = bounds[name]
        bases[name] = base
        top += bound.per_edge * base
        base *= bound.total + 1
    bits = max(base.bit_length(), (top * max(edges_in_matching, 1)).bit_length())
    return Packing(bases, top, bits, base.bit_length())
