"""Issue 29 §3: our OpenGotha-style pairing against the pairs OpenGotha's engine makes.

For every McMahon file and every `opengotha_engine_pairs_after_R<k>.txt`, round k + 1 is
paired from the file's state after round k.  The test prints, per file and round, how many
of OpenGotha's pairs we make, and the cost of both pairings by OpenGotha's own evaluation
function (`opengotha_cost`, equal to OpenGotha's weights files term by term).

What it asserts: the bye is OpenGotha's, our pairing is never worse than the engine's by
that cost (a maximum-weight matching), and the agreement does not fall below what it is
today.  The issue's target (≥ 95 % of pairs) is not reached yet: OpenGotha's engine does not
always return the best matching of the costs it prints (see the printed cost differences).
"""

from __future__ import annotations

import pytest

from app.pairing.opengotha_cost import PairingRound
from app.pairing.opengotha_pairing import pair_round, players_to_pair
from tests.pairing.opengotha_reference import REFERENCE, engine_pairs, numbered, tournament
from tests.shared_files import require

# Pairs identical to OpenGotha's engine today (of all its pairs in the file's rounds).
AGREEMENT_FLOOR = {"Toulouse2024": 61, "notsimplemm": 16, "simplemm": 31}


@pytest.mark.parametrize("name", sorted(AGREEMENT_FLOOR))
def test_pairing_agreement_with_opengothas_engine(name: str) -> None:
    require(REFERENCE / name)
    t = tournament(name)
    same = total = 0
    lines = []
    for k, path in numbered(REFERENCE / name, r"opengotha_engine_pairs_after_R(\d+)\.txt"):
        theirs = engine_pairs(path)
        ours = pair_round(t, k + 1)
        mine = {frozenset((g.white, g.black)) for g in ours.games}
        costs = PairingRound(t.before(k), k)
        their_cost = sum(costs.terms(*sorted(pair)).total for pair in theirs)
        players = set(players_to_pair(costs))
        their_bye = players - set().union(*theirs)
        assert their_bye == ({ours.bye} if ours.bye else set()), f"round {k + 1}: bye"
        assert ours.cost >= their_cost, f"round {k + 1}: our pairing costs less"
        agree = len(theirs & mine)
        same += agree
        total += len(theirs)
        lines.append(
            f"  round {k + 1}: {agree}/{len(theirs)} pairs as OpenGotha, "
            f"cost ours − OpenGotha's = {ours.cost - their_cost}"
        )
    print(f"\n{name}: {same}/{total} pairs = {100 * same / total:.1f} %")
    print("\n".join(lines))
    assert same >= AGREEMENT_FLOOR[name]
