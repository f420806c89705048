"""The Chinese audit log has no English words (issue 40 §4): a phone submission's status
and the phone-entry address setting are said in Chinese."""

from __future__ import annotations

from app.services.audit_words import change_words


def test_a_phone_submission_s_status_is_said_in_chinese() -> None:
    after = {"result": "1-0", "fouls": [0, 1], "client": "10.0.0.7", "submission": 4}
    pending = change_words("现场提交成绩", "OPEN 第2轮 第3台", None, {**after, "status": "pending"})
    taken = change_words("现场提交成绩", "OPEN 第2轮 第3台", None, {**after, "status": "accepted"})
    assert "状态 待审核" in pending and "pending" not in pending
    assert "状态 已采用" in taken and "accepted" not in taken
    same = change_words("现场提交成绩（重复）", "OPEN 第2轮 第3台", None, {**after, "same_as": 3})
    assert "same_as" not in same


def test_the_phone_entry_address_setting_is_named_in_chinese() -> None:
    said = change_words(
        "设置现场录入地址",
        "杯赛",
        {"remote_entry_url": None},
        {"remote_entry_url": "http://h:8765"},
    )
    assert "现场录入网址" in said and "remote_entry_url" not in said
