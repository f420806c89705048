"""Issue 25 §4: an event's prize and grade tables set from a sheet in a final in progress
(finals prize-table / grade-table): checked, audited, undoable; `finals grades` says why an
event without grade bands lists nobody."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.cli.runner import run
from tests.finals import copy_of, demo_copy


@pytest.fixture(scope="module")
def go_master(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("tables") / "go.finals"
    demo_copy(demo_master("hangzhou-go", players=40, seed=4, rounds=2), path)
    return path


@pytest.fixture
def go(go_master: Path, tmp_path: Path) -> str:
    return str(copy_of(go_master, tmp_path / "go.finals"))


def _csv(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def _audit(capsys: pytest.CaptureFixture[str], file: str) -> list[dict]:
    code, out, err = run(capsys, "log", file, "--json")
    assert code == 0, err
    return list(json.loads(out))


def test_grades_of_a_final_without_bands_say_why(
    go: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "grades", go)
    assert code == 0, err
    assert not out.startswith("项目")  # no empty header (项目  名次  姓名 …)
    assert "男子个人（MEN）没有等级表" in out and "补充规则另行通知" in out
    assert "finals grade-table FILE --event MEN --set" in out
    code, out, _ = run(capsys, "grades", go, "--event", "YOUTH")
    assert code == 0 and "少儿组（YOUTH）没有等级表" in out


def test_grade_bands_set_from_a_sheet_listed_audited_and_undone(
    go: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheet = _csv(tmp_path, "bands.csv", "名次,等级\n1,5段\n2-3,4段\n第4-8名,3段\n")
    code, out, err = run(capsys, "grade-table", go, "--event", "MEN", "--set", sheet)
    assert code == 0, err
    assert "已设置男子个人的等级表" in out and "4-8" in out
    code, out, _ = run(capsys, "grades", go, "--json")
    grades = json.loads(out)
    assert grades and {g["grade"] for g in grades} <= {"5段", "4段", "3段"}
    assert all(g["rank"] <= 8 for g in grades)
    code, out, _ = run(capsys, "export", go, "--json")
    men = next(e for e in json.loads(out)["events"] if e["code"] == "MEN")
    assert men["grade_tables"][0]["bands"][2] == {"from": 4, "to": 8, "grade": "3段"}
    entry = _audit(capsys, go)[0]
    assert entry["action"] == "修改等级表" and entry["target"] == "MEN 等级表"
    assert entry["before"] is None and entry["after"]["bands"][0]["grade"] == "5段"

    code, out, err = run(capsys, "grade-table", go, "--event", "MEN", "--undo")
    assert code == 0, err
    code, out, _ = run(capsys, "grades", go, "--json")
    assert json.loads(out) == []
    assert _audit(capsys, go)[0]["action"] == "撤销等级表修改"
    code, _, err = run(capsys, "grade-table", go, "--event", "MEN", "--undo")
    assert code == 1 and "没有可撤销的修改" in err


def test_a_corrected_prize_table_pays_the_new_amounts_and_undo_restores(
    go: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def paid() -> int:
        code, out, err = run(capsys, "prizes", go, "--json")
        assert code == 0, err
        return int(json.loads(out)["totals_fen"]["少儿组"])

    before = paid()
    sheet = _csv(
        tmp_path, "youth.csv", "名次,奖项,奖金\n1,冠军,6000\n2,亚军,3000\n3,季军,2000\n4-6,,1000\n"
    )
    code, out, err = run(capsys, "prize-table", go, "--event", "YOUTH", "--set", sheet)
    assert code == 0, err
    assert "已更新少儿组的奖金表" in out
    # 12400 yuan in the regulation; 6000+3000+2000+3×1000 now (less what ties leave unpaid)
    assert before <= 1240000 < paid() <= 1400000
    code, out, _ = run(capsys, "prize-table", go, "--event", "YOUTH", "--json")
    places = json.loads(out)["tables"][0]["places"]
    assert places[3] == {
        "from": 4,
        "to": 6,
        "title": "第4-6名",
        "amount": 1000,
        "amount_fen": 100000,
    }
    code, _, err = run(capsys, "prize-table", go, "--event", "YOUTH", "--undo")
    assert code == 0, err
    assert paid() == before


@pytest.mark.parametrize(
    ("text", "reasons"),
    [
        ("名次,奖金\n1,5000\n2-4,800\n4-6,500\n", ["第4行的名次 4-6 与第3行的名次 2-4 重叠"]),
        ("名次,奖金\n1,5000\n2,-300\n", ["第3行：奖金 -300 元是负数"]),
        ("名次,奖金\n1,5000.5\n0,100\n3-2,100\n", ["第2行", "不是整数元", "第3行", "第4行"]),
        ("名次,奖项\n1,冠军\n", ["缺少“奖金”列"]),
    ],
)
def test_an_impossible_prize_table_is_refused_with_the_reason_and_changes_nothing(
    go: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, reasons: list[str]
) -> None:
    entries = len(_audit(capsys, go))
    _, shown, _ = run(capsys, "prize-table", go, "--event", "MEN", "--json")
    sheet = _csv(tmp_path, "bad.csv", text)
    code, _, err = run(capsys, "prize-table", go, "--event", "MEN", "--set", sheet)
    assert code == 1
    for reason in reasons:
        assert reason in err
    assert "未作任何修改" in err or "缺少" in err
    assert len(_audit(capsys, go)) == entries
    assert run(capsys, "prize-table", go, "--event", "MEN", "--json")[1] == shown


def test_a_category_table_from_an_xlsx(
    go: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    for row in (
        ["起始名次", "截止名次", "奖项", "奖金（元）"],
        [1, 1, "冠军", 12000],
        [2, 6, "", 900],
    ):
        sheet.append(row)
    path = tmp_path / "women.xlsx"
    book.save(path)
    code, out, err = run(
        capsys, "prize-table", go, "--event", "MEN", "--category", "women", "--set", str(path)
    )
    assert code == 0, err
    assert "已更新男子个人（women）的奖金表“女子个人”" in out
    code, _, err = run(
        capsys, "prize-table", go, "--event", "MEN", "--category", "girls", "--set", str(path)
    )
    assert code == 1 and "没有组别 girls" in err and "women" in err


@pytest.mark.parametrize("name", ["少儿\x1b[2J组", "少儿\u202e组", "  "])
def test_a_table_name_it_could_not_print_is_refused_and_changes_nothing(
    go: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    entries = len(_audit(capsys, go))
    sheet = _csv(tmp_path, "youth.csv", "名次,奖项,奖金\n1,冠军,6000\n")
    code, _, err = run(
        capsys, "prize-table", go, "--event", "YOUTH", "--set", sheet, "--name", name
    )
    assert code == 1 and "奖金表名称" in err and "内部错误" not in err, err
    assert len(_audit(capsys, go)) == entries
