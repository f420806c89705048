"""A round built by hand (手工编排): started with no table, the tables added one by one,
taken out or all cleared — each one transaction and one audit entry, undoable, checked."""

from pathlib import Path

import pytest

from app.errors import FinalsError
from app.pairing.checker import check_pair
from app.pairing.model import PairedGame
from app.services import rounds
from app.services.audit import audit_log
from app.services.registration import import_sheet
from app.services.results import record_result
from tests.services.sheets import player, write_sheet


@pytest.fixture
def seven(gomoku, tmp_path: Path):
    units = ["甲", "甲", "乙", "乙", "丙", "丙", "丁"]
    rows = [
        player(f"棋手{i}", birth=f"19{70 + i}-01-01", unit=units[i], 名次=i + 1) for i in range(7)
    ]
    import_sheet(gomoku, write_sheet(tmp_path / "p.xlsx", rows))
    return gomoku


def _ids(view) -> dict[int, int]:
    return {s: e for e, s in view.seeds.items()}


def test_a_round_started_by_hand_has_no_table_and_blocks_the_next(seven) -> None:
    view = rounds.pair_by_hand(seven, "OPEN", "裁判长")
    assert view.number == 1 and view.games == ()
    assert {f.rule for f in view.findings} == {"unpaired"}  # everyone, said by the checker
    entry = audit_log(seven)[0]  # newest first
    assert entry.action == rounds.BY_HAND_ACTION and entry.operator == "裁判长"
    with pytest.raises(FinalsError, match="还没有任何对阵"):
        rounds.pair_next(seven, "OPEN")


def test_pairs_added_by_hand_take_the_next_tables_and_undo_one_by_one(seven) -> None:
    view = rounds.pair_by_hand(seven, "OPEN")
    seed = _ids(view)
    view = rounds.edit_round(seven, "OPEN", 1, "pair", seed[1], seed[4])
    view = rounds.edit_round_by_seed(seven, "OPEN", 1, "pair", 2, 5)
    view = rounds.edit_round(seven, "OPEN", 1, "bye", seed[7])
    assert view.games == (
        PairedGame(1, seed[1], seed[4]),
        PairedGame(2, seed[2], seed[5]),
        PairedGame(3, seed[7], None),
    )
    view = rounds.edit_round(seven, "OPEN", 1, "pair", seed[3], seed[6])
    # the bye board stays last
    assert [(g.table, g.second is None) for g in view.games][-1] == (4, True)
    assert PairedGame(3, seed[3], seed[6]) in view.games
    assert view.findings == ()
    with pytest.raises(FinalsError, match="已在第1台"):
        rounds.edit_round(seven, "OPEN", 1, "pair", seed[1], seed[2])
    view = rounds.undo_edit(seven, "OPEN", 1)
    assert len(view.games) == 3 and seed[3] not in {g.first for g in view.games}
    actions = [e.action for e in audit_log(seven)]
    assert actions.count(rounds.EDIT_ACTION) == 4 and actions[0] == "撤销调整"


def test_a_machine_pairing_cleared_and_rebuilt(seven) -> None:
    view = rounds.pair_next(seven, "OPEN")
    before = view.games
    view = rounds.edit_round(seven, "OPEN", 1, "remove", 2)
    assert [g.table for g in view.games] == [1, 3, 4]
    assert any(f.rule == "unpaired" for f in view.findings)
    view = rounds.edit_round(seven, "OPEN", 1, "clear")
    assert view.games == ()
    assert rounds.undo_edit(seven, "OPEN", 1).games == before[:1] + before[2:]


def test_the_checker_speaks_of_a_pair_before_it_is_made(seven) -> None:
    view = rounds.pair_by_hand(seven, "OPEN")
    seed = _ids(view)
    assert view.request is not None
    found = check_pair(view.request, PairedGame(1, seed[1], seed[2]))
    assert [f.rule for f in found] == ["same_unit"] and "甲" in found[0].message
    assert check_pair(view.request, PairedGame(1, seed[1], seed[3])) == ()
    rounds.edit_round(seven, "OPEN", 1, "pair", seed[1], seed[3])
    for a, b in ((2, 5), (4, 6)):
        rounds.edit_round(seven, "OPEN", 1, "pair", seed[a], seed[b])
    rounds.edit_round(seven, "OPEN", 1, "bye", seed[7])
    for table in (1, 2, 3):
        record_result(seven, "OPEN", 1, table, "1-0")
    view = rounds.pair_by_hand(seven, "OPEN")
    found = check_pair(view.request, PairedGame(1, seed[3], seed[1]))
    assert "rematch" in {f.rule for f in found}
