"""Round numbers are exact everywhere (issue 25 §2): standings after a round the event never
reached are refused with its last round named (a whole-final export clamps each event and
says so); a header says which results it holds, the same in the CLI, the PDF and the export."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.cli.runner import run
from tests.finals import copy_of, demo_copy


@pytest.fixture(scope="module")
def master(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Go final: its pair event MPAIR has played all 5 planned rounds, MEN 5 of 9."""
    path = tmp_path_factory.mktemp("headers") / "go.finals"
    demo_copy(demo_master("hangzhou-go", players=40, seed=7, rounds=5), path)
    return path


@pytest.fixture
def final(master: Path, tmp_path: Path) -> str:
    return str(copy_of(master, tmp_path / "go.finals"))


def _event(export: dict, code: str) -> dict:
    return next(e for e in export["events"] if e["code"] == code)


def _pdf_text(path: Path) -> str:
    return subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, encoding="utf-8", check=True
    ).stdout


@pytest.mark.parametrize("event", ["MPAIR", "MEN"])
def test_standings_after_a_round_the_event_never_reached_are_refused(
    final: str, capsys: pytest.CaptureFixture[str], event: str
) -> None:
    code, out, err = run(capsys, "standings", final, "--event", event, "--round", "7")
    assert code == 1 and out == ""
    assert "只进行到第5轮" in err and "第7轮" in err and "Traceback" not in err
    code, _out, err = run(capsys, "standings", final, "--event", event, "--round", "5")
    assert code == 0, err


def test_the_last_round_counts_once_however_far_past_it_one_asks(
    final: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    latest = json.loads(run(capsys, "export", final, "--json")[1])
    code, out, err = run(capsys, "export", final, "--json", "--round", "12")
    assert code == 0, err
    past = json.loads(out)
    for code_ in ("MPAIR", "MEN"):
        asked, now = _event(past, code_), _event(latest, code_)
        assert asked["standings_round"] == now["standings_round"] == 5
        # 累进分 of a round never played is not added (it was: 3 more running totals)
        assert asked["standings"] == now["standings"]
        # the document says it clamped
        assert any("要求第12轮后的排名，本项目只进行到第5轮" in x for x in asked["explanation"])
        assert not any("要求第" in x for x in now["explanation"])
    # the printed standings: a round past the last is refused, the last one is 最终
    code, _out, err = run(
        capsys, "report", final, "standings", "--event", "MPAIR", "--round", "12",
        "-o", str(tmp_path / "past.pdf"),
    )  # fmt: skip
    assert code == 1 and "只进行到第5轮" in err and not (tmp_path / "past.pdf").exists()
    out_pdf = tmp_path / "last.pdf"
    code, _out, err = run(
        capsys, "report", final, "standings", "--event", "MPAIR", "-o", str(out_pdf)
    )
    assert code == 0, err
    assert "第5轮后（最终）" in _pdf_text(out_pdf)


def test_while_a_round_is_in_progress_every_header_says_the_round_before(
    final: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert run(capsys, "pair", final, "--event", "MEN")[0] == 0  # round 6 of 9, no results
    code, out, err = run(capsys, "standings", final, "--event", "MEN")
    assert code == 0, err
    assert out.splitlines()[0] == "男子个人 第5轮后名次（第6轮进行中）"
    data = json.loads(run(capsys, "standings", final, "--event", "MEN", "--json")[1])
    assert data["after_round"] == 5 and data["heading"] == "第5轮后（第6轮进行中）"
    export = json.loads(run(capsys, "export", final, "--json")[1])
    assert _event(export, "MEN")["standings_round"] == 5
    pdf = tmp_path / "men.pdf"
    code, _out, err = run(capsys, "report", final, "standings", "--event", "MEN", "-o", str(pdf))
    assert code == 0, err
    text = _pdf_text(pdf)
    assert "第5轮后成绩排名表" in text and "第5轮后（第6轮进行中，共9轮）" in text
    # the round in progress itself, asked for: what it holds so far
    code, out, err = run(capsys, "standings", final, "--event", "MEN", "--round", "6")
    assert code == 0, err
    assert out.splitlines()[0].startswith("男子个人 第6轮名次（进行中，已录入 0/")
