"""Issue 44: OpenGotha's own rules where the engine was weakest, on tournaments made by hand.

Each test names the rule of OpenGotha 3.51.02 it shows (the jar the shared reference files
were made with: `fullVersionNumber="3.51.02"`) and checks it on a small tournament written for
it (`gotha_fixtures`), and where the shared files hold the case, on them too.
"""

from __future__ import annotations

import pytest

from app.pairing.opengotha_cost import PairingRound
from app.pairing.opengotha_pairing import (
    game_between,
    pair_round,
    pairing_groups,
    players_to_pair,
)
from tests.pairing.gotha_fixtures import G, P, gotha
from tests.pairing.opengotha_reference import (
    NAMES,
    REFERENCE,
    numbered,
    tables,
    tournament,
)
from tests.shared_files import require

ENGINE_FILES = ("Toulouse2024", "notsimplemm", "simplemm")


# -- White in an even game (Tournament.gameBetween, Pairing.detRandom) ----------------------


def test_white_of_a_tied_even_game_does_not_depend_on_the_pairs_order() -> None:
    """Equal colour balances: OpenGotha draws White from the two names taken in Java's
    order.  LiLei + WangFang: Σ code × position = 8877, × 1234567 = 10959251259, odd, so the
    draw is 1 and the second name in that order, WANGFANG, takes White — whichever way round
    the matching found the pair."""
    a, b = P("Li", "Lei"), P("Wang", "Fang")
    costs = PairingRound(gotha([a, b]), 0)
    assert game_between(costs, a.key, b.key).white == b.key
    assert game_between(costs, b.key, a.key).white == b.key


@pytest.mark.parametrize("name", NAMES)
def test_white_of_every_tied_even_game_in_the_files_is_opengothas(name: str) -> None:
    """Every even game of the five files (saved by 3.51.02) between players of equal colour
    balance: our White is the file's, asked either way round."""
    require(REFERENCE / name)
    t = tournament(name)
    checked = 0
    for round_, rows in tables(name).items():
        costs = PairingRound(t.before(round_ - 1), round_ - 1)
        for white, black, handicap in rows:
            if handicap or costs.handicap(white, black):
                continue
            if costs.colour_balance(white) != costs.colour_balance(black):
                continue
            checked += 1
            assert game_between(costs, white, black).white == white, (round_, white, black)
            assert game_between(costs, black, white).white == white, (round_, white, black)
    assert checked > 0


@pytest.mark.parametrize("name", ENGINE_FILES)
def test_white_of_every_pair_is_opengothas_engines(name: str) -> None:
    """The engine's own pairs (`opengotha_engine_pairs_after_R*`, White first): where we make
    the same pair we give White to the same player."""
    require(REFERENCE / name)
    t = tournament(name)
    same = total = 0
    for k, path in numbered(REFERENCE / name, r"opengotha_engine_pairs_after_R(\d+)\.txt"):
        theirs = [tuple(line.split("\t")) for line in path.read_text().splitlines() if line]
        ours = {frozenset((g.white, g.black)): g.white for g in pair_round(t, k + 1).games}
        for white, black in theirs:
            mine = ours.get(frozenset((white, black)))
            if mine is not None:
                total += 1
                same += mine == white
    print(f"\n{name}: White as OpenGotha in {same}/{total} agreed pairs")
    assert total > 0
    assert same == total


# -- Round 1: seeding inside the groups (Tournament.fillPairingInfo and costValue's
#    "Main Criterion 4 : Seeding") -------------------------------------------------------


def _pairs(t: object, round_: int = 1) -> set[frozenset[str]]:
    return {frozenset((g.white, g.black)) for g in pair_round(t, round_).games}  # type: ignore[arg-type]


def _keys(*pairs: tuple[P, P]) -> set[frozenset[str]]:
    return {frozenset((a.key, b.key)) for a, b in pairs}


