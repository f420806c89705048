"""Issue 14 (cases 3, 4, 7, 11): what a round's documents say about the round itself.

Each list and slip carries the round's scheduled date and start time (the regulation's
timetable, tournament setting `schedule`), not the day it happened to be paired, and the
venue; a team-match event prints its own rounds, match points and 局分; a team-match list
heads its columns by team and marks colours per board (第N台 a table, 第M板 a board).
"""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.cli.runner import run


def _text(path: Path) -> str:
    return "".join(page.extract_text() for page in PdfReader(path).pages)


@pytest.fixture(scope="module")
def go_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Go final, 40 players, round 1 played; MTEAM played as team matches, round 1 done."""
    from app.cli.main import main

    path = tmp_path_factory.mktemp("go") / "go.finals"
    assert (
        main(["demo", str(path), "--preset", "hangzhou-go", "--players", "40", "--rounds", "1"])
        == 0
    )
    assert (
        main(
            [
                "settings",
                str(path),
                "--event",
                "MTEAM",
                "--set",
                "pairing.team_format=match",
                "--set",
                "rounds_planned=5",
            ]
        )
        == 0
    )
    assert main(["pair", str(path), "--event", "MTEAM"]) == 0
    # The regulation's timetable is an image the preset cannot read: the arbiter enters it.
    assert (
        main(["schedule", str(path), "--event", "MEN", "--round", "1", "--at", "2022-10-28 09:00"])
        == 0
    )
    assert (
        main(
            ["schedule", str(path), "--event", "MTEAM", "--round", "1", "--at", "2022-10-29 09:00"]
        )
        == 0
    )
    for table in (1, 2):
        for board in (1, 2, 3):
            assert (
                main(
                    [
                        "result",
                        str(path),
                        "--event",
                        "MTEAM",
                        "--round",
                        "1",
                        "--table",
                        str(table),
                        "--board",
                        str(board),
                        "1-0",
                    ]
                )
                == 0
            )
    return path


def _report(
    capsys: pytest.CaptureFixture[str], path: Path, out: Path, kind: str, *extra: str
) -> str:
    code, _, err = run(capsys, "report", str(path), kind, *extra, "-o", str(out))
    assert code == 0, err
    return _text(out)


@pytest.mark.parametrize("kind", ["pairings", "slips", "standings"])
def test_round_documents_print_the_scheduled_time_and_the_venue(
    go_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    text = _report(
        capsys, go_file, tmp_path / f"{kind}.pdf", kind, "--event", "MEN", "--round", "1"
    )
    # the time entered with `finals schedule`: round 1 on 28 October 2022, 09:00
    assert "2022-10-28" in text and "09:00" in text
    # never the day the round was paired (today) as the round's date
    today = date.today().isoformat()
    assert f"日期：{today}" not in text
    assert "中国棋院杭州分院" in text  # the venue


def test_a_round_moved_with_the_schedule_command_prints_its_new_time(
    go_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(
        capsys,
        "schedule",
        str(go_file),
        "--event",
        "MEN",
        "--round",
        "1",
        "--at",
        "2022-10-28 08:30",
    )
    assert code == 0, err
    try:
        text = _report(capsys, go_file, tmp_path / "p.pdf", "pairings", "--event", "MEN")
        assert "2022-10-28 08:30" in text
    finally:
        run(
            capsys,
            "schedule",
            str(go_file),
            "--event",
            "MEN",
            "--round",
            "1",
            "--at",
            "2022-10-28 09:00",
        )


def test_team_match_standings_count_their_own_rounds(
    go_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = _report(capsys, go_file, tmp_path / "teams.pdf", "teams", "--event", "MTEAM")
    assert "第1轮后团体成绩表" in text
    assert "第1轮后（共5轮）" in text
    assert "第9轮" not in text and "最终" not in text
    assert "队员个人成绩之和" not in text  # the sum model's wording
    assert "场分" in text and "局分" in text
    assert "2022-10-29 09:00" in text  # after its own round 1: that round's time


def test_team_match_pairing_list_heads_columns_by_team(
    go_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = _report(
        capsys, go_file, tmp_path / "tm.pdf", "pairings", "--event", "MTEAM", "--round", "1"
    )
    assert "第1板" in text and "第3板" in text
    assert "第1台" in text  # the table
    assert "主队" in text or "甲队" in text
    # colours are marked per board beside each player, never as a column over team names
    assert "黑方" not in text and "白方" not in text
    assert re.search(r"（黑）", text) and re.search(r"（白）", text)


def test_team_match_slips_say_boards(
    go_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # round 2 needs pairing first: print round 1 (complete) slips
    text = _report(
        capsys,
        go_file,
        tmp_path / "ts.pdf",
        "slips",
        "--event",
        "MTEAM",
        "--round",
        "1",
        "--base-url",
        "http://192.168.1.10:8765/",
    )
    assert "第1板" in text and "第1台" in text
    assert "2022-10-29 09:00" in text


def test_boards_command_says_boards(go_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "boards", str(go_file), "--event", "MTEAM", "--round", "1")
    assert code == 0, err
    assert "第1台" in out and "板" in out


def test_a_team_match_event_not_yet_started_says_so(
    go_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(
        capsys,
        "settings",
        str(go_file),
        "--event",
        "WTEAM",
        "--set",
        "pairing.team_format=match",
        "--set",
        "rounds_planned=3",
    )
    assert code == 0, err
    text = _report(capsys, go_file, tmp_path / "w.pdf", "teams", "--event", "WTEAM")
    assert "开赛前团体成绩表" in text and "第0轮" not in text


def test_team_match_pairing_workbook_heads_columns_by_team(
    go_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import openpyxl

    out = tmp_path / "tm.xlsx"
    code, _, err = run(
        capsys,
        "report",
        str(go_file),
        "pairings",
        "--event",
        "MTEAM",
        "--round",
        "1",
        "-o",
        str(out),
    )
    assert code == 0, err
    cells = [
        str(c)
        for row in openpyxl.load_workbook(out).active.iter_rows(values_only=True)
        for c in row
        if c is not None
    ]
    assert "甲队" in cells and "乙队" in cells and "黑方" not in cells
    assert "第1板" in cells and any(c.endswith("（黑）") for c in cells)
