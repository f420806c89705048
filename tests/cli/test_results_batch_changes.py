"""A results file that changes a recorded result says so, table by table, before and after
(issue 41 §6): "已录入第1轮 4 台成绩" alone hid that table 1's winner was swapped."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.runner import run


@pytest.fixture
def paired(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    final = tmp_path / "final.finals"
    code, _, err = run(
        capsys, "demo", str(final), "--preset", "shaoxing-gomoku-2022", "--players", "8"
    )
    assert code == 0, err
    assert run(capsys, "pair", str(final), "--event", "OPEN")[0] == 0
    return final


def _pairs(final: Path, capsys: pytest.CaptureFixture[str]) -> dict[int, tuple[str, str]]:
    import json

    code, out, err = run(capsys, "pairing", str(final), "--event", "OPEN", "--json")
    assert code == 0, err
    games = json.loads(out)["games"]
    return {g["table"]: (g["first_name"], g["second_name"]) for g in games}


def test_a_batch_that_changes_recorded_results_names_each_table_before_and_after(
    paired: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = tmp_path / "r1.csv"
    first.write_text("台号,成绩,胜负方式\n1,1-0,连五\n2,0-1\n3,黑胜\n4,+-\n", encoding="utf-8")
    code, out, err = run(
        capsys, "results", str(paired), "--event", "OPEN", "--round", "1", str(first)
    )
    assert code == 0, err
    assert out.strip() == "已录入第1轮 4 台成绩。本轮成绩已全部录入。"  # nothing replaced

    again = tmp_path / "r1-again.csv"
    again.write_text("1,0-1\n2,0-1\n3,1-0,超时\n4,=\n", encoding="utf-8")
    code, out, err = run(
        capsys, "results", str(paired), "--event", "OPEN", "--round", "1", str(again)
    )
    assert code == 0, err
    pairs = _pairs(paired, capsys)
    lines = out.splitlines()
    assert lines[0] == "已录入第1轮 4 台成绩。本轮成绩已全部录入。"
    assert lines[1] == "其中 3 台改动了原有成绩（原成绩 → 新成绩）："
    assert lines[2:] == [
        f"  第1台 {pairs[1][0]} 对 {pairs[1][1]}：1-0（连五） → 0-1（连五）",
        f"  第3台 {pairs[3][0]} 对 {pairs[3][1]}：1-0 → 1-0（超时）",
        f"  第4台 {pairs[4][0]} 对 {pairs[4][1]}：+- → =",
    ]  # table 2, the same result again, is not a change