def test_round_one_split_and_random_draws_from_the_names_in_javas_order() -> None:
    """Split and random (OpenGotha's default first system): a pair across the group's halves
    weighs W − a draw of 0 .. W/5 from the two names (W = 5,000,000).  In the HashMap order
    SUN, ZHAO, QIAN, LI the draws are SUN–ZHAO 23,578, QIAN–LI 503,830, SUN–QIAN 248,133,
    ZHAO–LI 257,055: the second pairing loses less (505,188 against 527,408)."""
    zhao, qian, sun, li = (
        P(s, "Ming", rank="3D", rating=2300 - 10 * i)
        for i, s in enumerate(("Zhao", "Qian", "Sun", "Li"))
    )
    t = gotha([zhao, qian, sun, li], placement=("MMS", "SOSM"))
    costs = PairingRound(t, 0)
    assert costs.terms(sun.key, zhao.key).seeding == 5_000_000 - 23_578
    assert costs.terms(qian.key, li.key).seeding == 5_000_000 - 503_830
    assert costs.terms(sun.key, qian.key).seeding == 5_000_000 - 248_133
    assert costs.terms(zhao.key, li.key).seeding == 5_000_000 - 257_055
    assert _pairs(t) == _keys((sun, qian), (zhao, li))


def test_a_player_absent_from_round_one_keeps_his_place_in_the_group() -> None:
    """OpenGotha places every player of the file in the groups (absent ones too; they are
    not paired).  Six players by rating, the 4th and 6th absent: the halves are ZHAO QIAN SUN
    | LI ZHOU WU, so only ZHOU can be paired across them — not two pairs across the halves of
    the four present."""
    zhao, qian, sun, li, zhou, wu = (
        P(s, "X", rating=2000 - 10 * i, participating=("0" if s in ("Li", "Wu") else "1") * 20)
        for i, s in enumerate(("Zhao", "Qian", "Sun", "Li", "Zhou", "Wu"))
    )
    t = gotha([zhao, qian, sun, li, zhou, wu], placement=("NBW", "SOSW"))
    costs = PairingRound(t, 0)
    assert [costs.groups[p.key].place for p in (zhao, qian, sun, zhou)] == [0, 1, 2, 4]
    pairs = _pairs(t)
    across = [pair for pair in pairs if zhou.key in pair]
    assert len(pairs) == 2 and len(across) == 1
    assert pairs == _keys((qian, zhao), (sun, zhou))


EIGHT = ("Zhao", "Qian", "Sun", "Li", "Zhou", "Wu", "Zheng", "Wang")


def _eight() -> list[P]:
    """Eight players 8D … 1D whose ratings run the other way, all at the bar (1D): one group
    in round 1, ordered by the additional criterion of the first system."""
    return [P(s, "Ming", rank=f"{8 - i}D", rating=1800 + 10 * i) for i, s in enumerate(EIGHT)]


@pytest.mark.parametrize(
    ("system", "by", "expected"),
    [
        # split and fold: 1–8, 2–7, 3–6, 4–5 of the group's order
        ("SPLITANDFOLD", "Rank", ((0, 7), (1, 6), (2, 5), (3, 4))),
        ("SPLITANDFOLD", "Rating", ((7, 0), (6, 1), (5, 2), (4, 3))),
        # split and slip: 1–5, 2–6, 3–7, 4–8
        ("SPLITANDSLIP", "Rank", ((0, 4), (1, 5), (2, 6), (3, 7))),
        ("SPLITANDSLIP", "Rating", ((7, 3), (6, 2), (5, 1), (4, 0))),
    ],
)
def test_round_one_fold_and_slip_by_rank_or_rating_under_the_bar(
    system: str, by: str, expected: tuple[tuple[int, int], ...]
) -> None:
    players = _eight()
    t = gotha(
        players,
        general={"genMMBar": "1D", "genMMFloor": "20K"},
        pairing={"paiMaSeedSystem1": system, "paiMaAdditionalPlacementCritSystem1": by},
    )
    assert _pairs(t) == _keys(*((players[i], players[j]) for i, j in expected))


