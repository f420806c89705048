"""The `finals` command end to end, as a replay would drive it."""

import json
from pathlib import Path

import pytest

from app.cli.main import main
from tests.cli.runner import run
from tests.services.sheets import player, write_sheet


def test_new_import_export_end_to_end(tmp_path: Path, capsys) -> None:
    f = str(tmp_path / "t.finals")
    assert run(capsys, "new", f, "--preset", "shaoxing-gomoku-2022")[0] == 0
    tpl = tmp_path / "tpl.xlsx"
    assert run(capsys, "template", str(tpl))[0] == 0 and tpl.exists()
    rows = [
        player(
            f"选手{i}",
            "女" if i % 4 == 0 else "男",
            birth=f"199{i % 10}-0{1 + i % 9}-1{i % 10}",
            身份证号=f"33000019900101{i:04d}",
            电话="13800000000",
            unit=f"单位{i % 5}",
        )
        for i in range(12)
    ]
    sheet = write_sheet(tmp_path / "p.xlsx", rows)
    code, out, _ = run(capsys, "import", f, str(sheet))
    assert code == 0 and "12" in out
    code, out, _ = run(capsys, "export", f, "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["tournament"] == {
        **doc["tournament"],
        "title": doc["tournament"]["title"],
        "game": "gomoku",
    }
    open_event = next(e for e in doc["events"] if e["code"] == "OPEN")
    assert open_event["kind"] == "individual"
    entrant = open_event["entrants"][0]
    assert {"id", "seed", "name", "gender", "unit", "birth_date", "status", "members"} <= set(
        entrant
    )
    assert entrant["gender"] in ("M", "F")
    assert "33000019900101" not in out and "13800000000" not in out  # private fields never leave


def test_exit_codes(tmp_path: Path, capsys) -> None:
    code, _, err = run(capsys, "players", str(tmp_path / "missing.finals"))
    assert code == 1 and "找不到比赛文件" in err
    with pytest.raises(SystemExit) as usage:
        main(["new"])
    assert usage.value.code == 2
    code, _, err = run(
        capsys, "new", str(tmp_path / "x.finals"), "--preset", "shaoxing-gomoku-2022"
    )
    assert code == 0
    code, _, err = run(
        capsys, "new", str(tmp_path / "x.finals"), "--preset", "shaoxing-gomoku-2022"
    )
    assert code == 1 and "已存在" in err


def test_bad_sheet_exits_1_and_names_rows(tmp_path: Path, capsys) -> None:
    f = str(tmp_path / "t.finals")
    run(capsys, "new", f, "--preset", "shaoxing-gomoku-2022")
    sheet = write_sheet(
        tmp_path / "bad.xlsx", [player("甲"), player(None), player("乙", gender="?")]
    )
    code, out, err = run(capsys, "import", f, str(sheet))
    assert code == 1
    assert "第3行【姓名】" in err and "第4行【性别】" in err
    code, out, _ = run(capsys, "players", f, "--json")
    assert json.loads(out) == []


def test_a_whole_small_final_through_the_command(tmp_path: Path, capsys) -> None:
    f = str(tmp_path / "t.finals")
    run(capsys, "new", f, "--preset", "shaoxing-gomoku-2022")
    rows = [player(f"棋手{i}", birth=f"19{70 + i}-01-01", unit=f"单位{i % 3}") for i in range(7)]
    run(capsys, "import", f, str(write_sheet(tmp_path / "p.xlsx", rows)))
    code, out, _ = run(capsys, "pair", f, "--event", "OPEN", "--json")
    assert code == 0
    first = json.loads(out)
    assert len(first["games"]) == 4 and first["games"][-1]["second"] is None  # the bye is last
    assert first["opening"]  # Gomoku: one designated opening drawn for the round
    code, _, err = run(capsys, "pair", f, "--event", "OPEN")
    assert code == 1 and "未录入成绩" in err
    for game in first["games"][:-1]:
        assert (
            run(
                capsys,
                "result",
                f,
                "--event",
                "OPEN",
                "--round",
                "1",
                "--table",
                str(game["table"]),
                "1-0",
                "--manner",
                "连五",
            )[0]
            == 0
        )
    code, out, _ = run(capsys, "round-status", f, "--event", "OPEN", "--json")
    assert json.loads(out)["complete"] is True
    assert run(capsys, "pair", f, "--event", "OPEN")[0] == 0
    # A correction to round 1 now needs --force; "--" (double forfeit) is a result, not an option.
    code, _, err = run(capsys, "result", f, "--event", "OPEN", "--round", "1", "--table", "1", "--")
    assert code == 1 and "--force" in err
    assert (
        run(
            capsys, "result", f, "--event", "OPEN", "--round", "1", "--table", "1", "--", "--force"
        )[0]
        == 0
    )
    code, out, _ = run(capsys, "export", f, "--json")
    doc = json.loads(out)
    event = next(e for e in doc["events"] if e["code"] == "OPEN")
    assert event["rounds"][0]["games"][0]["result"] == "--"
    assert [r["number"] for r in event["rounds"]] == [1, 2]
    assert event["standings"][0]["rank"] == 1 and "对手分" in event["standings"][0]["tiebreaks"]
    code, out, _ = run(capsys, "log", f)
    assert "更正成绩" in out and "--" in out
    assert (tmp_path / "backups").is_dir() and list((tmp_path / "backups").glob("*.finals"))


