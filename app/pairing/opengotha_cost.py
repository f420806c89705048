"""The cost of a candidate pair, term by term, as OpenGotha 3.51's pairing engine counts it.

OpenGotha pairs a round by a maximum-weight matching over these costs (a higher cost is a
better pair).  Written in our own words from OpenGotha's documentation (the pairing
evaluation function, the pairing and handicap settings) and checked against the costs its
own code prints for real files (`tests/pairing/test_opengotha_cost.py`).

Two builds of OpenGotha count two terms differently (`CostRules`):
* `ENGINE` — what the Pair button of OpenGotha 3.51.02 (its distribution jar) maximises:
  the geography term ignores the thresholds (it is always the nominal cost below), the
  draw-up/draw-down term is only counted between groups less than 4 apart, and a group's
  size and places count every player of the file, those absent from the round (or not
  finally registered) too — they are not paired, but they hold their places.  The shared
  `opengotha_engine_pairs_after_R*.txt` are made by this build; the program pairs with it.
* `WEIGHTS` — the instrumented build that wrote the shared `*_weights_R*.txt` files: the
  thresholds also apply to geography, and draw-up/draw-down counts at any group distance.

Every pair starts at 1 (0 would mean "not allowed"), then:

Base criteria
* Avoid duplicates: + `paiBaAvoidDuplGame` unless the two already met.
* Random: + a deterministic pseudo-random number from the names, 0 .. `paiBaRandom`
  (0 by default: off), drawn from the two names in Java's order (`det_random`).
* Colour balance (only if the game would be even): each player's balance is games with
  White minus games with Black (handicap games left out); + `paiBaBalanceWB` if the
  balances have strictly opposite signs, half of it if one is 0 and the other ≥ 2.

Main criteria (groups are the main score — MMS in McMahon, NBW in Swiss — every possible
score a group, empty ones counted; inside a group players are ordered by the placement
criteria, then the additional criterion of the seeding system, then by name)
* Category: with several categories, `paiMaAvoidMixingCategories`·f(x), x the category
  gap over the number of categories; f(x) = (1 − x)(1 + k·x), k = `paiStandardNX1Factor`
  (the concavity).
* Score difference (same category): `paiMaMinimizeScoreDifference`·f(x), x the group gap
  over the number of groups.
* Draw-up/draw-down (different groups; `ENGINE`: less than 4 groups apart): w = `paiMaDUDDWeight`/5.  The scenario starts at 2;
  −1 for each player drawn again the way he already was (up if he had been drawn up, down
  if down); then, unless 0, +1 for each player whom it draws back the other way from where
  he has been drawn more often.  Cost 0, w, 2w, 3w, 4w for scenarios 0 … 4 (3 and 4 count
  2w without `paiMaCompensateDUDD`), plus w/2 times a place term for the upper player (of
  the better group) and for the lower one: TOP favours the top of the group, BOT the bottom,
  MID the middle.  Divided by (gap + 1)⁴ across categories.
* Seeding (same group, places c1, c2 in a group of n): `paiMaMaximizeSeeding` minus a
  penalty — split & slip: x = 2|c1 − c2| − n, penalty W·x²/n²; split & fold:
  x = c1 + c2 − (n − 1), penalty W·x²/(n − 1)²; split & random: only across the halves,
  W minus a deterministic random up to W/5.  System 1 up to `paiMaLastRoundForSeedSystem1`,
  system 2 after.

Secondary criteria.  A player is "above the thresholds" if his rank plus wins reaches
`paiSeRankThreshold`, or he has won at least half the rounds (all of them without
`paiSeNbWinsThresholdActive`), or his start is at the bar (`paiSeBarThresholdActive`).
* Handicap: `paiSeMinimizeHandicap`·f(x), x the MMS gap over the score range (a player
  above the thresholds counts as the highest possible MMS).
* Geography: a ratio for "different country" (`…SameCountry` factor over the score range,
  at most 1) and for "different club" (`…SameClub` factor × 1.2 over the range; half the
  factor for another club of the same club group); the larger plus half the smaller, plus
  half a group if not 0.  Nominal cost = `paiMaMinimizeScoreDifference` −
  `paiSeAvoidSameGeo`·f(ratio), capped at `paiSeAvoidSameGeo`.  `ENGINE`: always the
  nominal cost.  `WEIGHTS`: both players above the thresholds: the full
  `paiSeAvoidSameGeo` (geography no longer matters); one of them: the mean of the nominal
  and the full cost.

Integer arithmetic is OpenGotha's: 64-bit integers divided with truncation, the concave
terms computed in doubles and truncated.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from app.pairing.opengotha_model import (
    MIN_RANK,
    SMMS_CORRECTION_MAX,
    SMMS_CORRECTION_MIN,
    DuddMode,
    Player,
    SeedSystem,
    Tournament,
)
from app.pairing.opengotha_scores import PlayerScores, score_table


def jdiv(a: int, b: int) -> int:
    """Java's integer division (truncates toward zero)."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def _utf16(text: str) -> bytes:
    return text.encode("utf-16-be")  # Java compares and counts UTF-16 code units