def test_round_one_groups_are_cut_by_the_bar_and_the_floor() -> None:
    """McMahon groups: ranks above the bar count as the bar, below the floor as the floor.
    Bar 3D, floor 5K: 5D, 4D, 3D start together; 6K and 9K together; 1K alone is drawn up or
    down.  Round 1 pairs inside each group (fold, by rating)."""
    ranks = ("5D", "4D", "3D", "3D", "1K", "6K", "9K", "12K")
    players = [
        P(s, "Ming", rank=r, rating=2400 - 100 * i)
        for i, (s, r) in enumerate(zip(EIGHT, ranks, strict=True))
    ]
    t = gotha(
        players,
        general={"genMMBar": "3D", "genMMFloor": "5K"},
        pairing={"paiMaSeedSystem1": "SPLITANDFOLD"},
    )
    costs = PairingRound(t, 0)
    sizes = [costs.groups[p.key].size for p in players]
    assert sizes == [4, 4, 4, 4, 1, 3, 3, 3]
    pairs = _pairs(t)
    assert _keys((players[0], players[3]), (players[1], players[2])) <= pairs


# -- Over 600 players: OpenGotha matches the field group by group (Tournament
#    .makeAutomaticPairing, Pairing.PAIRING_GROUP_MIN_SIZE = 200, MAX = 600) ------------------


def _field(ranks: list[str]) -> list[P]:
    return [P(f"N{i:04d}", "A", rank=r, rating=2000 - i) for i, r in enumerate(ranks)]


def test_a_big_mcmahon_field_is_cut_into_groups_by_score_best_first() -> None:
    """800 players: 150 at 5D, 100 at 4D, 300 at 1K, 250 at 10K (bar 9D, every rank its own
    start).  The first group takes the 5D (150, too few), then the 4D: 250, even, closed.
    550 are left, no more than 600: they are the last group."""
    field = _field(["5D"] * 150 + ["4D"] * 100 + ["1K"] * 300 + ["10K"] * 250)
    t = gotha(field, general={"genMMBar": "9D", "genMMFloor": "30K"})
    costs = PairingRound(t, 0)
    keys = players_to_pair(costs)
    groups = pairing_groups(costs, keys)
    assert [len(g) for g in groups] == [250, 550]
    top = {p.key for p in field[:250]}
    assert set(groups[0]) == top
    assert groups[1] == [k for k in keys if k not in top]  # the rest, in OpenGotha's order


def test_a_group_is_closed_when_only_200_players_would_be_left() -> None:
    """700 players of one score (a Swiss round 1): the group fills in OpenGotha's order until
    200 are left — 500 players — and those 200 are the last group."""
    field = _field(["1K"] * 700)
    t = gotha(field, placement=("NBW", "SOSW"))
    costs = PairingRound(t, 0)
    keys = players_to_pair(costs)
    assert pairing_groups(costs, keys) == [keys[:500], keys[500:]]


def test_a_group_is_closed_at_600_players() -> None:
    """1,300 players of one score: 600, then (700 left: more than 600) 500, then 200."""
    field = _field(["1K"] * 1300)
    t = gotha(field, placement=("NBW", "SOSW"))
    costs = PairingRound(t, 0)
    keys = players_to_pair(costs)
    assert [len(g) for g in pairing_groups(costs, keys)] == [600, 500, 200]


def test_no_game_of_a_709_player_round_crosses_opengothas_groups() -> None:
    """709 players, one bye: the 708 others are matched as two groups, 508 and 200, and
    split and fold folds each group's own players, never one of the other group."""
    field = _field(["1K"] * 709)
    t = gotha(field, placement=("NBW", "SOSW"), pairing={"paiMaSeedSystem1": "SPLITANDFOLD"})
    paired = pair_round(t, 1)
    costs = PairingRound(t, 0)
    keys = [k for k in players_to_pair(costs) if k != paired.bye]
    first, rest = pairing_groups(costs, keys)
    assert (len(first), len(rest)) == (508, 200)
    inside = set(first)
    assert len(paired.games) == 354
    assert all((g.white in inside) == (g.black in inside) for g in paired.games)


