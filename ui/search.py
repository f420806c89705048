"""Name search in the window's lists: the one name search of the program (`app.pinyin`),
and any other column by its text. No Qt here."""

from __future__ import annotations

from app.pinyin import name_matches, search_keys

__all__ = ["matches", "search_keys"]


def matches(query: str, *texts: str | None) -> bool:
    """True when `query` is found in any text, or in the pinyin of the first text (the name)."""
    needle = query.strip().lower()
    if not needle:
        return True
    if any(text and needle in text.lower() for text in texts):
        return True
    name = texts[0] if texts else None
    return bool(name) and name_matches(str(name), needle)
