"""The demo, its backups and the crash log go to the user's data folder: never the folder the
program was started from, nor the program's own folder (read-only under Program Files)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from app import demo
from app.cli import setup
from app.userdata import APP_FOLDER, data_dir, demo_path, log_dir
from tests.cli.runner import run

PROGRAM = Path(__file__).resolve().parents[1]


@pytest.fixture
def elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user's data folder of its own, and another folder to start the program from."""
    monkeypatch.setenv("FINALS_DATA_DIR", str(tmp_path / "用户数据"))
    started_in = tmp_path / "started-here"
    started_in.mkdir()
    monkeypatch.chdir(started_in)
    return started_in


@pytest.fixture
def small_demo(monkeypatch: pytest.MonkeyPatch) -> None:
    """The window's demo, smaller (the real one is 360 players and 3 rounds)."""
    build = demo.build_demo
    monkeypatch.setattr(
        demo, "build_demo", lambda path, preset, **_: build(path, preset, players=24, rounds=1)
    )


def _no_display(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr("sys.platform", "linux")


def test_the_demo_is_made_in_the_users_data_folder_and_says_where(
    elsewhere: Path, small_demo: None, capsys: pytest.CaptureFixture[str], monkeypatch
) -> None:
    _no_display(monkeypatch)
    code, out, err = run(capsys, "gui")
    assert code == 0, err
    folder = elsewhere.parent / "用户数据"
    made = folder / "demo.finals"
    assert made.is_file()
    assert list(elsewhere.iterdir()) == []  # nothing where the program was started
    assert not (PROGRAM / "demo.finals").exists()
    assert f"演示比赛已生成：{made}" in out and f"用户数据文件夹：{folder}" in out
    # its backups (one before the round it played) are beside it, in the data folder too
    assert list((folder / "backups").glob("demo-*.finals"))

    # opened again: the same file, not made again
    code, out, _ = run(capsys, "gui")
    assert code == 0 and "演示比赛已生成" not in out and str(made) in out
    assert list(elsewhere.iterdir()) == []


def test_a_data_folder_that_cannot_be_made_is_said_in_chinese(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("FINALS_DATA_DIR", str(blocker / "finals"))
    monkeypatch.chdir(tmp_path)
    _no_display(monkeypatch)
    code, _, err = run(capsys, "gui")
    assert code == 1
    assert "无法建立用户数据文件夹" in err and "FINALS_DATA_DIR" in err and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file"]


def test_the_crash_log_goes_to_the_users_data_folder(
    elsewhere: Path, go_demo: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    def broken(args: object) -> int:
        raise RuntimeError("意外")

    monkeypatch.setattr(setup, "cmd_log", broken)
    code, _, err = run(capsys, "log", str(go_demo))
    log = elsewhere.parent / "用户数据" / "logs" / "crash.log"
    assert code == 1 and "程序内部错误" in err and str(log) in err
    assert "RuntimeError: 意外" in log.read_text(encoding="utf-8")
    assert list(elsewhere.iterdir()) == []


def test_without_an_override_the_folders_are_the_users_own(monkeypatch) -> None:
    from platformdirs import user_data_dir, user_log_dir

    monkeypatch.delenv("FINALS_DATA_DIR", raising=False)
    assert data_dir() == Path(user_data_dir(APP_FOLDER, appauthor=False))
    assert log_dir() == Path(user_log_dir(APP_FOLDER, appauthor=False))
    for folder in (data_dir(), log_dir()):
        assert folder.is_absolute()
        assert PROGRAM not in folder.parents


def test_the_demo_path_makes_its_folder(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("FINALS_DATA_DIR", str(tmp_path / "a" / "b"))
    path = demo_path()
    assert path == tmp_path / "a" / "b" / "demo.finals" and path.parent.is_dir()
    assert os.listdir(path.parent) == []