def det_random(limit: int, p1: Player, p2: Player) -> int:
    """OpenGotha 3.51's deterministic random number 0 .. limit from the two names.

    The two full names (surname + given name) are taken in Java's string order, whichever
    player comes first; asked for the pair the other way round (`p1` after `p2` in that
    order) the number is counted from the top, limit − n.  So with limit 1 a pair's two
    askings always disagree, and a colour drawn from it does not depend on the order the
    pair is found in.  The draw itself: the characters weighted by their position, times
    1234567 in 64-bit arithmetic, modulo limit + 1.
    """
    first, second = p1.name + p1.first_name, p2.name + p2.first_name
    reverse = _utf16(first) > _utf16(second)
    if reverse:
        first, second = second, first
    units = _utf16(first + second)
    n = 0
    for i in range(len(units) // 2):
        n += int.from_bytes(units[2 * i : 2 * i + 2], "big") * (i + 1)
    # Java: a long (64-bit) times 1234567, then modulo.
    n = _jmod(_wrap64(n * 1234567), limit + 1)
    return limit - n if reverse else n


def _wrap64(n: int) -> int:
    n &= (1 << 64) - 1
    return n - (1 << 64) if n >= 1 << 63 else n


def _jmod(a: int, b: int) -> int:
    return a - jdiv(a, b) * b


class CostRules(StrEnum):
    """Which OpenGotha build's evaluation function (see the module's docstring)."""

    ENGINE = "engine"  # OpenGotha 3.51.02's Pair button
    WEIGHTS = "weights"  # the build that wrote the shared weights files


ENGINE_DUDD_MAX_GAP = 3  # 3.51.02 counts draw-up/draw-down only this many groups apart


@dataclass(frozen=True)
class GroupInfo:
    """A player's pairing information for the round being paired."""

    number: int  # 0 = the best score
    size: int
    place: int  # 0 .. size − 1 inside the group
    draw_ups: int
    draw_downs: int


@dataclass(frozen=True)
class CostTerms:
    duplicate: int
    random: int
    colour: int
    category: int
    score: int
    dudd: int
    seeding: int
    handicap: int
    geography: int

    @property
    def total(self) -> int:
        return (
            1
            + self.duplicate
            + self.random
            + self.colour
            + self.category
            + self.score
            + self.dudd
            + self.seeding
            + self.handicap
            + self.geography
        )


def category(player: Player, limits: Sequence[int]) -> int:
    """OpenGotha's `Player.category`: the first category whose lower limit the rank reaches."""
    for c, low in enumerate(limits):
        if player.rank >= low:
            return c
    return len(limits)


def concave(weight: int, x: float, k: float) -> int:
    """(long)(weight · (1 − x) · (1 + k·x)), in OpenGotha's order of operations."""
    return int(float(weight) * (1.0 - x) * (1.0 + k * x))


class PairingRound:
    """Everything OpenGotha computes once per round before it costs the pairs."""

    def __init__(self, t: Tournament, round_: int, rules: CostRules = CostRules.ENGINE) -> None:
        """`round_` counts from 0; the state is `t`'s games and byes of earlier rounds."""
        self.t = t
        self.round = round_
        self.rules = rules
        self.scores: dict[str, PlayerScores] = score_table(t, round_)
        self.main = "MMS" if t.mcmahon else "NBW"
        self.groups: dict[str, GroupInfo] = {}
        self.number_of_groups = 0
        self._fill_groups()

    # -- groups, places and draw-ups/-downs (OpenGotha's fillPairingInfo) ------------------

    def score_range(self) -> tuple[int, int]:
        """The lowest and highest main score (halved) a player can have before the round."""
        g = self.t.general
        if self.main == "MMS":
            low = g.mm_floor + SMMS_CORRECTION_MIN - MIN_RANK
            high = g.mm_bar + SMMS_CORRECTION_MAX + self.round - MIN_RANK
            return low, high
        return 0, self.round

    def _fill_groups(self) -> None:
        t, rn = self.t, self.round - 1
        pai = t.pairing
        limits = t.general.category_limits
        additional = (
            pai.additional_criterion_1
            if self.round <= pai.last_round_seed_system_1
            else pai.additional_criterion_2
        )
        criteria = (*t.placement, additional)
        # 3.51.02's engine places every player of the file in the groups, absent or not
        # (`fillPairingInfo` runs over all its scored players); the weights build, the
        # players of the round only.
        everyone = self.rules is CostRules.ENGINE
        low, high = self.score_range()
        number = 0
        members: dict[str, tuple[int, int, int]] = {}
        for cat in range(t.general.number_of_categories):
            for score in range(high, low - 1, -1):
                group = [
                    s
                    for s in self.scores.values()
                    if (everyone or self.takes_part(s.player))
                    and category(s.player, limits) == cat
                    and s.criterion(self.main, rn) // 2 == score
                ]
                group.sort(
                    key=lambda s: (
                        tuple(-s.criterion(c, rn) for c in criteria),
                        s.player.name,
                        s.player.first_name,
                    )
                )
                for place, s in enumerate(group):
                    members[s.player.key] = (number, len(group), place)
                number += 1
        self.number_of_groups = number
        ups, downs = self._draws()
        for key, (num, size, place) in members.items():
            self.groups[key] = GroupInfo(num, size, place, ups.get(key, 0), downs.get(key, 0))

    def takes_part(self, player: Player) -> bool:
        """Registered (FIN) and participating in the round being paired."""
        flags = player.participating
        return player.registered and (self.round >= len(flags) or flags[self.round])

    def _draws(self) -> tuple[dict[str, int], dict[str, int]]:
        ups: dict[str, int] = {}
        downs: dict[str, int] = {}
        for r in range(self.round):
            for key, s in self.scores.items():
                game = s.games[r]
                if game is None:
                    continue
                opp = self.scores[game.black if key == game.white else game.white]
                mine = s.criterion(self.main, r - 1) // 2
                theirs = opp.criterion(self.main, r - 1) // 2
                if mine < theirs:
                    ups[key] = ups.get(key, 0) + 1
                elif mine > theirs:
                    downs[key] = downs.get(key, 0) + 1
        return ups, downs

    # -- the pieces of a pair ---------------------------------------------------------------

    def met(self, a: str, b: str) -> bool:
        for game in self.scores[a].games:
            if game is not None and {game.white, game.black} == {a, b}:
                return True
        return False

    def colour_balance(self, key: str) -> int:
        """Games with White minus games with Black, handicap games left out."""
        balance = 0
        for game in self.scores[key].games:
            if game is None or game.handicap != 0:
                continue
            balance += 1 if game.white == key else -1
        return balance

    def handicap(self, a: str, b: str) -> int:
        """The handicap OpenGotha would give (positive: `a` gives it, i.e. takes White)."""
        return self.handicap_between(self.handicap_rank(a), self.handicap_rank(b))

    def handicap_rank(self, key: str) -> int:
        """The rank a player's handicap is counted from: his MMS as a rank (or his rank,
        `hdBasedOnMMS` off), at most the no-handicap rank."""
        hp = self.t.handicap
        if hp.based_on_mms:
            rank = self.scores[key].criterion("MMS", self.round - 1) // 2 + MIN_RANK
        else:
            rank = self.scores[key].player.rank
        return min(rank, hp.no_handicap_threshold)

    def handicap_between(self, r1: int, r2: int) -> int:
        """The handicap between two handicap ranks (`handicap_rank`)."""
        hp = self.t.handicap
        hd = r1 - r2
        if hd > 0:
            hd = max(hd - hp.correction, 0)
        elif hd < 0:
            hd = min(hd + hp.correction, 0)
        return max(min(hd, hp.ceiling), -hp.ceiling)

    def above_thresholds(self, key: str) -> bool:
        s = self.scores[key]
        t, rn = self.t, self.round - 1
        pai = t.pairing
        nbw2 = s.criterion("NBW", rn)
        rounds = t.general.number_of_rounds
        strong = 2 * s.player.rank + nbw2 >= 2 * pai.rank_threshold
        many_wins = nbw2 >= (rounds if pai.nbw_threshold_active else 2 * rounds)
        at_bar = pai.bar_threshold_active and s.start >= t.general.mm_bar - MIN_RANK
        return strong or many_wins or at_bar

    # -- the terms -------------------------------------------------------------------------

    def terms(self, a: str, b: str) -> CostTerms:
        """The cost of pairing `a` with `b` (the order only matters for the random terms)."""
        t = self.t
        pai = t.pairing
        k = pai.nx1_factor
        pa, pb = self.scores[a].player, self.scores[b].player
        ga, gb = self.groups[a], self.groups[b]
        limits = t.general.category_limits
        cat_a, cat_b = category(pa, limits), category(pb, limits)

        duplicate = 0 if self.met(a, b) else pai.avoid_duplicate
        if pai.deterministic:
            random = det_random(pai.random, pa, pb)
        else:
            random = 0  # OpenGotha draws a true random number here; we stay reproducible

        colour = 0
        if self.handicap(a, b) == 0:
            wb1, wb2 = self.colour_balance(a), self.colour_balance(b)
            if wb1 * wb2 < 0:
                colour = pai.balance_wb
            elif (wb1 == 0 and abs(wb2) >= 2) or (wb2 == 0 and abs(wb1) >= 2):
                colour = jdiv(pai.balance_wb, 2)

        categories = t.general.number_of_categories
        cat_cost = 0
        if categories > 1:
            x = abs(cat_a - cat_b) / categories
            cat_cost = concave(pai.avoid_mixing_categories, x, k)

        groups = self.number_of_groups
        score = 0
        if cat_a == cat_b:
            score = concave(pai.minimize_score_difference, abs(ga.number - gb.number) / groups, k)

        dudd = self._dudd(ga, gb)
        gap = abs(cat_a - cat_b)
        for _ in range(4):
            dudd = jdiv(dudd, gap + 1)

        seeding = self._seeding(pa, pb, ga, gb)
        handicap, geography = self._secondary(a, b)
        return CostTerms(
            duplicate, random, colour, cat_cost, score, dudd, seeding, handicap, geography
        )

    def _dudd(self, ga: GroupInfo, gb: GroupInfo) -> int:
        if ga.number == gb.number:
            return 0
        if self.rules is CostRules.ENGINE and abs(ga.number - gb.number) > ENGINE_DUDD_MAX_GAP:
            return 0
        pai = self.t.pairing
        scenario = 2
        for me, other in ((ga, gb), (gb, ga)):
            if me.draw_ups > 0 and me.number > other.number:
                scenario -= 1
            if me.draw_downs > 0 and me.number < other.number:
                scenario -= 1
        for me, other in ((ga, gb), (gb, ga)) if scenario != 0 else ():
            if me.draw_ups > 0 and me.draw_downs < me.draw_ups and me.number < other.number:
                scenario += 1
            if me.draw_downs > 0 and me.draw_ups < me.draw_downs and me.number > other.number:
                scenario += 1
        w = jdiv(pai.dudd_weight, 5)
        upper, lower = (ga, gb) if ga.number < gb.number else (gb, ga)
        cost = place_term(w, upper, pai.dudd_upper) + place_term(w, lower, pai.dudd_lower)
        if scenario == 1:
            cost += w
        elif scenario == 2 or (scenario > 2 and not pai.compensate_dudd):
            cost += 2 * w
        elif scenario == 3:
            cost += 3 * w
        elif scenario == 4:
            cost += 4 * w
        return cost

    def _seeding(self, pa: Player, pb: Player, ga: GroupInfo, gb: GroupInfo) -> int:
        if ga.number != gb.number:
            return 0
        pai = self.t.pairing
        n, c1, c2 = ga.size, ga.place, gb.place
        weight = pai.maximize_seeding
        system = (
            pai.seed_system_1 if self.round <= pai.last_round_seed_system_1 else pai.seed_system_2
        )
        if system is SeedSystem.SPLIT_AND_RANDOM:
            if (2 * c1 < n) != (2 * c2 < n):
                return weight - det_random(int(weight * 0.2), pa, pb)
            return 0
        if system is SeedSystem.SPLIT_AND_FOLD:
            x = c1 + c2 - (n - 1)
            return weight - jdiv(jdiv(weight * x, n - 1) * x, n - 1)
        x = 2 * abs(c1 - c2) - n
        return weight - jdiv(jdiv(weight * x, n) * x, n)

    def _secondary(self, a: str, b: str) -> tuple[int, int]:
        t, rn = self.t, self.round - 1
        g = t.general
        max_mms = g.mm_bar + SMMS_CORRECTION_MAX - MIN_RANK + self.round
        above = 0
        pseudo = []
        for key in (a, b):
            if self.above_thresholds(key):
                above += 1
                pseudo.append(max_mms)
            else:
                pseudo.append(self.scores[key].criterion("MMS", rn) // 2)
        handicap = self.handicap_term(abs(pseudo[0] - pseudo[1]))

        pa, pb = self.scores[a].player, self.scores[b].player
        group_a, group_b = t.club_groups.get(pa.club), t.club_groups.get(pb.club)
        same_group = group_a is not None and group_a == group_b
        geography = self.geography(pa.country != pb.country, pa.club == pb.club, same_group, above)
        return handicap, geography

    def handicap_term(self, pseudo_gap: int) -> int:
        """The handicap term of two players `pseudo_gap` pseudo-MMS apart (`_secondary`)."""
        pai, g = self.t.pairing, self.t.general
        if self.t.mcmahon:
            sec_range = self.number_of_groups
        else:
            sec_range = (
                g.mm_bar - g.mm_floor + SMMS_CORRECTION_MAX - SMMS_CORRECTION_MIN + self.round
            )
        return concave(pai.minimize_handicap, pseudo_gap / sec_range, pai.nx1_factor)

    def geography(
        self, other_country: bool, same_club: bool, same_club_group: bool, above: int
    ) -> int:
        """The geography term of two players from another country or not, the same club or
        not, clubs of one club group or not, `above` of them above the thresholds."""
        pai = self.t.pairing
        k = pai.nx1_factor
        groups = self.number_of_groups
        country_ratio = 0.0
        if other_country and pai.country_factor != 0:
            country_ratio = min(pai.country_factor / groups, 1.0)
        club_ratio = 0.0
        if pai.club_factor != 0 and not same_club:
            if same_club_group:
                club_ratio = pai.club_factor / 2.0 / groups
            else:
                club_ratio = pai.club_factor * 1.2 / groups
        club_ratio = min(club_ratio, 1.0)
        ratio = max(country_ratio, club_ratio) + min(country_ratio, club_ratio) / 2.0
        if ratio > 0.0:
            ratio += 0.5 / groups
        full = pai.avoid_same_geo
        nominal = min(pai.minimize_score_difference - concave(full, ratio, k), full)
        if self.rules is CostRules.ENGINE:
            return nominal
        if above == 2:
            return full
        if above == 1:
            return jdiv(nominal + full, 2)
        return nominal

    def matching_cost(self, pairs: Iterable[Iterable[str]]) -> int:
        """The sum of the pairs' costs: what OpenGotha's engine maximises."""
        return sum(self.terms(*sorted(pair)).total for pair in pairs)

    def costs(self, keys: Iterable[str]) -> dict[tuple[str, str], CostTerms]:
        """The terms of every pair of `keys`, in their order."""
        order = list(keys)
        return {(a, b): self.terms(a, b) for i, a in enumerate(order) for b in order[i + 1 :]}


def place_term(w: int, g: GroupInfo, mode: DuddMode) -> int:
    n, c = g.size, g.place
    if mode is DuddMode.TOP:
        x = n - 1 - c
    elif mode is DuddMode.MID:
        x = n - 1 - abs(2 * c - n + 1)
    else:
        x = c
    return jdiv(jdiv(w, 2) * x, n)
