"""Name search by hanzi, full pinyin or initials (`zs` finds 张三). No Qt here."""

from __future__ import annotations

from functools import lru_cache

from pypinyin import Style, lazy_pinyin

from reports.pinyin import name_key


@lru_cache(maxsize=8192)
def search_keys(name: str) -> tuple[str, str]:
    """(full pinyin, initials) of a name, surname readings respected: 张三 → (zhangsan, zs)."""
    syllables, _ = name_key(name)
    syllables = [s.lower() for s in syllables]
    full = "".join(syllables)
    initials = "".join(s[0] for s in syllables if s)
    return full, initials


def initials_of(name: str) -> str:
    return "".join(lazy_pinyin(name, style=Style.FIRST_LETTER)).lower()


def matches(query: str, *texts: str | None) -> bool:
    """True when `query` is found in any text, or in the pinyin of the first text (the name)."""
    needle = query.strip().lower()
    if not needle:
        return True
    for text in texts:
        if text and needle in text.lower():
            return True
    name = texts[0] if texts else None
    if name and needle.isascii():
        full, initials = search_keys(name)
        compact = needle.replace(" ", "")
        # initials and full pinyin from the start of the name; longer pinyin anywhere
        return (
            initials.startswith(compact)
            or full.startswith(compact)
            or (len(compact) >= 4 and compact in full)
        )
    return False
