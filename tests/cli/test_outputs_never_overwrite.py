"""No command writes over a file the user did not mean (issue 24 §1).

`finals export final.finals --json -o final.finals` replaced the final with JSON and exited 0;
`trf export … -o` did the same, and `finals template players.xlsx` replaced a filled sheet.
Every output of every command (found in the parser: a new command with `-o` is covered by
itself) is refused, exit 1 with a Chinese message and every file byte-identical, when it is
the final read (by any spelling, a symlink or a hard link), any other tournament file (by
its content, whatever its name), or an existing file without `--force`.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.cli.main import build_parser, main
from tests.cli.runner import run
from tests.finals import copy_of, demo_copy

INTERNAL = ("程序内部错误", "Traceback")


@pytest.fixture(scope="module")
def master(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Go final with 2 rounds played."""
    path = tmp_path_factory.mktemp("outputs") / "go.finals"
    demo_copy(demo_master("hangzhou-go", players=40, seed=7, rounds=2), path)
    return path


@pytest.fixture(scope="module")
def other_master(
    demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory
) -> Path:
    """Another final, the kind that sits in the same folder."""
    path = tmp_path_factory.mktemp("outputs-other") / "gomoku.finals"
    demo_copy(demo_master("shaoxing-gomoku-2022", players=12, seed=3, rounds=0), path)
    return path


def filled_sheet(path: Path, rows: int = 40) -> Path:
    """A registration sheet with `rows` players filled in (a morning's typing)."""
    import openpyxl

    from app.io.sheets import write_template

    write_template(path)
    book = openpyxl.load_workbook(path)
    sheet = book.active
    for n in range(rows):
        sheet.append([f"选手{n:02d}", "男", "2010-05-03", "杭州棋院"])
    book.save(path)
    return path


def snapshot(folder: Path) -> dict[str, str]:
    """Every file under `folder` (names and bytes): what must not change."""
    found = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file() and not path.is_symlink():
            found[str(path.relative_to(folder))] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def refused(code: int, out: str, err: str, target: Path) -> None:
    assert code == 1, (code, out, err)
    assert not any(word in err for word in INTERNAL), err
    assert "输出" in err and target.name in err, err  # names the output file
    assert any(w in err for w in ("换一个", "另选", "请")), err  # and what to do


# --- the cases of the issue ---------------------------------------------------------------------


@pytest.fixture
def folder(master: Path, tmp_path: Path) -> Path:
    copy_of(master, tmp_path / "final.finals")
    return tmp_path


def test_export_onto_the_final_it_reads_is_refused(folder: Path, capsys) -> None:
    final = folder / "final.finals"
    before = snapshot(folder)
    code, out, err = run(capsys, "export", str(final), "--json", "-o", str(final))
    refused(code, out, err, final)
    assert "正在读取" in err
    assert snapshot(folder) == before
    code, out, err = run(capsys, "export", str(final), "--json", "-o", str(final), "--force")
    refused(code, out, err, final)  # never the final, even with --force
    assert snapshot(folder) == before


def test_trf_export_onto_the_final_by_another_spelling_is_refused(folder: Path, capsys) -> None:
    final = folder / "final.finals"
    (folder / "x").mkdir()
    before = snapshot(folder)
    for spelling in (f"{folder}/x/../final.finals", f"{folder}/./final.finals"):
        code, out, err = run(
            capsys, "trf", "export", str(final), "--event", "MEN", "-o", spelling, "--force"
        )
        refused(code, out, err, final)
    assert snapshot(folder) == before


def test_a_hard_link_or_a_symlink_to_the_final_is_the_final(folder: Path, capsys) -> None:
    final = folder / "final.finals"
    os.link(final, folder / "hard.json")
    os.symlink(final, folder / "soft.json")
    before = snapshot(folder)
    for target in (folder / "hard.json", folder / "soft.json"):
        code, out, err = run(capsys, "export", str(final), "--json", "-o", str(target), "--force")
        refused(code, out, err, target)
        assert "正在读取" in err
    assert snapshot(folder) == before


def test_template_never_replaces_a_filled_sheet(tmp_path: Path, capsys) -> None:
    sheet = filled_sheet(tmp_path / "players.xlsx")
    before = sheet.read_bytes()
    code, out, err = run(capsys, "template", str(sheet))
    refused(code, out, err, sheet)
    assert "已存在" in err and "--force" in err
    assert sheet.read_bytes() == before
    code, _out, err = run(capsys, "template", str(sheet), "--force")  # the user means it
    assert code == 0, err
    assert sheet.read_bytes() != before


def test_another_final_is_never_an_output_whatever_its_name(
    folder: Path, other_master: Path, capsys
) -> None:
    final = folder / "final.finals"
    other = copy_of(other_master, folder / "other.finals")
    renamed = copy_of(other_master, folder / "gomoku-backup.pdf")  # a final by its content
    before = snapshot(folder)
    for target in (other, renamed):
        code, out, err = run(
            capsys,
            "report",
            str(final),
            "standings",
            "--event",
            "MEN",
            "-o",
            str(target),
            "--force",
        )
        refused(code, out, err, target)
        assert "比赛文件" in err
    assert snapshot(folder) == before


