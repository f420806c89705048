"""A round paired as OpenGotha 3.51's engine pairs it (issue 29 §3).

* Who is paired: the registered (FIN) players participating in the round, in OpenGotha's
  own order — the iteration order of the Java `HashMap` it keeps its players in, keyed by
  `Player.getKeyString` (`hashmap_order`; OpenGotha also saves its files in that order).
  The matching breaks ties between equal-cost pairings by this order.
* The bye, if their number is odd: the player with the least rank + MMS×2 (before the
  round), 1000 more for each bye he already had; among equals the last in that order.
* The pairs: a maximum-weight matching over `opengotha_cost` (OpenGotha maximises the sum
  of the costs), computed by rustworkx as the program's other engines are.  The costs of
  all the round's pairs are worked out in one pass (`opengotha_edges.PairCosts`, the same
  integers as `PairingRound.terms` pair by pair).
* Colours and handicap of each game: the handicap from the MMS (or rank) difference, less
  the correction, at most the ceiling, none at or above the no-handicap rank; the stronger
  takes White.  An even game gives White to the one with fewer games as White (balance of
  even games), a tie decided by OpenGotha's deterministic random of the two names taken in
  Java's order (`det_random`): the same White whichever way round the matching found the
  pair (OpenGotha 3.51's `Pairing.detRandom` and `gameBetween`).
* Tables: OpenGotha's "best score, then rating" order (`table_order`); it gives the tables
  of every round of the shared McMahon files.
* More than 600 players (`pairing_groups`): OpenGotha does not match the field whole.  It
  takes the players, best main score first (category by category), into a group until the
  group holds at least 200 and an even number — or 600, or only 200 would be left — matches
  that group on its own, and goes on while more than 600 are left; the rest is the last
  group.  The costs stay those of the whole field (groups, places, draw-ups).

An event whose colour limits are absolute rules (`pairing.colour_limits=absolute`; OpenGotha
itself has none) passes a `ColourLimitRule`: the matching then avoids, right after rematches,
the pairs that cannot be seated within the limits (OpenGotha's cost orders what is left),
and an even game whose OpenGotha colours break a limit the other way round keeps takes the
colours the other way round.  Without one the round is OpenGotha's, colours included.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import rustworkx as rx

from app.pairing.opengotha_cost import PairingRound, category, det_random
from app.pairing.opengotha_edges import PairCosts
from app.pairing.opengotha_model import Tournament


@dataclass(frozen=True)
class GothaPairedGame:
    white: str  # player keys
    black: str
    handicap: int


@dataclass(frozen=True)
class GothaRoundPairing:
    games: tuple[GothaPairedGame, ...]  # in table order
    bye: str | None
    cost: int  # the sum of the pairs' costs (what OpenGotha maximises)


@dataclass(frozen=True)
class ColourLimitRule:
    """Colour limits kept as absolute rules (not OpenGotha's: the program's settings)."""

    # How many of the two players break a limit if `black` moves first and `white` second.
    breaks: Callable[[str, str], int]
    # False (the last round, scores over colour): the matching is OpenGotha's; seats only.
    in_matching: bool = True
    # Optional, where `breaks` is the sum of the two seats' own counts: whether `key`
    # breaks a limit moving first (True) or second (False); then
    # breaks(black, white) == seat_breaks(black, True) + seat_breaks(white, False), and
    # the matching asks it twice a player instead of `breaks` four times a pair.
    seat_breaks: Callable[[str, bool], int] | None = None


JAVA_HASHMAP_CAPACITY = 16  # a new java.util.HashMap's table size …
JAVA_HASHMAP_LOAD = 0.75  # … doubled whenever it holds more than this share of it


def java_string_hash(text: str) -> int:
    """Java's `String.hashCode` (over UTF-16 code units), as an unsigned 32-bit number."""
    units = text.encode("utf-16-be")
    h = 0
    for i in range(0, len(units), 2):
        h = (31 * h + int.from_bytes(units[i : i + 2], "big")) & 0xFFFFFFFF
    return h


def hashmap_order(keys: Sequence[str], size: int) -> list[str]:
    """`keys` (in the order they were added) as a Java HashMap holding `size` entries lists them:
    by bucket — the hash with its high half folded in, modulo the table size — and within a
    bucket in the order added."""
    capacity = JAVA_HASHMAP_CAPACITY
    while size > capacity * JAVA_HASHMAP_LOAD:
        capacity *= 2

    def bucket(key: str) -> int:
        h = java_string_hash(key)
        return (h ^ (h >> 16)) & (capacity - 1)

    return sorted(keys, key=bucket)


def players_to_pair(costs: PairingRound) -> list[str]:
    """The round's players, in OpenGotha's own order (its players' HashMap)."""
    players = costs.t.players
    keys = [p.key for p in players if costs.takes_part(p)]
    return hashmap_order(keys, len(players))


