"""Issue 16: re-seed every entrant of an event before round 1 by rating, grade or qualifier
rank (strongest first, ties in their current order); refused once round 1 is paired; one
audit entry with the seed lists; `finals seed FILE --event E --all --by …`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.errors import FinalsError
from app.services.audit import audit_log
from app.services.players import add_player, list_entrants, set_seed
from app.services.seeding import reseed_event, restore_seeds
from tests.cli.runner import run

PLAYERS = [
    # name, rating, grade, qualifier rank
    ("甲", 1800, "2段", 3),
    ("乙", 2100, "1段", None),
    ("丙", None, "5段", 1),
    ("丁", 2100, None, 2),
    ("戊", 1900, "2段", 4),
]


def _names(db, event: str = "OPEN") -> list[str]:  # noqa: ANN001
    rows = sorted((r for r in list_entrants(db, event)), key=lambda r: r.seed)
    return [r.name for r in rows]


@pytest.fixture
def entered(gomoku):  # noqa: ANN001, ANN201
    for i, (name, rating, grade, rank) in enumerate(PLAYERS):
        add_player(
            gomoku,
            "OPEN",
            {
                "name": name,
                "gender": "男",
                "birth_date": f"199{i}-01-01",
                "rating": rating,
                "grade": grade,
                "qualifier_rank": rank,
            },
        )
    assert _names(gomoku) == ["甲", "乙", "丙", "丁", "戊"]
    return gomoku


def test_by_rating_keeps_ties_in_their_order(entered) -> None:  # noqa: ANN001
    done = reseed_event(entered, "OPEN", "rating", "王裁判")
    # 乙 and 丁 share 2100: 乙 was before 丁 and stays so; no rating goes last
    assert _names(entered) == ["乙", "丁", "戊", "甲", "丙"]
    assert done.moved == 5 and "等级分" in done.message()
    entry = audit_log(entered)[0]
    assert entry.action == "重排序号" and entry.operator == "王裁判"
    assert entry.before["seeds"] == ["1 甲", "2 乙", "3 丙", "4 丁", "5 戊"]
    assert entry.after["seeds"] == ["1 乙", "2 丁", "3 戊", "4 甲", "5 丙"]


def test_by_grade_and_by_qualifier(entered) -> None:  # noqa: ANN001
    reseed_event(entered, "OPEN", "grade")
    assert _names(entered) == ["丙", "甲", "戊", "乙", "丁"]
    reseed_event(entered, "OPEN", "qualifier")
    assert _names(entered) == ["丙", "丁", "甲", "戊", "乙"]


def test_restore_puts_the_old_order_back(entered) -> None:  # noqa: ANN001
    set_seed(entered, "OPEN", "戊", 1)
    before = _names(entered)
    done = reseed_event(entered, "OPEN", "rating")
    restore_seeds(entered, "OPEN", done.before)
    assert _names(entered) == before
    restore_seeds(entered, "OPEN", done.after, by="rating")
    assert _names(entered) == ["乙", "丁", "戊", "甲", "丙"]
    with pytest.raises(FinalsError, match="增减"):
        restore_seeds(entered, "OPEN", done.after[:-1])


def test_refused_after_round_one(go_demo: Path) -> None:
    from app.services.tournament import list_events, open_tournament

    db = open_tournament(go_demo)
    try:
        code = next(e.code for e in list_events(db) if e.rounds_paired)
        before = _names(db, code)
        with pytest.raises(FinalsError, match="第1轮已编排") as refused:
            reseed_event(db, code, "rating")
        assert "--" not in refused.value.message
        assert _names(db, code) == before
    finally:
        db.close()


def test_unknown_order(entered) -> None:  # noqa: ANN001
    with pytest.raises(FinalsError, match="rating"):
        reseed_event(entered, "OPEN", "age")


def test_the_command_line(tmp_path: Path, capsys, entered) -> None:  # noqa: ANN001
    path = entered.label  # the file, or the server's address
    entered.close()
    code, out, err = run(capsys, "seed", path, "--event", "OPEN", "--all", "--by", "rating")
    assert code == 0, err
    assert "已按等级分重排序号" in out
    code, out, _err = run(capsys, "players", path, "--event", "OPEN", "--json")
    assert [r["name"] for r in sorted(json.loads(out), key=lambda r: r["seed"])] == [
        "乙",
        "丁",
        "戊",
        "甲",
        "丙",
    ]
    # the one-player form works as before
    code, out, err = run(capsys, "seed", path, "丙", "1", "--event", "OPEN")
    assert code == 0, err
    assert "已将 丙 调整为序号 1。" in out
    # usage errors: exit 2
    for argv in (
        ["seed", path, "--event", "OPEN", "--all"],
        ["seed", path, "--event", "OPEN", "--by", "grade"],
        ["seed", path, "1", "2", "--event", "OPEN", "--all", "--by", "grade"],
        ["seed", path, "1", "--event", "OPEN"],
        ["seed", path, "--event", "OPEN", "--all", "--by", "age"],
    ):
        assert run(capsys, *argv)[0] == 2, argv
