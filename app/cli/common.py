"""Helpers shared by the command modules."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from app.store.database import Database

MAX_ROUND = 1000

# Importing this module (every command's does) costs next to nothing: the use cases, the
# store and SQLAlchemy are imported by the handler that runs (issue 15, start-up). The names
# this module used to import at the top are still found here, on first use.
_LAZY = {
    "open_tournament": "app.services.tournament",
    "Database": "app.store.database",
    "DEFAULT_OPERATOR": "app.services.audit",
    "NAME_MAX": "app.text",
    "clean_text": "app.text",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)


def store_target(text: str) -> Path | str:
    """A command's FILE: a tournament file's path, or a server's URL kept as written
    (`postgresql://user@host/final`; a Path would fold its `//`)."""
    from app.store.address import is_server_url

    return text if is_server_url(text) else Path(text)


def round_number(text: str) -> int:
    """The type of every `--round`: 1 or more (0 never means "the latest": leave it out)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"轮次“{text}”应为正整数，如 3。") from None
    if not 1 <= value <= MAX_ROUND:
        raise argparse.ArgumentTypeError(
            f"轮次应在 1 到 {MAX_ROUND} 之间（收到 {text}）；不写 --round 即为最近一轮。"
        )
    return value


def whole_number(what: str, low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from `low` to `high`, refused in Chinese otherwise."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what}“{text}”应为整数。") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{what}应在 {low} 到 {high} 之间（收到 {text}）。")
        return value

    parse.__name__ = what  # argparse names the type in its messages
    return parse


def base_url(text: str) -> str:
    """The type of every `--base-url`: an address a phone can open (app.phone_access)."""
    from app.phone_access import BASE_URL_EXAMPLE, base_url_problem

    address = text.strip()
    problem = base_url_problem(address)
    if problem:
        shown = address if len(address) <= 60 else address[:60] + "…"
        raise argparse.ArgumentTypeError(
            f"--base-url “{shown}”不是网址（手机无法打开）：{problem}，"
            f"如 --base-url {BASE_URL_EXAMPLE}。"
        )
    return address


def referee_pin(text: str) -> str:
    """The type of `serve --pin`: 4 to 12 digits (app.phone_access)."""
    from app.phone_access import PIN_EXAMPLE, pin_problem

    problem = pin_problem(text)
    if problem:
        raise argparse.ArgumentTypeError(
            f"裁判口令 --pin {problem}，如 --pin {PIN_EXAMPLE}（不用口令时不给 --pin）。"
        )
    return text


class Words:
    """The type of an option that takes one of a few English words (kept: scripts use them),
    each also taken in Chinese (issue 41 §6): `--view 选手` is `--view players`. The value
    the command sees is the English word; anything else is refused listing both."""

    def __init__(
        self, what: str, words: Sequence[tuple[str, str]], aliases: Mapping[str, str] | None = None
    ) -> None:
        self.what = what
        self.words = tuple(words)  # (English word, its Chinese word)
        self._known = {english.lower(): english for english, _ in self.words}
        self._known.update({chinese: english for english, chinese in self.words})
        self._known.update(aliases or {})
        self.__name__ = what  # argparse names the type in its messages

    @property
    def choices(self) -> list[str]:
        return [english for english, _ in self.words]

    def listing(self) -> str:
        """players 或 选手、round 或 对阵, ...: what the help and the refusal list."""
        return "、".join(
            english if chinese == english else f"{english} 或 {chinese}"
            for english, chinese in self.words
        )

    def help(self, lead: str) -> str:
        return f"{lead}：{self.listing()}（英文或中文均可）"

    def __call__(self, text: str) -> str:
        word = text.strip()
        found = self._known.get(word) or self._known.get(word.lower())
        if found is None:
            raise argparse.ArgumentTypeError(f"{self.what}“{text}”不可用。可写：{self.listing()}。")
        return found


CERTIFICATE_TYPES = Words(
    "证书类型",
    [("prize", "获奖"), ("grade", "等级"), ("participation", "参赛")],
    {"获奖证书": "prize", "等级证书": "grade", "参赛证书": "participation"},
)
CHECKIN_ORDER = Words("签到表排序", [("unit", "单位"), ("pinyin", "拼音")], {"姓名拼音": "pinyin"})
CARD_STYLES = Words("台号牌样式", [("tent", "桌牌"), ("a5", "单面")], {"对折桌牌": "tent"})


