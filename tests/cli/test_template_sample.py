"""`finals template OUT --sample N` (issue 41 §6): N fictitious players a newcomer can import
and pair at once; the same N and seed give the same sheet."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.io.sheets import read_sheet
from app.standings.categories import grade_order
from tests.cli.runner import run


def _rows(path: Path) -> list[dict[str, object]]:
    return [row.values for row in read_sheet(path)]


def test_a_sample_sheet_holds_realistic_players_the_same_each_time(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, again, other = tmp_path / "a.xlsx", tmp_path / "b.xlsx", tmp_path / "c.xlsx"
    code, out, err = run(capsys, "template", str(first), "--sample", "40")
    assert code == 0, err
    assert "40 名虚构选手" in out
    assert run(capsys, "template", str(again), "--sample", "40")[0] == 0
    assert run(capsys, "template", str(other), "--sample", "40", "--seed", "7")[0] == 0
    rows = _rows(first)
    assert len(rows) == 40 and rows == _rows(again) and rows != _rows(other)
    assert len({row["姓名"] for row in rows}) == 40 and "张三" not in {r["姓名"] for r in rows}
    assert {row["性别"] for row in rows} == {"男", "女"}
    for row in rows:
        assert row["单位"] and row["出生日期"] and row["来源"], row
        assert grade_order(str(row["段位"])) is not None, row
        assert not row.get("身份证号") and not row.get("电话"), row  # nobody's real numbers
    assert len({row["单位"] for row in rows}) > 1


@pytest.mark.parametrize("preset", ["shaoxing-gomoku-2022", "hangzhou-go"])
def test_a_sample_sheet_imports_and_pairs_in_either_preset(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], preset: str
) -> None:
    final, sheet = tmp_path / "final.finals", tmp_path / "players.xlsx"
    assert run(capsys, "new", str(final), "--preset", preset)[0] == 0
    assert run(capsys, "template", str(sheet), "--sample", "12")[0] == 0
    code, out, err = run(capsys, "import", str(final), str(sheet))
    assert code == 0 and "导入 12 名选手" in out and not err, (out, err)
    event = "OPEN" if preset.startswith("shaoxing") else "MEN"
    code, out, err = run(capsys, "pair", str(final), "--event", event)
    assert code == 0, err


def test_without_sample_the_template_is_the_empty_sheet_with_its_example(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "t.xlsx"
    assert run(capsys, "template", str(path))[0] == 0
    assert [row["姓名"] for row in _rows(path)] == ["张三"]
