"""Places in words — 第六名, 第四至六名 — and the title of a place a tie shares.

A prize band (第四至六名) is the prize, not the place: a tie inside it keeps the band's
title and says the shared place in parentheses, 第四至六名（并列第六名）, in the band's own
numeral style (第4-8名（并列第6名）).  A single place takes 并列 in front: 并列季军.
"""

from __future__ import annotations

import re

TIED = "并列"
_SMALL_DIGITS = "零一二三四五六七八九"
_SHARED_IN_BAND = re.compile(r"^(?P<band>.+)（并列第[^（）]+名）$")


def number_in_chinese(number: int) -> str:
    """A small whole number in ordinary Chinese numerals: 1 → 一, 16 → 十六, 105 → 一百零五."""
    if number < 0:
        return "负" + number_in_chinese(-number)
    if number < 10:
        return _SMALL_DIGITS[number]
    if number < 20:
        return "十" + (_SMALL_DIGITS[number % 10] if number % 10 else "")
    if number < 100:
        tens, units = divmod(number, 10)
        return _SMALL_DIGITS[tens] + "十" + (_SMALL_DIGITS[units] if units else "")
    if number < 1000:
        hundreds, rest = divmod(number, 100)
        text = _SMALL_DIGITS[hundreds] + "百"
        if rest == 0:
            return text
        if rest < 10:
            return text + "零" + _SMALL_DIGITS[rest]
        if rest < 20:
            return text + "一" + number_in_chinese(rest)
        return text + number_in_chinese(rest)
    return str(number)


def place_words(place: int, arabic: bool = False) -> str:
    """第六名 (or 第6名 with `arabic`)."""
    return f"第{place if arabic else number_in_chinese(place)}名"


def places_words(low: int, high: int) -> str:
    """第九至十六名 (第九名 when `low` is `high`)."""
    if low == high:
        return place_words(low)
    return f"第{number_in_chinese(low)}至{number_in_chinese(high)}名"


def shared_title(title: str, place_from: int, place_to: int, rank: int) -> str:
    """The title of a prize place shared by a tie at `rank`: 第四至六名（并列第六名）for a band
    of places, 并列季军 / 并列第八名 for a single place."""
    if place_from == place_to:
        return TIED + title
    arabic = bool(re.search(r"[0-9]", title))
    return f"{title}（{TIED}{place_words(rank, arabic)}）"


def band_title(title: str) -> str:
    """The prize of a (shared) title, without the tie: 第四至六名（并列第六名）→ 第四至六名,
    并列季军 → 季军."""
    match = _SHARED_IN_BAND.match(title)
    return match.group("band") if match else title.removeprefix(TIED)
