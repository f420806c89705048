"""One name search for the whole program: the window's lists and the players' pages find
the same players for the same query (the surname's reading, initials, a mix)."""

from __future__ import annotations

import pytest

from app.pinyin import name_matches
from ui.search import matches

CASES = [
    ("张三", "zs", True),
    ("张三", "zhangs", True),
    ("张三", "san", True),
    ("曾小明", "zxm", True),
    ("曾小明", "cxm", True),
    ("单丽", "sl", True),
    ("长孙无忌", "zswj", True),
    ("台州实验小学女队", "zs", False),  # two letters: from the surname on
    ("方宁思", "zs", False),  # 宁 is not read zhù in a name
    ("李四", "ww", False),
]


@pytest.mark.parametrize(("name", "query", "found"), CASES)
def test_the_window_and_the_pages_agree(name: str, query: str, found: bool) -> None:
    assert name_matches(name, query) is found
    assert matches(query, name) is found
