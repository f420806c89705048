"""`finals opengotha-export`, `finals opengotha-import` and `finals h9` (issue 18), as a user
runs them: Chinese messages, exit codes, `-o` that never overwrites what is not ours."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from app.services.tournament import create_tournament
from tests.cli.runner import run
from tests.finals import demo_copy

INTERNAL = ("程序内部错误", "Traceback")


@pytest.fixture(scope="module")
def master(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("gotha-cli") / "go.finals"
    demo_copy(demo_master("hangzhou-go", players=40, seed=7, rounds=2), path)
    return path


@pytest.fixture
def final(master: Path, tmp_path: Path) -> Path:
    target = tmp_path / "go.finals"
    shutil.copy(master, target)
    return target


def test_export_import_export_through_the_commands(
    final: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "men.xml"
    code, text, err = run(capsys, "opengotha-export", str(final), "--event", "MEN", "-o", str(out))
    assert code == 0, err
    assert "40 名选手" in text and str(out) in text
    fresh = tmp_path / "fresh.finals"
    create_tournament(fresh, "hangzhou-go").close()
    code, text, err = run(
        capsys, "opengotha-import", str(fresh), str(out), "--event", "GOTHA", "--name", "外来赛"
    )
    assert code == 0, err
    assert "已导入项目 GOTHA（外来赛）：40 名选手，2 轮，40 盘" in text
    code, _, err = run(capsys, "opengotha-import", str(fresh), str(out), "--event", "gotha")
    assert code == 1 and "已被项目 GOTHA" in err
    again = tmp_path / "again.xml"
    code, _, err = run(capsys, "opengotha-export", str(fresh), "--event", "GOTHA", "-o", str(again))
    assert code == 0, err
    # An existing file, even an export of the same kind (OpenGotha's own tournament file is
    # one too), is replaced only with --force.
    code, _, err = run(capsys, "opengotha-export", str(fresh), "--event", "GOTHA", "-o", str(again))
    assert code == 1 and "--force" in err, err
    code, _, err = run(
        capsys, "opengotha-export", str(fresh), "--event", "GOTHA", "-o", str(again), "--force"
    )
    assert code == 0, err
    # The imported event is a playable event: the next round pairs and checks.
    code, text, err = run(capsys, "pair", str(fresh), "--event", "GOTHA")
    assert code == 0 and "第3轮" in text, err
    code, _, err = run(capsys, "check", str(fresh), "--event", "GOTHA")
    assert code == 0, err
    code, text, err = run(capsys, "log", str(fresh))
    assert code == 0 and "导入OpenGotha" in text


def test_h9_command(final: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "men.h9"
    code, text, err = run(
        capsys,
        "h9",
        str(final),
        "--event",
        "MEN",
        "-o",
        str(out),
        "--class",
        "B",
        "--time",
        "75",
        "--club",
        "HZ",
    )
    assert code == 0, err
    assert "40 名选手" in text
    body = out.read_text(encoding="ascii")
    assert "; CL[B]" in body and "; TM[75]" in body
    assert all(" CN HZ " in line for line in body.splitlines() if not line.startswith(";"))


@pytest.mark.parametrize("command", ["opengotha-export", "h9"])
def test_output_never_overwrites_what_is_not_ours(
    final: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    precious = tmp_path / "notes.txt"
    precious.write_text("我的笔记\n", encoding="utf-8")
    before = final.read_bytes()
    for target, words in (
        (precious, "已存在"),
        (final, "正在读取的比赛文件"),
        (tmp_path, "文件夹"),
        (tmp_path / "missing" / "x.xml", "输出文件夹不存在"),
    ):
        code, _, err = run(capsys, command, str(final), "--event", "MEN", "-o", str(target))
        assert code == 1 and words in err, (target, err)
        assert not any(w in err for w in INTERNAL)
    assert precious.read_text(encoding="utf-8") == "我的笔记\n"
    assert final.read_bytes() == before


def test_import_refusals_change_nothing(
    final: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = final.read_bytes()
    bad = tmp_path / "bad.xml"
    bad.write_text("<html><body>不是比赛</body></html>", encoding="utf-8")
    for argv, words in (
        (["opengotha-import", str(final), str(bad), "--event", "X1"], "<html>"),
        (["opengotha-import", str(final), str(tmp_path / "none.xml"), "--event", "X1"], "无法读取"),
        (["opengotha-import", str(final), str(tmp_path), "--event", "X1"], "文件夹"),
        (
            ["opengotha-export", str(final), "--event", "MTEAM", "-o", str(tmp_path / "t.xml")],
            "个人赛",
        ),
        (
            ["opengotha-export", str(final), "--event", "NOPE", "-o", str(tmp_path / "t.xml")],
            "没有项目",
        ),
    ):
        code, _, err = run(capsys, *argv)
        assert code == 1 and words in err, (argv, err)
        assert not any(w in err for w in INTERNAL)
    assert final.read_bytes() == before


def test_a_gomoku_final_is_refused(
    built_demo: Callable[..., Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "g.finals"
    built_demo(path, "shaoxing-gomoku-2022", players=20, rounds=1)
    code, _, err = run(capsys, "h9", str(path), "--event", "OPEN", "-o", str(tmp_path / "x.h9"))
    assert code == 1 and "围棋" in err