def choose_bye(costs: PairingRound, keys: Sequence[str]) -> str:
    """OpenGotha's bye: least rank + MMS×2, +1000 per earlier bye; ties to the last of `keys`."""
    rn = costs.round - 1
    earlier = [k for r, k in costs.t.byes.items() if r < costs.round]
    best: str | None = None
    best_weight = 0
    for key in keys:
        s = costs.scores[key]
        weight = s.player.rank + s.criterion("MMS", rn) + 1000 * earlier.count(key)
        if best is None or weight <= best_weight:
            best, best_weight = key, weight
    assert best is not None
    return best


def game_between(costs: PairingRound, a: str, b: str) -> GothaPairedGame:
    hd = costs.handicap(a, b)
    if hd > 0:
        return GothaPairedGame(a, b, hd)
    if hd < 0:
        return GothaPairedGame(b, a, -hd)
    wa, wb = costs.colour_balance(a), costs.colour_balance(b)
    if wa > wb:
        return GothaPairedGame(b, a, 0)
    if wa < wb:
        return GothaPairedGame(a, b, 0)
    pa, pb = costs.scores[a].player, costs.scores[b].player
    return GothaPairedGame(a, b, 0) if det_random(1, pa, pb) == 0 else GothaPairedGame(b, a, 0)


def fewest_breaks(costs: PairingRound, limits: ColourLimitRule, a: str, b: str) -> int:
    """The fewest players whose colour limit breaks in a game of `a` and `b`: either way
    round in an even game; a handicap game's colours are the handicap's."""
    if costs.handicap(a, b) != 0:
        g = game_between(costs, a, b)
        return limits.breaks(g.black, g.white)
    return min(limits.breaks(a, b), limits.breaks(b, a))


def within_limits(game: GothaPairedGame, limits: ColourLimitRule) -> GothaPairedGame:
    """An even game the other way round when that breaks fewer colour limits."""
    if game.handicap == 0 and limits.breaks(game.white, game.black) < limits.breaks(
        game.black, game.white
    ):
        return GothaPairedGame(game.black, game.white, 0)
    return game


def _tiered(
    costs: PairingRound, totals: PairCosts, keys: Sequence[str], limits: ColourLimitRule
) -> list[tuple[int, int, int]]:
    """Edges weighing, most important first: no rematch, fewest colour-limit breaks,
    then OpenGotha's cost without its rematch term (each tier outweighs a whole matching of
    the tiers below)."""
    duplicate = costs.t.pairing.avoid_duplicate
    raw = []
    seat = limits.seat_breaks
    if seat is None:
        for i, j, total in totals.edges(keys):
            a, b = keys[i], keys[j]
            kept = 2 - fewest_breaks(costs, limits, a, b)
            met = totals.have_met(a, b)
            raw.append((i, j, met, kept, total - (0 if met else duplicate)))
    else:  # `fewest_breaks`, from each player's two seats
        first = [seat(key, True) for key in keys]
        second = [seat(key, False) for key in keys]
        for i, j, total in totals.edges(keys):
            a, b = keys[i], keys[j]
            hd = totals.handicap(a, b)
            if hd > 0:  # a gives the handicap: a takes White, b moves first
                fewest = first[j] + second[i]
            elif hd < 0:
                fewest = first[i] + second[j]
            else:
                fewest = min(first[i] + second[j], first[j] + second[i])
            met = totals.have_met(a, b)
            raw.append((i, j, met, 2 - fewest, total - (0 if met else duplicate)))
    if not raw:
        return []
    low = min(r[4] for r in raw)
    pairs = len(keys) // 2 + 1
    limit_tier = (max(r[4] for r in raw) - low + 1) * pairs
    met_tier = limit_tier * 3 * pairs
    return [
        (i, j, (0 if met else met_tier) + kept * limit_tier + rest - low + 1)
        for i, j, met, kept, rest in raw
    ]


def match(
    costs: PairingRound,
    keys: Sequence[str],
    limits: ColourLimitRule | None = None,
    totals: PairCosts | None = None,
) -> list[tuple[str, str]]:
    """The maximum-weight matching of `keys` (each pair in the order of `keys`); between
    equal-cost matchings the one rustworkx finds in that order (OpenGotha's, in the files).
    With `limits`, the colour limits weigh right below rematches (`_tiered`).  `totals`:
    the round's costs worked out once (`PairCosts` of players including `keys`)."""
    if totals is None:
        totals = PairCosts(costs, keys)
    # Each pair is one edge already: a multigraph spares rustworkx looking for a parallel
    # edge at every insertion (0.06 s of 360 players' 64,620), the graph being the same.
    graph: rx.PyGraph = rx.PyGraph(multigraph=True)
    graph.add_nodes_from(range(len(keys)))
    if limits is not None:
        edges = _tiered(costs, totals, keys, limits)
    else:
        edges = totals.edges(keys)
    graph.add_edges_from(edges)
    mates = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int, verify_optimum=False)
    pairs = sorted((min(u, v), max(u, v)) for u, v in mates)
    return [(keys[i], keys[j]) for i, j in pairs]


