"""The one rule for an event code (项目代码), wherever one is set: `trf import --code`,
`opengotha-import --event`, a preset's events for `finals new`.

A code names files the program writes (`table-links --qr-dir`: `{code}-table001.png`, the
players' pages) and is a database key (a PostgreSQL column of 30 characters), so it is a
plain name on every system: letters (any script), digits, `_` and `-`, 1 to CODE_MAX of
them — no path separator, dot, space, control or bidi character, nothing Windows refuses in
a file name (`<>:"/\\|?*`), and none of Windows' reserved device names (CON, PRN, AUX, NUL,
COM1–COM9, LPT1–LPT9). What is typed is checked as typed: never trimmed or rewritten.
"""

from __future__ import annotations

import re

from app.errors import FinalsError
from app.text import invisible_character

CODE_MAX = 20  # within the stores' column (30) with room for a suffix
_CODE = re.compile(r"[^\W_]|[_-]")  # a letter or digit of any script, `_` or `-`
_RESERVED = frozenset(
    {"CON", "PRN", "AUX", "NUL", *(f"COM{n}" for n in range(10)), *(f"LPT{n}" for n in range(10))}
)
_EXAMPLE = "如 MEN、U12、GO-2"


def event_code_problem(code: object) -> str | None:
    """What is wrong with `code` as an event code (Chinese), or None."""
    if not isinstance(code, str):
        return "应为文字"
    if code == "":
        return "不能为空"
    bad = invisible_character(code)
    if bad:
        return f"含有不可见字符或控制字符（{bad}）"
    if code != code.strip():
        return "首尾不能有空格"
    if len(code) > CODE_MAX:
        return f"太长（{len(code)} 个字符），最多 {CODE_MAX} 个"
    wrong = [ch for ch in code if not _CODE.fullmatch(ch)]
    if wrong:
        shown = "".join(dict.fromkeys(wrong))
        return f"含有不能用在文件名中的字符“{shown}”，只能由字母、数字、下划线和减号组成"
    if code.upper() in _RESERVED:
        return f"“{code}”是 Windows 保留的设备名，不能用作文件名"
    return None


def check_event_code(code: object, where: str = "") -> str:
    """`code` when it is a good event code; else a FinalsError naming it and the fix."""
    problem = event_code_problem(code)
    if problem is None:
        assert isinstance(code, str)
        return code
    shown = repr(code) if isinstance(code, str) and invisible_character(code) else f"“{code}”"
    raise FinalsError(
        f"{where}项目代码 {shown} {problem}。请换一个项目代码（{_EXAMPLE}，最多 {CODE_MAX} 个字符）；"
        "未做任何改动。"
    )
