"""Chinese numerals: amounts in financial capitals (大写), dates (二〇二二年十一月三十日) and
places (第九至十六名)."""

from __future__ import annotations

import re
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

from app.standings.place_words import number_in_chinese as number_in_chinese

_CAPITAL_DIGITS = "零壹贰叁肆伍陆柒捌玖"
_CAPITAL_UNITS = ("", "拾", "佰", "仟")
_BIG_UNITS = ("", "万", "亿", "万亿")

_DIGITS = "〇一二三四五六七八九"
_ARABIC_PLACE = re.compile(r"第\s*(\d+)\s*(?:[-—–~～至]\s*第?\s*(\d+)\s*)?名")


def _group_capitals(group: int) -> str:
    """A number 1..9999 in capitals, with single 零 for inner zeros and none trailing."""
    text = ""
    zero_pending = False
    for position in range(3, -1, -1):
        digit = group // 10**position % 10
        if digit == 0:
            if text:
                zero_pending = True
            continue
        if zero_pending:
            text += "零"
            zero_pending = False
        text += _CAPITAL_DIGITS[digit] + _CAPITAL_UNITS[position]
    return text


def _integer_capitals(number: int) -> str:
    if number == 0:
        return "零"
    groups: list[int] = []
    while number:
        groups.append(number % 10000)
        number //= 10000
    if len(groups) > len(_BIG_UNITS):
        raise ValueError("amount too large")
    text = ""
    zero_pending = False
    for index in range(len(groups) - 1, -1, -1):
        group = groups[index]
        if group == 0:
            zero_pending = bool(text)
            continue
        if text and (zero_pending or group < 1000):
            text += "零"
        text += _group_capitals(group) + _BIG_UNITS[index]
        zero_pending = False
    return text


def amount_in_capitals(amount: float | int | Decimal | str) -> str:
    """An amount of yuan in financial capitals: 10800 → 壹万零捌佰元整, 1500.5 → 壹仟伍佰元伍角."""
    value = Decimal(str(amount)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    sign = ""
    if value < 0:
        sign, value = "负", -value
    cents = int(value * 100)
    yuan, rest = divmod(cents, 100)
    jiao, fen = divmod(rest, 10)
    if yuan == 0 and rest:
        text = ""
    else:
        text = _integer_capitals(yuan) + "元"
    if rest == 0:
        return sign + text + "整"
    if jiao:
        text += _CAPITAL_DIGITS[jiao] + "角"
    elif text:
        text += "零"
    if fen:
        text += _CAPITAL_DIGITS[fen] + "分"
    return sign + text


def date_in_chinese(day: date) -> str:
    """二〇二二年十一月三十日: year digit by digit, month and day as numbers."""
    year = "".join(_DIGITS[int(ch)] for ch in f"{day.year:04d}")
    return f"{year}年{number_in_chinese(day.month)}月{number_in_chinese(day.day)}日"


def places_in_chinese(text: str) -> str:
    """Every place phrase of `text` in Chinese numerals, so a document never mixes the styles:
    第9-16名 → 第九至十六名, 第4名 → 第四名; 第四至六名（并列第六名） is unchanged."""

    def chinese(match: re.Match[str]) -> str:
        low = number_in_chinese(int(match.group(1)))
        if match.group(2) is None:
            return f"第{low}名"
        return f"第{low}至{number_in_chinese(int(match.group(2)))}名"

    return _ARABIC_PLACE.sub(chinese, text)
