"""Bad input on the command line is answered in Chinese, never crashes, never changes the file.

The cases found by hand (issue 12), then a property test that throws generated bad arguments
at every command of a real final.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.cli.main import main
from app.cli.outputs import OutputAction
from tests.cli.runner import run
from tests.finals import demo_copy

INTERNAL = ("程序内部错误", "Traceback")


def data_of(path: Path) -> str:
    """The file's data as a user sees it: every event, round, game, standing and the log."""
    from app.services.audit import audit_log
    from app.services.read_model import build_export
    from app.services.tournament import open_tournament

    db = open_tournament(path)
    try:
        doc = build_export(db)
        doc.pop("exported_at", None)
        return hashlib.sha256(
            json.dumps(
                [doc, [e.to_dict() for e in audit_log(db)]],
                ensure_ascii=False,
                sort_keys=True,
                default=str,
            ).encode()
        ).hexdigest()
    finally:
        db.close()


@pytest.fixture(scope="module")
def master(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Go final with 2 rounds played and round 3 of MEN paired."""
    path = tmp_path_factory.mktemp("bad-args") / "go.finals"
    demo_copy(demo_master("hangzhou-go", players=40, seed=7, rounds=2), path)
    assert main(["pair", str(path), "--event", "MEN"]) == 0
    return path


@pytest.fixture
def final(master: Path, tmp_path: Path) -> Path:
    target = tmp_path / "go.finals"
    shutil.copy(master, target)
    return target


HUGE = "9" * 20

FOUND = [
    ["result", "{f}", "1-0", "--event", "MEN", "--round", "3", "--table", HUGE],
    [
        "result",
        "{f}",
        "1-0",
        "--event",
        "MEN",
        "--round",
        "3",
        "--table",
        "1",
        "--fouls",
        f"{HUGE},0",
    ],
    ["result", "{f}", "1-0", "--event", "MEN", "--round", "3", "--table", "²"],
    ["move-table", "{f}", "1", HUGE, "--event", "MEN", "--round", "3"],
    ["swap", "{f}", HUGE, "1", "--event", "MEN", "--round", "3"],
    ["submissions", "{f}", "--accept", HUGE],
    ["submissions", "{f}", "--reject", HUGE],
    ["add-player", "{f}", "--event", "MEN", "--name", "迟到者", "--rating", HUGE],
    ["add-player", "{f}", "--event", "MEN", "--name", "迟到者", "--points", "nan"],
    ["add-player", "{f}", "--event", "MEN", "--name", "迟到者", "--points", "inf"],
    ["add-player", "{f}", "--event", "MEN", "--name", "迟到者", "--points", "1e300"],
    ["add-player", "{f}", "--event", "MEN", "--name", "迟到者", "--birth-date", "2030-01-01"],
    ["add-player", "{f}", "--event", "MEN", "--name", "迟到者", "--birth-date", "1899-12-31"],
    ["add-player", "{f}", "--event", "MEN", "--name", "   "],
    ["add-player", "{f}", "--event", "MEN", "--name", "张\x1b]0;pwned\x07三"],
    ["add-player", "{f}", "--event", "MEN", "--name", "张\u202e三"],
    ["add-player", "{f}", "--event", "MEN", "--name", "张\u200b三"],
    ["add-player", "{f}", "--event", "MEN", "--name", "张三", "--unit", "单\x00位"],
    ["edit-player", "{f}", "1", "--event", "MEN", "--name", ""],
    ["edit-player", "{f}", "1", "--event", "MEN", "--name", "李\x1b[2J四"],
    ["edit-player", "{f}", "1", "--event", "MEN", "--rating", "-" + HUGE],
    ["pair", "{f}", "--event", "YOUTH", "--seed", HUGE],
    ["seed", "{f}", "1", HUGE, "--event", "MEN"],
    ["log", "{f}", "--limit", HUGE],
    [
        "result",
        "{f}",
        "1-0",
        "--event",
        "MEN",
        "--round",
        "3",
        "--table",
        "1",
        "--manner",
        "中盘胜\x1b[31m",
    ],
    [
        "--operator",
        "裁判\x1b]2;x\x07长",
        "result",
        "{f}",
        "1-0",
        "--event",
        "MEN",
        "--round",
        "3",
        "--table",
        "1",
    ],
    ["submissions", "{f}", "--reject", "1", "--reason", "\u202e原因"],
]


@pytest.mark.parametrize("argv", FOUND, ids=lambda a: " ".join(a)[:60])
def test_each_bad_argument_found_is_answered_in_chinese(final: Path, capsys, argv) -> None:
    before = data_of(final)
    code, out, err = run(capsys, *[a.replace("{f}", str(final)) for a in argv])
    assert code in (1, 2), (out, err)
    assert not any(word in err for word in INTERNAL), err
    assert any("\u4e00" <= ch <= "\u9fff" for ch in err), err  # a Chinese message
    assert data_of(final) == before


def test_a_directory_or_a_bad_number_in_a_results_file(final: Path, capsys, tmp_path: Path) -> None:
    before = data_of(final)
    code, _out, err = run(
        capsys, "results", str(final), str(tmp_path), "--event", "MEN", "--round", "3"
    )
    assert code == 1 and "不是文件" in err and not any(w in err for w in INTERNAL)
    bad = tmp_path / "r.csv"
    bad.write_text("²,1-0\n1\u20282,1-0\n" + HUGE + ",0-1\n", encoding="utf-8")
    code, _out, err = run(capsys, "results", str(final), str(bad), "--event", "MEN", "--round", "3")
    assert code == 1 and "第1行" in err and "第3行" in err, err
    assert not any(w in err for w in INTERNAL)
    assert data_of(final) == before


def test_names_already_in_a_file_never_reach_the_terminal_raw(final: Path, capsys) -> None:
    """A name stored by an older version with an escape sequence is printed escaped."""
    import sqlite3

    with sqlite3.connect(final) as conn:
        conn.execute("UPDATE entrant SET name = ? WHERE seed = 1", ("王\x1b]0;x\x07\u202e五",))
    for argv in (
        ["players", str(final), "--event", "MEN"],
        ["players", str(final), "--event", "MEN", "--json"],
        ["pairing", str(final), "--event", "MEN"],
    ):
        code, out, err = run(capsys, *argv)
        assert code == 0, err
        assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out
        assert "王" in out
    for kind in ("standings", "pairings"):  # every .xlsx report still writes
        target = final.parent / f"{kind}.xlsx"
        code, _out, err = run(
            capsys, "report", str(final), kind, "--event", "MEN", "-o", str(target)
        )
        assert code == 0 and target.stat().st_size > 0, err


# --- every command, generated arguments ------------------------------------------------

GOOD_URL = "http://192.168.1.10:8765/"
GOOD_DATE = "2010-01-01"
SKIPPED = {"gui", "serve", "demo"}  # a window, a server that runs until stopped, a slow build
BAD_VALUES = [
    "9" * 20,
    "-" + "9" * 20,
    "²",
    "١٢",
    "１２",
    "nan",
    "inf",
    "-inf",
    "1e309",
    "",
    " ",
    "\t",
    "0",
    "-1",
    "999",
    "1.5",
    "abc",
    "张\x1b[2J三",
    "\u202e名",
    "名\u200b",
    "a\u2028b",
    "\x00",
    "XYZ",
    "MEN",
    "1",
    "3",
    "1-0",
    "1:0",
    "清除",
    '=HYPERLINK("http://x")',
    "%s%n",
    "../..",
    # issue 27: the shapes that were accepted, or ended in an internal error
    "名\u2066称\u2069",
    "长" * 3000,
    "http://",
    "ftp://192.168.1.10/",
    "http://host/?a=1",
    "http://" + "a" * 3000 + "/",
    "2010-13-01",
    "2010-02-30",
    "20100101",
    # and values that are valid where they belong (so a command may rightly succeed)
    GOOD_URL,
    GOOD_DATE,
    "男",
    "1段",
]


def _commands() -> dict[str, list]:
    from app.cli.main import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    return {name: p._actions for name, p in sub.choices.items() if name not in SKIPPED}


COMMANDS = _commands()


# A value that fits each flag of the final above (two values in three are these, so that a
# bad value is often the only thing wrong with a line: what must be refused is then seen).
PLAUSIBLE = {
    "--event": "MEN",
    "--round": "3",
    "--table": "1",
    "who": "1",
    "result": "1-0",
    "--category": "自定义",
    "--gender": "男",
    "--born-from": GOOD_DATE,
    "--born-to": "2015-12-31",
    "--birth-date": GOOD_DATE,
    "--min-grade": "1段",
    "--grade": "1段",
    "--base-url": GOOD_URL,
    "--name": "新选手",
    "--title": "杯赛",
    "--members": "1,2,3",
    "--unit": "杭州",
    "--reason": "原因",
    "--manner": "中盘胜",
    "--rating": "1500",
    "--limit": "5",
}


def _value(draw: st.DrawFn, action: Any, key: str) -> str:
    fits = PLAUSIBLE.get(key)
    if fits is None and action.choices:
        fits = str(sorted(action.choices)[0])
    if fits is not None and draw(st.integers(0, 2)):
        return fits
    return draw(st.sampled_from(BAD_VALUES))


@st.composite
def command_lines(draw: st.DrawFn) -> tuple[str, list[str], list[tuple[str, str]]]:
    """A command, its arguments, and the (flag or positional, value) pairs drawn."""
    name = draw(st.sampled_from(sorted(COMMANDS)))
    argv: list[str] = [name]
    drawn: list[tuple[str, str]] = []
    for action in COMMANDS[name]:
        if action.dest == "help":
            continue
        if not action.option_strings:  # a positional
            if action.dest == "file":
                argv.append("{f}")
                continue
            count = action.nargs if isinstance(action.nargs, int) else 1
            values = [_value(draw, action, action.dest) for _ in range(count)]
            argv += values
            if not isinstance(action, OutputAction):  # a path to write may be any name
                drawn += [(action.dest, v) for v in values]
            continue
        if not draw(st.booleans()) and not action.required:
            continue
        flag = action.option_strings[-1]
        if action.nargs == 0:
            argv.append(flag)
        elif action.dest in ("output", "o") or flag in ("-o", "--output", "--qr-dir"):
            argv += [flag, "{out}"]
        else:
            value = _value(draw, action, flag)
            argv += [flag, value]
            drawn.append((flag, value))
    return name, argv, drawn


# Characters no typed value may hold (app.text refuses them): controls, format (bidi,
# zero-width), line and paragraph separators, private use, unassigned, surrogates.
NEVER_TYPED = frozenset({"Cc", "Cf", "Zl", "Zp", "Co", "Cn", "Cs"})
CATEGORY_FILTERS = ("--gender", "--born-from", "--born-to", "--min-grade")
NOT_EMPTY = ("--gender", "--title", "--name", "--base-url", "--members")


def _valid_date(text: str) -> bool:
    from datetime import date

    try:
        return len(text) == 10 and date.fromisoformat(text) is not None
    except ValueError:
        return False


def wrong_if_accepted(name: str, drawn: list[tuple[str, str]]) -> str | None:
    """Why the command line must be refused, whatever the rest of it (None: it may succeed).

    Only what is never valid: a value holding a character nobody types, one of 1,000
    characters or more, an address that is not http(s)://host[:port][/path], a date that
    is none, a blank where a value is required, a category's filter without --category.
    """
    import unicodedata

    flags = {flag for flag, _value in drawn}
    for flag, value in drawn:
        if any(unicodedata.category(ch) in NEVER_TYPED for ch in value.strip()):
            return f"{flag} {value!r}: a character nobody types"
        if len(value) >= 1000:
            return f"{flag}: {len(value)} characters"
        if flag == "--base-url" and value != GOOD_URL:
            return f"--base-url {value!r} is not an address a phone opens"
        if name == "standings" and flag in ("--born-from", "--born-to") and not _valid_date(value):
            return f"{flag} {value!r} is not a date"
        if flag in NOT_EMPTY and not value.strip():
            return f"{flag} is blank"
    if name == "standings" and flags & set(CATEGORY_FILTERS) and "--category" not in flags:
        return "a category's filter without --category"
    return None


RUNS: list[str] = []


@settings(
    max_examples=1000,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(line=command_lines())
def test_generated_bad_arguments_never_crash_nor_change_the_file(
    master: Path, tmp_path: Path, capsys, monkeypatch, line
) -> None:
    """0 internal errors, 0 wrong acceptances (`wrong_if_accepted`), the file unchanged by
    whatever is refused."""
    name, argv, drawn = line
    folder = tmp_path / f"run{len(RUNS)}"
    folder.mkdir()
    monkeypatch.chdir(folder)  # an output named by a bad value lands here
    final = folder / "go.finals"
    shutil.copy(master, final)
    before = final.read_bytes()
    argv = [a.replace("{f}", str(final)).replace("{out}", str(folder / "out.pdf")) for a in argv]
    code, out, err = run(capsys, *argv)
    wrong = wrong_if_accepted(name, drawn)
    RUNS.append(f"{name}:{code}:{'refuse' if wrong else 'any'}")
    assert code in (0, 1, 2), (argv, code, err)
    assert not any(word in err or word in out for word in INTERNAL), (argv, err)
    assert "\x1b" not in out + err and "\u202e" not in out + err, argv
    if wrong:
        assert code != 0, f"accepted ({wrong}): {argv}"
        assert any("\u4e00" <= ch <= "\u9fff" for ch in err), (argv, err)  # said in Chinese
    if code != 0 and final.read_bytes() != before:
        clean = folder / "clean.finals"
        clean.write_bytes(before)
        assert data_of(final) == data_of(clean), argv


def test_report_how_many_generated_cases_ran() -> None:
    """Printed with -s; at least the configured number ran (the property test runs first)."""
    if RUNS:
        from collections import Counter

        commands = {run.split(":")[0] for run in RUNS}
        codes = Counter(run.split(":")[1] for run in RUNS)
        refused = sum(run.endswith(":refuse") for run in RUNS)
        print(
            f"\n生成的错误命令行：{len(RUNS)} 条，覆盖 {len(commands)} 个命令；退出码 {dict(codes)}；"
            f"其中 {refused} 条必须拒绝（无一被接受）"
        )
        assert len(RUNS) >= 1000


def test_a_nul_character_in_any_argument_is_refused(final: Path, capsys) -> None:
    before = data_of(final)
    for argv in (
        ["template", "\x00"],
        ["players", str(final) + "\x00"],
        ["add-player", str(final), "--event", "MEN", "--name", "a\x00b"],
    ):
        code, _out, err = run(capsys, *argv)
        assert code == 2 and "空字符" in err and not any(w in err for w in INTERNAL)
    assert data_of(final) == before
