"""Issue 14 (case 4): `finals schedule` lists and changes each round's start time."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.cli.main import main
from tests.cli.runner import run


@pytest.fixture
def final(tmp_path: Path) -> Path:
    path = tmp_path / "go.finals"
    assert main(["new", str(path), "--preset", "hangzhou-go"]) == 0
    return path


def test_no_timetable_is_invented(final: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The regulations' timetables are images the presets cannot read: every round starts
    unscheduled until the arbiter enters it (never a time nobody decided)."""
    code, out, err = run(capsys, "schedule", str(final), "--event", "MEN", "--json")
    assert code == 0, err
    rows = json.loads(out)
    assert [r["round"] for r in rows] == list(range(1, 10))
    assert all(r["at"] is None for r in rows)


def test_a_round_is_moved_and_the_change_is_audited(
    final: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(
        capsys, "schedule", str(final), "--event", "MEN", "--round", "2", "--at", "2022-10-28 14:00"
    )
    assert code == 0, err
    assert "2022-10-28 14:00" in out
    code, out, _ = run(capsys, "schedule", str(final), "--event", "MEN", "--round", "2")
    assert "2022-10-28 14:00" in out and "第2轮" in out
    code, out, _ = run(capsys, "log", str(final), "--limit", "1")
    assert "修改比赛信息" in out


@pytest.mark.parametrize("at", ["2022-10-32 09:00", "tomorrow", "2022-10-28 25:00"])
def test_a_bad_time_is_refused_and_nothing_changes(
    final: Path, capsys: pytest.CaptureFixture[str], at: str
) -> None:
    before = final.read_bytes()
    code, _, err = run(capsys, "schedule", str(final), "--event", "MEN", "--round", "1", "--at", at)
    assert code == 1
    assert "YYYY-MM-DD HH:MM" in err
    assert final.read_bytes() == before


def test_an_unknown_event_is_named(final: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(
        capsys,
        "schedule",
        str(final),
        "--event",
        "NOPE",
        "--round",
        "1",
        "--at",
        "2022-10-28 09:00",
    )
    assert code == 1 and "NOPE" in err


def test_settings_refuse_a_bad_schedule(final: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(
        capsys, "settings", str(final), "--set", 'schedule={"MEN": {"1": "next week"}}'
    )
    assert code == 1 and "schedule" in err and "YYYY-MM-DD HH:MM" in err
