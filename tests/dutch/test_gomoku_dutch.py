"""A Gomoku final paired by the FIDE (Dutch) System through the services and `finals pair`.

The manual edits, the checker and the pairing report work on dutch-paired rounds.
"""

from __future__ import annotations

import random
from pathlib import Path

from app.cli.main import main
from app.pairing.checker import check_round
from app.pairing.edits import exchange_colours, swap_players
from app.services import rounds as round_service
from app.services.results import record_result
from app.services.snapshots import pairing_request
from app.services.tournament import (
    create_tournament,
    get_event,
    open_tournament,
    update_event_settings,
)
from tests.services.sheets import player, write_sheet


def _final(tmp_path: Path, capsys, players: int = 13) -> Path:
    path = tmp_path / "gomoku.finals"
    db = create_tournament(path, "shaoxing-gomoku-2022")
    update_event_settings(db, "OPEN", {"pairing.system": "dutch"})
    db.close()
    rows = [
        player(
            f"选手{i}",
            "女" if i % 3 == 0 else "男",
            birth=f"199{i % 10}-0{1 + i % 9}-1{i % 10}",
            unit=f"单位{i % 4}",
        )
        for i in range(players)
    ]
    sheet = write_sheet(tmp_path / "p.xlsx", rows)
    assert main(["import", str(path), str(sheet)]) == 0
    capsys.readouterr()
    return path


def test_gomoku_final_paired_by_dutch_from_the_command(tmp_path: Path, capsys) -> None:
    path = _final(tmp_path, capsys)
    rng = random.Random(7)
    for rnd in range(1, 5):
        assert main(["pair", str(path), "--event", "OPEN"]) == 0
        out = capsys.readouterr().out
        assert f"第{rnd}轮" in out and "荷兰制尚未实现" not in out
        assert main(["check", str(path), "--event", "OPEN"]) == 0
        capsys.readouterr()
        db = open_tournament(path)
        view = round_service.round_view(db, "OPEN")
        assert not view.findings and view.report
        assert sum(1 for g in view.games if g.second is None) == 1  # 13 players: one bye
        assert view.games[-1].second is None  # the bye board last
        for g in view.games:
            if g.second is not None:
                record_result(db, "OPEN", rnd, g.table, rng.choice(["黑胜", "白胜", "和"]))
        db.close()
    # No rematch over four rounds, and nobody has two byes.
    db = open_tournament(path)
    with db.transaction() as session:
        event = get_event(session, "OPEN")
        request = pairing_request(event, 5)
    db.close()
    met: set[frozenset[int]] = set()
    byes: list[int] = []
    for g in request.history:
        if g.second is None:
            byes.append(g.first)
        else:
            pair = frozenset((g.first, g.second))
            assert pair not in met
            met.add(pair)
    assert len(byes) == len(set(byes)) == 4


def test_edits_checker_and_report_work_on_dutch_rounds(tmp_path: Path, capsys) -> None:
    path = _final(tmp_path, capsys, players=12)
    assert main(["pair", str(path), "--event", "OPEN"]) == 0
    capsys.readouterr()
    db = open_tournament(path)
    view = round_service.round_view(db, "OPEN", 1)
    with db.transaction() as session:
        request = pairing_request(get_event(session, "OPEN"), 1)
    games = view.games
    assert check_round(request, games) == ()
    swapped = swap_players(games, games[0].first, games[1].first)
    assert {swapped[0].first, swapped[1].first} == {games[0].first, games[1].first}
    flipped = exchange_colours(games, 1)
    assert (flipped[0].first, flipped[0].second) == (games[0].second, games[0].first)
    edited = round_service.edit_round(db, "OPEN", 1, "colours", 1)
    assert (edited.games[0].first, edited.games[0].second) == (games[0].second, games[0].first)
    round_service.undo_edit(db, "OPEN", 1)
    assert round_service.round_view(db, "OPEN", 1).games == games
    db.close()
