"""The arbiter's result-entry line: "12 1" records table 12 as a win for the first mover.

The grammar every face shares (the window's entry line, and any line-based input): a table
number and a digit key are always separated ("12 1", not "121"), a bare number only goes to
its table, and every key and spelling of a result is the core's (`app.domain`).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from app.domain import Result, parse_result_key


@dataclass(frozen=True)
class Entry:
    """What a line of the result entry asks for: record `result` at `table`, or, when
    `result` is None, only go to `table` (a bare number is never read as table + key)."""

    table: int
    result: Result | None


def _fold(text: str) -> str:
    """Full-width digits, slashes and spaces folded to ASCII; the result part is folded by
    the core's parser."""
    return unicodedata.normalize("NFKC", text).replace("1\u20442", "½")  # NFKC splits ½


_TABLE_AND_REST = re.compile(r"^(\d+)(\s*)(.*)$", re.DOTALL)


def _split(text: str) -> tuple[int, str] | None:
    """ "12 1" → (12, "1"); "12=" → (12, "="); "121" → None (no separator before a digit).

    A result written right after the table number must begin with a non-digit ("12=",
    "12+", "12黑胜"); a digit key or score needs a space ("12 1", "12 1-0").
    """
    match = _TABLE_AND_REST.match(text)
    if not match:
        return None
    digits, space, rest = match.groups()
    if not rest or (not space and rest[0].isdecimal()):
        return None
    return int(digits), rest


def parse_entry(text: str, selected_table: int | None = None) -> Entry | None:
    """The arbiter's line → an `Entry`, or None when it means nothing.

    "12 1", "12 1-0", "12 1:0", "12 黑胜", "12=" → record table 12; a key or a result alone
    ("1", "0", "=", "1:0", "黑胜") → the selected table; a bare number ("12", "40", "121")
    → go to that table, record nothing ("1" and "0" alone are keys: "1 " with a space goes
    to table 1).  Every key and spelling is the core's (`app.domain.parse_result_key`).
    """
    folded = _fold(text)
    stripped = folded.strip()
    if not stripped:
        return None
    if stripped.isdecimal() and (folded.rstrip() != folded or parse_result_key(stripped) is None):
        table = int(stripped)
        return Entry(table, None) if table > 0 else None
    alone = parse_result_key(stripped)
    if alone is not None:
        return Entry(selected_table, alone) if selected_table is not None else None
    split = _split(stripped)
    if split is None:
        return None
    table, rest = split
    result = parse_result_key(rest)
    if result is None or table <= 0:
        return None
    return Entry(table, result)


_BOARD = re.compile(r"^\s*(\d+)\s*/\s*(.*)$", re.DOTALL)


def parse_board_entry(text: str) -> tuple[int, int, Result] | None:
    """Team matches: "3/2 1" → table 3, board 2, first mover wins ("3/21" is refused)."""
    match = _BOARD.match(_fold(text).strip())
    if not match:
        return None
    split = _split(match.group(2).strip())
    if split is None:
        return None
    board, rest = split
    result = parse_result_key(rest)
    if result is None:
        return None
    return int(match.group(1)), board, result
