"""Issue 12, files, as the arbiter meets them on the command line.

Every case asserts what a user sees: exit code 1, a Chinese message that names the file and
says what to do, the file's bytes unchanged, and never SQLite's English.

What the read-only tests really exercise: `chattr +i` (the kernel refuses writes to an
immutable file, and new files in an immutable folder, even for root) and, where mount
namespaces are allowed, a read-only tmpfs (EROFS: a write-protected USB stick). The full disk
is a real one too: a tmpfs just big enough for the file, in a private mount namespace.
"""

from __future__ import annotations

import errno
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from app.cli.main import main
from app.store import database
from tests.cli.runner import run
from tests.services.sheets import player, write_sheet
from tests.store.faults import (
    damage,
    damage_quietly,
    digest,
    read_only,
    strangers_database,
    truncate,
)

ROOT = Path(__file__).resolve().parents[2]
ENGLISH = (
    "malformed",
    "unable to open",
    "database",
    "readonly",
    "locked",
    "disk",
    "Error",
    "Errno",
    "No space",
)


def _in_chinese(err: str) -> None:
    assert "程序内部错误" not in err
    words = re.sub(r"/\S+?(?=[\s，。；：（）]|$)", "", err)  # the paths the message names
    for word in ENGLISH:
        assert word not in words, err


# --- what is not a tournament file, or is damaged ----------------------------------------


def _empty(path: Path) -> None:
    path.write_bytes(b"")


def _stranger(path: Path) -> None:
    path.unlink()
    strangers_database(path)