def table_order(costs: PairingRound, games: Sequence[GothaPairedGame]) -> list[GothaPairedGame]:
    """The games in OpenGotha's table order ("best score, then rating").

    Each game is represented by one of its players: the higher-rated if the two are level by
    the placement criteria (before the round), otherwise — as OpenGotha 3.51's comparator
    does it — the one behind.  Games go by that player's criteria, best first, then by his
    rating, higher first; games level on both keep the matching's order.
    """
    rn = costs.round - 1
    criteria = costs.t.placement

    def values(key: str) -> tuple[int, ...]:
        return tuple(costs.scores[key].criterion(c, rn) for c in criteria)

    def rating(key: str) -> int:
        return costs.scores[key].player.rating

    def represented_by(g: GothaPairedGame) -> str:
        w, b = values(g.white), values(g.black)
        if w == b:
            return g.black if rating(g.white) < rating(g.black) else g.white
        return g.black if w > b else g.white

    def order(g: GothaPairedGame) -> tuple[tuple[int, ...], int]:
        key = represented_by(g)
        return tuple(-v for v in values(key)), -rating(key)

    return sorted(games, key=order)


PAIRING_GROUP_MIN = 200  # OpenGotha 3.51's pairing groups (Pairing.PAIRING_GROUP_MIN_SIZE) …
PAIRING_GROUP_MAX = 3 * PAIRING_GROUP_MIN  # … and at most this many matched at once


def pairing_groups(costs: PairingRound, keys: Sequence[str]) -> list[list[str]]:
    """The players `keys` (in OpenGotha's order) in the groups OpenGotha matches one by one.

    While more than PAIRING_GROUP_MAX are left, a group is filled category by category
    (players of that category or a better one) and score by score, best first (players at
    that score or above), each pass taking the players left in their order; it is closed
    after a pass that leaves it with at least PAIRING_GROUP_MIN players, an even number, or
    as soon as it holds PAIRING_GROUP_MAX or only PAIRING_GROUP_MIN are left.  The rest is
    the last group.  (A group closed at an odd size — OpenGotha would leave one of it
    unpaired — hands its last player on to the rest instead.)
    """
    limits = costs.t.general.category_limits
    categories = costs.t.general.number_of_categories
    low, high = costs.score_range()
    rn = costs.round - 1

    def score(key: str) -> int:
        return costs.scores[key].criterion(costs.main, rn) // 2

    def cat(key: str) -> int:
        return category(costs.scores[key].player, limits)

    remaining = list(keys)
    groups: list[list[str]] = []
    while len(remaining) > PAIRING_GROUP_MAX:
        group: list[str] = []
        ready = False
        for c in range(categories):
            for s in range(high, low - 1, -1):
                kept: list[str] = []
                for i, key in enumerate(remaining):
                    if cat(key) > c or score(key) < s:
                        kept.append(key)
                        continue
                    group.append(key)
                    left = len(kept) + len(remaining) - i - 1
                    if len(group) >= PAIRING_GROUP_MAX or left <= PAIRING_GROUP_MIN:
                        kept.extend(remaining[i + 1 :])
                        ready = True
                        break
                remaining = kept
                if len(group) >= PAIRING_GROUP_MIN and len(group) % 2 == 0:
                    ready = True
                if ready:
                    break
            if ready:
                break
        if len(group) % 2:
            remaining.insert(0, group.pop())
        groups.append(group)
    groups.append(remaining)
    return [g for g in groups if g]


def pair_round(
    t: Tournament, round_: int, limits: ColourLimitRule | None = None
) -> GothaRoundPairing:
    """Round `round_` (from 1) paired from `t`'s games and byes of the earlier rounds; with
    `limits`, keeping the event's colour limits as absolute rules (see the module)."""
    costs = PairingRound(t.before(round_ - 1), round_ - 1)
    keys = players_to_pair(costs)
    bye = None
    if len(keys) % 2:
        bye = choose_bye(costs, keys)
        keys.remove(bye)
    rule = limits if limits is not None and limits.in_matching else None
    totals = PairCosts(costs, keys)
    pairs = [
        pair for group in pairing_groups(costs, keys) for pair in match(costs, group, rule, totals)
    ]
    total = sum(totals.total(a, b) for a, b in pairs)
    games = [game_between(costs, a, b) for a, b in pairs]
    if limits is not None:
        games = [within_limits(g, limits) for g in games]
    games = table_order(costs, games)
    return GothaRoundPairing(tuple(games), bye, total)
