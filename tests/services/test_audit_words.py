"""The audit log in words: what a person reads instead of JSON."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from app.services.audit_words import change_words, pairing_changes, value_text

GAMES = [[1, 2, 4], [2, 5, 8], [3, 20, 7], [5, 1, 13], [7, 3, 6]]


def _after(*changes: tuple[int, int, int | None]) -> dict:
    games = {row[0]: list(row) for row in GAMES}
    for table, first, second in changes:
        games[table] = [table, first, second]
    return {"games": list(games.values())}


def test_a_corrected_result_says_the_table_and_both_results() -> None:
    before = {"result": "1-0", "manner": "连五", "fouls": [0, 0], "seat_swapped": False}
    after = {"result": "0-1", "manner": "连五", "fouls": [0, 0], "seat_swapped": False}
    text = change_words("更正成绩", "OPEN 第2轮 第3台", before, after)
    assert text == "第3台 成绩 1-0 → 0-1"
    assert "{" not in text and "result" not in text


def test_a_first_result_and_a_cleared_one() -> None:
    after = {"result": "1-0", "manner": "连五", "fouls": [1, 0], "seat_swapped": False}
    text = change_words("录入成绩", "OPEN 第2轮 第12台", {"result": None}, after)
    assert text == "第12台 成绩 1-0，胜负方式 连五，犯规 1,0"
    cleared = change_words("清除成绩", "OPEN 第2轮 第4台", {"result": "0-1"}, {"result": None})
    assert cleared == "第4台 成绩 0-1 → 清除"


def test_two_tables_that_traded_games() -> None:
    after = _after((5, 3, 6), (7, 1, 13))
    assert change_words("编排调整", "OPEN 第3轮 调整台号 (5, 7)", {"games": GAMES}, after) == (
        "第5台与第7台交换"
    )


def test_colours_exchanged_at_one_table() -> None:
    after = _after((2, 8, 5))
    assert pairing_changes({"games": GAMES}, after) == ["第2台 交换先后手"]


def test_two_players_swapped_are_named() -> None:
    after = _after((1, 5, 4), (2, 2, 8))
    names = {2: "2号 张三", 5: "5号 李四"}
    text = change_words("编排调整", "OPEN 第3轮 交换选手 (2, 5)", {"games": GAMES}, after, names)
    assert text == "2号 张三（第1台）与5号 李四（第2台）交换"
    assert "#2（第1台）与#5（第2台）交换" == change_words("编排调整", "x", {"games": GAMES}, after)


def test_a_bye_given_and_voided_submissions() -> None:
    before = {"games": [[1, 2, 4], [2, 5, 8], [3, 9, None]]}
    after = {"games": [[1, 2, 9], [2, 5, 8], [3, 4, None]], "voided_submissions": [7]}
    text = change_words("编排调整", "OPEN 第3轮 指定轮空 (4,)", before, after)
    assert text == "#4（第1台）与#9（第3台）交换；作废现场提交 7"
    three = {"games": [[1, 2, 9], [2, 4, 8], [3, 5, None]]}
    text = change_words("编排调整", "x", before, three)
    assert text == "第1台 #2 对 #4 → #2 对 #9；第2台 #5 对 #8 → #4 对 #8；第3台 #9 轮空 → #5 轮空"


def test_a_setting_names_its_key() -> None:
    before = {"rounds_planned": 9, "pairing": {"same_unit": "never", "system": "swiss"}}
    after = {"rounds_planned": 9, "pairing": {"same_unit": "always", "system": "swiss"}}
    assert (
        change_words("修改设置", "OPEN", before, after) == "设置 pairing.same_unit never → always"
    )


def test_status_seed_and_a_new_player() -> None:
    assert (
        change_words(
            "选手状态", "OPEN #3 张三", {"status": "playing"}, {"status": "withdrawn", "round": 4}
        )
        == "状态 参赛 → 退赛；轮次 （空） → 4"
    )
    assert change_words("修改序号", "OPEN 张三", {"seed": 3}, {"seed": 7}) == "序号 3 → 7"
    added = change_words("添加选手", "OPEN #41 王五", None, {"name": "王五", "unit": "杭州"})
    assert added == "姓名 王五，单位 杭州"


def test_a_pairing_counts_its_tables() -> None:
    after = {
        "games": [[1, 1, 2], [2, 3, None]],
        "opening": "明星",
        "lot_seed": None,
        "relaxations": [],
    }
    assert change_words("编排", "OPEN 第3轮", None, after) == "编排 2 台（轮空 1）；开局 明星"


def test_values_in_words() -> None:
    assert value_text(None) == "（空）"
    assert value_text(True) == "是"
    assert value_text(2.0) == "2"
    assert value_text(["对手分", "累进分"]) == "对手分、累进分"


def test_every_entry_of_a_real_final_reads_as_words(
    built_demo: Callable[..., Path], tmp_path: Path
) -> None:
    from app.services.audit import audit_log
    from app.services.rounds import edit_round_by_seed, pair_next, round_view
    from app.services.tournament import list_events, open_tournament, update_event_settings

    path = tmp_path / "f.finals"
    built_demo(path, "shaoxing-gomoku-2022", players=12, rounds=1)
    db = open_tournament(path)
    try:
        code = list_events(db)[0].code
        update_event_settings(db, code, {"pairing.same_unit": "always"}, "x")
        pair_next(db, code, operator="x")
        view = round_view(db, code)
        edit_round_by_seed(db, code, view.number, "colours", 1, operator="x")
        entries = audit_log(db)
    finally:
        db.close()
    for entry in entries:
        text = change_words(entry.action, entry.target, entry.before, entry.after)
        assert '{"' not in text and "[[" not in text, (entry.action, text)
    words = {e.action: change_words(e.action, e.target, e.before, e.after) for e in entries}
    assert words["编排调整"] == "第1台 交换先后手"
    assert words["修改设置"] == "设置 pairing.same_unit first_k → always"


def test_a_players_status_changes_read_in_the_windows_words(
    demo_master: Callable[..., Path], tmp_path: Path
) -> None:
    """A round's absence is 请假 in the log as in the window, the card and the command line
    (it was 缺席 here alone); the stored JSON keeps the plain ids."""
    from app.domain import RoundStatus
    from app.services.audit import audit_log
    from app.services.players import set_status
    from app.services.tournament import open_tournament
    from tests.finals import demo_copy

    path = demo_copy(
        demo_master("hangzhou-go", players=20, seed=4, rounds=1), tmp_path / "g.finals"
    )
    db = open_tournament(path)
    try:
        set_status(db, "MEN", "3", "absent", 2)
        set_status(db, "MEN", "3", "present", 2)
        set_status(db, "MEN", "3", "withdrawn", 2)
        set_status(db, "MEN", "3", "playing")
        entries = [e for e in reversed(audit_log(db)) if e.action == "选手状态"][-4:]
    finally:
        db.close()
    words = [change_words(e.action, e.target, e.before, e.after) for e in entries]
    assert [w.split("；")[0] for w in words] == [
        "状态 参赛 → 请假",
        "状态 参赛 → 撤销请假",
        "状态 参赛 → 退赛",
        "状态 退赛 → 参赛",
    ]
    assert RoundStatus.ABSENT.zh == "请假"
    assert [(type(e.after["status"]), e.after["status"]) for e in entries if e.after] == [
        (str, "absent"),
        (str, "present"),
        (str, "withdrawn"),
        (str, "playing"),
    ]