BAD = {
    "empty": (_empty, "空文件"),
    "stranger": (_stranger, "不是比赛文件"),
    "damaged": (damage, "已损坏"),
    "unsound": (damage_quietly, "完整性检查"),
    "truncated": (truncate, "已损坏"),
}
COMMANDS = {
    "players": ["players", "{f}"],
    "standings": ["standings", "{f}", "--event", "MEN"],
    "pair": ["pair", "{f}", "--event", "MEN"],
    "add-player": ["add-player", "{f}", "--event", "MEN", "--name", "新选手", "--gender", "男"],
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("kind", sorted(BAD))
def test_a_bad_file_is_refused_in_chinese_and_left_alone(
    go_demo: Path, capsys, kind: str, command: str
) -> None:
    spoil, words = BAD[kind]
    spoil(go_demo)
    before = digest(go_demo)
    code, _out, err = run(capsys, *[a.format(f=go_demo) for a in COMMANDS[command]])
    assert code == 1
    assert go_demo.name in err and words in err
    if kind in ("damaged", "unsound", "truncated", "empty"):
        assert "backups" in err and "复制" in err  # the newest backup, and how to restore it
    _in_chinese(err)
    assert digest(go_demo) == before


# --- read-only files and folders -----------------------------------------------------------


def _reading_commands(f: Path, out: Path) -> list[list[str]]:
    return [
        ["players", str(f)],
        ["events", str(f)],
        ["standings", str(f), "--event", "MEN"],
        ["export", str(f), "--json"],
        ["log", str(f)],
        ["pairing", str(f), "--event", "MEN"],
        ["check", str(f), "--event", "MEN"],
        ["round-status", str(f), "--event", "MEN"],
        ["submissions", str(f)],
        ["prizes", str(f)],
        ["teams", str(f)],
        ["report", str(f), "standings", "--event", "MEN", "-o", str(out / "名次.pdf")],
    ]


def _writing_commands(f: Path) -> list[list[str]]:
    return [
        ["pair", str(f), "--event", "MEN"],
        ["add-player", str(f), "--event", "MEN", "--name", "新选手", "--gender", "男"],
        ["result", str(f), "0:1", "--event", "MEN", "--round", "2", "--table", "1"],
    ]


@pytest.mark.parametrize("what", ["file", "folder"])
def test_read_only_commands_work_on_a_read_only_file(
    go_demo: Path, tmp_path_factory, capsys, what: str
) -> None:
    out = tmp_path_factory.mktemp("out")
    before = digest(go_demo)
    with read_only(go_demo if what == "file" else go_demo.parent):
        for argv in _reading_commands(go_demo, out):
            code, _out, err = run(capsys, *argv)
            assert code == 0, (argv, err)
            _in_chinese(err)
        for argv in _writing_commands(go_demo):
            code, _out, err = run(capsys, *argv)
            assert code == 1, argv
            assert "只读" in err and go_demo.name in err, err
            if what == "folder":
                assert "文件夹" in err
            _in_chinese(err)
    assert (out / "名次.pdf").stat().st_size > 0
    assert digest(go_demo) == before


# --- a real read-only disk and a real full disk (private mount namespaces) --------------------


def _private_mounts() -> bool:
    if shutil.which("unshare") is None:
        return False
    probe = subprocess.run(
        ["unshare", "-m", "sh", "-c", "mount -t tmpfs tmpfs /mnt"], capture_output=True
    )
    return probe.returncode == 0


needs_mounts = pytest.mark.skipif(not _private_mounts(), reason="no private mount namespaces here")


def _finals(argv: list[str]) -> str:
    env = "PYTHONPATH=" + shlex.quote(str(ROOT))
    return f"{env} {shlex.quote(sys.executable)} -m app.cli.main " + " ".join(
        map(shlex.quote, argv)
    )


def _on_a_small_disk(
    source: Path, work: Path, size_kib: int, read_only_disk: bool, commands: dict[str, list[str]]
) -> dict[str, str]:
    """Copy `source` onto a fresh tmpfs of `size_kib` in a private mount namespace (remounted
    read-only if asked), run each `finals` command there, and return what it saw: for each
    name, `{name}.rc`, `{name}.out` and `{name}.err`, and the file's hash in `after`."""
    out, disk = work / "out", work / "disk"
    out.mkdir()
    disk.mkdir()
    f = disk / source.name
    lines = [
        "set -e",
        f"mount -t tmpfs -o size={size_kib}k tmpfs {shlex.quote(str(disk))}",
        f"cp {shlex.quote(str(source))} {shlex.quote(str(f))}",
    ]
    if read_only_disk:
        lines.append(f"mount -o remount,ro {shlex.quote(str(disk))}")
    lines.append("set +e")
    for name, argv in commands.items():
        o = shlex.quote(str(out / name))
        lines.append(
            f"{_finals([a.format(f=f) for a in argv])} >{o}.out 2>{o}.err; echo $? >{o}.rc"
        )
    lines.append(f"sha256sum {shlex.quote(str(f))} | cut -c1-64 >{shlex.quote(str(out / 'after'))}")
    done = subprocess.run(
        ["unshare", "-m", "sh", "-c", "\n".join(lines)],
        capture_output=True,
        encoding="utf-8",
        cwd=ROOT,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return {p.name: p.read_text(encoding="utf-8") for p in out.iterdir()}


@needs_mounts
def test_a_write_protected_disk_is_read_and_writes_are_refused(
    go_demo: Path, tmp_path_factory
) -> None:
    seen = _on_a_small_disk(
        go_demo,
        tmp_path_factory.mktemp("ro"),
        4096,
        True,
        {"players": ["players", "{f}"], "pair": ["pair", "{f}", "--event", "MEN"]},
    )
    assert seen["players.rc"].strip() == "0", seen["players.err"]
    assert len(seen["players.out"].splitlines()) > 40
    assert seen["pair.rc"].strip() == "1"
    assert "只读" in seen["pair.err"] and go_demo.name in seen["pair.err"], seen["pair.err"]
    _in_chinese(seen["pair.err"])
    assert seen["after"].strip() == digest(go_demo)


@needs_mounts
def test_a_full_disk_during_pair_is_said_in_chinese_and_the_file_is_unchanged(
    go_demo: Path, tmp_path_factory
) -> None:
    size_kib = go_demo.stat().st_size // 1024 + 48  # the file, the -shm, and a few pages more
    seen = _on_a_small_disk(
        go_demo,
        tmp_path_factory.mktemp("full"),
        size_kib,
        False,
        {"pair": ["pair", "{f}", "--event", "MEN"]},
    )
    err = seen["pair.err"]
    assert seen["pair.rc"].strip() == "1", seen["pair.out"] + err
    assert "磁盘" in err and "空间" in err and go_demo.name in err, err
    _in_chinese(err)
    assert seen["after"].strip() == digest(go_demo)


# --- a writer that must wait for another writer ------------------------------------------------


def _paused_import(tmp_path: Path) -> tuple[Path, subprocess.Popen[str]]:
    path = tmp_path / "t.finals"
    assert main(["new", str(path), "--preset", "shaoxing-gomoku-2022"]) == 0
    sheet = write_sheet(tmp_path / "big.xlsx", [player(f"选手{i}") for i in range(60)])
    env = {**os.environ, "FINALS_FAULT_PAUSE_BEFORE_COMMIT": "60"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "app.cli.main", "import", str(path), str(sheet)],
        env=env,
        stderr=subprocess.PIPE,
        encoding="utf-8",
        cwd=ROOT,
    )
    assert proc.stderr is not None
    assert "FAULT-PAUSE" in proc.stderr.readline()  # the import holds the write lock
    return path, proc


ADD = ["add-player", "{f}", "--event", "OPEN", "--name", "迟到选手", "--gender", "男"]


def test_a_writer_waiting_for_an_import_says_so_then_writes(tmp_path: Path, capsys) -> None:
    path, proc = _paused_import(tmp_path)
    capsys.readouterr()
    ender = threading.Timer(2.0, proc.send_signal, (signal.SIGKILL,))
    ender.start()
    try:
        started = time.monotonic()
        code, out, err = run(capsys, *[a.format(f=path) for a in ADD])
    finally:
        ender.cancel()
        proc.kill()
        proc.wait(timeout=10)
    assert code == 0 and "已添加" in out, err
    assert time.monotonic() - started >= 1.5
    assert "正由另一个操作写入" in err and "请稍候" in err and path.name in err
    _in_chinese(err)


def test_a_writer_that_waits_too_long_gives_up_in_chinese(
    tmp_path: Path, capsys, monkeypatch
) -> None:
    monkeypatch.setattr(database, "WRITE_WAIT_SECONDS", 1.0)
    path, proc = _paused_import(tmp_path)
    capsys.readouterr()
    try:
        code, _out, err = run(capsys, *[a.format(f=path) for a in ADD])
    finally:
        proc.kill()
        proc.wait(timeout=10)
    assert code == 1
    assert "另一个操作" in err and "稍后再试" in err and path.name in err, err
    _in_chinese(err)


# --- other files the commands write ---------------------------------------------------------


def test_an_output_file_in_a_read_only_folder_is_refused_in_chinese(
    go_demo: Path, tmp_path_factory, capsys
) -> None:
    folder = tmp_path_factory.mktemp("打印")
    with read_only(folder):
        for argv in (
            ["export", str(go_demo), "--json", "-o", str(folder / "final.json")],
            ["template", str(folder / "报名表.xlsx")],
        ):
            code, _out, err = run(capsys, *argv)
            assert code == 1, argv
            assert argv[-1] in err and "权限" in err, err
            _in_chinese(err)
    assert list(folder.iterdir()) == []


def test_a_backup_that_meets_a_full_disk_is_warned_in_chinese(
    go_demo: Path, capsys, monkeypatch
) -> None:
    def disk_full(self: database.Database, target: Path) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(target))

    monkeypatch.setattr(database.Database, "backup_to", disk_full)
    code, out, err = run(capsys, "pair", str(go_demo), "--event", "MEN")
    assert code == 0, err  # the pairing is saved; only its backup copy is missing
    assert "备份失败" in err and "磁盘已满" in err, err
    _in_chinese(err)


def test_a_new_final_in_a_read_only_folder_is_refused_in_chinese(tmp_path: Path, capsys) -> None:
    folder = tmp_path / "光盘"
    folder.mkdir()
    with read_only(folder):
        code, _out, err = run(
            capsys, "new", str(folder / "t.finals"), "--preset", "shaoxing-gomoku-2022"
        )
    assert code == 1 and "只读" in err and str(folder) in err, err
    _in_chinese(err)
    assert list(folder.iterdir()) == []
