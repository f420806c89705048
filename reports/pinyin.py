"""Pinyin sort keys for Chinese names, with the surname readings of polyphonic characters."""

from __future__ import annotations

from pypinyin import lazy_pinyin

# Surnames whose everyday reading differs from the surname reading (曾 céng → zēng).
SURNAME_READINGS = {
    "曾": "zeng",
    "单": "shan",
    "解": "xie",
    "仇": "qiu",
    "区": "ou",
    "查": "zha",
    "朴": "piao",
    "盖": "ge",
    "乐": "yue",
    "覃": "qin",
    "缪": "miao",
    "翟": "zhai",
    "召": "shao",
    "员": "yun",
    "冼": "xian",
    "尉": "wei",
    "长": "chang",
    "秘": "bi",
    "种": "chong",
    "重": "chong",
    "折": "she",
    "蕃": "pi",
    "句": "gou",
    "隗": "wei",
}
COMPOUND_SURNAMES = {"尉迟": ["yu", "chi"], "万俟": ["mo", "qi"], "长孙": ["zhang", "sun"]}


def name_key(name: str) -> tuple[list[str], str]:
    """Sort key: the pinyin syllables of the name (surname reading first), then the name."""
    for compound, readings in COMPOUND_SURNAMES.items():
        if name.startswith(compound):
            return readings + lazy_pinyin(name[len(compound) :]), name
    syllables = lazy_pinyin(name)
    if name and name[0] in SURNAME_READINGS and syllables:
        syllables[0] = SURNAME_READINGS[name[0]]
    return syllables, name
