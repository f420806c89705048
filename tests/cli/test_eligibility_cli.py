"""Issue 13, clauses 4, 5, 6, 10, 11 at the command line: what the arbiter types and reads.

Eligibility settings shown by `finals settings`; `finals eligibility` naming individual
problems (exit 1) and warnings (exit 0); add-player and edit-player refusing with the field
named and the file unchanged; the platform account column in `finals players` and the
template; `finals grades` marking who already holds the grade, and the application form.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Callable
from pathlib import Path

import openpyxl
import pytest

from tests.cli.runner import run
from tests.finals import demo_copy, end_after_rounds_played
from tests.reports.conftest import pdf_text
from tests.services.sheets import HEADERS, player, write_sheet

SHEET = [*HEADERS, "平台账号"]


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def go(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    f = tmp_path / "go.finals"
    assert run(capsys, "new", str(f), "--preset", "hangzhou-go")[0] == 0
    return f


@pytest.fixture
def gomoku(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    f = tmp_path / "gomoku.finals"
    assert run(capsys, "new", str(f), "--preset", "shaoxing-gomoku-2022")[0] == 0
    return f


def test_settings_show_the_new_eligibility_keys(go: Path, capsys) -> None:
    code, out, _ = run(capsys, "settings", str(go), "--event", "YOUTH")
    assert code == 0
    assert "eligibility.professionals = false" in out
    assert "eligibility.platform_account_required = true" in out
    assert 'eligibility.exclusive_with = ["MEN"]' in out
    code, out, _ = run(capsys, "settings", str(go), "--event", "PCPAIR", "--json")
    shown = json.loads(out)["eligibility"]
    assert shown["child_under"] == 18 and shown["parent_older_by"] == 18
    assert shown["professionals"] is False
    code, out, _ = run(capsys, "settings", str(go), "--event", "MEN", "--json")
    assert json.loads(out)["eligibility"]["professionals"] is False
    assert json.loads(out)["standings"]["grades_include_held"] is False


@pytest.mark.parametrize(
    "change",
    [
        "eligibility.professionals=maybe",
        "eligibility.parent_older_by=-3",
        "eligibility.exclusive_with=NOSUCH",
    ],
)
def test_a_bad_eligibility_setting_is_refused_and_changes_nothing(
    go: Path, capsys, change: str
) -> None:
    event = "PCPAIR" if "parent" in change else "YOUTH"
    before = _digest(go)
    code, _, err = run(capsys, "settings", str(go), "--event", event, "--set", change)
    assert code == 1 and change.split("=")[0] in err and "未修改" in err
    assert _digest(go) == before


def test_add_and_edit_player_refuse_with_the_field_named(go: Path, capsys) -> None:
    f = str(go)
    base = [
        "add-player",
        f,
        "--event",
        "YOUTH",
        "--name",
        "小明",
        "--gender",
        "男",
        "--birth-date",
        "2012-03-04",
        "--grade",
        "1段",
    ]
    before = _digest(go)
    code, _, err = run(capsys, *base)
    assert code == 1 and "平台账号" in err and "弈战" in err
    assert _digest(go) == before
    code, out, _ = run(capsys, *base, "--platform-account", "yz_xiaoming")
    assert code == 0 and "序号 1" in out
    before = _digest(go)
    code, _, err = run(
        capsys, "edit-player", f, "1", "--event", "YOUTH", "--birth-date", "2007-01-01"
    )
    assert code == 1 and "【出生日期】" in err and "少儿组" in err
    code, _, err = run(
        capsys, "add-player", f, "--event", "MEN", "--name", "职业甲", "--grade", "P5"
    )
    assert code == 1 and "【段位】" in err and "职业" in err
    assert _digest(go) == before


def test_players_shows_the_platform_account_to_the_arbiter_only_where_there_is_one(
    go: Path, tmp_path: Path, capsys
) -> None:
    rows = [
        player("小明", birth="2012-03-04", events="少儿组", 段位="1段", 平台账号="yz_xiaoming"),
        player("甲", events="男子个人"),
    ]
    assert (
        run(capsys, "import", str(go), str(write_sheet(tmp_path / "p.xlsx", rows, SHEET)))[0] == 0
    )
    code, out, _ = run(capsys, "players", str(go), "--event", "YOUTH")
    assert code == 0 and "平台账号" in out and "yz_xiaoming" in out
    code, out, _ = run(capsys, "players", str(go), "--event", "MEN")
    assert "平台账号" not in out
    code, out, _ = run(capsys, "export", str(go), "--json")
    assert code == 0 and "yz_xiaoming" not in out


def test_the_template_has_the_platform_column(tmp_path: Path, capsys) -> None:
    out = tmp_path / "tpl.xlsx"
    assert run(capsys, "template", str(out))[0] == 0
    sheet = openpyxl.load_workbook(out).active
    headers = [c.value for c in sheet[1]]
    assert "平台账号" in headers
    note = sheet.cell(row=1, column=headers.index("平台账号") + 1).comment.text
    assert "弈战" in note and "不会出现" in note


def test_eligibility_lists_individual_problems_and_warnings(
    gomoku: Path, tmp_path: Path, capsys
) -> None:
    f = str(gomoku)
    rows = [
        player("小明", birth="2012-03-04", events="公开组、少儿组"),
        player("小红", "女", birth="2011-05-06", events="少儿组"),
    ]
    code, out, err = run(capsys, "import", f, str(write_sheet(tmp_path / "p.xlsx", rows)))
    assert code == 0 and "警告：" in err and "小明" in err
    code, out, _ = run(capsys, "eligibility", f)
    assert code == 0  # a warning alone does not fail the check
    assert "警告" in out and "小明" in out and "公开组" in out
    with sqlite3.connect(gomoku) as conn:  # an older version let this in
        conn.execute("UPDATE player SET birth_date = '2006-01-01' WHERE name = '小红'")
    code, out, _ = run(capsys, "eligibility", f)
    assert code == 1
    assert "YOUTH 小红：" in out and "2006-01-01" in out
    code, out, _ = run(capsys, "eligibility", f, "--json")
    found = json.loads(out)
    assert code == 1
    assert {(p["event"], p["entrant"], p["level"]) for p in found} == {
        ("YOUTH", "小红", "error"),
        ("YOUTH", "小明", "warning"),
    }


# -- clause 10: the grade list and the application form --------------------------------------


@pytest.fixture(scope="module")
def played(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("grades") / "gomoku.finals"
    demo_copy(demo_master("shaoxing-gomoku-2022", players=40, seed=5, rounds=3), path)
    return path


@pytest.fixture
def graded(played: Path, tmp_path: Path, capsys) -> tuple[Path, dict]:
    """A copy of the played final where the 4th of 公开组 already holds 四段, the 1st 六段."""
    from app.services.tournament import open_tournament

    target = tmp_path / "gomoku.finals"
    db = open_tournament(played)
    try:
        db.backup_to(target)
    finally:
        db.close()
    end_after_rounds_played(target)  # the application form states final places only
    code, out, _ = run(capsys, "grades", str(target), "--json")
    grades = [g for g in json.loads(out) if g["event"] == "OPEN"]
    first = next(g for g in grades if g["rank"] == 1)
    fourth = next(g for g in grades if g["grade"] == "四段")
    plain = next(g for g in grades if g["grade"] == "二段")
    for who, grade in ((first, "六段"), (fourth, "4段"), (plain, "一级")):
        seed = _seed(capsys, target, who["name"])
        assert (
            run(capsys, "edit-player", str(target), str(seed), "--event", "OPEN", "--grade", grade)[
                0
            ]
            == 0
        )
    return target, {"first": first["name"], "fourth": fourth["name"], "plain": plain["name"]}


def _seed(capsys, f: Path, name: str) -> int:  # noqa: ANN001
    code, out, _ = run(capsys, "players", str(f), "--event", "OPEN", "--json")
    return next(r["seed"] for r in json.loads(out) if r["name"] == name)


def test_grades_mark_who_already_holds_the_grade(graded, capsys) -> None:
    f, who = graded
    code, out, _ = run(capsys, "grades", str(f), "--json")
    by_name = {g["name"]: g for g in json.loads(out) if g["event"] == "OPEN"}
    assert by_name[who["first"]]["already_held"] and by_name[who["first"]]["held"] == "六段"
    assert by_name[who["fourth"]]["already_held"] and by_name[who["fourth"]]["held"] == "4段"
    assert not by_name[who["plain"]]["already_held"]
    assert by_name[who["first"]]["on_form"] is False and by_name[who["plain"]]["on_form"] is True
    code, out, _ = run(capsys, "grades", str(f))
    line = next(x for x in out.splitlines() if who["fourth"] in x)
    assert "已有4段" in line and "不列入申报表" in line
    line = next(x for x in out.splitlines() if who["plain"] in x)
    assert "已有" not in line


def test_the_application_form_leaves_them_out_unless_the_setting_says(
    graded, tmp_path: Path, capsys
) -> None:
    f, who = graded
    out_pdf = tmp_path / "grades.pdf"
    assert run(capsys, "report", str(f), "grades", "--event", "OPEN", "-o", str(out_pdf))[0] == 0
    text = pdf_text(out_pdf)
    assert who["plain"] in text
    table, _, notes = text.partition("说明")
    assert who["first"] not in table and who["fourth"] not in table
    assert "已持有" in notes and who["fourth"] in notes
    assert "grades_include_held" not in notes  # a form for the association: no setting keys
    assert (
        run(
            capsys,
            "settings",
            str(f),
            "--event",
            "OPEN",
            "--set",
            "standings.grades_include_held=true",
        )[0]
        == 0
    )
    again = ("report", str(f), "grades", "--event", "OPEN", "-o", str(out_pdf), "--force")
    assert run(capsys, *again)[0] == 0
    text = pdf_text(out_pdf)
    assert who["fourth"] in text and "已有4段" in text
