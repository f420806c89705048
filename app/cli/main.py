"""The `finals` command: every use case, scriptable, with Chinese messages.

Exit codes: 0 success, 1 a user error (the message says what to fix), 2 bad usage.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import re
import sys
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from app.cli.common import COMMAND_HELP, OPERATOR_HELP
from app.cli.outputs import check_outputs
from app.errors import FinalsError
from app.text import terminal_safe

Handler = Callable[[argparse.Namespace], int]
COMMAND_MODULES = (
    "setup",
    "rounds",
    "results",
    "reports",
    "site",
    "trf",
    "gotha",
    "serve",
    "schedule",
    "stations",
    "mcmahon",
)
# The module that registers each command (in `finals --help` order): a run imports its own
# command's module only, and builds that command's parser only (issue 15, start-up;
# tests/cli/test_startup_imports.py checks this table against the modules).
COMMANDS = {
    **dict.fromkeys(
        (
            "new",
            "template",
            "import",
            "players",
            "events",
            "add-player",
            "edit-player",
            "withdraw",
            "reinstate",
            "absent",
            "present",
            "disqualify",
            "seed",
            "settings",
            "compose",
            "dissolve",
            "eligibility",
            "export",
            "log",
            "demo",
            "gui",
        ),
        "setup",
    ),
    **dict.fromkeys(
        (
            "pair",
            "pairing",
            "check",
            "repair",
            "unpair",
            "swap",
            "swap-colours",
            "set-pair",
            "move-table",
            "give-bye",
            "undo-edit",
            "result",
            "results",
            "boards",
            "round-status",
        ),
        "rounds",
    ),
    **dict.fromkeys(
        (
            "standings",
            "teams",
            "pairs",
            "prizes",
            "grades",
            "prize-table",
            "grade-table",
            "certificates-register",
        ),
        "results",
    ),
    "report": "reports",
    "html": "site",
    "trf": "trf",
    **dict.fromkeys(("opengotha-export", "opengotha-import", "h9"), "gotha"),
    **dict.fromkeys(("serve", "submissions", "table-links"), "serve"),
    "schedule": "schedule",
    "copy": "stations",
    "mcmahon": "mcmahon",
}


def _cells(text: str) -> int:
    """Columns `text` takes in a terminal: a Chinese character (or a full-width sign) two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


_USAGE, _USAGE_WIDE = "用法：", "USAGE:"  # the same width in a terminal
# A line of help never starts with a closing sign, nor ends with an opening one.
_CLOSING = frozenset("，。、；：！？）》」』”’,.;:!?)]")
_OPENING = frozenset("（《「『“‘")


class _Formatter(argparse.HelpFormatter):
    """argparse's help in Chinese: `用法：` for `usage:`, lines of help wrapped by the columns a
    Chinese character takes (two), and a metavar of several words (`A B`, one per value of
    `nargs=2`) shown once. A tuple metavar does that on a positional only from Python 3.12
    on: 3.11's argparse fails on its --help and on its missing-argument message."""

    def add_usage(
        self,
        usage: str | None,
        actions: Iterable[argparse.Action],
        groups: Iterable[argparse._MutuallyExclusiveGroup],
        prefix: str | None = None,
    ) -> None:
        super().add_usage(usage, actions, groups, _USAGE if prefix is None else prefix)

    def _format_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None) -> str:
        # argparse indents a usage's further lines by len(prefix): "用法：" is 3 characters
        # but 6 columns wide, so the usage is laid out with 6 ASCII ones in its place.
        if prefix != _USAGE:
            return super()._format_usage(usage, actions, groups, prefix)
        text: str = super()._format_usage(usage, actions, groups, _USAGE_WIDE)
        return text.replace(_USAGE_WIDE, _USAGE, 1)

    def _metavar_formatter(
        self, action: argparse.Action, default_metavar: str
    ) -> Callable[[int], tuple[str, ...]]:
        words = action.metavar.split() if isinstance(action.metavar, str) else []
        if isinstance(action.nargs, int) and len(words) == action.nargs > 1:
            whole = " ".join(words)
            return lambda size: tuple(words) if size == len(words) else (whole,) * size
        return super()._metavar_formatter(action, default_metavar)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "\n".join(indent + line for line in self._split_lines(text, width - len(indent)))

    def _split_lines(self, text: str, width: int) -> list[str]:
        lines: list[list[str]] = [[]]
        # Latin words whole, Chinese character by character.
        for token in re.findall(r"[!-~]+|\s+|.", text.strip()):
            line = lines[-1]
            if token.isspace():
                if line:
                    line.append(" ")
            elif line and _cells("".join(line) + token) > width:
                carried: list[str] = []
                # A closing sign never starts a line: what it closes comes down with it.
                while (
                    token[0] in _CLOSING
                    and len(line) > 1
                    and (not carried or carried[0][0] in _CLOSING or carried[0] == " ")
                ):
                    carried.insert(0, line.pop())
                if len(line) > 1 and line[-1] in _OPENING:  # nor does an opening one end it
                    carried.insert(0, line.pop())
                lines.append([*carried, token])
            else:
                line.append(token)
        return ["".join(line).strip() for line in lines if line]


