"""argparse's own messages in Chinese (issue 41 §6).

argparse words its usage errors in English ("the following arguments are required", ...)
through gettext, and no Chinese catalogue ships with Python. Every parser of `finals` passes
its error through `chinese_usage` (app.cli.main._Parser.error), which rewords each message
argparse can give a user, naming what was wrong and how to fix it. A message of our own
(already Chinese) passes unchanged. Setting up gettext for the process instead would
translate pytest's and every other library's argparse too.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable

_QUOTED = re.compile(r"'((?:[^'\\]|\\.)*)'|\"((?:[^\"\\]|\\.)*)\"")


def _unquote(text: str) -> str:
    """`'x'` (argparse's repr of a value) as x; a list of them joined by 、."""
    found = [a if b == "" and a else b or a for a, b in _QUOTED.findall(text)]
    return "、".join(found) if found else text.strip()


def _names(text: str) -> str:
    """argparse's "FILE, --event" (or "--a --b") as FILE、--event."""
    return "、".join(part for part in re.split(r",\s*|\s+", text.strip()) if part)


_RULES: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str]], ...] = (
    (
        re.compile(r"argument (?P<arg>[^:]+?): (?P<rest>.*)", re.S),
        lambda m: f"参数 {m['arg']}：{chinese_usage(m['rest'])}",
    ),
    (
        re.compile(r"the following arguments are required: (?P<names>.*)", re.S),
        lambda m: f"缺少必需的参数：{_names(m['names'])}。请补上（用法见上一行）",
    ),
    (
        re.compile(r"unrecognized arguments: (?P<args>.*)", re.S),
        lambda m: f"无法识别的参数：{m['args']}。请检查拼写，或删去多余的参数（用法见上一行）",
    ),
    (
        re.compile(r"invalid choice: (?P<value>.*?) \(choose from (?P<choices>.*)\)", re.S),
        lambda m: _invalid_choice(_unquote(m["value"]), _unquote(m["choices"])),
    ),
    (
        re.compile(r"expected one argument"),
        lambda m: "后面须跟一个值",
    ),
    (re.compile(r"expected at most one argument"), lambda m: "后面最多只能跟一个值"),
    (re.compile(r"expected at least one argument"), lambda m: "后面须至少跟一个值"),
    (
        re.compile(r"expected (?P<n>\d+) arguments?"),
        lambda m: f"后面须跟 {m['n']} 个值",
    ),
    (
        re.compile(r"not allowed with argument (?P<other>.*)", re.S),
        lambda m: f"不能与参数 {m['other']} 同时使用，请只留一个",
    ),
    (
        re.compile(r"ignored explicit argument (?P<value>.*)", re.S),
        lambda m: f"不带值，请去掉“={_unquote(m['value'])}”",
    ),
    (
        re.compile(r"one of the arguments (?P<names>.*) is required", re.S),
        lambda m: f"须给出以下参数之一：{_names(m['names'])}",
    ),
    (
        re.compile(r"ambiguous option: (?P<option>\S+) could match (?P<matches>.*)", re.S),
        lambda m: f"选项 {m['option']} 不完整，可能是 {_names(m['matches'])}：请写全",
    ),
    (
        re.compile(r"invalid (?P<type>.+?) value: (?P<value>.*)", re.S),
        lambda m: f"“{_unquote(m['value'])}”不是有效的{_type_word(m['type'])}",
    ),
    (
        re.compile(r"unexpected option string: (?P<option>.*)", re.S),
        lambda m: f"这里不能用选项 {m['option']}",
    ),
    (
        re.compile(r"can't open '(?P<file>.*)': (?P<error>.*)", re.S),
        lambda m: f"无法打开文件“{m['file']}”：{m['error']}",
    ),
)


def _invalid_choice(value: str, choices: str) -> str:
    close = difflib.get_close_matches(value, choices.split("、"), n=1)
    meant = f"是否想写 {close[0]}？" if close else ""
    return f"“{value}”不是可选的值。{meant}可选：{choices}"


_TYPE_WORDS = {"int": "整数", "float": "数", "str": "文字"}


def _type_word(name: str) -> str:
    return _TYPE_WORDS.get(name, name)


def chinese_usage(message: str) -> str:
    """argparse's error `message` in Chinese; any other message as it is."""
    for pattern, reword in _RULES:
        match = pattern.fullmatch(message.strip())
        if match is not None:
            return reword(match)
    return message