# -- Direct confrontation (Tournament.fillDirScoringInfo, defineDirForExAequoGroup,
#    mw.go.confrontation.Confrontation) and criteria OpenGotha does not know ---------------


def _six() -> tuple[list[P], list[G]]:
    """Six players; after two rounds A, B, C and F have one win each, and among them F beat A,
    A beat B, B beat C.  Ratings run the other way (C highest)."""
    a, b, c, d, e, f = (
        P(s, "Ming", rating=r)
        for s, r in zip(
            ("Aa", "Bb", "Cc", "Dd", "Ee", "Ff"), (1100, 1200, 1300, 1000, 1000, 1000), strict=True
        )
    )
    games = [
        G(1, a, b),
        G(1, c, d),
        G(1, e, f),
        G(2, f, a),
        G(2, b, c),
        G(2, e, d),
    ]
    return [a, b, c, d, e, f], games


def test_direct_confrontation_orders_the_players_level_before_it() -> None:
    """Placement NBW, DC: the four on one win are placed F, A, B, C by who beat whom (DC 3, 2,
    1, 0), not by rating; round 3's group gives those places (split and fold, by rating
    after them)."""
    players, games = _six()
    a, b, c, _, _, f = players
    t = gotha(
        players,
        games,
        placement=("NBW", "DC"),
        pairing={"paiMaAdditionalPlacementCritSystem2": "Rating"},
    )
    costs = PairingRound(t.before(2), 2)
    assert [costs.scores[p.key].criterion("DC", 1) for p in (f, a, b, c)] == [3, 2, 1, 0]
    assert [costs.groups[p.key].place for p in (f, a, b, c)] == [0, 1, 2, 3]
    assert len(pair_round(t, 3).games) == 3


def test_a_cycle_of_wins_leaves_direct_confrontation_to_the_next_criterion() -> None:
    """A beat B, B beat C, C beat A, all level on NBW: DC cannot separate them; SOSW after it
    does (ties stay ties: DC equal where SOSW is)."""
    a, b, c, d, e, f = (P(s, "Ming") for s in ("Aa", "Bb", "Cc", "Dd", "Ee", "Ff"))
    games = [G(1, a, b), G(1, d, c), G(1, e, f), G(2, b, c), G(2, d, a), G(2, e, f)]
    games += [G(3, c, a), G(3, e, b), G(3, d, f)]
    t = gotha([a, b, c, d, e, f], games, placement=("NBW", "DC", "SOSW"))
    costs = PairingRound(t.before(3), 3)
    nbw = [costs.scores[p.key].criterion("NBW", 2) for p in (a, b, c)]
    assert nbw[0] == nbw[1] == nbw[2]
    sos = {p.key: costs.scores[p.key].criterion("SOSW", 2) for p in (a, b, c)}
    dc = {p.key: costs.scores[p.key].criterion("DC", 2) for p in (a, b, c)}
    for x in (a, b, c):
        for y in (a, b, c):
            assert (sos[x.key] > sos[y.key]) == (dc[x.key] > dc[y.key])


def test_simplified_direct_confrontation_counts_wins_when_all_have_met() -> None:
    players, games = _six()
    a, b, c, _, _, f = players
    t = gotha(players, games, placement=("NBW", "SDC"))
    costs = PairingRound(t.before(2), 2)
    # F, A, B, C have not all met each other: SDC is 0 for everyone
    assert {costs.scores[p.key].criterion("SDC", 1) for p in (f, a, b, c)} == {0}


def test_a_criterion_opengotha_does_not_know_is_read_as_none() -> None:
    """OpenGotha reads a criterion by its long name and takes any other as NULL."""
    players, games = _six()
    t = gotha(
        players,
        games,
        placement=("NBW", "Bogus", "SOSW"),
        pairing={"paiMaAdditionalPlacementCritSystem2": "RATING"},
    )
    assert t.placement == ("NBW", "SOSW")
    assert t.pairing.additional_criterion_2 == "NULL"
    assert len(pair_round(t, 3).games) == 3
