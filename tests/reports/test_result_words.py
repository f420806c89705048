"""Sheets print results in the core's words (app.domain.Result), not in tables of their own."""

from __future__ import annotations

from app.domain import Result


def test_printed_words_come_from_the_core() -> None:
    from reports.rounds import result_text
    from reports.slips import BOARD_RESULTS, SLIP_RESULTS

    assert [result_text(r.value) for r in Result] == [
        "1 : 0",
        "0 : 1",
        "和",
        "+ : -",
        "- : +",
        "- : -",
        "未赛",
        "轮空",
    ]
    assert result_text(None) == "" and result_text("?") == "?"
    assert [r.words_zh("黑", "白") for r in SLIP_RESULTS] == [
        "黑胜",
        "白胜",
        "和棋",
        "黑弃权",
        "白弃权",
        "双方弃权",
    ]
    assert BOARD_RESULTS == (("先手胜", "后手胜", "和"), ("先手弃权", "后手弃权"))
