"""Issue 30: big fields are paired (never an OverflowError), the finals' pairings are those of
the engine before the change, and a big field's pairing is as good by the rules as the
one matching over every pair."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.pairing.checker import check_round
from app.pairing.engine import pair_round
from app.pairing.model import PairingSettings
from app.pairing.packing import MAX_WEIGHT_BITS, PairingLimitError, TierBound, pack
from app.pairing.state import active_ids, build_states
from app.pairing.swiss import (
    BYE,
    TIERS,
    WINDOW,
    MatchGraph,
    build_graph,
    match,
    pair_swiss,
    ranking,
    solve,
)

from .large import big_field

RECORDED = Path(__file__).with_name("fixtures_swiss_before_issue30.json")


def _all_paired(request, pairing) -> None:
    players = [p for g in pairing.games for p in (g.first, g.second) if p is not None]
    assert sorted(players) == sorted(request.active)
    assert not [f for f in check_round(request, pairing.games) if f.rule == "rematch"]


def test_every_player_on_a_different_score_is_paired() -> None:
    # 300 players with 300 different scores: "pairing weights exceed 125 bits" before.
    req = big_field(300, 3)
    req = replace(
        req,
        entrants=tuple(replace(e, initial_points=k * 0.25) for k, e in enumerate(req.entrants)),
    )
    _all_paired(req, pair_round(req))


def test_a_thousand_players_in_round_nine_with_draws_are_paired() -> None:
    # 17 score groups of a 9-round open with draws overflowed the one integer before.
    req = big_field(1000, 9)
    _all_paired(req, pair_round(req))


def test_a_field_beyond_the_engine_is_refused_naming_the_limit() -> None:
    bounds = dict.fromkeys(TIERS, TierBound(10**6, 10**12))
    packing = pack(TIERS, bounds, 10**6)
    assert packing.bits > MAX_WEIGHT_BITS
    error = PairingLimitError(200_000, 500, packing.bits)
    assert f"上限为{MAX_WEIGHT_BITS}位" in error.message
    assert "200000名选手" in error.message and "拆成几个组别" in error.message


@pytest.mark.parametrize("case", json.loads(RECORDED.read_text(encoding="utf-8")),
                         ids=lambda c: f"{c['players']}-r{c['round']}-{c['mode']}")  # fmt: skip
def test_fields_up_to_400_get_the_pairings_of_the_engine_before_issue_30(case) -> None:
    req = big_field(
        case["players"], case["round"], seed=case["seed"],
        settings=PairingSettings(same_unit="always"),
    )  # fmt: skip
    states = build_states(req)
    pairs = pair_swiss(req, states, active_ids(req, states), case["mode"])
    assert [[a, b] for a, b in pairs] == case["pairs"]


def _tier_sums(graph: MatchGraph, pairs) -> list[int]:
    index = {p: k for k, p in enumerate(graph.players)}
    weight = {(u, v): w for u, v, w in graph.edges}
    sums = dict.fromkeys(graph.tiers, 0)
    for a, b in pairs:
        u, v = sorted((index[a], index[BYE if b is None else b]))
        for tier, value in graph.penalty(weight[(u, v)]).items():
            sums[tier] += value
    return [sums[t] for t in graph.tiers]


@pytest.mark.parametrize(
    ("n", "rnd", "mode"), [(450, 2, "adjacent"), (520, 9, "split"), (600, 5, "adjacent")]
)
def test_a_big_field_is_paired_as_well_as_one_matching_over_every_pair(n, rnd, mode) -> None:
    """Above 400 players only near pairs are candidates: every tier of the round (rules,
    floats, colours, order) adds up to what the matching over every pair achieves."""
    req = big_field(n, rnd, seed=n)
    states = build_states(req)
    order = ranking(req, states, active_ids(req, states))
    every_pair = build_graph(req, states, order, mode)
    best = _tier_sums(every_pair, [(every_pair.players[u], every_pair.players[v])
                                   for u, v in solve(every_pair)])  # fmt: skip
    assert _tier_sums(every_pair, match(req, states, order, mode)) == best


@st.composite
def extreme_fields(draw: st.DrawFn):
    n = draw(st.integers(2, 120), label="players")
    rnd = draw(st.integers(1, 14), label="round")
    seed = draw(st.integers(0, 2**16), label="seed")
    draws = draw(st.sampled_from([0.0, 0.3, 0.9]), label="draws")
    spread = draw(st.sampled_from(["none", "every player", "many groups"]), label="start")
    window = draw(st.sampled_from([None, WINDOW, 8]), label="window")
    conf = PairingSettings(same_unit=draw(st.sampled_from(["never", "always"])))
    req = big_field(n, rnd, seed=seed, draws=draws, rounds_planned=rnd, settings=conf)
    if spread != "none":
        step = 1 if spread == "every player" else 7
        req = replace(req, entrants=tuple(
            replace(e, initial_points=(k % (n // step + 1)) * 0.25 * step)
            for k, e in enumerate(req.entrants)))  # fmt: skip
    return req, window


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(extreme_fields())
def test_tier_packing_is_lexicographic_on_extreme_fields(case) -> None:
    """Whatever the field, the weights fit in 125 bits and one unit of a tier outweighs the
    most the lower tiers of any whole round can add up to (the heaviest matching of the lower tiers alone)."""
    req, window = case
    states = build_states(req)
    order = ranking(req, states, active_ids(req, states))
    if not order:
        return
    graph = build_graph(req, states, order, window=window)
    games = len(graph.players) // 2
    assert (graph.top * max(games, 1)).bit_length() <= MAX_WEIGHT_BITS
    assert all(0 < w <= graph.top for _, _, w in graph.edges)
    for k, base in enumerate(graph.bases):
        lower = [(u, v, (graph.top - w) % base) for u, v, w in graph.edges]
        heaviest = solve(replace(graph, edges=tuple(lower)))
        assert _weight(lower, heaviest) < base, graph.tiers[k]


def _weight(edges, pairs) -> int:
    weights = {(u, v): w for u, v, w in edges}
    return sum(weights[p] for p in pairs)
