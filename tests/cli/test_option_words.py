"""Options that take English words take Chinese words too (issue 41 §6): `--view 选手` is
`--view players`, and each option's help says both. The English words stay (scripts)."""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator

import pytest

from app.cli.common import Words
from app.cli.main import build_parser
from tests.cli.runner import run


def _options(
    parser: argparse.ArgumentParser, words: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], argparse.Action]]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                yield from _options(child, (*words, name))
        elif action.option_strings and action.choices is not None:
            yield words, action


WORD_OPTIONS = [
    (words, action)
    for words, action in _options(build_parser())
    if any(re.fullmatch(r"[a-z][a-z0-9-]{2,}", str(c)) for c in action.choices or ())
]


def test_every_option_of_english_words_is_found() -> None:
    found = {(" ".join(w), a.option_strings[-1]) for w, a in WORD_OPTIONS}
    assert {
        ("new", "--preset"),
        ("demo", "--preset"),
        ("gui", "--view"),
        ("seed", "--by"),
        ("report", "--type"),
        ("report", "--order"),
        ("report", "--card"),
        ("certificates-register", "--type"),
    } <= found
    assert len(found) == 8, sorted(found)


@pytest.mark.parametrize(
    "words,action",
    WORD_OPTIONS,
    ids=[f"{' '.join(w)} {a.option_strings[-1]}" for w, a in WORD_OPTIONS],
)
def test_each_takes_its_chinese_words_and_its_help_says_them(
    words: tuple[str, ...], action: argparse.Action
) -> None:
    assert isinstance(action.type, Words), "English words only"
    assert list(action.choices or ()) == action.type.choices
    help_text = "".join((action.help or "").split())
    for english, chinese in action.type.words:
        assert english in help_text and chinese in help_text, (english, chinese)
        assert re.search(r"[\u4e00-\u9fff]", chinese), chinese
        assert action.type(chinese) == english
        assert action.type(english) == english  # what scripts write, as before


def _parsed(*argv: str) -> argparse.Namespace:
    return build_parser(argv[0]).parse_args(list(argv))


def test_chinese_words_reach_the_command_as_its_english_words() -> None:
    assert _parsed("gui", "--view", "选手").view == "players"
    assert _parsed("gui", "--view", "standings").view == "standings"
    assert _parsed("seed", "f.finals", "--event", "MEN", "--all", "--by", "等级分").by == "rating"
    args = _parsed("report", "f", "checkin", "-o", "x.pdf", "--order", "拼音", "--card", "桌牌")
    assert (args.order, args.card, args.type) == ("pinyin", "tent", "prize")
    assert _parsed("certificates-register", "f", "--type", "参赛").type == "participation"
    assert _parsed("new", "f.finals", "--preset", "杭州围棋").preset == "hangzhou-go"
    assert _parsed("demo", "f.finals", "--preset", "绍兴五子棋").preset == "shaoxing-gomoku-2022"


def test_a_word_it_does_not_take_is_refused_listing_both(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(capsys, "gui", "--view", "排名页")
    assert code == 2
    assert "页面“排名页”不可用。可写：players 或 选手、round 或 对阵" in err