def test_an_existing_file_needs_force_and_then_is_replaced(folder: Path, capsys) -> None:
    final = folder / "final.finals"
    out_file = folder / "final.json"
    code, _out, err = run(capsys, "export", str(final), "--json", "-o", str(out_file))
    assert code == 0, err
    first = out_file.read_bytes()
    out_file.write_text("我的笔记\n", encoding="utf-8")  # the name now holds something else
    code, out, err = run(capsys, "export", str(final), "--json", "-o", str(out_file))
    refused(code, out, err, out_file)
    assert "--force" in err
    assert out_file.read_text(encoding="utf-8") == "我的笔记\n"
    code, _out, err = run(capsys, "export", str(final), "--json", "-o", str(out_file), "--force")
    assert code == 0, err
    replaced, earlier = json.loads(out_file.read_bytes()), json.loads(first)
    replaced.pop("exported_at"), earlier.pop("exported_at")  # the second may have turned
    assert replaced == earlier


def test_trf_pair_never_writes_over_the_trf_it_reads(folder: Path, capsys) -> None:
    final = folder / "final.finals"
    trf = folder / "men.trf"
    assert main(["trf", "export", str(final), "--event", "MEN", "-o", str(trf)]) == 0
    capsys.readouterr()
    before = snapshot(folder)
    code, out, err = run(capsys, "trf", "pair", str(trf), "-o", str(trf), "--force")
    refused(code, out, err, trf)
    assert "正在读取" in err
    assert snapshot(folder) == before


# --- every command with an output, found in the parser ---------------------------------------


def _subparsers(parser: argparse.ArgumentParser) -> argparse._SubParsersAction | None:
    return next((a for a in parser._actions if isinstance(a, argparse._SubParsersAction)), None)


