"""The matching is optimal: networkx (≤ 40 entrants) and brute force (≤ 10) agree on the
same weighted graph, and an independent lexicographic judge of whole pairings (≤ 8
entrants, built on the checker) never finds a better round than the engine's."""

from __future__ import annotations

from collections.abc import Iterator

import networkx as nx
import pytest

from app.pairing.checker import check_round
from app.pairing.colours import choose
from app.pairing.engine import pair_round
from app.pairing.model import PairedGame, PairingRequest, PairingSettings
from app.pairing.state import active_ids, build_states
from app.pairing.swiss import BYE, MatchGraph, build_graph, matching_weight, ranking, solve

from .sim import simulate

CASES_40 = [(n, r, s) for s, (n, r) in enumerate([(4, 2), (9, 3), (12, 4), (17, 5), (24, 6),
                                                     (31, 5), (40, 7), (40, 3), (33, 8)])]  # fmt: skip
CASES_10 = [(n, r, s) for n in (3, 4, 5, 6, 7, 8, 9, 10) for r, s in ((2, n), (4, 10 + n))]


def _graph(n: int, rounds: int, seed: int, **conf: object) -> tuple[PairingRequest, MatchGraph]:
    req, _ = simulate(
        n, rounds, seed=seed, units=3, absent=0.1, settings=PairingSettings.from_dict(conf)
    )
    states = build_states(req)
    order = ranking(req, states, active_ids(req, states))
    return req, build_graph(req, states, order)


@pytest.mark.parametrize(("n", "rounds", "seed"), CASES_40)
def test_rustworkx_matches_networkx(n: int, rounds: int, seed: int) -> None:
    _, graph = _graph(n, rounds, seed, same_unit="always")
    ours = solve(graph)
    g = nx.Graph()
    g.add_nodes_from(range(len(graph.players)))
    g.add_weighted_edges_from(graph.edges)
    theirs = nx.max_weight_matching(g, maxcardinality=True)
    assert len(ours) == len(theirs)
    assert matching_weight(graph, ours) == matching_weight(graph, list(theirs))
    assert graph.top.bit_length() <= 126


def _matchings(nodes: list[int], adj: dict[int, dict[int, int]]) -> Iterator[list[tuple[int, int]]]:
    """Every matching that leaves no node unmatched that could still be matched, lazily."""
    if not nodes:
        yield []
        return
    head, rest = nodes[0], nodes[1:]
    for other in rest:
        if other in adj[head]:
            remaining = [x for x in rest if x != other]
            for tail in _matchings(remaining, adj):
                yield [(head, other), *tail]
    yield from _matchings(rest, adj)  # head unmatched


@pytest.mark.parametrize(("n", "rounds", "seed"), CASES_10)
def test_brute_force_over_all_pairings_agrees(n: int, rounds: int, seed: int) -> None:
    _, graph = _graph(n, rounds, seed)
    adj: dict[int, dict[int, int]] = {k: {} for k in range(len(graph.players))}
    for u, v, w in graph.edges:
        adj[u][v] = w
        adj[v][u] = w
    best = max(
        ((len(m), sum(adj[u][v] for u, v in m)) for m in _matchings(list(adj), adj)),
        default=(0, 0),
    )
    ours = solve(graph)
    assert (len(ours), matching_weight(graph, ours)) == best


def _judge(req: PairingRequest, games: tuple[PairedGame, ...]) -> tuple[float, ...]:
    """RULES §2.4–2.5 and §4 order, computed from the checker and the scores alone."""
    states = build_states(req)
    found = check_round(req, games)
    tables = lambda rule: len({f.tables for f in found if f.rule == rule})  # noqa: E731
    colour = len({(f.tables, f.entrants) for f in found if f.rule.startswith("colour")})
    active = sorted(req.active)
    scores = sorted({states[i].score for i in active}, reverse=True)
    groups = len(scores)
    lowest = sorted(active, key=lambda i: (states[i].score, -states[i].seed))
    bye_place = 0
    crossings = height = 0
    gap = 0.0
    for g in games:
        if g.second is None:
            bye_place = lowest.index(g.first)
            continue
        ga, gb = sorted((scores.index(states[g.first].score), scores.index(states[g.second].score)))
        crossings += gb - ga
        height += sum(groups - k for k in range(ga, gb))
        gap += (states[g.first].score - states[g.second].score) ** 2
    return (tables("rematch"), tables("bye"), colour, tables("same_unit"), bye_place,
            crossings, height, gap)  # fmt: skip


