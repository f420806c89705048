"""Issue 29 §3: the window's pairing board and result list show the stones of a handicap game
(an imported OpenGotha McMahon event's), as `finals pairing` does; an event without handicaps
shows no such column."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.services.rounds import round_view
from app.services.tournament import open_tournament
from tests.cli.runner import run
from tests.io.test_opengotha_handicap_games import _after_round_1, _import
from tests.pairing.opengotha_reference import REFERENCE
from tests.shared_files import require
from ui.models.games import GamesModel


@pytest.mark.parametrize("results_mode", [False, True])
def test_the_board_shows_the_stones_of_each_handicap_game(
    qapp,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    results_mode: bool,  # noqa: ANN001
) -> None:
    require(REFERENCE / "Toulouse2024")
    path = tmp_path / "go.finals"
    _import(path, _after_round_1(tmp_path))
    code, _, err = run(capsys, "pair", str(path), "--event", "GOTHA")
    assert code == 0, err
    db = open_tournament(path)
    try:
        view = round_view(db, "GOTHA", 2)
    finally:
        db.close()
    model = GamesModel(results_mode=results_mode)
    model.set_view(view)
    column = model.column_of("handicap")
    assert column == model.column_of("result") + 1
    shown = {model.row(r).table: model.index(r, column).data() for r in range(model.rowCount())}
    stones = {g.table: g.handicap for g in view.games}
    assert any(stones.values())
    assert shown == {t: (str(h) if h else "") for t, h in stones.items()}
    assert model.headerData(column, _horizontal()) in ("Handicap", "让子")

    model.set_view(None)  # another event's round, without handicaps: no column
    assert all(c.key != "handicap" for c in model.columns())


def _horizontal():  # noqa: ANN202
    from PySide6.QtCore import Qt

    return Qt.Orientation.Horizontal
