"""Rounds and statuses beyond reason are refused with a message; an extra round is paired
only when the arbiter says so."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.cli.runner import run


def _state(capsys, path: str) -> tuple[dict, str]:
    export = json.loads(run(capsys, "export", path, "--json")[1])
    export.pop("exported_at")
    log = run(capsys, "log", path)[1]
    return export, log


@pytest.fixture
def finished(built_demo: Callable[..., Path], tmp_path: Path) -> str:
    """A Go final whose pair event (5 rounds planned) has played all 5."""
    path = tmp_path / "go.finals"
    built_demo(path, "hangzhou-go", players=40, seed=7, rounds=5)
    return str(path)


def test_a_round_past_the_plan_needs_extra_round(finished: str, capsys) -> None:
    code, out, _ = run(capsys, "events", finished, "--json")
    event = next(e for e in json.loads(out)["events"] if e["code"] == "MPAIR")
    assert event["rounds_paired"] == event["rounds_planned"] == 5
    before = _state(capsys, finished)
    code, _out, err = run(capsys, "pair", finished, "--event", "MPAIR")
    assert code == 1 and "--extra-round" in err and "5" in err
    assert _state(capsys, finished) == before
    code, out, err = run(capsys, "pair", finished, "--event", "MPAIR", "--extra-round")
    assert code == 0, err
    assert "第6轮" in out and "超出计划轮数" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["withdraw", "1", "--event", "MPAIR", "--round", "-3"],
        ["withdraw", "1", "--event", "MPAIR"],  # after the last round
        ["withdraw", "1", "--event", "MPAIR", "--round", "6"],
        ["withdraw", "1", "--event", "MPAIR", "--round", "3"],  # a round already played
        ["absent", "1", "--event", "MPAIR", "--round", "2"],
        ["absent", "1", "--event", "MEN", "--round", "4"],  # played
        ["absent", "1", "--event", "MEN", "--round", "6"],  # paired: the pairing holds him
        ["absent", "1", "--event", "MEN", "--round", "99"],
        ["present", "1", "--event", "MEN", "--round", "0"],
        ["pairing", "--event", "MEN", "--round", "0"],
        ["result", "1-0", "--event", "MEN", "--round", "0", "--table", "1"],
        ["standings", "--event", "MEN", "--round", "0"],
        ["round-status", "--event", "MEN", "--round", "-1"],
        ["report", "slips", "--event", "MEN", "--round", "0", "-o", "x.pdf"],
    ],
)
def test_impossible_rounds_are_refused_in_chinese_and_change_nothing(
    finished: str, capsys, argv: list[str]
) -> None:
    assert run(capsys, "pair", finished, "--event", "MEN")[0] == 0  # MEN round 6 of 9 ...
    before = _state(capsys, finished)
    code, _out, err = run(capsys, argv[0], finished, *argv[1:])
    assert code in (1, 2), err
    assert "轮" in err and "程序内部错误" not in err and "Traceback" not in err
    assert _state(capsys, finished) == before


def test_withdrawing_for_the_next_round_still_works(finished: str, capsys) -> None:
    code, out, err = run(capsys, "withdraw", finished, "1", "--event", "MEN")
    assert code == 0 and "第6轮起退赛" in out, err
    code, out, err = run(capsys, "absent", finished, "2", "--event", "MEN", "--round", "7")
    assert code == 0, err
