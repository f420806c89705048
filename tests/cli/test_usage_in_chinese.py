"""Usage errors in Chinese (issue 41 §6): argparse's own English ("the following arguments are
required", "unrecognized arguments", "invalid choice", ...) never reaches the user.

Every command of the parser (nested ones such as `trf export` too) is given generated bad
arguments: nothing, an unknown option, an extra argument, each option without its value,
each choice option with a word it does not take, each switch with a value. Each answer is
exit 2 with a Chinese `用法错误` naming the command, and no English word of argparse.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator

import pytest

from app.cli.main import build_parser
from app.cli.usage_words import chinese_usage
from tests.cli.runner import run

ENGLISH = re.compile(
    r"\b(argument|arguments|required|unrecognized|invalid|choice|choose|expected|error|usage|"
    r"allowed|ambiguous|could match|ignored|explicit|following|one of|unexpected|open)\b"
)


def _commands(
    parser: argparse.ArgumentParser, words: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    if words:
        yield words, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                yield from _commands(child, (*words, name))


COMMANDS = list(_commands(build_parser()))


def bad_arguments(words: tuple[str, ...], parser: argparse.ArgumentParser) -> Iterator[list[str]]:
    """Wrong command lines for the command `words`: each is a usage error."""
    positionals = [
        a
        for a in parser._actions
        if not a.option_strings and not isinstance(a, argparse._SubParsersAction)
    ]
    filled = ["x.finals" if a.dest == "file" else "1" for a in positionals if a.nargs is None]
    yield [*words, "--no-such-option"]
    yield [*words, *filled, "--no-such-option", "1"]
    if any(a.nargs is None or a.required for a in positionals) or any(
        a.required for a in parser._actions if a.option_strings
    ):
        yield list(words)  # something required is missing
    for action in parser._actions:
        if not action.option_strings or isinstance(action, argparse._HelpAction):
            continue
        option = action.option_strings[-1]
        if action.nargs == 0:
            yield [*words, *filled, f"{option}=1"]
        elif action.nargs is None:
            yield [*words, *filled, option]
        if action.choices is not None:
            yield [*words, *filled, option, "没有这个值"]


@pytest.mark.parametrize("words,parser", COMMANDS, ids=[" ".join(w) for w, _ in COMMANDS])
def test_every_usage_error_of_every_command_is_chinese(
    words: tuple[str, ...], parser: argparse.ArgumentParser, capsys: pytest.CaptureFixture[str]
) -> None:
    cases = list(bad_arguments(words, parser))
    assert cases
    for argv in cases:
        code, out, err = run(capsys, *argv)
        assert code == 2, (argv, out, err)
        said = err.splitlines()
        message = next(line for line in said if "用法错误：" in line)
        assert ENGLISH.search(message) is None, (argv, message)
        assert said[0].startswith("用法：finals"), (argv, err)
        assert said[-1].endswith("--help 列出全部参数和选项）"), (argv, err)


def test_a_mistyped_command_and_a_short_option_are_answered_with_the_fix(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(capsys, "standigns", "x.finals")
    assert code == 2 and "“standigns”不是可选的值。是否想写 standings？" in err
    code, _, err = run(capsys, "template", "x.xlsx", "--s", "3")
    assert code == 2 and "选项 --s 不完整，可能是 --sample、--seed：请写全" in err
    code, _, err = run(capsys, "players", "x.finals", "--bogus")
    assert code == 2 and "无法识别的参数：--bogus。请检查拼写" in err


# Each message argparse (3.11 to 3.13) can give a user, as it words it.
ARGPARSE_SAYS = [
    "the following arguments are required: FILE, --event",
    "unrecognized arguments: --x 1",
    "argument --view: invalid choice: 'x' (choose from 'players', 'round')",
    "argument --view: invalid choice: 'x' (choose from players, round)",
    "argument --event: expected one argument",
    "argument --x: expected at most one argument",
    "argument --x: expected at least one argument",
    "argument --x: expected 2 arguments",
    "argument --a: not allowed with argument --b",
    "argument --force: ignored explicit argument '1'",
    "one of the arguments --a --b is required",
    "ambiguous option: --s could match --sample, --seed",
    "argument --n: invalid int value: 'x'",
    "unexpected option string: --x",
    "argument FILE: can't open 'x': No such file",
]


@pytest.mark.parametrize("message", ARGPARSE_SAYS)
def test_each_message_argparse_gives_is_reworded(message: str) -> None:
    said = chinese_usage(message)
    assert ENGLISH.search(said) is None, said
    assert re.search(r"[\u4e00-\u9fff]", said), said


def test_a_message_of_our_own_passes_unchanged() -> None:
    assert chinese_usage("轮次“x”应为正整数，如 3。") == "轮次“x”应为正整数，如 3。"
