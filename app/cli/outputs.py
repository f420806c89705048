"""Every output of every command is declared here and checked before its handler runs.

A command declares an output with `add_output` (`-o/--output`, a positional OUT, `--qr-dir`,
...): the argument and, where an existing file may be replaced, `--force`. `finals` checks
each output given (`check_outputs`, called by `app.cli.main` before any handler) with the
one rule of `app.services.outputs.check_output`: never a file the command reads, never a
tournament file, never an existing file without `--force`. A refusal exits 1 before the
final is opened: every file stays byte-identical. tests/cli/test_outputs_never_overwrite.py
finds every argument that looks like an output in the parser and fails on one declared
any other way.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence
from typing import Any

FORCE_HELP = "输出文件已存在时覆盖它（比赛文件和正在读取的文件除外）"


class OutputAction(argparse._StoreAction):
    """An argument naming where the command writes (a file, or a folder)."""

    def __init__(
        self, *args: Any, folder: bool = False, replace: bool = True, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.folder = folder
        self.replace = replace


def add_output(
    parser: Any, *names: str, folder: bool = False, replace: bool = True, **kwargs: Any
) -> None:
    """`parser.add_argument(*names, **kwargs)` for an output, and `--force` where an existing
    file may be replaced (`replace`; a folder's own rules decide for `folder`)."""
    parser.add_argument(*names, action=OutputAction, folder=folder, replace=replace, **kwargs)
    built = isinstance(parser, argparse.ArgumentParser)  # not another command's (main._Unbuilt)
    if replace and not folder and built and "--force" not in parser._option_string_actions:
        parser.add_argument("--force", action="store_true", help=FORCE_HELP)


def _leaf(parser: argparse.ArgumentParser, args: argparse.Namespace) -> argparse.ArgumentParser:
    """The parser of the command run (`trf export` within `trf`)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            chosen = getattr(args, action.dest, None)
            if chosen in action.choices:
                return _leaf(action.choices[chosen], args)
    return parser


def _reading(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Iterator[str]:
    """What the command reads: its positional arguments other than outputs, the final first."""
    positional = [
        a
        for a in parser._actions
        if not a.option_strings and not isinstance(a, (OutputAction, argparse._SubParsersAction))
    ]
    positional.sort(key=lambda a: a.dest not in ("file", "source"))
    for action in positional:
        value = getattr(args, action.dest, None)
        values: Sequence[Any] = value if isinstance(value, list) else [value]
        yield from (v for v in values if isinstance(v, str) and v)


def check_outputs(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Refuse (OutputRefused) an output the command may not write; see the module."""
    leaf = _leaf(parser, args)
    for action in leaf._actions:
        if not isinstance(action, OutputAction):
            continue
        value = getattr(args, action.dest, None)
        if not isinstance(value, str) or not value:
            continue
        from app.services.outputs import check_output  # a command with an output only

        reading = list(_reading(leaf, args))
        check_output(
            value,
            reading=reading,
            force=bool(getattr(args, "force", False)),
            folder=action.folder,
            replace=action.replace,
        )
