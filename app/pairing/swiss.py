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

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from math import gcd
from typing import Literal

import rustworkx as rx

from app.domain import EntrantId
from app.pairing.colours import misses, seat_ok
from app.pairing.model import PairingRequest
from app.pairing.packing import MAX_WEIGHT_BITS, PairingLimitError, TierBound, pack
from app.pairing.progress import PairingStep, Progress
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
BYE = EntrantId(-1)  # the entrant id of the bye vertex
_ORDER_CAP = 63
_GAP_CAP = 255
_SPLIT_CAP = 31
_SPLIT_SAME_HALF = 32 * 32  # + 31² stays below _ORDER_CAP²
DENSE_LIMIT = 400  # up to this many entrants every pair is a candidate game (the finals)
WINDOW = 64  # beyond: first only pairs this close in the ranking (see `match`)
BLOCK = 400  # and the field is paired top-down this many players at a time


@dataclass(frozen=True)
class MatchGraph:
    """The weighted graph of one round; node k is entrant `players[k]` (BYE: the bye)."""

    players: tuple[EntrantId, ...]
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
    request: PairingRequest, states: dict[EntrantId, PlayerState], ids: Sequence[EntrantId]
) -> list[EntrantId]:
    """RULES §2.1: score ↓, |firsts − seconds| ↓, seed ↑ (odd round) or ↓ (even)."""
    sign = 1 if request.round_number % 2 == 1 else -1

    def key(i: EntrantId) -> tuple[float, int, int, int]:
        st = states[i]
        return (-st.score, -abs(st.colour_diff), sign * st.seed, sign * i)

    return sorted(ids, key=key)


def bye_order(states: dict[EntrantId, PlayerState], ids: Sequence[EntrantId]) -> list[EntrantId]:
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


def _group_bounds(group_size: Sequence[int], n: int, span: int) -> tuple[TierBound, TierBound]:
    """float_count and float_height: boundary k (between groups k and k + 1) is crossed by at
    most min(above, below) games; one game crosses at most `span` boundaries."""
    n_groups = len(group_size)
    crossings = height = 0
    above = 0
    for k in range(n_groups - 1):
        above += group_size[k]
        cross = min(above, n - above)
        crossings += cross
        height += cross * (n_groups - k)
    top_height = sum(n_groups - k for k in range(min(span, n_groups - 1)))
    return TierBound(span, crossings), TierBound(top_height, height)


def _window_rows(
    n: int,
    window: int | None,
    wide: frozenset[int],
    split_half: Sequence[int] | None,
    grp: Sequence[int],
    group_start: Sequence[int],
    group_size: Sequence[int],
) -> list[Iterable[int]]:
    """Per node i, the nodes j > i it may play: every one (no window, or i in `wide`), else
    those at most `window` places down the ranking, in split mode those near i's partner half
    a group down, and every node of `wide`."""
    if window is None:
        return [range(i + 1, n) for i in range(n)]
    rows: list[Iterable[int]] = []
    wide_sorted = sorted(wide)
    for i in range(n):
        if i in wide:
            rows.append(range(i + 1, n))
            continue
        near = range(i + 1, min(n, i + window + 1))
        extra: set[int] = {j for j in wide_sorted if j > i + window}
        if split_half is not None:
            g = grp[i]
            h = split_half[g]
            end = group_start[g] + group_size[g]
            lo = max(i + window + 1, i + h - window)
            extra.update(range(lo, min(end, i + h + window + 1)))
        rows.append(list(near) + sorted(extra) if extra else near)
    return rows


