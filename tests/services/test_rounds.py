"""Pairing use cases over a real file: statuses, late entrants, manual edits, undo."""

from pathlib import Path

import pytest

from app.errors import FinalsError
from app.services import players as player_service
from app.services import rounds
from app.services.registration import import_sheet
from app.services.results import record_result, round_status
from tests.services.sheets import player, write_sheet


@pytest.fixture
def eight(gomoku, tmp_path: Path):
    rows = [
        player(f"棋手{i}", birth=f"19{70 + i}-01-01", unit=f"单位{i}", 名次=i + 1) for i in range(8)
    ]
    import_sheet(gomoku, write_sheet(tmp_path / "p.xlsx", rows))
    return gomoku


def _finish(db, view, result="1-0"):
    for game in view.games:
        if game.second is not None:
            record_result(db, "OPEN", view.number, game.table, result)


def test_round_one_split_and_a_drawn_opening(eight) -> None:
    view = rounds.pair_next(eight, "OPEN")
    seeds = [(view.seeds[g.first], view.seeds[g.second]) for g in view.games]
    assert sorted(tuple(sorted(p)) for p in seeds) == [(1, 5), (2, 6), (3, 7), (4, 8)]
    assert view.opening is not None and view.opening_seed is not None
    assert view.findings == ()


def test_absent_and_withdrawn_players_are_not_paired_and_get_no_bye(eight) -> None:
    _finish(eight, rounds.pair_next(eight, "OPEN"))
    player_service.set_status(eight, "OPEN", "3", "absent", 2)
    player_service.set_status(eight, "OPEN", "棋手5", "withdrawn")
    view = rounds.pair_next(eight, "OPEN")
    in_round = {e for g in view.games for e in (g.first, g.second) if e is not None}
    assert view.seeds and 3 not in {view.seeds[e] for e in in_round}
    assert 6 not in {view.seeds[e] for e in in_round}
    assert len(in_round) == 6 and all(g.second is not None for g in view.games)


def test_late_entrant_joins_with_the_points_given(eight) -> None:
    _finish(eight, rounds.pair_next(eight, "OPEN"))
    seed = player_service.add_player(
        eight, "OPEN", {"name": "迟到者", "gender": "男"}, initial_points=1
    )
    assert seed == 9
    view = rounds.pair_next(eight, "OPEN")
    late = next(e for e, s in view.seeds.items() if s == 9)
    assert any(late in (g.first, g.second) for g in view.games)
    note = next(
        n
        for n in view.notes
        if late
        in (
            next(g for g in view.games if g.table == n.table).first,
            next(g for g in view.games if g.table == n.table).second,
        )
    )
    assert 1 in (note.first_score, note.second_score)


def test_manual_edit_warns_and_undo_restores(eight) -> None:
    first = rounds.pair_next(eight, "OPEN")
    _finish(eight, first)
    second = rounds.pair_next(eight, "OPEN")
    # Put two round-1 opponents against each other again: a rematch, shown as a warning.
    g = first.games[0]
    edited = rounds.edit_round(eight, "OPEN", 2, "against", g.first, g.second)
    assert any(f.rule == "rematch" for f in edited.findings)
    restored = rounds.undo_edit(eight, "OPEN", 2)
    assert restored.games == second.games and restored.findings == ()
    swapped = rounds.edit_round(eight, "OPEN", 2, "colours", 1)
    assert (swapped.games[0].first, swapped.games[0].second) == (
        second.games[0].second,
        second.games[0].first,
    )
    moved = rounds.edit_round(eight, "OPEN", 2, "move", 1, 9)
    assert 9 in {game.table for game in moved.games}


def test_no_repairing_or_editing_once_results_exist(eight) -> None:
    view = rounds.pair_next(eight, "OPEN")
    record_result(eight, "OPEN", 1, 1, "=")
    with pytest.raises(FinalsError, match="已有成绩"):
        rounds.repair(eight, "OPEN", 1)
    with pytest.raises(FinalsError, match="已有成绩"):
        rounds.edit_round(eight, "OPEN", 1, "colours", 2)
    assert round_status(eight, "OPEN").done == 1
    assert view.number == 1


def test_two_consecutive_forfeits_withdraw_a_player(eight) -> None:
    for number in (1, 2):
        view = rounds.pair_next(eight, "OPEN")
        for game in view.games:
            loser_first = view.seeds[game.first] == 8
            loser_second = view.seeds[game.second] == 8
            result = "-+" if loser_first else "+-" if loser_second else "1-0"
            record_result(eight, "OPEN", number, game.table, result)
    view = rounds.pair_next(eight, "OPEN")
    assert 8 not in {view.seeds[e] for g in view.games for e in (g.first, g.second) if e}


def test_pair_events_are_paired_by_the_same_engine(go_demo: Path) -> None:
    from app.services.tournament import open_tournament

    db = open_tournament(go_demo)
    view = rounds.round_view(db, "XPAIR", 2)
    assert view.games and all("/" in view.names[g.first] for g in view.games)
    assert view.findings == ()
    with pytest.raises(FinalsError, match="不单独编排"):
        rounds.pair_next(db, "MTEAM")
    db.close()


def test_unpair_deletes_the_last_round_only_without_results(eight) -> None:
    rounds.pair_next(eight, "OPEN")
    assert rounds.unpair(eight, "OPEN") == 1
    with pytest.raises(FinalsError, match="还没有编排"):
        rounds.unpair(eight, "OPEN")
    view = rounds.pair_next(eight, "OPEN")
    assert view.number == 1


def test_an_extra_round_beyond_the_plan_is_allowed_when_asked_for_and_shown(eight) -> None:
    from app.services.tournament import update_event_settings

    update_event_settings(eight, "OPEN", {"rounds_planned": 1})
    _finish(eight, rounds.pair_next(eight, "OPEN"))
    with pytest.raises(FinalsError, match="--extra-round"):
        rounds.pair_next(eight, "OPEN")
    view = rounds.pair_next(eight, "OPEN", extra_round=True)
    assert view.number == 2 and any("超出计划轮数" in line for line in view.relaxations)
