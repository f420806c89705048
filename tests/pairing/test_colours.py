"""The colour reason printed on the pairing list tells the truth about the seed numbers."""

from __future__ import annotations

import pytest

from app.pairing.model import PairingSettings

from .sim import simulate

SMALLER_FIRST = "小序号先手"
LARGER_FIRST = "大序号先手"


def seed_reasons(n: int, first_round: str) -> dict[int, list[tuple[str, int, int]]]:
    """Per round: (reason, seed of the first mover, seed of the second) of every table whose
    reason is the seed-number rule. Entrant ids (100 + k) differ from seed numbers (k + 1)."""
    _, log = simulate(
        n, 4, seed=3, settings=PairingSettings.from_dict({"first_round": first_round})
    )
    out: dict[int, list[tuple[str, int, int]]] = {}
    for request, pairing in log:
        seed = {e.id: e.seed for e in request.entrants}
        notes = {note.table: note for note in pairing.notes}
        for game in pairing.games:
            reason = notes[game.table].colour_reason
            if game.second is not None and "序号" in reason:
                out.setdefault(request.round_number, []).append(
                    (reason, seed[game.first], seed[game.second])
                )
    return out


@pytest.mark.parametrize("n", [77, 78])
@pytest.mark.parametrize("first_round", ["split", "adjacent"])
def test_the_seed_number_reason_names_the_seed_number_that_moves_first(
    n: int, first_round: str
) -> None:
    found = seed_reasons(n, first_round)
    for reasons in found.values():
        for reason, first, second in reasons:
            assert reason.endswith((SMALLER_FIRST, LARGER_FIRST)), reason
            if reason.endswith(SMALLER_FIRST):
                assert first < second, (reason, first, second)
            else:
                assert first > second, (reason, first, second)
    round_one = found[1]
    # seed 1 moves first on table 1, by the smaller number; an even table the larger
    assert round_one[0][0] == "首轮单数台小序号先手" and round_one[0][1] == 1
    assert {reason for reason, _, _ in round_one} == {
        "首轮单数台小序号先手",
        "首轮双数台大序号先手",
    }
    # later rounds: identical histories, odd round the smaller number, even the larger
    assert {r for r, _, _ in found.get(2, [])} <= {"双数轮大序号先手"}
    assert {r for r, _, _ in found.get(3, [])} <= {"单数轮小序号先手"}
    assert found.get(2) and found.get(3)
