"""Manual pairing edits from the command line name players by seed number (序号), never by
the database's internal ids: the demo's ids are shuffled, so seed ≠ id for almost everyone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.cli.main import main
from app.demo import build_demo


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def paired(tmp_path: Path, capsys) -> str:
    """A Go final with 2 rounds played and round 3 of MEN paired (no results yet)."""
    path = tmp_path / "go.finals"
    build_demo(path, "hangzhou-go", players=40, seed=7, rounds=2)
    assert run(capsys, "pair", str(path), "--event", "MEN")[0] == 0
    return str(path)


def _round(capsys, path: str, number: int = 3) -> dict:
    code, out, err = run(capsys, "pairing", path, "--event", "MEN", "--round", str(number), "--json")
    assert code == 0, err
    return json.loads(out)


def _seat_of(doc: dict, seed: int) -> tuple[int, str]:
    for game in doc["games"]:
        if game["first_seed"] == seed:
            return game["table"], "first"
        if game["second_seed"] == seed:
            return game["table"], "second"
    raise AssertionError(f"seed {seed} not in the round")


def _seeds_where_id_differs(doc: dict, count: int) -> list[int]:
    """Seeds on different tables whose entrant id is not the seed and whose seed is some
    other entrant's id: the case where confusing the two moves the wrong players."""
    ids = {g[k] for g in doc["games"] for k in ("first", "second") if g[k] is not None}
    picked: list[int] = []
    tables: set[int] = set()
    for game in doc["games"]:
        if game["second"] is None or game["table"] in tables:
            continue
        seed, entrant = game["first_seed"], game["first"]
        if seed != entrant and seed in ids:
            picked.append(seed)
            tables.add(game["table"])
        if len(picked) == count:
            return picked
    raise AssertionError("the demo has no such seeds")


def test_swap_moves_the_players_with_those_seed_numbers(paired: str, capsys) -> None:
    before = _round(capsys, paired)
    a, b = _seeds_where_id_differs(before, 2)
    untouched = {g["table"]: g for g in before["games"]
                 if a not in (g["first_seed"], g["second_seed"])
                 and b not in (g["first_seed"], g["second_seed"])}
    code, _out, err = run(capsys, "swap", paired, str(a), str(b), "--event", "MEN", "--round", "3")
    assert code == 0, err
    after = _round(capsys, paired)
    assert _seat_of(after, a) == _seat_of(before, b)
    assert _seat_of(after, b) == _seat_of(before, a)
    for game in after["games"]:
        if game["table"] in untouched:
            was = untouched[game["table"]]
            assert (game["first"], game["second"]) == (was["first"], was["second"])


def test_set_pair_puts_the_two_seeds_at_one_table(paired: str, capsys) -> None:
    before = _round(capsys, paired)
    a, b = _seeds_where_id_differs(before, 2)
    code, _out, err = run(capsys, "set-pair", paired, str(a), str(b), "--event", "MEN",
                          "--round", "3")
    assert code == 0, err
    after = _round(capsys, paired)
    table_a, _ = _seat_of(after, a)
    table_b, _ = _seat_of(after, b)
    assert table_a == table_b == _seat_of(before, a)[0]


def test_give_bye_goes_to_that_seed(tmp_path: Path, capsys) -> None:
    path = tmp_path / "go.finals"
    build_demo(path, "hangzhou-go", players=41, seed=7, rounds=2)
    assert run(capsys, "pair", str(path), "--event", "MEN")[0] == 0
    before = _round(capsys, str(path))
    (seed,) = _seeds_where_id_differs(before, 1)
    code, _out, err = run(capsys, "give-bye", str(path), str(seed), "--event", "MEN", "--round", "3")
    assert code == 0, err
    after = _round(capsys, str(path))
    bye = next(g for g in after["games"] if g["second"] is None)
    assert bye["first_seed"] == seed


@pytest.mark.parametrize("bad", ["0", "999", "-4"])
def test_unknown_seed_is_refused_in_chinese_and_nothing_changes(paired: str, capsys, bad: str) -> None:
    before = _round(capsys, paired)
    for argv in (["give-bye", paired, bad], ["swap", paired, bad, "1"],
                 ["set-pair", paired, "1", bad]):
        code, _out, err = run(capsys, *argv, "--event", "MEN", "--round", "3")
        assert code == 1, (argv, err)
        assert f"序号{bad}" in err.replace(" ", "") and "程序内部错误" not in err
    assert _round(capsys, paired)["games"] == before["games"]