def leaf_commands(
    parser: argparse.ArgumentParser, prefix: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    """(words, parser) of every command, `trf export` included."""
    sub = _subparsers(parser)
    if sub is None:
        yield prefix, parser
        return
    for name, child in sub.choices.items():
        yield from leaf_commands(child, (*prefix, name))


OUTPUT_WORDS = ("-o", "--output", "--qr-dir", "--screenshot")
OUTPUT_DESTS = ("out", "output", "dest", "qr_dir", "screenshot")


def looks_like_output(action: argparse.Action) -> bool:
    return action.dest != "force" and (
        any(flag in OUTPUT_WORDS for flag in action.option_strings)
        or action.dest in OUTPUT_DESTS
        or "输出" in (action.help or "")
    )


def is_output(action: argparse.Action) -> bool:
    try:
        from app.cli.outputs import OutputAction
    except ImportError:  # before the check existed: what looks like one
        return looks_like_output(action)
    return isinstance(action, OutputAction)


def output_commands() -> dict[tuple[str, ...], argparse.ArgumentParser]:
    found = {}
    for words, parser in leaf_commands(build_parser()):
        if any(is_output(a) for a in parser._actions):
            found[words] = parser
    return found


def test_every_output_argument_goes_through_the_one_check() -> None:
    """An argument that looks like an output (a flag, a name, its help) is declared with
    `app.cli.outputs.add_output`: a command added with a plain `-o` fails here."""
    from app.cli.outputs import OutputAction

    plain = [
        (" ".join(words), action.dest)
        for words, parser in leaf_commands(build_parser())
        for action in parser._actions
        if looks_like_output(action) and not isinstance(action, OutputAction)
    ]
    assert plain == []
    names = {" ".join(words) for words in output_commands()}
    assert {
        "export",
        "template",
        "report",
        "html",
        "trf export",
        "trf pair",
        "opengotha-export",
        "h9",
        "copy",
        "table-links",
        "new",
        "demo",
        "gui",
    } <= names


REPORT_KINDS = ("pairings", "standings", "crosstable", "prizes", "certificates", "index")


def command_line(
    words: tuple[str, ...],
    parser: argparse.ArgumentParser,
    files: dict[str, Path],
    target: str,
    force: bool,
    kind: str,
) -> list[str] | None:
    """A command line that would succeed with a new output: the final, the event MEN, the
    report's kind, the TRF read; `target` as every output. None: no --force to give."""
    argv = list(words)
    options: list[str] = []
    has_force = False
    for action in parser._actions:
        if action.dest == "help":
            continue
        if action.dest == "force":
            has_force = True
            continue
        value: str | None
        if is_output(action):
            value = target
        elif action.dest in ("file", "source"):
            value = str(files["final"])
        elif action.dest == "kind":
            value = kind
        elif action.dest == "trf":
            value = str(files["trf"])
        elif action.dest == "event":
            value = "MEN"
        elif action.dest == "json" and action.required:
            options.append(action.option_strings[0])
            continue
        elif action.option_strings and not action.required:
            continue
        elif action.choices:
            value = sorted(action.choices)[0]
        else:
            raise AssertionError(f"{' '.join(words)}：请在测试中为 {action.dest} 给一个值")
        if action.option_strings:
            options += [action.option_strings[0], value]
        else:
            argv.append(value)
    if force and not has_force:
        return None
    return argv + options + (["--force"] if force else [])


OUTPUTS = sorted(output_commands())
TARGETS = ("final", "dotted", "symlink", "hardlink", "sheet", "other", "other-renamed")
RUNS: list[str] = []
EXAMPLES = itertools.count()


@settings(
    max_examples=200,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    words=st.sampled_from(OUTPUTS),
    target=st.sampled_from(TARGETS),
    force=st.booleans(),
    kind=st.sampled_from(REPORT_KINDS),
)
def test_no_output_ever_lands_on_the_final_a_sheet_or_another_final(
    master: Path,
    other_master: Path,
    tmp_path: Path,
    capsys,
    monkeypatch,
    words: tuple[str, ...],
    target: str,
    force: bool,
    kind: str,
) -> None:
    if target == "sheet" and force:
        return  # --force replaces a plain file: the user said so
    folder = tmp_path / f"run{next(EXAMPLES)}"
    (folder / "x").mkdir(parents=True)
    monkeypatch.chdir(folder)
    final = copy_of(master, folder / "go.finals")
    files = {
        "final": final,
        "sheet": filled_sheet(folder / "players.xlsx", rows=5),
        "other": copy_of(other_master, folder / "other.finals"),
        "other-renamed": copy_of(other_master, folder / "other-final.json"),
        "trf": folder / "men.trf",
    }
    files["trf"].write_text("012 MEN\n", encoding="utf-8")
    os.link(final, folder / "hard.pdf")
    os.symlink(final, folder / "soft.pdf")
    paths = {
        "final": str(final),
        "dotted": f"{folder}/x/../go.finals",
        "symlink": str(folder / "soft.pdf"),
        "hardlink": str(folder / "hard.pdf"),
        "sheet": str(files["sheet"]),
        "other": str(files["other"]),
        "other-renamed": str(files["other-renamed"]),
    }
    argv = command_line(words, output_commands()[words], files, paths[target], force, kind)
    if argv is None:
        return
    before = snapshot(folder)
    code, out, err = run(capsys, *argv)
    RUNS.append(f"{' '.join(words)}:{target}:{code}")
    refused(code, out, err, Path(paths[target]))
    assert snapshot(folder) == before, argv


def test_report_how_many_output_cases_ran() -> None:
    """Every command with an output ran against the final (the property test runs first)."""
    if RUNS:
        ran = {run.split(":")[0] for run in RUNS}
        assert ran == {" ".join(words) for words in OUTPUTS}, ran


def test_the_window_message_names_no_command_line_flag(tmp_path: Path) -> None:
    from app.errors import FinalsError
    from app.services.outputs import check_output

    sheet = tmp_path / "a.xlsx"
    sheet.write_bytes(b"x")
    with pytest.raises(FinalsError) as caught:
        check_output(sheet)
    assert "--force" in caught.value.message and "--" not in caught.value.window_message


def test_a_new_output_in_a_missing_folder_or_a_folder_is_refused(folder: Path, capsys) -> None:
    final = folder / "final.finals"
    before = snapshot(folder)
    for target, words in ((folder, "文件夹"), (folder / "missing" / "x.json", "不存在")):
        code, _out, err = run(capsys, "export", str(final), "--json", "-o", str(target))
        assert code == 1 and words in err, err
    assert snapshot(folder) == before


def test_a_copy_is_a_new_file_only(folder: Path, capsys) -> None:
    final = folder / "final.finals"
    existing = folder / "notes.txt"
    existing.write_text("笔记", encoding="utf-8")
    before = snapshot(folder)
    for target in (final, existing):
        code, out, err = run(capsys, "copy", str(final), str(target))
        refused(code, out, err, target)
    assert snapshot(folder) == before


def test_outputs_of_other_kinds_still_work(folder: Path, capsys) -> None:
    final = folder / "final.finals"
    shutil.rmtree(folder / "backups", ignore_errors=True)
    for argv in (
        ["report", str(final), "standings", "--event", "MEN", "-o", str(folder / "s.pdf")],
        ["html", str(final), "-o", str(folder / "site")],
        ["html", str(final), "-o", str(folder / "site")],  # its own site again: no --force
        ["h9", str(final), "--event", "MEN", "-o", str(folder / "men.h9")],
        ["h9", str(final), "--event", "MEN", "-o", str(folder / "men.h9"), "--force"],
    ):
        code, _out, err = run(capsys, *argv)
        assert code == 0, (argv, err)
