"""Issue 44 §4: every pair's cost worked out at once (`PairCosts`) is, to the integer, the
cost `PairingRound.terms` works out pair by pair — on random fields that vary every
parameter the cost reads, and on every round of the shared OpenGotha files — and a round is
paired without asking `terms` once."""

from __future__ import annotations

import random
import zlib
from dataclasses import replace

import pytest

from app.io.opengotha import GothaResult
from app.pairing import opengotha_cost
from app.pairing.opengotha_cost import CostRules, PairingRound, det_random
from app.pairing.opengotha_edges import PairCosts
from app.pairing.opengotha_model import (
    DuddMode,
    Game,
    GeneralParams,
    HandicapParams,
    PairingParams,
    Player,
    SeedSystem,
    Tournament,
)
from app.pairing.opengotha_pairing import ColourLimitRule, pair_round, players_to_pair
from tests.pairing.opengotha_reference import NAMES, REFERENCE, tournament
from tests.shared_files import require

SURNAMES = ["Wang", "Li", "Zhang", "王", "李", "Ævar", "O'Neil", "Müller", "Łukasz", "张"]
GIVEN = ["Wei", "Fang", "伟", "芳", "Anne-Marie", "Zoë", "Bo", ""]
RESULTS = [
    GothaResult.WHITE_WINS,
    GothaResult.BLACK_WINS,
    GothaResult.EQUAL,
    GothaResult.WHITE_WINS_BYDEF,
    GothaResult.BLACK_WINS_BYDEF,
    GothaResult.BOTH_LOSE,
    GothaResult.UNKNOWN,
]


def random_field(seed: int) -> tuple[Tournament, int]:
    """A field of 14–30 players after 0–4 random rounds, every cost parameter drawn."""
    rng = random.Random(seed)
    n = rng.randint(14, 30)
    rounds = rng.randint(0, 4)
    players = []
    for i in range(n):
        surname, given = rng.choice(SURNAMES), rng.choice(GIVEN)  # full names repeat
        players.append(
            Player(
                key=f"{surname}{given}{i}".upper(),
                name=surname,
                first_name=given,
                rank=rng.randint(-25, 6),
                rating=rng.randint(100, 2700),
                club=rng.choice(["C1", "C2", "C3", "C4", "北京", ""]),
                country=rng.choice(["CN", "FR", "JP"]),
                smms_correction=rng.choice([0, 0, 0, -1, 1, 2]),
                participating=tuple(rng.random() > 0.1 for _ in range(6)),
                registered=rng.random() > 0.05,
            )
        )
    games, byes = [], {}
    for r in range(rounds):
        present = [p.key for p in players if rng.random() > 0.15]
        rng.shuffle(present)
        if len(present) % 2:
            byes[r] = present.pop()
        for a, b in zip(present[::2], present[1::2], strict=True):
            handicap = rng.choice([0, 0, 0, 1, 2, 5])
            games.append(Game(r, a, b, rng.choice(RESULTS), handicap))
    mcmahon = rng.random() > 0.25
    general = GeneralParams(
        number_of_rounds=rng.randint(rounds + 1, 7),
        mm_floor=rng.choice([-20, -15]),
        mm_bar=rng.choice([0, 3]),
        mms2_absent=rng.choice([0, 1]),
        mms2_bye=rng.choice([1, 2]),
        nbw2_bye=rng.choice([0, 2]),
        round_down=rng.random() > 0.5,
        category_limits=rng.choice([(), (), (-5,), (0, -12)]),
    )
    pairing = PairingParams(
        nx1_factor=rng.choice([0.5, 0.0, 1.0]),
        random=rng.choice([0, 0, 1000, 999_999]),
        deterministic=rng.random() > 0.2,
        balance_wb=rng.choice([1000, 1001, 0]),
        dudd_weight=rng.choice([100_000_000, 7_777_777]),
        compensate_dudd=rng.random() > 0.3,
        dudd_upper=rng.choice(list(DuddMode)),
        dudd_lower=rng.choice(list(DuddMode)),
        maximize_seeding=rng.choice([5_000_000, 3_333_333]),
        last_round_seed_system_1=rng.randint(0, 3),
        seed_system_1=rng.choice(list(SeedSystem)),
        seed_system_2=rng.choice(list(SeedSystem)),
        additional_criterion_1=rng.choice(["Rating", "Rank", "NULL"]),
        rank_threshold=rng.choice([3, -5]),
        nbw_threshold_active=rng.random() > 0.5,
        bar_threshold_active=rng.random() > 0.5,
        minimize_handicap=rng.choice([0, 0, 400_000_000]),
        country_factor=rng.choice([1, 0, 7]),
        club_factor=rng.choice([3, 0, 1]),
    )
    handicap = HandicapParams(
        based_on_mms=rng.random() > 0.5,
        no_handicap_threshold=rng.choice([0, -10]),
        correction=rng.choice([0, 1, 2]),
        ceiling=rng.choice([0, 9, 3]),
    )
    placement = ("MMS", "SOSM", "SOSOSM") if mcmahon else ("NBW", "SOSW", "SOSOSW")
    club_groups = rng.choice([{}, {"C1": "G", "C2": "G", "北京": "H"}])
    t = Tournament(
        players=tuple(players),
        games=tuple(games),
        byes=byes,
        general=general,
        handicap=handicap,
        pairing=pairing,
        placement=placement,
        club_groups=club_groups,
    )
    return t, rounds