def add_words(parser: Any, *names: str, words: Words, lead: str, **kwargs: Any) -> None:
    """An option of `words` (see Words): its help lists each word in English and Chinese."""
    parser.add_argument(*names, type=words, choices=words.choices, help=words.help(lead), **kwargs)


# --- the help of the arguments every command shares: one wording everywhere (issue 24) ---

COMMAND_HELP = "要运行的命令（finals 命令 --help 列出它的参数）"
OPERATOR_HELP = "操作员姓名，写入操作日志（省略时取环境变量 FINALS_OPERATOR）"
FILE_HELP = "比赛文件（.finals）或数据库地址（postgresql://…）"
EVENT_HELP = "项目代码，如 MEN（finals events 列出各项目）"
EVENT_ONE_HELP = "项目代码（比赛只有一个项目时可省略）"
EVENT_ALL_HELP = "只看该项目（项目代码；省略为全部项目）"
ROUND_HELP = "轮次（从1起；省略为最新一轮）"
ROUND_REQUIRED_HELP = "轮次（从1起）"
AFTER_ROUND_HELP = "名次截至的轮次（从1起；省略为最新一轮）"
JSON_HELP = "以 JSON 格式打印（供其他程序读取）"
WHO_HELP = "选手：序号或姓名"
CORRECT_HELP = "下一轮已编排时仍更正成绩（确认）"


def add_file(parser: Any, **kwargs: Any) -> None:
    """The command's final (dest `file`), shown as FILE."""
    kwargs.setdefault("help", FILE_HELP)
    parser.add_argument("file", metavar="FILE", **kwargs)


def add_event(parser: Any, *, required: bool = False, help: str | None = None) -> None:
    """`--event CODE`: required, or with the help saying what leaving it out means."""
    text = help or (EVENT_HELP if required else EVENT_ALL_HELP)
    parser.add_argument("--event", required=required, metavar="CODE", help=text)


def add_round(parser: Any, *, required: bool = False, help: str | None = None) -> None:
    """`--round N` (1 or more, see round_number)."""
    text = help or (ROUND_REQUIRED_HELP if required else ROUND_HELP)
    parser.add_argument("--round", type=round_number, required=required, metavar="N", help=text)


def add_json(parser: Any, **kwargs: Any) -> None:
    """`--json`: the same data for another program."""
    kwargs.setdefault("help", JSON_HELP)
    parser.add_argument("--json", action="store_true", **kwargs)


TABLE = whole_number("台号", 1, 100_000)
SEED = whole_number("随机种子", 0, 2**31 - 1)
RECORD_ID = whole_number("编号", 1, 2**31 - 1)


def operator(args: argparse.Namespace) -> str:
    from app.services.audit import DEFAULT_OPERATOR
    from app.text import NAME_MAX, clean_text

    name = args.operator or os.environ.get("FINALS_OPERATOR")
    return clean_text(name, "操作员姓名", max_length=NAME_MAX) or DEFAULT_OPERATOR


@contextmanager
def opened(args: argparse.Namespace) -> Iterator[Database]:
    """The command's tournament file, closed however the command ends."""
    from app.services.tournament import open_tournament

    db = open_tournament(args.file)
    try:
        yield db
    finally:
        db.close()


def warn(warnings: Any) -> None:
    """What half-succeeded (saved, but the backup failed): on stderr, exit code still 0."""
    for line in warnings or ():
        print(f"警告：{line}", file=sys.stderr)


def print_json(data: Any) -> None:
    import json

    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def fmt_points(value: float | None) -> str:
    if value is None:
        return ""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def table(rows: list[list[str]], headers: list[str]) -> str:
    """A plain text table whose columns line up with CJK characters (2 cells wide)."""

    def width(text: str) -> int:
        return sum(2 if ord(ch) > 0x2E80 else 1 for ch in text)

    cols = [max([width(h)] + [width(r[i]) for r in rows]) for i, h in enumerate(headers)]

    def line(cells: list[str]) -> str:
        return "  ".join(
            c + " " * (w - width(c)) for c, w in zip(cells, cols, strict=False)
        ).rstrip()

    return "\n".join([line(headers)] + [line(r) for r in rows])
