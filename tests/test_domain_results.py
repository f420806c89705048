"""One result vocabulary: every spelling a person may type, in every place, means one Result."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.domain import (
    ENTERED_RESULTS,
    RESULT_ALIASES,
    RESULT_HELP,
    RESULT_KEYS,
    Result,
    parse_result,
    parse_result_key,
)

# What arbiters write on slips, in CSV files and on the command line (issue 11, case 10).
SPELLINGS = [
    ("1-0", Result.FIRST_WINS),
    ("1:0", Result.FIRST_WINS),
    ("１－０", Result.FIRST_WINS),
    ("１：０", Result.FIRST_WINS),
    ("1 - 0", Result.FIRST_WINS),
    ("1–0", Result.FIRST_WINS),
    ("黑胜", Result.FIRST_WINS),
    (" 黑胜 ", Result.FIRST_WINS),
    ("0-1", Result.SECOND_WINS),
    ("0:1", Result.SECOND_WINS),
    ("０：１", Result.SECOND_WINS),
    ("白胜", Result.SECOND_WINS),
    ("=", Result.DRAW),
    ("＝", Result.DRAW),
    ("½-½", Result.DRAW),
    ("和", Result.DRAW),
    ("和棋", Result.DRAW),
    ("1/2-1/2", Result.DRAW),
    ("+-", Result.FIRST_WINS_BY_FORFEIT),
    ("＋－", Result.FIRST_WINS_BY_FORFEIT),
    ("白弃权", Result.FIRST_WINS_BY_FORFEIT),
    ("-+", Result.SECOND_WINS_BY_FORFEIT),
    ("－＋", Result.SECOND_WINS_BY_FORFEIT),
    ("黑弃权", Result.SECOND_WINS_BY_FORFEIT),
    ("--", Result.DOUBLE_FORFEIT),
    ("－－", Result.DOUBLE_FORFEIT),
    ("双弃权", Result.DOUBLE_FORFEIT),
    ("0-0", Result.NOT_PLAYED),
    ("未赛", Result.NOT_PLAYED),
]


@pytest.mark.parametrize(("text", "expected"), SPELLINGS)
def test_every_documented_spelling_parses(text: str, expected: Result) -> None:
    assert parse_result(text) is expected


def test_colon_scores_are_results() -> None:
    assert parse_result("1:0") is Result.FIRST_WINS
    assert parse_result("0:1") is Result.SECOND_WINS


@pytest.mark.parametrize(
    "text", ["", " ", "bye", "1", "0", "10", "12 1", "1-1", "2-0", "+", "黑", "胜"]
)
def test_not_a_result(text: str) -> None:
    assert parse_result(text) is None


def test_keys_are_for_the_keyboard_only() -> None:
    assert parse_result("1") is None  # a CSV "12,1" is refused, not guessed
    assert parse_result_key("1") is Result.FIRST_WINS
    assert parse_result_key("0") is Result.SECOND_WINS
    assert parse_result_key("+") is Result.FIRST_WINS_BY_FORFEIT
    assert parse_result_key("-") is Result.SECOND_WINS_BY_FORFEIT
    assert parse_result_key("00") is Result.NOT_PLAYED
    assert parse_result_key("１") is Result.FIRST_WINS
    assert parse_result_key("1:0") is Result.FIRST_WINS  # a full spelling works too
    assert parse_result_key("7") is None


@pytest.mark.parametrize("result", ENTERED_RESULTS)
def test_every_name_round_trips(result: Result) -> None:
    wording = result.wording
    assert parse_result(result.value) is result
    assert parse_result(result.zh) is result
    assert parse_result(result.words_zh("黑", "白")) is result
    for spelling in (*wording.spellings, *wording.hidden_spellings):
        assert parse_result(spelling) is result
    assert result.key is not None and parse_result_key(result.key) is result


def test_a_bye_is_never_typed() -> None:
    assert Result.BYE not in RESULT_ALIASES.values()
    assert Result.BYE not in RESULT_KEYS.values()
    assert Result.BYE.zh == "轮空"


def test_words() -> None:
    assert Result.FIRST_WINS.zh == "先手胜"
    assert Result.FIRST_WINS.words_zh("黑", "白") == "黑胜"
    assert Result.FIRST_WINS_BY_FORFEIT.words_zh("黑", "白", explain=True) == "白弃权（黑胜）"
    assert Result.SECOND_WINS_BY_FORFEIT.words_zh("黑", "白", explain=True) == "黑弃权（白胜）"
    assert Result.DRAW.en == "draw"
    assert Result.SECOND_WINS.en == "second wins"
    assert Result.FIRST_WINS.score_text == "1 : 0"
    assert Result.SECOND_WINS_BY_FORFEIT.outcome(first_side=True) == "FL"
    assert Result.SECOND_WINS_BY_FORFEIT.outcome(first_side=False) == "FW"


def test_help_names_every_shown_spelling() -> None:
    for result in ENTERED_RESULTS:
        assert result.value in RESULT_HELP
        for spelling in result.wording.spellings:
            assert spelling in RESULT_HELP
    assert "1:0" in RESULT_HELP and "黑胜" in RESULT_HELP and "双弃权" in RESULT_HELP


# -- properties --------------------------------------------------------------------------

_FULL_WIDTH = str.maketrans({chr(c): chr(c + 0xFEE0) for c in range(0x21, 0x7F)})


@given(st.sampled_from(sorted(RESULT_ALIASES)), st.sampled_from(["", " ", "\u3000", "\t"]))
def test_every_alias_parses_to_its_result(alias: str, pad: str) -> None:
    expected = RESULT_ALIASES[alias]
    assert parse_result(pad + alias + pad) is expected
    assert parse_result(alias.translate(_FULL_WIDTH)) is expected
    assert parse_result_key(alias) is expected


@given(st.text())
def test_any_text_is_a_result_or_none(text: str) -> None:
    parsed = parse_result(text)
    assert parsed is None or parsed in ENTERED_RESULTS
    key = parse_result_key(text)
    assert key is None or key in ENTERED_RESULTS


@given(st.text(alphabet="10=+-:½/ 黑白胜和弃权双未赛－＋＝：１０", max_size=6))
def test_near_misses_never_raise(text: str) -> None:
    parsed = parse_result(text)
    assert parsed is None or parsed in ENTERED_RESULTS


def test_trf_codes_and_cross_table_words_come_from_the_core() -> None:
    from app.domain import OUTCOME_WORDS_ZH

    expected = {  # TRF-16: the first mover is "white"
        Result.FIRST_WINS: ("1", "0"),
        Result.SECOND_WINS: ("0", "1"),
        Result.DRAW: ("=", "="),
        Result.FIRST_WINS_BY_FORFEIT: ("+", "-"),
        Result.SECOND_WINS_BY_FORFEIT: ("-", "+"),
        Result.DOUBLE_FORFEIT: ("-", "-"),
        Result.NOT_PLAYED: ("-", "-"),
    }
    for result, codes in expected.items():
        assert (result.trf_code(True), result.trf_code(False)) == codes
    assert Result.BYE.trf_code(True) == "U"
    words = [OUTCOME_WORDS_ZH[r.outcome(side)] for r in ENTERED_RESULTS for side in (True, False)]
    assert words == [
        "胜",
        "负",
        "负",
        "胜",
        "和",
        "和",
        "胜",
        "负",
        "负",
        "胜",
        "负",
        "负",
        "未赛",
        "未赛",
    ]


def test_an_outcome_is_a_typed_member_that_prints_as_its_old_code() -> None:
    from app.domain import GameRecord, Outcome, outcome_for

    game = GameRecord(round=1, table=1, first=7, second=9, result=Result.FIRST_WINS_BY_FORFEIT)
    assert outcome_for(game, 7) is Outcome.FORFEIT_WIN
    assert outcome_for(game, 9) is Outcome.FORFEIT_LOSS
    assert outcome_for(GameRecord(1, 2, 3, None, Result.BYE), 3) is Outcome.BYE
    # stored strings, exports and TRF stay byte-identical
    assert [str(o) for o in Outcome] == ["W", "L", "D", "FW", "FL", "NP", "BYE"]
    assert (Outcome.FORFEIT_WIN.zh, Outcome.FORFEIT_WIN.en) == ("胜", "won by forfeit")
    assert Outcome.FORFEIT_WIN.is_win and not Outcome.FORFEIT_WIN.is_played
