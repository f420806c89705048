"""The cost of every candidate pair of a round at once, equal to `PairingRound.terms`.

`PairingRound.terms` computes a pair's cost term by term from the players' scores, as
`opengotha_cost` explains it; the matching needs it for every pair of the round (64,620
pairs at 360 players), and asked pair by pair it takes about a second.  `PairCosts` works out
once what each player brings to a pair — group, place, draw-ups and -downs, category,
colour balance, handicap rank, pseudo-MMS, whether he is above the thresholds, the games he
played, his country, club and club group, his name's part in the deterministic random — and
tabulates every term that depends only on a gap between two such facts (score groups,
categories, pseudo-MMS, handicap ranks) or on a few yes/no facts (colour balances,
geography).  A pair's cost is then a few table look-ups and integer operations, in one loop.

Every table is filled by `PairingRound`'s own functions, and the arithmetic left in the loop
is OpenGotha's (64-bit integers, Java's truncating division), so the totals are the same
integers `terms(a, b).total` gives; `tests/pairing/test_opengotha_edges.py` holds the two
equal on random fields and on the shared reference files.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import repeat

from app.pairing.opengotha_cost import (
    ENGINE_DUDD_MAX_GAP,
    CostRules,
    PairingRound,
    category,
    concave,
    jdiv,
    place_term,
)
from app.pairing.opengotha_model import MIN_RANK, SMMS_CORRECTION_MAX, SeedSystem

_JAVA_MULTIPLIER = 1234567
_LONG = 1 << 64
_LONG_MAX = 1 << 63


def _utf16_units(text: str) -> list[int]:
    data = text.encode("utf-16-be")
    return [int.from_bytes(data[i : i + 2], "big") for i in range(0, len(data), 2)]


def _balance_class(wb: int) -> int:
    """A colour balance as the colour term sees it: ≤ −2, −1, 0, 1, ≥ 2."""
    return max(-2, min(wb, 2)) + 2


class PairCosts:
    """Every pair's total cost among `keys` (players of `costs`' round), as `terms` counts it."""

    def __init__(self, costs: PairingRound, keys: Sequence[str]) -> None:
        self.costs = costs
        self.keys = list(keys)
        self.index = {key: i for i, key in enumerate(self.keys)}
        t = costs.t
        pai = t.pairing
        g = t.general
        rn = costs.round - 1
        scores = [costs.scores[key] for key in self.keys]
        players = [s.player for s in scores]
        infos = [costs.groups[key] for key in self.keys]
        self.group = [info.number for info in infos]
        self.size = [info.size for info in infos]
        self.place = [info.place for info in infos]
        self.category = [category(p, g.category_limits) for p in players]

        # Avoid duplicates: who met whom (as indexes among `keys`).
        self.met: list[set[int]] = []
        for i, s in enumerate(scores):
            key = self.keys[i]
            opponents = set()
            for game in s.games:
                if game is not None:
                    other = self.index.get(game.black if game.white == key else game.white)
                    if other is not None:
                        opponents.add(other)
            self.met.append(opponents)

        # The deterministic random: a name's units weighted by position, summed.
        names = [p.name + p.first_name for p in players]
        order = sorted(set(names), key=lambda n: n.encode("utf-16-be"))
        rank_of = {n: r for r, n in enumerate(order)}
        self.name_order = [rank_of[n] for n in names]
        units = [_utf16_units(n) for n in names]
        self.name_length = [len(u) for u in units]
        self.name_sum = [sum(u) for u in units]
        self.name_weighted = [sum(c * (i + 1) for i, c in enumerate(u)) for u in units]

        # Colour balance: only in a game without handicap.
        self.balance = [_balance_class(costs.colour_balance(key)) for key in self.keys]
        self.handicap_rank = [costs.handicap_rank(key) for key in self.keys]
        low, high = min(self.handicap_rank, default=0), max(self.handicap_rank, default=0)
        self._rank_offset = high - low
        self.handicap_by_gap = [
            costs.handicap_between(d, 0) for d in range(low - high, high - low + 1)
        ]
        self.even = [hd == 0 for hd in self.handicap_by_gap]
        self.colour = [[self._colour(a - 2, b - 2) for b in range(5)] for a in range(5)]

        # Main criteria: by category gap and by group gap.
        k = pai.nx1_factor
        categories = g.number_of_categories
        self.category_term = [
            concave(pai.avoid_mixing_categories, x / categories, k) if categories > 1 else 0
            for x in range(categories)
        ]
        groups = costs.number_of_groups
        self.score_term = [
            concave(pai.minimize_score_difference, x / groups, k) for x in range(groups + 1)
        ]
        w = jdiv(pai.dudd_weight, 5)
        self.dudd_w = w
        self.upper_term = [place_term(w, info, pai.dudd_upper) for info in infos]
        self.lower_term = [place_term(w, info, pai.dudd_lower) for info in infos]
        self.drawn_up = [info.draw_ups > 0 for info in infos]
        self.drawn_down = [info.draw_downs > 0 for info in infos]
        self.more_ups = [0 < info.draw_ups and info.draw_downs < info.draw_ups for info in infos]
        self.more_downs = [
            0 < info.draw_downs and info.draw_ups < info.draw_downs for info in infos
        ]
        compensate = pai.compensate_dudd
        self.scenario_term = [0, w, 2 * w, 3 * w if compensate else 2 * w]
        self.scenario_term.append(4 * w if compensate else 2 * w)
        self.dudd_max_gap = ENGINE_DUDD_MAX_GAP if costs.rules is CostRules.ENGINE else groups + 1
        system = (
            pai.seed_system_1 if costs.round <= pai.last_round_seed_system_1 else pai.seed_system_2
        )
        self.seed_system = system

        # Secondary criteria.
        max_mms = g.mm_bar + SMMS_CORRECTION_MAX - MIN_RANK + costs.round
        self.above = [costs.above_thresholds(key) for key in self.keys]
        self.pseudo = [
            max_mms if above else s.criterion("MMS", rn) // 2
            for above, s in zip(self.above, scores, strict=True)
        ]
        spread = max(self.pseudo, default=0) - min(self.pseudo, default=0)
        self.handicap_term = [costs.handicap_term(x) for x in range(spread + 1)]
        ids: dict[str, int] = {}
        self.country = [ids.setdefault("country:" + p.country, len(ids)) for p in players]
        self.club = [ids.setdefault("club:" + p.club, len(ids)) for p in players]
        self.club_group = []
        for p in players:
            club_group = t.club_groups.get(p.club)
            self.club_group.append(
                -1 if club_group is None else ids.setdefault("group:" + club_group, len(ids))
            )
        # geography[other country][club: same, same club group, other][players above]
        self.geography = [
            [
                [
                    costs.geography(bool(other), relation == 0, relation == 1, above)
                    for above in range(3)
                ]
                for relation in range(3)
            ]
            for other in range(2)
        ]

    def _colour(self, wb1: int, wb2: int) -> int:
        balance_wb = self.costs.t.pairing.balance_wb
        if wb1 * wb2 < 0:
            return balance_wb
        if (wb1 == 0 and abs(wb2) >= 2) or (wb2 == 0 and abs(wb1) >= 2):
            return jdiv(balance_wb, 2)
        return 0

    def det_random(self, limit: int, i: int, j: int) -> int:
        """`opengotha_cost.det_random(limit, player i, player j)`, from the names' sums."""
        reverse = self.name_order[i] > self.name_order[j]
        first, second = (j, i) if reverse else (i, j)
        n = (
            self.name_weighted[first]
            + self.name_weighted[second]
            + self.name_length[first] * self.name_sum[second]
        )
        n = (n * _JAVA_MULTIPLIER) % _LONG
        if n >= _LONG_MAX:
            n -= _LONG
        m = limit + 1
        n = n - jdiv(n, m) * m
        return limit - n if reverse else n

    def handicap(self, a: str, b: str) -> int:
        """`PairingRound.handicap(a, b)`: it depends on the two handicap ranks' gap only."""
        gap = self.handicap_rank[self.index[a]] - self.handicap_rank[self.index[b]]
        return self.handicap_by_gap[gap + self._rank_offset]

    def have_met(self, a: str, b: str) -> bool:
        return self.index[b] in self.met[self.index[a]]

    def total(self, a: str, b: str) -> int:
        """The total cost of pairing `a` with `b` (`terms(a, b).total`)."""
        return self._row(self.index[a], [self.index[b]])[0]

    def edges(self, keys: Sequence[str]) -> list[tuple[int, int, int]]:
        """(i, j, total) for every pair i < j of `keys` (indexes into `keys`)."""
        index = [self.index[key] for key in keys]
        out: list[tuple[int, int, int]] = []
        for i in range(len(index)):
            totals = self._row(index[i], index[i + 1 :])
            out.extend(zip(repeat(i), range(i + 1, len(index)), totals))
        return out

    def _row(self, i: int, others: Sequence[int]) -> list[int]:
        """The totals of player i with each of `others`, as `PairingRound.terms` sums them."""
        costs = self.costs
        pai = costs.t.pairing
        duplicate = pai.avoid_duplicate
        random_limit = pai.random if pai.deterministic else 0
        seed_weight = pai.maximize_seeding
        seed_random = int(seed_weight * 0.2)
        system = self.seed_system
        group, size, place, cat = self.group, self.size, self.place, self.category
        met_i = self.met[i]
        g_i, n_i, c_i, cat_i = group[i], size[i], place[i], cat[i]
        even, offset, hr_i = self.even, self._rank_offset, self.handicap_rank[i]
        handicap_rank = self.handicap_rank
        colour_i, balance = self.colour[self.balance[i]], self.balance
        category_term, score_term = self.category_term, self.score_term
        upper_term, lower_term = self.upper_term, self.lower_term
        drawn_up, drawn_down = self.drawn_up, self.drawn_down
        more_ups, more_downs = self.more_ups, self.more_downs
        scenario_term, max_gap = self.scenario_term, self.dudd_max_gap
        pseudo, pseudo_i, handicap_term = self.pseudo, self.pseudo[i], self.handicap_term
        above, above_i = self.above, int(self.above[i])
        country, country_i = self.country, self.country[i]
        club, club_i = self.club, self.club[i]
        club_group, club_group_i = self.club_group, self.club_group[i]
        geography = self.geography
        out = []
        for j in others:
            cost = 1
            if j not in met_i:
                cost += duplicate
            if random_limit:
                cost += self.det_random(random_limit, i, j)
            if even[hr_i - handicap_rank[j] + offset]:
                cost += colour_i[balance[j]]
            cat_j = cat[j]
            cost += category_term[abs(cat_i - cat_j)]
            g_j = group[j]
            if cat_i == cat_j:
                cost += score_term[abs(g_i - g_j)]
            if g_i != g_j:
                if abs(g_i - g_j) <= max_gap:
                    up, low = (i, j) if g_i < g_j else (j, i)
                    scenario = 2 - drawn_down[up] - drawn_up[low]
                    if scenario:
                        scenario += more_ups[up] + more_downs[low]
                    dudd = upper_term[up] + lower_term[low] + scenario_term[scenario]
                    if cat_i != cat_j:
                        gap = abs(cat_i - cat_j) + 1
                        for _ in range(4):
                            dudd = jdiv(dudd, gap)
                    cost += dudd
            elif system is SeedSystem.SPLIT_AND_RANDOM:
                if (2 * c_i < n_i) != (2 * place[j] < n_i):
                    cost += seed_weight - self.det_random(seed_random, i, j)
            elif system is SeedSystem.SPLIT_AND_FOLD:
                x = c_i + place[j] - (n_i - 1)
                cost += seed_weight - jdiv(jdiv(seed_weight * x, n_i - 1) * x, n_i - 1)
            else:
                x = 2 * abs(c_i - place[j]) - n_i
                cost += seed_weight - jdiv(jdiv(seed_weight * x, n_i) * x, n_i)
            cost += handicap_term[abs(pseudo_i - pseudo[j])]
            if club_i == club[j]:
                relation = 0
            elif club_group_i >= 0 and club_group_i == club_group[j]:
                relation = 1
            else:
                relation = 2
            cost += geography[country_i != country[j]][relation][above_i + above[j]]
            out.append(cost)
        return out
