"""A refused result names the seats in the game's words (issue 40 §4): 执黑 in Go, 先手 in
Gomoku — a Go final never says 先手."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from app.services.results import SeatsChanged, record_result
from app.services.rounds import pair_next
from app.services.tournament import open_tournament
from tests.finals import demo_copy


@pytest.mark.parametrize(
    ("preset", "event", "word", "never"),
    [("hangzhou-go", "MEN", "执黑", "先手"), ("shaoxing-gomoku-2022", "OPEN", "先手", "执黑")],
)
def test_the_seat_refusal_speaks_the_game_s_words(
    demo_master: Callable[..., Path], tmp_path: Path, preset: str, event: str, word: str, never: str
) -> None:
    path = demo_copy(demo_master(preset, players=16, seed=3, rounds=1), tmp_path / "f.finals")
    db = open_tournament(path)
    try:
        view = pair_next(db, event, "编排")
        game = next(g for g in view.games if g.second is not None)
        with pytest.raises(SeatsChanged) as refused:
            record_result(db, event, 2, game.table, "1-0", seats=(game.second, game.first))
        message = str(refused.value)
        assert word in message and never not in message, message
    finally:
        db.close()