def assert_same_costs(costs: PairingRound, keys: list[str]) -> None:
    fast = PairCosts(costs, keys)
    edges = fast.edges(keys)
    assert len(edges) == len(keys) * (len(keys) - 1) // 2
    wrong = [
        (keys[i], keys[j], total, costs.terms(keys[i], keys[j]).total)
        for i, j, total in edges
        if total != costs.terms(keys[i], keys[j]).total
    ]
    assert not wrong, f"{len(wrong)} pairs differ, e.g. {wrong[:5]}"
    for a, b in zip(keys, reversed(keys), strict=True):
        if a != b:
            assert fast.total(a, b) == costs.terms(a, b).total
            assert fast.have_met(a, b) == costs.met(a, b)
            assert fast.handicap(a, b) == costs.handicap(a, b)


@pytest.mark.parametrize("seed", range(40))
def test_every_pair_costs_what_terms_says_on_random_fields(seed: int) -> None:
    t, rounds = random_field(seed)
    for rules in CostRules:
        costs = PairingRound(t, rounds, rules)
        keys = list(costs.groups) if rules is CostRules.ENGINE else players_to_pair(costs)
        assert_same_costs(costs, keys)


@pytest.mark.parametrize("name", NAMES)
def test_every_pair_costs_what_terms_says_on_the_shared_files(name: str) -> None:
    require(REFERENCE / name)
    t = tournament(name)
    rounds = 1 + max((g.round for g in t.games), default=0)
    for r in range(rounds):
        for rules in CostRules:
            costs = PairingRound(t.before(r), r, rules)
            assert_same_costs(costs, players_to_pair(costs))


def test_the_deterministic_random_from_sums_is_opengothas() -> None:
    rng = random.Random(7)
    t, rounds = random_field(3)
    # A name long enough for Java's 64-bit product to wrap round.
    long_name = replace(t.players[0], name="龍" * 40_000)
    t = replace(t, players=(long_name, *t.players[1:]))
    costs = PairingRound(t, rounds)
    keys = list(costs.groups)
    fast = PairCosts(costs, keys)
    long = keys.index(long_name.key)
    others = [k for k in range(len(keys)) if k != long]
    pairs = [(rng.choice(others), rng.choice(others)) for _ in range(300)]
    pairs += [(long, j) for j in others[:4]] + [(j, long) for j in others[:4]]
    for i, j in pairs:
        limit = rng.choice([0, 1, 2, 999, 1_000_000, 2**40])
        pi, pj = costs.scores[keys[i]].player, costs.scores[keys[j]].player
        assert fast.det_random(limit, i, j) == det_random(limit, pi, pj)


def test_a_round_is_paired_without_costing_pairs_one_by_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The guard on the speed: every pair of the round is costed in one pass, and `terms`
    (the pair-by-pair reference, about 15 µs a pair) is never asked."""
    t, rounds = random_field(11)
    t = replace(t, players=tuple(replace(p, registered=True) for p in t.players))
    expected = pair_round(t, rounds + 1)
    asked: list[tuple[str, str]] = []
    terms = opengotha_cost.PairingRound.terms

    def counting(self: PairingRound, a: str, b: str) -> opengotha_cost.CostTerms:
        asked.append((a, b))
        return terms(self, a, b)

    monkeypatch.setattr(opengotha_cost.PairingRound, "terms", counting)
    assert pair_round(t, rounds + 1) == expected
    assert asked == []


@pytest.mark.parametrize("seed", range(0, 40, 4))
def test_colour_limits_from_each_players_seats_pair_as_from_each_pair(seed: int) -> None:
    """A rule that gives each player's two seats (`seat_breaks`) pairs the round exactly as
    the same rule asked pair by pair (`breaks`), handicap games' fixed colours included."""

    def seat_breaks(key: str, first: bool) -> int:
        return int(zlib.crc32(f"{key}{first}".encode()) % 3 == 0)

    def breaks(black: str, white: str) -> int:
        return seat_breaks(black, True) + seat_breaks(white, False)

    t, rounds = random_field(seed)
    t = replace(t, players=tuple(replace(p, registered=True) for p in t.players))
    pair_by_pair = pair_round(t, rounds + 1, ColourLimitRule(breaks))
    asked: list[tuple[str, str]] = []

    def counted(black: str, white: str) -> int:
        asked.append((black, white))
        return breaks(black, white)

    by_seat = pair_round(t, rounds + 1, ColourLimitRule(counted, seat_breaks=seat_breaks))
    assert by_seat == pair_by_pair
    assert len(asked) <= 2 * len(by_seat.games)  # the seats of the games chosen only
