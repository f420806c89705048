"""Dates as people type them: 2010-05-03, 2010.5.3, 2010/5/3, 20100503, 2010年5月3日."""

from __future__ import annotations

import re
from datetime import date, datetime

_SEPARATED = re.compile(r"^\s*(\d{4})\s*[-./年]\s*(\d{1,2})\s*[-./月]\s*(\d{1,2})\s*日?\s*$")
_COMPACT = re.compile(r"^\s*(\d{4})(\d{2})(\d{2})\s*$")


def parse_date(value: object) -> date | None:
    """The date in `value`, or None when it cannot be read as one.

    Accepts Excel date cells (datetime/date), ISO and the usual Chinese forms; a
    trailing time such as '00:00:00' is ignored.
    """
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        value = str(int(value))
    if not isinstance(value, str):
        return None
    text = value.strip().split(" ")[0] if re.match(r"^\d{4}-\d{2}-\d{2} ", value.strip()) else value
    match = _SEPARATED.match(text) or _COMPACT.match(text)
    if not match:
        return None
    year, month, day = (int(part) for part in match.groups())
    try:
        return date(year, month, day)
    except ValueError:
        return None


EARLIEST_BIRTH = date(1900, 1, 1)


def birth_date_problem(day: date, on: date | None = None) -> str | None:
    """Why `day` cannot be a player's birth date (None when it can): not in the future of
    `on` (default today), not before 1900."""
    on = on or date.today()
    if day > on:
        return f"出生日期 {day.isoformat()} 晚于今天（{on.isoformat()}）"
    if day < EARLIEST_BIRTH:
        return f"出生日期 {day.isoformat()} 早于 {EARLIEST_BIRTH.year} 年"
    return None
