"""The result-entry grammar (app.result_entry): what a line such as "12 1" records."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.domain import RESULT_ALIASES, RESULT_KEYS, Result
from app.result_entry import Entry, parse_board_entry, parse_entry

R = Result


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("12 1", Entry(12, R.FIRST_WINS)),
        ("12 0", Entry(12, R.SECOND_WINS)),
        ("12=", Entry(12, R.DRAW)),
        ("12 =", Entry(12, R.DRAW)),
        ("12 +", Entry(12, R.FIRST_WINS_BY_FORFEIT)),
        ("12+", Entry(12, R.FIRST_WINS_BY_FORFEIT)),
        ("12 -", Entry(12, R.SECOND_WINS_BY_FORFEIT)),
        ("12-", Entry(12, R.SECOND_WINS_BY_FORFEIT)),
        ("12 --", Entry(12, R.DOUBLE_FORFEIT)),
        ("12--", Entry(12, R.DOUBLE_FORFEIT)),
        ("7 1-0", Entry(7, R.FIRST_WINS)),
        ("7 1:0", Entry(7, R.FIRST_WINS)),
        ("7 0:1", Entry(7, R.SECOND_WINS)),
        ("7 黑胜", Entry(7, R.FIRST_WINS)),
        ("7黑弃权", Entry(7, R.SECOND_WINS_BY_FORFEIT)),
        ("7 ½-½", Entry(7, R.DRAW)),
        ("3 0-0", Entry(3, R.NOT_PLAYED)),
        ("3 00", Entry(3, R.NOT_PLAYED)),
        ("１２ １", Entry(12, R.FIRST_WINS)),
        ("１２　１：０", Entry(12, R.FIRST_WINS)),
        ("１２＝", Entry(12, R.DRAW)),
        ("  12   1  ", Entry(12, R.FIRST_WINS)),
        # a bare number is a table to go to, never a table plus a result
        ("12", Entry(12, None)),
        ("121", Entry(121, None)),
        ("40", Entry(40, None)),
        ("11", Entry(11, None)),
        ("7", Entry(7, None)),
        ("1 ", Entry(1, None)),
        ("０ ", None),
        # neither a table nor a result
        ("x 1", None),
        ("121-0", None),
        ("12 1 0", None),
        ("12-1", None),
        ("12 7", None),
        ("", None),
        ("12 bye", None),
        ("0", None),
        ("0 1", None),
    ],
)
def test_parse_entry(text: str, expected: Entry | None) -> None:
    assert parse_entry(text) == expected


def test_key_alone_applies_to_selected_table() -> None:
    assert parse_entry("1", selected_table=5) == Entry(5, R.FIRST_WINS)
    assert parse_entry("0", selected_table=5) == Entry(5, R.SECOND_WINS)
    assert parse_entry("=", selected_table=5) == Entry(5, R.DRAW)
    assert parse_entry("00", selected_table=5) == Entry(5, R.NOT_PLAYED)
    assert parse_entry("1:0", selected_table=5) == Entry(5, R.FIRST_WINS)
    assert parse_entry("白胜", selected_table=5) == Entry(5, R.SECOND_WINS)
    assert parse_entry("１", selected_table=5) == Entry(5, R.FIRST_WINS)
    assert parse_entry("1") is None
    assert parse_entry("7", selected_table=5) == Entry(7, None)  # 7 is no key: table 7


def test_board_entries_for_team_matches() -> None:
    assert parse_board_entry("3/2 1") == (3, 2, R.FIRST_WINS)
    assert parse_board_entry("12/1=") == (12, 1, R.DRAW)
    assert parse_board_entry("１２／３ ０") == (12, 3, R.SECOND_WINS)
    assert parse_board_entry("3/2 1:0") == (3, 2, R.FIRST_WINS)
    assert parse_board_entry("3/2黑胜") == (3, 2, R.FIRST_WINS)
    assert parse_board_entry("3/21") is None  # board 21, or board 2 won by first? Not guessed.
    assert parse_board_entry("12 1") is None


# -- properties ---------------------------------------------------------------------------

_TYPED = sorted({**RESULT_ALIASES, **RESULT_KEYS}.items())


@given(st.integers(min_value=1, max_value=999), st.sampled_from(_TYPED))
def test_table_space_result_records_that_table(table: int, typed: tuple[str, Result]) -> None:
    text, result = typed
    assert parse_entry(f"{table} {text}") == Entry(table, result)
    assert parse_board_entry(f"{table}/2 {text}") == (table, 2, result)


@given(st.integers(min_value=1, max_value=999), st.sampled_from(_TYPED))
def test_a_digit_glued_to_the_table_never_records(table: int, typed: tuple[str, Result]) -> None:
    text, result = typed
    parsed = parse_entry(f"{table}{text}", selected_table=5)
    if text[0].isdigit():
        assert parsed is None or parsed.result is None  # at most "go to that table"
    else:
        assert parsed == Entry(table, result)


@given(st.text(max_size=12), st.one_of(st.none(), st.integers(min_value=1, max_value=400)))
def test_any_line_parses_or_is_refused(text: str, selected: int | None) -> None:
    parsed = parse_entry(text, selected)
    assert parsed is None or (
        parsed.table >= 1 and (parsed.result is None or parsed.result in Result)
    )
    board = parse_board_entry(text)
    assert board is None or board[2] in Result
