"""Pinyin of Chinese names: the sort key (with the surname readings of polyphonic
characters) and the one name search every list uses — the window's, the players' pages'."""

from __future__ import annotations

import re
import unicodedata
from functools import cache, lru_cache

from pypinyin import lazy_pinyin, load_single_dict

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
# Name characters pypinyin has no reading for, read as the character they are a variant of
# (𠮷, the 吉 of 𠮷田, U+20BB7): they sort and are found under that reading.
VARIANT_READINGS = {"𠮷": "jí"}
load_single_dict({ord(char): reading for char, reading in VARIANT_READINGS.items()})

COMPOUND_SURNAMES = {"尉迟": ["yu", "chi"], "万俟": ["mo", "qi"], "长孙": ["zhang", "sun"]}
# A search this long may start at any character of a name (san finds 张三); a shorter one
# starts at the surname, so that zs finds 张三 and not 台州实验小学.
ANYWHERE_FROM = 3


def name_key(name: str) -> tuple[list[str], str]:
    """Sort key: the pinyin syllables of the name (surname reading first), then the name."""
    for compound, readings in COMPOUND_SURNAMES.items():
        if name.startswith(compound):
            return readings + lazy_pinyin(name[len(compound) :]), name
    syllables = lazy_pinyin(name)
    if name and name[0] in SURNAME_READINGS and syllables:
        syllables[0] = SURNAME_READINGS[name[0]]
    return syllables, name


def _fold(text: str) -> str:
    """Lower case without accents: Müller → muller, Émile → emile."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).lower()


def index_letter(name: str) -> str:
    """The capital letter a name is listed under ("张三" → "Z", "Émile Zola" → "E"), or "#"
    for a name that starts with no letter and no hanzi with a reading ("=张三", "3号")."""
    syllables = name_key(name)[0]
    letter = _fold(syllables[0])[:1].upper() if syllables else ""
    return letter if "A" <= letter <= "Z" else "#"


@lru_cache(maxsize=8192)
def sort_key(name: str) -> tuple[bool, tuple[str, ...], str]:
    """One alphabetical order for every script: by pinyin, a Latin name filed among the
    Chinese by its letters (Alexander between 阿明 and 安娜, capitals and accents ignored),
    and every name with no letter of its own ("#") after Z."""
    syllables = tuple(_fold(s) for s in name_key(name)[0])
    return index_letter(name) == "#", syllables, name


@lru_cache(maxsize=8192)
def readings(name: str) -> tuple[tuple[str, ...], ...]:
    """The pinyin a person may type for each character of a name, lower case: the surname
    reading and the everyday one for the first (曾: zeng, ceng), else the everyday reading;
    a character with none (a Latin letter) reads as itself."""
    surname, _ = name_key(name)
    everyday = lazy_pinyin(name)
    out: list[tuple[str, ...]] = []
    for k, (first, second) in enumerate(zip(surname, everyday, strict=False)):
        options = (first,) if first == second or k > 1 else (first, second)
        out.append(tuple(dict.fromkeys(o.lower() for o in options if o.strip())))
    return tuple(o for o in out if o)


@lru_cache(maxsize=8192)
def search_keys(name: str) -> tuple[str, str]:
    """(full pinyin, initials) of a name, surname readings respected: 张三 → (zhangsan, zs)."""
    syllables = [s.lower() for s in name_key(name)[0]]
    return "".join(syllables), "".join(s[0] for s in syllables if s)


def name_matches(name: str, query: str) -> bool:
    """Whether a search finds a name: a part of the name itself (三), or its pinyin as
    whole syllables (zhangsan), initials (zs) or a mix (zhangs), from the surname on — or
    from any character for a search of ANYWHERE_FROM letters or more (san)."""
    q = query.strip().lower()
    if not q:
        return False
    if q in name.lower():
        return True
    q = re.sub(r"[\s'·]", "", q)
    if not q.isascii() or not q.isalnum():
        return False
    chars = readings(name)

    @cache
    def match(i: int, pos: int) -> bool:
        if pos == len(q):
            return True
        if i == len(chars):
            return False
        for syllable in chars[i]:
            k = 0
            while k < len(syllable) and pos + k < len(q) and q[pos + k] == syllable[k]:
                k += 1
                if match(i + 1, pos + k):
                    return True
        return False

    starts = range(len(chars)) if len(q) >= ANYWHERE_FROM else range(min(1, len(chars)))
    return any(match(start, 0) for start in starts)