class _Parser(argparse.ArgumentParser):
    """The parser of `finals` and of each command: usage, headings and `-h` in Chinese."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)
        self._positionals.title = "位置参数"
        self._optionals.title = "选项"
        for action in self._actions:
            if isinstance(action, argparse._HelpAction):
                action.help = "显示本帮助并退出"

    def error(self, message: str) -> None:  # type: ignore[override]
        from app.cli.usage_words import chinese_usage

        self.print_usage(sys.stderr)
        print(
            f"{self.prog}: 用法错误：{chinese_usage(message)}\n（{self.prog} --help 列出全部参数和选项）",
            file=sys.stderr,
        )
        raise SystemExit(2)


class _Unbuilt:
    """The parser of a command other than the one run: every call a module's `register`
    makes on it (add_argument, set_defaults, add_subparsers, ...) is taken and ignored."""

    def __getattr__(self, name: str) -> Callable[..., _Unbuilt]:
        return self._ignore

    def _ignore(self, *args: Any, **kwargs: Any) -> _Unbuilt:
        return self


class _OneCommand:
    """The subparsers of a run: `add_parser` builds the parser of the command run only."""

    def __init__(self, sub: Any, command: str) -> None:
        self._sub, self._command = sub, command

    def add_parser(self, name: str, **kwargs: Any) -> Any:
        return self._sub.add_parser(name, **kwargs) if name == self._command else _Unbuilt()


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The `finals` parser with every command; with `command` (one of COMMANDS), with that
    command only: enough to parse and run it, with the same help and messages."""
    parser = _Parser(prog="finals", description="棋赛总决赛编排系统（五子棋、围棋积分编排）")
    parser.add_argument("--operator", default=None, metavar="NAME", help=OPERATOR_HELP)
    sub = parser.add_subparsers(
        dest="command", metavar="COMMAND", parser_class=_Parser, help=COMMAND_HELP
    )
    for name in COMMAND_MODULES if command is None else (COMMANDS[command],):
        try:
            module = importlib.import_module(f"app.cli.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"app.cli.{name}":
                raise
            continue
        module.register(sub if command is None else _OneCommand(sub, command))
    _describe(parser)
    return parser


def _describe(parser: argparse.ArgumentParser) -> None:
    """Each command's `help` (its line in `finals --help`) is the description its own --help
    shows, unless it was given a longer one (`trf export` within `trf` too)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for line in action._choices_actions:
                command = action.choices[line.dest]
                command.description = command.description or line.help
                _describe(command)


def _configure_streams() -> None:
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(encoding="utf-8")
            except (ValueError, OSError):
                pass


class _TerminalSafe:
    """A text stream that shows control, bidi and other invisible characters as escapes:
    whatever a file holds (names stored by an older version, say), a command never
    clears, retitles or reorders the user's terminal."""

    def __init__(self, inner: Any) -> None:
        self._inner = inner

    def write(self, text: str) -> int:
        self._inner.write(terminal_safe(text))
        return len(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


@contextmanager
def _terminal_safe_output() -> Iterator[None]:
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _TerminalSafe(out), _TerminalSafe(err)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err


def _crash_log(exc: BaseException) -> Path | None:
    import traceback

    try:
        from app.userdata import log_dir

        folder = log_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / "crash.log"
        with path.open("a", encoding="utf-8") as handle:
            handle.write("".join(traceback.format_exception(exc)))
        return path
    except OSError:
        return None


def _command_of(arguments: list[str]) -> str | None:
    """The command a command line runs, when it is plain to see: the first argument, after
    `--operator NAME` (or `--operator=NAME`, or an abbreviation) if given. None otherwise
    (`--help`, a mistyped command, ...): the full parser answers those."""
    value_next = False
    for argument in arguments:
        if value_next:
            value_next = False
        elif (
            argument.startswith("--")
            and len(argument) > 2
            and "--operator".startswith(argument.partition("=")[0])
        ):
            value_next = "=" not in argument
        else:
            return argument if argument in COMMANDS else None
    return None


def _protect_results(argv: list[str]) -> list[str]:
    """`finals result ... -+` and `... --`: results that look like options to argparse."""
    if "result" not in argv:
        return argv
    start = argv.index("result")
    return argv[:start] + [f" {a}" if a in ("-+", "--") else a for a in argv[start:]]


def main(argv: Sequence[str] | None = None) -> int:
    _configure_streams()
    with _terminal_safe_output():
        return _main(argv)


def _main(argv: Sequence[str] | None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    if any("\x00" in a for a in arguments):  # no file name, code or text holds one
        print("finals: 用法错误：参数中含有空字符（NUL），请重新输入。", file=sys.stderr)
        return 2
    parser = build_parser(_command_of(arguments))
    args = parser.parse_args(_protect_results(arguments))
    handler: Handler | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 2

    # The store (SQLAlchemy) is imported by the commands that open a file, never for --help.
    from app.store.database import commits_so_far, set_wait_notice

    set_wait_notice(None)  # "waiting for another writer" goes to stderr
    committed_before = commits_so_far()
    try:
        check_outputs(parser, args)  # every output, before anything is read or written
        return handler(args)
    except FinalsError as exc:
        print(f"错误：{exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # output piped into `head` and the like
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        print("已中断。", file=sys.stderr)
        return 1
    except Exception as exc:  # never show a traceback to a user
        from app.store.failures import describe_failure

        failure = describe_failure(exc)  # a full disk, a read-only folder, ... in Chinese
        if failure is not None:
            earlier = (
                "（本命令此前的步骤已保存，请用 finals log 核对。）"
                if commits_so_far() != committed_before
                else ""
            )
            print(f"错误：{failure}{earlier}", file=sys.stderr)
            return 1
        log = _crash_log(exc)
        where = f"详细信息已写入 {log}。" if log else ""
        changed = (
            "本命令的改动已保存到文件，出错的是其后的步骤；请用 finals log 核对。"
            if commits_so_far() != committed_before
            else "文件未被改动。"
        )
        print(f"程序内部错误：{exc.__class__.__name__}: {exc}。{changed}{where}", file=sys.stderr)
        return 1


# Commands that keep running (the window, the phone server) exit the usual way.
LONG_RUNNING = frozenset({"gui", "serve", "demo"})


def run() -> None:
    """The installed `finals` script.

    A one-shot command runs without the cyclic garbage collector (it reads its final once
    and frees it all by exiting; 240 collections cost ~40 ms of a standings run) and leaves
    without tearing every object down one by one (~80 ms): output is flushed and the file
    closed by then (each command closes what it opened). The window, the phone server and
    a command line that is not plain (help, a mistyped command) exit the usual way.
    """
    command = _command_of(sys.argv[1:])
    if command is None or command in LONG_RUNNING:
        raise SystemExit(main())
    gc.disable()
    try:
        code = main()
    except SystemExit as exc:  # argparse: usage errors and --help
        if isinstance(exc.code, str):
            print(exc.code, file=sys.stderr)
        code = 0 if exc.code is None else exc.code if isinstance(exc.code, int) else 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe (`| head`): nothing more to say
            pass
    os._exit(code)


if __name__ == "__main__":
    run()
