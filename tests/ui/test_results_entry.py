"""Parsing what the arbiter types in the result line."""

from __future__ import annotations

import pytest

from ui.views.results import parse_entry


@pytest.mark.parametrize(("text", "expected"), [
    ("12 1", (12, "1-0")), ("12 0", (12, "0-1")), ("12=", (12, "=")), ("12 +", (12, "+-")),
    ("12 -", (12, "-+")), ("12 --", (12, "--")), ("121", (12, "1-0")), ("7 1-0", (7, "1-0")),
    ("3 0-0", (3, "0-0")), ("１２ １", (12, "1-0")), ("12", None), ("x 1", None),
])
def test_parse_entry(text: str, expected: tuple[int, str] | None) -> None:
    assert parse_entry(text) == expected


def test_key_alone_applies_to_selected_table() -> None:
    assert parse_entry("1", selected_table=5) == (5, "1-0")
    assert parse_entry("=", selected_table=5) == (5, "=")
    assert parse_entry("1") is None


def test_board_entries_for_team_matches() -> None:
    from ui.views.results import parse_board_entry

    assert parse_board_entry("3/2 1") == (3, 2, "1-0")
    assert parse_board_entry("12/1=") == (12, 1, "=")
    assert parse_board_entry("１２／３ ０") == (12, 3, "0-1")
    assert parse_board_entry("12 1") is None
