"""Reading a round for pairing costs a handful of queries, however many games were played:
related rows are loaded with their parents, never one query per row in a loop."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import event

from app.demo import build_demo
from app.services.rounds import round_view
from app.services.tournament import open_tournament


def _queries(path: Path, number: int) -> int:
    db = open_tournament(path)
    seen: list[str] = []
    event.listen(
        db.engine, "before_cursor_execute", lambda _c, _cur, statement, *_a: seen.append(statement)
    )
    try:
        round_view(db, "MEN", number)
    finally:
        db.close()
    return len(seen)


def test_reading_a_round_does_not_grow_with_the_games_played(tmp_path: Path) -> None:
    small, large = tmp_path / "small.finals", tmp_path / "large.finals"
    build_demo(small, "hangzhou-go", players=20, seed=3, rounds=3)
    build_demo(large, "hangzhou-go", players=120, seed=3, rounds=3)
    few, many = _queries(small, 3), _queries(large, 3)
    assert many == few, (few, many)  # six times the games, not one query more
    assert many < 60


def _reads(path: Path, use_case) -> int:  # noqa: ANN001
    """The SELECTs a use case runs (it writes one row per game it makes, of course)."""
    db = open_tournament(path)
    seen: list[str] = []
    event.listen(
        db.engine, "before_cursor_execute", lambda _c, _cur, statement, *_a: seen.append(statement)
    )
    try:
        use_case(db)
    finally:
        db.close()
    return sum(s.lstrip().upper().startswith("SELECT") for s in seen)


def test_pairing_and_entering_a_result_do_not_grow_with_the_final(tmp_path: Path) -> None:
    from app.services.results import record_result
    from app.services.rounds import pair_next

    sizes = {}
    for name, players in (("small", 20), ("large", 120)):
        path = tmp_path / f"{name}.finals"
        build_demo(path, "hangzhou-go", players=players, seed=3, rounds=3)
        paired = _reads(path, lambda db: pair_next(db, "MEN"))
        entered = _reads(path, lambda db: record_result(db, "MEN", 4, 1, "1-0"))
        sizes[name] = (paired, entered)
    assert sizes["large"] == sizes["small"], sizes
    paired, entered = sizes["large"]
    assert paired < 80 and entered < 40, sizes
