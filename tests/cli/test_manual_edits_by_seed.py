"""Manual pairing edits from the command line name players by seed number (序号), never by
the database's internal ids. The fixture moves the last seed to the top before round 1, so
every seed differs from its entrant's id and is some other entrant's id."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.runner import run
from tests.services.sheets import player, write_sheet


def _final(folder: Path, capsys, count: int) -> str:
    """A Gomoku final of `count` players, seeds shifted by one, round 1 paired."""
    path = str(folder / "t.finals")
    assert run(capsys, "new", path, "--preset", "shaoxing-gomoku-2022")[0] == 0
    rows = [
        player(f"棋手{i}", birth=f"19{60 + i % 40}-01-01", unit=f"单位{i}", 名次=i + 1)
        for i in range(count)
    ]
    assert run(capsys, "import", path, str(write_sheet(folder / "p.xlsx", rows)))[0] == 0
    assert run(capsys, "seed", path, str(count), "1", "--event", "OPEN")[0] == 0
    code, _out, err = run(capsys, "pair", path, "--event", "OPEN")
    assert code == 0, err
    doc = _round(capsys, path)
    assert all(
        g[k] != g[f"{k}_seed"]
        for g in doc["games"]
        for k in ("first", "second")
        if g[k] is not None
    )
    return path


@pytest.fixture
def paired(tmp_path: Path, capsys) -> str:
    return _final(tmp_path, capsys, 40)


def _round(capsys, path: str, number: int = 1) -> dict:
    code, out, err = run(
        capsys, "pairing", path, "--event", "OPEN", "--round", str(number), "--json"
    )
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
    untouched = {
        g["table"]: g
        for g in before["games"]
        if a not in (g["first_seed"], g["second_seed"])
        and b not in (g["first_seed"], g["second_seed"])
    }
    code, _out, err = run(capsys, "swap", paired, str(a), str(b), "--event", "OPEN", "--round", "1")
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
    code, _out, err = run(
        capsys, "set-pair", paired, str(a), str(b), "--event", "OPEN", "--round", "1"
    )
    assert code == 0, err
    after = _round(capsys, paired)
    table_a, _ = _seat_of(after, a)
    table_b, _ = _seat_of(after, b)
    assert table_a == table_b == _seat_of(before, a)[0]


def test_give_bye_goes_to_that_seed(tmp_path: Path, capsys) -> None:
    path = _final(tmp_path, capsys, 41)
    before = _round(capsys, str(path))
    (seed,) = _seeds_where_id_differs(before, 1)
    code, _out, err = run(
        capsys, "give-bye", str(path), str(seed), "--event", "OPEN", "--round", "1"
    )
    assert code == 0, err
    after = _round(capsys, str(path))
    bye = next(g for g in after["games"] if g["second"] is None)
    assert bye["first_seed"] == seed


@pytest.mark.parametrize("bad", ["0", "999", "-4"])
def test_unknown_seed_is_refused_in_chinese_and_nothing_changes(
    paired: str, capsys, bad: str
) -> None:
    before = _round(capsys, paired)
    for argv in (
        ["give-bye", paired, bad],
        ["swap", paired, bad, "1"],
        ["set-pair", paired, "1", bad],
    ):
        code, _out, err = run(capsys, *argv, "--event", "OPEN", "--round", "1")
        assert code == 1, (argv, err)
        assert f"序号{bad}" in err.replace(" ", "") and "程序内部错误" not in err
    assert _round(capsys, paired)["games"] == before["games"]