def build_graph(
    request: PairingRequest,
    states: dict[EntrantId, PlayerState],
    order: Sequence[EntrantId],
    mode: OrderMode = "adjacent",
    allow_rematch: bool = False,
    with_bye: bool | None = None,
    window: int | None = None,
    wide: frozenset[int] = frozenset(),
) -> MatchGraph:
    """The graph for the entrants `order` (already in ranking order).

    `window` None: every pair is a candidate game.  Otherwise only pairs at most `window`
    places apart in the ranking (split mode: also around half a group), and every pair with
    a node of `wide` (node indices).  The bye vertex plays everyone.

    Weights: with every pair and a field the size of the finals, the bounds of each tier
    are those used before issue 30 (the same weights, the same pairings).  Otherwise (or when
    those would exceed MAX_WEIGHT_BITS) each tier's bound is the most a whole matching can
    really carry in this graph, and if even that does not fit, the last tier (`order`, the
    §2.1 conventions) is coarsened step by step; beyond that the round is refused
    (`PairingLimitError`).
    """
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

    check_unit = same_unit_applies(request)
    odd_round = rnd % 2 == 1
    bad_f = [int(not seat_ok(st, FIRST, settings)) for st in pl]
    bad_s = [int(not seat_ok(st, SECOND, settings)) for st in pl]
    miss_f = [misses(st, FIRST) for st in pl]
    miss_s = [misses(st, SECOND) for st in pl]
    down = [st.floated_down for st in pl]
    up = [st.floated_up for st in pl]

    # Per-edge maxima and how many edges of a matching can carry each tier.
    edges_in_matching = (n + (1 if with_bye else 0)) // 2
    max_gap = max(unit_score, default=0)
    max_gap = min(max_gap, _GAP_CAP)
    old_bounds = {
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
    # How far (groups, score units) the pairs of a window reach.
    span_near = gap_near = 0
    if window is not None:
        for i in range(n):
            last = min(n - 1, i + window)
            span_near = max(span_near, grp[last] - grp[i])
            gap_near = max(gap_near, unit_score[i] - unit_score[last])
    packing = pack(
        tiers,
        {k: TierBound(p, p * c) for k, (p, c) in old_bounds.items()},
        edges_in_matching,
    )
    order_step = 1  # the order tier's penalties are divided by this (coarsened)
    if window is not None or n > DENSE_LIMIT or packing.base_bits > MAX_WEIGHT_BITS:
        span, span_gap = max(n_groups - 1, 0), max_gap
        if window is not None and not wide:
            span, span_gap = span_near, min(gap_near, _GAP_CAP)
        fcount, fheight = _group_bounds(group_size, n, span)
        colour_total = sum(max(f, s) for f, s in zip(bad_f, bad_s, strict=True))
        pref_total = sum(max(f, s) for f, s in zip(miss_f, miss_s, strict=True))
        balance_total = sum(down) + sum(up)
        order_edge = _ORDER_CAP * _ORDER_CAP
        if window is not None and not wide and mode == "adjacent":
            order_edge = min(window, _ORDER_CAP) ** 2
        any_bye = with_bye and any(st.byes for st in pl)
        bounds = {
            "rematch": TierBound(1, edges_in_matching) if allow_rematch else TierBound(0, 0),
            "bye_eligible": TierBound(1, 1) if any_bye else TierBound(0, 0),
            "colour_limit": TierBound(min(2, colour_total), colour_total),
            "same_unit": TierBound(1, edges_in_matching) if check_unit else TierBound(0, 0),
            "bye_place": TierBound(max(n - 1, 0), max(n - 1, 0)) if with_bye else TierBound(0, 0),
            "float_count": fcount,
            "float_height": fheight,
            "score_gap": TierBound(span_gap * span_gap, span_gap * span_gap * edges_in_matching),
            "colour_pref": TierBound(min(4, pref_total), pref_total),
            "float_balance": TierBound(min(2, balance_total), balance_total),
            "order": TierBound(order_edge, order_edge * edges_in_matching),
        }
        packing = pack(tiers, bounds, edges_in_matching)
        while packing.bits > MAX_WEIGHT_BITS and order_step <= order_edge:
            order_step *= 2
            coarse = -(-order_edge // order_step) if order_step <= order_edge else 0
            bounds["order"] = TierBound(coarse, coarse * edges_in_matching)
            packing = pack(tiers, bounds, edges_in_matching)
        if packing.bits > MAX_WEIGHT_BITS:
            raise PairingLimitError(n, n_groups, packing.bits)
    bases_by_name = packing.bases
    top = packing.top

    b_rematch = bases_by_name["rematch"]
    b_col = bases_by_name["colour_limit"]
    b_unit = bases_by_name["same_unit"]
    b_pref = bases_by_name["colour_pref"]
    b_bal = bases_by_name["float_balance"]
    b_ord = bases_by_name["order"]
    b_fc = bases_by_name["float_count"]
    b_fh = bases_by_name["float_height"]
    b_gap = bases_by_name["score_gap"]

    # Score-group part of the penalty of groups (upper gi, lower gj): near[gi][gj - gi]
    # for the groups a window reaches, far(gi, gj) beyond.
    unit_of = [units[s] for s in distinct]
    height_before = [0] * (n_groups + 1)  # Σ (n_groups − k) for k < g
    for k in range(n_groups):
        height_before[k + 1] = height_before[k] + n_groups - k

    def far(gi: int, gj: int) -> int:
        gap = min(unit_of[gi] - unit_of[gj], _GAP_CAP)
        height = height_before[gj] - height_before[gi]
        return (gj - gi) * b_fc + height * b_fh + gap * gap * b_gap

    reach = n_groups if window is None else span_near + 1
    group_pen = [
        [far(gi, gj) for gj in range(gi, min(n_groups, gi + reach))] for gi in range(n_groups)
    ]

    order_pen: Callable[[int, int, int], int]
    adjacent_pen = [min(d, _ORDER_CAP) ** 2 // order_step * b_ord for d in range(n + 1)]
    half = [size // 2 for size in group_size]
    if mode == "split":

        def order_pen(i: int, j: int, gi: int) -> int:
            if grp[j] != gi:
                return adjacent_pen[j - i]
            # Across the halves of the group, as close to "k v k + half" as can be.
            h = half[gi]
            same_half = (i - group_start[gi] < h) == (j - group_start[gi] < h)
            off = min(abs(j - i - h), _SPLIT_CAP) ** 2
            return (off + (_SPLIT_SAME_HALF if same_half else 0)) // order_step * b_ord

    else:

        def order_pen(i: int, j: int, gi: int) -> int:
            return adjacent_pen[j - i]

    unit = [st.unit for st in pl]
    opp = [st.opponents for st in pl]
    ids = list(order)

    # Colour data per player, so that the seats of every edge (the same as
    # `colours.choose`, inlined for speed) cost a few integer operations.
    dif = [st.colour_diff for st in pl]
    fmask = [st.first_mask for st in pl]
    seedkey = [(st.seed, st.id) for st in pl]

    rows = _window_rows(
        n, window, wide, half if mode == "split" else None, grp, group_start, group_size
    )
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
        for j in rows[i]:
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
            d = gj - gi
            pen += nb * b_col + mis * b_pref + order_pen(i, j, gi)
            pen += gp[d] if d < len(gp) else far(gi, gj)
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
    # `build_graph` gives each pair one edge: a multigraph spares rustworkx looking for a
    # parallel edge at each insertion (0.1 s of a 360-player round), the graph the same.
    g: rx.PyGraph = rx.PyGraph(multigraph=True)
    g.add_nodes_from(range(len(graph.players)))
    g.add_edges_from(list(graph.edges))
    matching = rx.max_weight_matching(g, max_cardinality=True, weight_fn=int, verify_optimum=False)
    return sorted((min(u, v), max(u, v)) for u, v in matching)


def matching_weight(graph: MatchGraph, pairs: Sequence[tuple[int, int]]) -> int:
    weights = {(u, v): w for u, v, w in graph.edges}
    return sum(weights[(min(u, v), max(u, v))] for u, v in pairs)


Pair = tuple[EntrantId, EntrantId | None]


def _troubled(graph: MatchGraph, pairs: Sequence[tuple[int, int]], needed: int) -> frozenset[int]:
    """Nodes left unmatched (when the matching is short), or in a game that breaks a rule
    ranked above the floats in this round's tiers (a rematch, a second bye, the same unit,
    the colour limit unless the last round puts scores first)."""
    hard = [t for t in graph.tiers[: graph.tiers.index("float_count")] if t != "bye_place"]
    weights = {(u, v): w for u, v, w in graph.edges}
    bye = len(graph.players) - 1 if graph.players and graph.players[-1] == BYE else None
    out: set[int] = set()
    if len(pairs) < needed:
        matched = {x for pair in pairs for x in pair}
        out = {x for x in range(len(graph.players)) if x not in matched and x != bye}
    for u, v in pairs:
        if bye in (u, v):
            continue
        pen = graph.penalty(weights[(u, v)])
        if any(pen[t] for t in hard):
            out.update((u, v))
    return frozenset(out)


def _to_entrants(graph: MatchGraph, pairs: Sequence[tuple[int, int]]) -> list[Pair]:
    out: list[Pair] = []
    for u, v in pairs:
        a, b = graph.players[u], graph.players[v]
        if b == BYE:
            out.append((a, None))
        elif a == BYE:
            out.append((b, None))
        else:
            out.append((a, b))
    return out


def _needed(n: int, with_bye: bool | None) -> int:
    bye = n % 2 == 1 if with_bye is None else with_bye
    return (n + (1 if bye else 0)) // 2


def _windowed(
    request: PairingRequest,
    states: dict[EntrantId, PlayerState],
    order: Sequence[EntrantId],
    mode: OrderMode,
    with_bye: bool | None,
    allow_rematch: bool,
) -> tuple[MatchGraph, list[tuple[int, int]]]:
    """The pairs at most WINDOW apart first; whoever that leaves in trouble (`_troubled`)
    then gets every opponent (a few) or the window widens fourfold (many); a matching
    still short gets every pair."""
    n = len(order)
    needed = _needed(n, with_bye)
    graph = build_graph(request, states, order, mode, allow_rematch, with_bye, WINDOW)
    pairs = solve(graph)
    trouble = _troubled(graph, pairs, needed)
    if not trouble:
        return graph, pairs
    wide = trouble if len(trouble) <= WINDOW else frozenset()
    graph = build_graph(request, states, order, mode, allow_rematch, with_bye, 4 * WINDOW, wide)
    pairs = solve(graph)
    if len(pairs) < needed:
        graph = build_graph(request, states, order, mode, allow_rematch, with_bye)
        pairs = solve(graph)
    return graph, pairs


def _group_end(states: dict[EntrantId, PlayerState], ranked: Sequence[EntrantId], k: int) -> int:
    """The first place at or after k where a new score group starts (or the end)."""
    while 0 < k < len(ranked) and states[ranked[k]].score == states[ranked[k - 1]].score:
        k += 1
    return min(k, len(ranked))


def _in_blocks(
    request: PairingRequest,
    states: dict[EntrantId, PlayerState],
    order: Sequence[EntrantId],
    mode: OrderMode,
    with_bye: bool | None,
    progress: Progress | None,
) -> list[Pair] | None:
    """Top-down, BLOCK players at a time: the next 2·BLOCK of the ranking (split mode: whole
    score groups) are matched, the games inside the upper half are kept, the rest go on
    with the players below.  None when the last block cannot be completed."""
    remaining = list(order)
    bye = len(order) % 2 == 1 if with_bye is None else with_bye
    out: list[Pair] = []
    total = len(order)
    while True:
        if progress is not None:
            progress(PairingStep("pairing", (total - len(remaining)) / total))
        if len(remaining) <= 5 * BLOCK // 2:
            graph, pairs = _windowed(request, states, remaining, mode, bye, False)
            if len(pairs) < _needed(len(remaining), bye):
                return None
            return out + _to_entrants(graph, pairs)
        end, keep = 2 * BLOCK, BLOCK
        if mode == "split":  # whole score groups: "k v k + half" needs the whole group
            keep = _group_end(states, remaining, keep)
            end = _group_end(states, remaining, max(end, keep + 1))
        block = remaining[:end]
        graph, pairs = _windowed(request, states, block, mode, False, False)
        fixed = [(u, v) for u, v in pairs if u < keep and v < keep]
        if not fixed:
            return None
        out.extend(_to_entrants(graph, fixed))
        done = {block[x] for pair in fixed for x in pair}
        remaining = [i for i in remaining if i not in done]


def match(
    request: PairingRequest,
    states: dict[EntrantId, PlayerState],
    order: Sequence[EntrantId],
    mode: OrderMode = "adjacent",
    with_bye: bool | None = None,
    progress: Progress | None = None,
) -> list[Pair]:
    """The best pairing of `order` (ranked), rematches only if nothing else is complete.

    Up to DENSE_LIMIT entrants (the finals) every pair is a candidate and the whole field
    is one matching.  A bigger field is paired top-down in blocks (`_in_blocks`), each with
    the pairs at most WINDOW apart in the ranking (`_windowed`): a floater across far
    score groups costs more than any near pairing.  If that leaves anyone unpaired, the
    whole field is solved as one (windowed) matching, with rematches if need be.
    """
    n = len(order)
    needed = _needed(n, with_bye)
    if n > DENSE_LIMIT:
        found = _in_blocks(request, states, order, mode, with_bye, progress)
        if found is not None:
            return found
    graph = MatchGraph((), (), (), (), 0)
    pairs: list[tuple[int, int]] = []
    for allow_rematch in (False, True):
        if progress is not None:
            progress(PairingStep("pairing"))  # the whole field at once: no share to tell
        if n > DENSE_LIMIT:
            graph, pairs = _windowed(request, states, order, mode, with_bye, allow_rematch)
        else:
            graph = build_graph(request, states, order, mode, allow_rematch, with_bye)
            pairs = solve(graph)
        if len(pairs) == needed:
            break
    return _to_entrants(graph, pairs)


def pair_swiss(
    request: PairingRequest,
    states: dict[EntrantId, PlayerState],
    ids: Sequence[EntrantId],
    mode: OrderMode = "adjacent",
    progress: Progress | None = None,
) -> list[Pair]:
    """Pairs (entrant, opponent or None for the bye), not yet seated or numbered."""
    order = ranking(request, states, ids)
    if not order:
        return []
    return match(request, states, order, mode, progress=progress)