def _all_rounds(req: PairingRequest) -> Iterator[tuple[PairedGame, ...]]:
    states = build_states(req)
    ids = active_ids(req, states)
    nodes = ids + ([BYE] if len(ids) % 2 else [])

    def rec(left: list[int]) -> Iterator[list[tuple[int, int]]]:
        if not left:
            yield []
            return
        for other in left[1:]:
            for tail in rec([x for x in left[1:] if x != other]):
                yield [(left[0], other), *tail]

    for m in rec(nodes):
        games = []
        for k, (a, b) in enumerate(m, 1):
            if BYE in (a, b):
                games.append(PairedGame(k, a if b == BYE else b, None))
            else:
                c = choose(states[a], states[b], req.round_number, req.settings)
                games.append(PairedGame(k, c.first, c.second))
        yield tuple(games)


@pytest.mark.parametrize("seed", range(40))
def test_no_pairing_is_better_than_the_engines_by_the_rules(seed: int) -> None:
    n = 4 + seed % 6
    req, _ = simulate(n, 1 + seed % 4, seed=seed, units=2, rounds_planned=20)
    engine = _judge(req, pair_round(req).games)
    best = min(_judge(req, games) for games in _all_rounds(req))
    assert engine == best


@pytest.mark.parametrize("seed", range(6))
def test_edge_weights_unpack_into_the_documented_tiers(seed: int) -> None:
    req, graph = _graph(30, 3 + seed, seed, same_unit="always")
    states = build_states(req)
    for u, v, w in graph.edges[:: max(1, len(graph.edges) // 300)]:
        pen = graph.penalty(w)
        a, b = graph.players[u], graph.players[v]
        if BYE in (a, b):
            player = states[a if b == BYE else b]
            assert pen["bye_eligible"] == int(player.byes > 0)
            continue
        c = choose(states[a], states[b], req.round_number, req.settings)
        # The seats inlined in build_graph are exactly those of colours.choose.
        assert pen["colour_limit"] == c.breaches
        assert pen["colour_pref"] == c.misses
        assert pen["same_unit"] == int(
            states[a].unit is not None and states[a].unit == states[b].unit
        )
        assert pen["rematch"] == 0
        assert (pen["float_count"] == 0) == (states[a].score == states[b].score)
    # Lexicographic: one unit of a tier outweighs every lower tier over a whole round.
    edges_in_round = len(graph.players) // 2
    for k in range(len(graph.tiers) - 1):
        upper, lower = graph.bases[k], graph.bases[k + 1]
        assert upper > lower
        assert upper >= lower * 2 or edges_in_round <= 1


@pytest.mark.parametrize(("n", "rounds", "seed"), CASES_40)
@pytest.mark.parametrize("mode", ["adjacent", "split"])
def test_each_candidate_pair_is_one_edge(n: int, rounds: int, seed: int, mode: str) -> None:
    """`solve` adds the edges to a multigraph (no search for a parallel edge): sound only
    because `build_graph` gives each pair of nodes at most one edge, windowed or not."""
    req, _ = simulate(n, rounds, seed=seed, units=3, absent=0.1)
    states = build_states(req)
    order = ranking(req, states, active_ids(req, states))
    for window, wide in ((None, frozenset()), (3, frozenset({0, n // 2})), (8, frozenset())):
        graph = build_graph(req, states, order, mode, window=window, wide=wide)
        pairs = [(u, v) for u, v, _ in graph.edges]
        assert all(u < v for u, v in pairs)
        assert len(set(pairs)) == len(pairs)
