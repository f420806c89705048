"""Lists that are not final say so (issue 38 §5): the prizes and the grades after round N are
headed as the standings are (第N轮后, 临时), a round past the end is refused as `standings`
refuses it, and their `--json` says which round the results are after."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.cli.runner import run
from tests.finals import copy_of, demo_copy


@pytest.fixture(scope="module")
def master(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Go final: MEN has played 5 of its 9 rounds, the pair events all 5 of theirs."""
    path = tmp_path_factory.mktemp("lists") / "go.finals"
    demo_copy(demo_master("hangzhou-go", players=40, seed=7, rounds=5), path)
    return path


@pytest.fixture
def final(master: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    path = str(copy_of(master, tmp_path / "go.finals"))
    bands = tmp_path / "bands.csv"
    bands.write_text("名次,等级\n1,5段\n2-3,4段\n4-8,3段\n", encoding="utf-8")
    code, _out, err = run(capsys, "grade-table", path, "--event", "MEN", "--set", str(bands))
    assert code == 0, err
    return path


def _export(capsys: pytest.CaptureFixture[str], path: str) -> dict:
    data = json.loads(run(capsys, "export", path, "--json")[1])
    data.pop("exported_at")
    return data


@pytest.mark.parametrize("command", ["prizes", "grades"])
def test_a_round_past_the_end_is_refused_as_standings_refuses_it(
    final: str, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    before = _export(capsys, final)
    for extra in ([], ["--json"]):
        code, out, err = run(capsys, command, final, "--round", "12", *extra)
        assert code == 1 and out == "", err
        assert "只进行到第5轮" in err and "第12轮" in err and "Traceback" not in err
    code, out, err = run(capsys, "grades", final, "--event", "MEN", "--round", "7")
    assert code == 1 and "只进行到第5轮" in err and "第7轮" in err
    assert _export(capsys, final) == before
    assert run(capsys, command, final, "--round", "5")[0] == 0


def test_prizes_after_a_round_before_the_end_are_headed_provisional(
    final: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "prizes", final, "--round", "3")
    assert code == 0, err
    assert out.splitlines()[0] == "奖金分配 临时（第3轮后）"
    data = json.loads(run(capsys, "prizes", final, "--round", "3", "--json")[1])
    assert data["after_round"] == 3 and data["heading"] == "临时（第3轮后）"
    assert data["final"] is False
    assert data["after_rounds"]["MEN"] == 3 and data["after_rounds"]["MPAIR"] == 3
    # the latest: the pair events are over, the men's event is not
    code, out, err = run(capsys, "prizes", final)
    assert code == 0, err
    assert out.splitlines()[0] == "奖金分配 临时（第5轮后）"
    data = json.loads(run(capsys, "prizes", final, "--json")[1])
    assert data["after_round"] == 5 and data["final"] is False
    assert {"prizes", "totals", "total_fen", "withheld_prizes"} <= set(data)


def test_grades_after_a_round_before_the_end_are_headed_provisional(
    final: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "grades", final, "--event", "MEN", "--round", "4")
    assert code == 0, err
    assert out.splitlines()[0] == "等级申报 临时（第4轮后）"
    rows = json.loads(run(capsys, "grades", final, "--event", "MEN", "--round", "4", "--json")[1])
    assert rows and all(r["after_round"] == 4 and r["final"] is False for r in rows)
    code, out, err = run(capsys, "grades", final)
    assert code == 0, err
    assert out.splitlines()[0] == "等级申报 临时（第5轮后）"


def test_lists_of_a_finished_event_say_final(
    final: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _out, err = run(capsys, "settings", final, "--event", "MEN", "--set", "rounds_planned=5")
    assert code == 0, err
    code, _out, err = run(
        capsys, "settings", final, "--event", "YOUTH", "--set", "rounds_planned=5"
    )
    assert code == 0, err
    code, out, err = run(capsys, "prizes", final)
    assert code == 0, err
    assert out.splitlines()[0] == "奖金分配 第5轮后（最终）"
    data = json.loads(run(capsys, "prizes", final, "--json")[1])
    assert data["after_round"] == 5 and data["final"] is True
    code, out, err = run(capsys, "grades", final, "--event", "MEN")
    assert code == 0 and out.splitlines()[0] == "等级申报 第5轮后（最终）"


@pytest.fixture(scope="module")
def unplayed(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Gomoku final with its players and teams, nothing paired."""
    path = tmp_path_factory.mktemp("unplayed") / "gomoku.finals"
    demo_copy(demo_master("shaoxing-gomoku-2022", players=12, seed=3), path)
    return path


def test_before_any_round_the_lists_say_so_and_nobody_holds_a_place(
    unplayed: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before round 1 the players are not ranked: no champion's money, no grade, and the
    standings of an individual event are not called 团体名次."""
    f = str(unplayed)
    code, out, err = run(capsys, "standings", f, "--event", "OPEN")
    assert code == 0, err
    assert out.splitlines()[0] == "公开组 开赛前：尚未比赛，以下按序号排列，不是名次"
    code, out, err = run(capsys, "standings", f, "--event", "MTEAM")
    assert code == 0 and "开赛前" in out.splitlines()[0], err
    code, out, err = run(capsys, "prizes", f)
    assert code == 0, err
    assert "开赛前：尚无名次，不分配奖金" in out and "冠军" not in out
    doc = json.loads(run(capsys, "prizes", f, "--json")[1])
    assert doc["prizes"] == [] and doc["total_fen"] == 0 and doc["after_round"] == 0
    code, out, err = run(capsys, "grades", f)
    assert code == 0 and "开赛前：尚无名次，不申报等级" in out, err
    assert json.loads(run(capsys, "grades", f, "--json")[1]) == []
