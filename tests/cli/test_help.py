"""Help that helps (issue 24 §6): `finals … --help` says, in Chinese, what every command does
and what each of its arguments is.

The whole parser is walked (nested commands such as `trf export` included): every command
and every argument has a help line, each command's own --help shows its description and a
Chinese usage line, and the arguments many commands share read the same everywhere.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator

import pytest

from app.cli import common
from app.cli.main import build_parser, main


def _commands(
    parser: argparse.ArgumentParser, words: tuple[str, ...] = (), summary: str | None = None
) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser, str | None]]:
    """(words, parser, the help it was added with) of `finals` and every command under it."""
    yield words, parser, summary
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            summaries = {a.dest: a.help for a in action._choices_actions}
            for name, child in action.choices.items():
                yield from _commands(child, (*words, name), summaries.get(name))


EVERY = list(_commands(build_parser()))
COMMANDS = [(words, parser, summary) for words, parser, summary in EVERY if words]


def _name(action: argparse.Action) -> str:
    return "/".join(action.option_strings) or str(action.metavar or action.dest)


def _help(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as exit_:
        main([*argv, "--help"])
    assert exit_.value.code == 0
    return capsys.readouterr().out


def _flat(text: str) -> str:
    """Text without its whitespace: a help line wrapped anywhere still matches."""
    return "".join(text.split())


@pytest.fixture(autouse=True)
def _eighty_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")


def test_the_walk_finds_every_command() -> None:
    names = {" ".join(words) for words, _, _ in COMMANDS}
    assert {"new", "swap", "result", "trf", "trf export", "trf import", "trf pair"} <= names
    assert len(names) > 50


def test_no_command_and_no_argument_without_help() -> None:
    """Every command (its line in the list) and every argument but -h itself says what it is."""
    empty = []
    for words, parser, summary in EVERY:
        where = " ".join(("finals", *words))
        if words and not (summary or "").strip():
            empty.append(f"{where}（命令）")
        for action in parser._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            if not (action.help or "").strip() or action.help == argparse.SUPPRESS:
                empty.append(f"{where} {_name(action)}")
    assert empty == []


@pytest.mark.parametrize(
    "words", [words for words, _, _ in COMMANDS], ids=[" ".join(w) for w, _, _ in COMMANDS]
)
def test_each_command_s_help_shows_its_description_in_chinese(
    words: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    summary = next(s for w, _, s in COMMANDS if w == words)
    assert summary
    out = _help(list(words), capsys)
    assert out.startswith(f"用法：finals {' '.join(words)} ")
    assert _flat(summary) in _flat(out)  # the line of `finals --help`, as its description
    assert "-h, --help" in out and "显示本帮助并退出" in out
    assert "选项:" in out
    for english in ("usage:", "options:", "positional arguments", "show this help"):
        assert english not in out


def test_finals_help_lists_the_commands_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    out = _help([], capsys)
    assert out.startswith("用法：finals ")
    assert "位置参数:" in out and "选项:" in out
    assert "--operator NAME" in out and _flat(common.OPERATOR_HELP) in _flat(out)
    assert "按预设新建比赛文件" in out and "交换两名选手（按序号）的位置" in out


@pytest.mark.parametrize(
    ("command", "names"),
    [("swap", "A B"), ("set-pair", "A B"), ("move-table", "TABLE NEW"), ("give-bye", "SEED")],
)
def test_a_manual_edit_names_its_values_once(
    command: str, names: str, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _help([command], capsys)
    usage = out.split("\n\n", 1)[0]
    assert _flat(usage).endswith(_flat(f"FILE {names}"))
    assert f"{names} {names}" not in out
    assert out.count(f"  {names}  ") == 1  # its line under 位置参数


def test_swap_help_reads_as_the_user_types_it(capsys: pytest.CaptureFixture[str]) -> None:
    out = _help(["swap"], capsys)
    assert out.splitlines()[0] == "用法：finals swap [-h] --event CODE --round N [--json] FILE A B"
    assert "A B A B" not in out
    assert "两名选手的序号" in out


def test_a_missing_value_is_still_a_usage_error_naming_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The values' name is one string (`A B`): a tuple breaks Python 3.11's argparse here."""
    with pytest.raises(SystemExit) as exit_:
        main(["swap", "x.finals", "--event", "MEN", "--round", "1"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("用法：finals swap ")
    assert "用法错误" in err and "A B" in err and "A B A B" not in err


def test_a_long_usage_line_continues_under_the_command(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`用法：` is 3 characters but 6 columns: the usage's further lines still line up."""
    lines = _help(["result"], capsys).split("\n\n", 1)[0].splitlines()
    assert len(lines) > 1
    column = len("用法：finals result ") + 3  # each of 用, 法 and ： takes two columns
    assert all(line[:column].isspace() and not line[column].isspace() for line in lines[1:])


def test_help_lines_fit_eighty_columns(capsys: pytest.CaptureFixture[str]) -> None:
    """A Chinese character takes two columns: lines are wrapped by columns, not characters."""
    from app.cli.main import _cells

    too_wide = [
        (" ".join(words), line)
        for words, _, _ in COMMANDS
        for line in _help(list(words), capsys).splitlines()
        if _cells(line) > 80 and " " in line.strip()  # one unbreakable word may stick out
    ]
    assert too_wide == []


def test_positional_arguments_have_meaningful_names() -> None:
    lower = [
        f"finals {' '.join(words)} {action.metavar or action.dest}"
        for words, parser, _ in EVERY
        for action in parser._actions
        if not action.option_strings
        and not str(action.metavar or action.dest).replace(" ", "").isupper()
    ]
    assert lower == []


SHARED = {
    # dest: (its help everywhere, the commands that say something more specific)
    "json": ("JSON_HELP", {"export"}),
    "file": ("FILE_HELP", {"new", "demo", "gui"}),
}


@pytest.mark.parametrize("dest", SHARED)
def test_shared_arguments_read_the_same_everywhere(dest: str) -> None:
    name, own = SHARED[dest]
    text = getattr(common, name)
    found = {
        " ".join(words): action.help
        for words, parser, _ in COMMANDS
        for action in parser._actions
        if action.dest == dest
    }
    assert len(found) > 10
    assert {name: h for name, h in found.items() if h != text and name not in own} == {}


def test_a_required_event_and_round_read_the_same_everywhere() -> None:
    helps: dict[str, set[str]] = {"--event": set(), "--round": set()}
    for _, parser, _ in COMMANDS:
        for action in parser._actions:
            if action.required and action.dest in ("event", "round"):
                helps[action.option_strings[0]].add(action.help or "")
    # Except the events a command creates (opengotha-import) or that must be of a kind.
    assert helps["--event"] - {common.EVENT_HELP} == {
        "新项目代码（不得与已有项目重复）",
        "团体或双人项目的代码",
    }
    assert helps["--round"] == {common.ROUND_REQUIRED_HELP}


def test_the_optional_round_defaults_to_the_latest_where_not_said_otherwise() -> None:
    plain = {
        " ".join(words)
        for words, parser, _ in COMMANDS
        for action in parser._actions
        if action.dest == "round" and action.help == common.ROUND_HELP
    }
    assert {"pairing", "check", "boards", "round-status", "table-links"} <= plain
    assert common.ROUND_HELP == "轮次（从1起；省略为最新一轮）"


def test_the_report_kinds_are_each_named_in_chinese() -> None:
    from reports.build import KINDS

    report = next(parser for words, parser, _ in COMMANDS if words == ("report",))
    kind = next(a for a in report._actions if a.dest == "kind")
    assert kind.help is not None
    missing = [f"{code}（{name}" for code, name in KINDS.items() if f"{code}（" not in kind.help]
    assert missing == []