def test_bulk_results_all_or_nothing(tmp_path: Path, capsys) -> None:
    f = str(tmp_path / "t.finals")
    run(capsys, "new", f, "--preset", "shaoxing-gomoku-2022")
    rows = [player(f"棋手{i}", birth=f"19{70 + i}-01-01") for i in range(8)]
    run(capsys, "import", f, str(write_sheet(tmp_path / "p.xlsx", rows)))
    run(capsys, "pair", f, "--event", "OPEN")
    bad = tmp_path / "bad.csv"
    bad.write_text("table,result,manner\n1,1-0,连五\n2,2-0\n9,0-1\nx,=\n", encoding="utf-8")
    code, _, err = run(capsys, "results", f, str(bad), "--event", "OPEN", "--round", "1")
    assert code == 1
    assert "第3行" in err and "第4行" in err and "第9台" in err and "第5行" in err
    code, out, _ = run(capsys, "round-status", f, "--event", "OPEN", "--json")
    assert json.loads(out)["done"] == 0  # nothing was recorded
    good = tmp_path / "good.csv"
    good.write_text("1,1-0,连五\n2,黑胜\n3,和\n4,0-1,禁手（三三）\n", encoding="utf-8")
    assert run(capsys, "results", f, str(good), "--event", "OPEN", "--round", "1")[0] == 0
    code, out, _ = run(capsys, "round-status", f, "--event", "OPEN", "--json")
    assert json.loads(out)["complete"] is True


def test_settings_categories_and_explanations(go_demo: Path, capsys) -> None:
    f = str(go_demo)
    code, out, _ = run(
        capsys,
        "settings",
        f,
        "--event",
        "MEN",
        "--set",
        "standings.ties=lot",
        "--set",
        "pairing.same_unit=always",
        "--json",
    )
    assert code == 0
    settings = json.loads(out)
    assert settings["standings"]["ties"] == "lot" and settings["standings"]["lot_seed"] is not None
    assert settings["pairing"]["same_unit"] == "always"
    code, out, _ = run(capsys, "standings", f, "--event", "MEN", "--json")
    rows = json.loads(out)["standings"]
    assert [r["rank"] for r in rows] == list(range(1, len(rows) + 1))  # a lot leaves no tie
    code, out, _ = run(capsys, "standings", f, "--event", "MEN", "--category", "women", "--json")
    women = json.loads(out)["standings"]
    overall = [r["overall_rank"] for r in women]
    assert women and overall == sorted(overall)
    code, out, _ = run(
        capsys,
        "standings",
        f,
        "--event",
        "MEN",
        "--category",
        "老将",
        "--born-to",
        "1975-12-31",
        "--json",
    )
    assert code == 0 and all(r["overall_rank"] >= 1 for r in json.loads(out)["standings"])
    code, out, err = run(capsys, "standings", f, "--event", "MEN", "--category", "无此组")
    assert code == 1 and "没有组别" in err
    code, out, _ = run(capsys, "standings", f, "--event", "MEN", "--explain")
    assert code == 0 and "积分同为" in out
    code, out, _ = run(capsys, "log", f, "--json")
    assert json.loads(out)[0]["action"] == "修改设置"


def test_gui_without_a_display_prints_the_summary(go_demo: Path, capsys, monkeypatch) -> None:
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr("sys.platform", "linux")
    code, out, _ = run(capsys, "gui", str(go_demo))
    assert code == 0 and "男子个人" in out and "没有图形显示" in out


def test_the_template_imports_as_it_is_into_either_final(tmp_path: Path, capsys) -> None:
    """A newcomer's first try: the template's own example row is a valid registration."""
    sheet = tmp_path / "players.xlsx"
    assert run(capsys, "template", str(sheet))[0] == 0
    for preset, event in (("shaoxing-gomoku-2022", "OPEN"), ("hangzhou-go", "MEN")):
        final = tmp_path / f"{preset}.finals"
        assert run(capsys, "new", str(final), "--preset", preset)[0] == 0
        code, out, err = run(capsys, "import", str(final), str(sheet))
        assert code == 0, err
        assert f"导入 1 名选手（{event} 1）" in out
        code, out, _ = run(capsys, "players", str(final), "--event", event)
        assert code == 0 and "张三" in out


def test_players_json_keeps_its_fields_in_order(tmp_path: Path, capsys) -> None:
    f = str(tmp_path / "t.finals")
    run(capsys, "new", f, "--preset", "shaoxing-gomoku-2022")
    run(capsys, "import", f, str(write_sheet(tmp_path / "p.xlsx", [player("甲", unit="单位")])))
    code, out, _ = run(capsys, "players", f, "--event", "OPEN", "--json")
    assert code == 0
    (row,) = json.loads(out)
    assert list(row) == [
        "event", "id", "seed", "name", "gender", "unit", "region", "birth_date", "grade",
        "rating", "source", "status", "members", "platform_account",
        # issue 38: a disqualification's round and reason, appended (None unless disqualified)
        "disqualified_after_round", "disqualified_reason",
    ]  # fmt: skip
    assert (row["event"], row["seed"], row["name"], row["unit"]) == ("OPEN", 1, "甲", "单位")
    assert row["status"] == "playing" and row["members"] == []
