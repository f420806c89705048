"""积分编排 (RULES §2) as one maximum-weight matching with lexicographic weight tiers.

Every candidate game is an edge; its weight packs the tiers below into one integer, the
most important tier in the highest bits, so that a better value in a higher tier always
outweighs anything the lower tiers can add up to over the whole matching.  Each tier is
a *penalty* per edge; an edge weighs `top − Σ penalty_k · base_k`.  All matchings that
`max_cardinality=True` considers have the same number of edges, so maximising the total
weight minimises the penalties lexicographically.

Tiers, most important first (RULES §2.4–2.5, §3.4, §4):

    rematch        the pair has met (edge only present in the fallback graph)
    bye_eligible   the bye to someone who already had one
    colour_limit   players whose colour limit (禁连三/禁多三) breaks with this game
    same_unit      same unit inside the avoidance rounds
    bye_place      the bye not to the lowest-placed (score ↑, seed number ↓) player
    float_count    score groups crossed (a floater across two groups counts twice)
    float_height   crossings weighted by height: a floater from a higher group weighs more
    score_gap      squared score difference (convex: many small gaps over one big one)
    colour_pref    colour-preference misses (2 for a player with a surplus, 1 otherwise)
    float_balance  floating down (up) again after floating down (up) last round
    order          the §2.1 conventions: squared distance in the ranking (adjacent:
                   1–2, 3–4, rows of due-first/due-second players paired row-wise),
                   or the distance from half a group ("split")

In the last round with `last_round_scores_over_colour`, colour_limit moves just below
score_gap.  Cardinality is the matching's own first criterion.  Rematches are never
edges unless no complete pairing exists without them (`allow_rematch`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import gcd
from typing import Literal

import rustworkx as rx

from app.pairing.colours import misses, seat_ok
from app.pairing.model import PairingRequest
from app.pairing.state import FIRST, SECOND, PlayerState, same_unit_applies

OrderMode = Literal["adjacent", "split"]

TIERS: tuple[str, ...] = (
    "rematch",
    "bye_eligible",
    "colour_limit",
    "same_unit",
    "bye_place",
    "float_count",
    "float_height",
    "score_gap",
    "colour_pref",
    "float_balance",
    "order",
)
_LAST_ROUND_TIERS: tuple[str, ...] = (
    "rematch",
    "bye_eligible",
    "same_unit",
    "bye_place",
    "float_count",
    "float_height",
    "score_gap",
    "colour_limit",
    "colour_pref",
    "float_balance",
    "order",
)
BYE = -1  # the entrant id of the bye vertex
_ORDER_CAP = 63
_GAP_CAP = 255
_SPLIT_CAP = 31
_SPLIT_SAME_HALF = 32 * 32  # + 31² stays below _ORDER_CAP²
MAX_WEIGHT_BITS = 125


@dataclass(frozen=True)
class MatchGraph:
    """The weighted graph of one round; node k is entrant `players[k]` (BYE: the bye)."""

    players: tuple[int, ...]
    edges: tuple[tuple[int, int, int], ...]
    tiers: tuple[str, ...]
    bases: tuple[int, ...]  # per tier, same order as `tiers`
    top: int

    def penalty(self, weight: int) -> dict[str, int]:
        """Unpack an edge weight into its tier penalties (for tests and reports)."""
        rest = self.top - weight
        out: dict[str, int] = {}
        for name, base in zip(self.tiers, self.bases, strict=True):
            out[name], rest = divmod(rest, base)
        return out


def ranking(
    request: PairingRequest, states: dict[int, PlayerState], ids: Sequence[int]
) -> list[int]:
    """RULES §2.1: score ↓, |firsts − seconds| ↓, seed ↑ (odd round) or ↓ (even)."""
    sign = 1 if request.round_number % 2 == 1 else -1

    def key(i: int) -> tuple[float, int, int, int]:
        st = states[i]
        return (-st.score, -abs(st.colour_diff), sign * st.seed, sign * i)

    return sorted(ids, key=key)


def bye_order(states: dict[int, PlayerState], ids: Sequence[int]) -> list[int]:
    """RULES §4: lowest-placed first (score ↑, then seed number ↓)."""
    return sorted(ids, key=lambda i: (states[i].score, -states[i].seed, -i))


def _score_units(scores: Sequence[float]) -> dict[float, int]:
    quarters = {s: round(s * 4) for s in scores}
    low = min(quarters.values())
    step = 0
    for q in quarters.values():
        step = gcd(step, q - low)
    step = step or 1
    return {s: (q - low) // step for s, q in quarters.items()}


def build_graph(
    request: PairingRequest,
    states: dict[int, PlayerState],
    order: Sequence[int],
    mode: OrderMode = "adjacent",
    allow_rematch: bool = False,
    with_bye: bool | None = None,
) -> MatchGraph:
    """The graph for the entrants `order` (already in ranking order)."""
    settings = request.settings
    rnd = request.round_number
    n = len(order)
    if with_bye is None:
        with_bye = n % 2 == 1
    tiers = (
        _LAST_ROUND_TIERS
        if settings.last_round_scores_over_colour and rnd >= request.rounds_planned > 0
        else TIERS
    )
    pl = [states[i] for i in order]

    # Score groups, top-down.
    distinct = sorted({st.score for st in pl}, reverse=True)
    group_of = {s: k for k, s in enumerate(distinct)}
    n_groups = len(distinct)
    units = _score_units(distinct) if distinct else {}
    grp = [group_of[st.score] for st in pl]
    unit_score = [units[st.score] for st in pl]
    group_size = [0] * n_groups
    for g in grp:
        group_size[g] += 1
    group_start = [0] * n_groups
    for k in range(1, n_groups):
        group_start[k] = group_start[k - 1] + group_size[k - 1]

    # Per-edge maxima and how many edges of a matching can carry each tier.
    edges_in_matching = (n + (1 if with_bye else 0)) // 2
    max_gap = max(unit_score, default=0)
    max_gap = min(max_gap, _GAP_CAP)
    maxima = {
        "rematch": (1, edges_in_matching),
        "bye_eligible": (1, 1),
        "colour_limit": (2, edges_in_matching),
        "same_unit": (1, edges_in_matching),
        "bye_place": (max(n - 1, 0), 1),
        "float_count": (max(n_groups - 1, 0), edges_in_matching),
        "float_height": (n_groups * (n_groups + 1) // 2, edges_in_matching),
        "score_gap": (max_gap * max_gap, edges_in_matching),
        "colour_pref": (4, edges_in_matching),
        "float_balance": (2, edges_in_matching),
        "order": (_ORDER_CAP * _ORDER_CAP, edges_in_matching),
    }
    bases_by_name: dict[str, int] = {}
    base = 1
    top = 1
    for name in reversed(tiers):
        per_edge, count = maxima[name]
        bases_by_name[name] = base
        top += per_edge * base
        base *= per_edge * count + 1
    if base.bit_length() > MAX_WEIGHT_BITS:  # pragma: no cover - needs > 10^4 players
        raise OverflowError("pairing weights exceed 125 bits")

    b_rematch = bases_by_name["rematch"]
    b_col = bases_by_name["colour_limit"]
    b_unit = bases_by_name["same_unit"]
    b_pref = bases_by_name["colour_pref"]
    b_bal = bases_by_name["float_balance"]
    b_ord = bases_by_name["order"]
    b_fc = bases_by_name["float_count"]
    b_fh = bases_by_name["float_height"]
    b_gap = bases_by_name["score_gap"]

    # Score-group part of the penalty, per pair of groups (upper, lower).
    group_pen = [[0] * n_groups for _ in range(n_groups)]
    for gi in range(n_groups):
        for gj in range(gi, n_groups):
            height = sum(n_groups - k for k in range(gi, gj))
            gap = min(units[distinct[gi]] - units[distinct[gj]], _GAP_CAP)
            group_pen[gi][gj] = (gj - gi) * b_fc + height * b_fh + gap * gap * b_gap

    order_pen: Callable[[int, int, int], int]
    adjacent_pen = [min(d, _ORDER_CAP) ** 2 * b_ord for d in range(n + 1)]
    if mode == "split":
        half = [size // 2 for size in group_size]

        def order_pen(i: int, j: int, gi: int) -> int:
            if grp[j] != gi:
                return adjacent_pen[j - i]
            # Across the halves of the group, as close to "k v k + half" as can be.
            h = half[gi]
            same_half = (i - group_start[gi] < h) == (j - group_start[gi] < h)
            off = min(abs(j - i - h), _SPLIT_CAP) ** 2
            return (off + (_SPLIT_SAME_HALF if same_half else 0)) * b_ord

    else:

        def order_pen(i: int, j: int, gi: int) -> int:
            return adjacent_pen[j - i]

    check_unit = same_unit_applies(request)
    unit = [st.unit for st in pl]
    down = [st.floated_down for st in pl]
    up = [st.floated_up for st in pl]
    opp = [st.opponents for st in pl]
    ids = list(order)

    # Colour data per player, so that the seats of every edge (the same as
    # `colours.choose`, inlined for speed) cost a few integer operations.
    odd_round = rnd % 2 == 1
    dif = [st.colour_diff for st in pl]
    fmask = [st.first_mask for st in pl]
    seedkey = [(st.seed, st.id) for st in pl]
    bad_f = [int(not seat_ok(st, FIRST, settings)) for st in pl]
    bad_s = [int(not seat_ok(st, SECOND, settings)) for st in pl]
    miss_f = [misses(st, FIRST) for st in pl]
    miss_s = [misses(st, SECOND) for st in pl]

    edges: list[tuple[int, int, int]] = []
    append = edges.append
    for i in range(n):
        gi = grp[i]
        gp = group_pen[gi]
        opp_i = opp[i]
        unit_i = unit[i] if check_unit else None
        down_i = down[i]
        da, fa, ka = dif[i], fmask[i], seedkey[i]
        bfa, bsa, mfa, msa = bad_f[i], bad_s[i], miss_f[i], miss_s[i]
        for j in range(i + 1, n):
            pen = 0
            if ids[j] in opp_i:
                if not allow_rematch:
                    continue
                pen = b_rematch
            db = dif[j]
            if da != db:
                a_first = da < db
            else:
                x = fa ^ fmask[j]
                if x:
                    a_first = not (fa >> (x.bit_length() - 1)) & 1
                else:
                    a_first = (ka < seedkey[j]) == odd_round
            if a_first:
                nb = bfa + bad_s[j]
                if nb and bsa + bad_f[j] < nb:
                    a_first = False
                    nb = bsa + bad_f[j]
            else:
                nb = bsa + bad_f[j]
                if nb and bfa + bad_s[j] < nb:
                    a_first = True
                    nb = bfa + bad_s[j]
            mis = mfa + miss_s[j] if a_first else msa + miss_f[j]
            gj = grp[j]
            pen += nb * b_col + mis * b_pref + gp[gj] + order_pen(i, j, gi)
            if gj != gi:
                pen += (down_i + up[j]) * b_bal
            if unit_i is not None and unit_i == unit[j]:
                pen += b_unit
            append((i, j, top - pen))

    players = list(order)
    if with_bye:
        bye = n
        players.append(BYE)
        place = {pid: k for k, pid in enumerate(bye_order(states, order))}
        b_elig = bases_by_name["bye_eligible"]
        b_place = bases_by_name["bye_place"]
        for i in range(n):
            pen = (b_elig if pl[i].byes else 0) + place[ids[i]] * b_place
            append((i, bye, top - pen))

    return MatchGraph(
        players=tuple(players),
        edges=tuple(edges),
        tiers=tiers,
        bases=tuple(bases_by_name[t] for t in tiers),
        top=top,
    )


def solve(graph: MatchGraph) -> list[tuple[int, int]]:
    """Maximum-cardinality, maximum-weight matching; pairs of node indices (u < v)."""
    g: rx.PyGraph = rx.PyGraph(multigraph=False)
    g.add_nodes_from(range(len(graph.players)))
    g.add_edges_from(list(graph.edges))
    matching = rx.max_weight_matching(g, max_cardinality=True, weight_fn=int, verify_optimum=False)
    return sorted((min(u, v), max(u, v)) for u, v in matching)


def matching_weight(graph: MatchGraph, pairs: Sequence[tuple[int, int]]) -> int:
    weights = {(u, v): w for u, v, w in graph.edges}
    return sum(weights[(min(u, v), max(u, v))] for u, v in pairs)


def pair_swiss(
    request: PairingRequest,
    states: dict[int, PlayerState],
    ids: Sequence[int],
    mode: OrderMode = "adjacent",
) -> list[tuple[int, int | None]]:
    """Pairs (entrant, opponent or None for the bye), not yet seated or numbered."""
    order = ranking(request, states, ids)
    if not order:
        return []
    graph = build_graph(request, states, order, mode)
    pairs = solve(graph)
    needed = len(graph.players) // 2
    if len(pairs) < needed:
        graph = build_graph(request, states, order, mode, allow_rematch=True)
        pairs = solve(graph)
    out: list[tuple[int, int | None]] = []
    for u, v in pairs:
        a, b = graph.players[u], graph.players[v]
        if b == BYE:
            out.append((a, None))
        elif a == BYE:
            out.append((b, None))
        else:
            out.append((a, b))
    return out
