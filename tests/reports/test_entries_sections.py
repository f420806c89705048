"""The 秩序册 has what a real one has (issue 39 §4): besides the events, organisers and
players, the schedule, the officials (裁判长, 副裁判长, 裁判员: tournament settings), the rules
in force and the order of places, from the read model."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from reports import build_report
from tests.reports.conftest import as_final, pdf_text

OFFICIALS = {
    "chief_arbiter": "王汝南",
    "deputy_arbiters": ["华以刚", "刘思明"],
    "arbiters": ["陈祖德", "聂卫平", "马晓春"],
}


def _with_officials(doc: dict[str, Any]) -> dict[str, Any]:
    doc["tournament"].setdefault("settings", {}).update(OFFICIALS)
    return doc


def test_the_booklet_lists_schedule_officials_rules_and_order_of_places(
    tmp_path: Path, go: dict[str, Any]
) -> None:
    text = pdf_text(build_report(as_final(_with_officials(go)), "entries", tmp_path / "e.pdf"))
    for section in ("竞赛项目", "竞赛日程", "裁判人员", "竞赛规则"):
        assert section in text, section
    assert "裁判长：王汝南" in text
    assert "副裁判长：华以刚、刘思明" in text
    assert "裁判员：陈祖德、聂卫平、马晓春" in text
    assert "名次排列：积分→对手分→累进分→直胜→胜局数" in text
    assert "计分：胜2分、和1分、负0分" in text
    assert "编排：积分编排" in text
    # a team event ranked by its members' results: its own order, no pairing of its own
    assert "名次排列：积分→队员对手分→队员累进分→最好名次" in text
    # the sections come before the players
    assert text.index("竞赛规则") < text.index("选手（序号姓名）")
    assert "各轮开赛时间以赛场公告为准" in text  # no timetable set


def test_a_set_schedule_is_printed_by_day(tmp_path: Path, gomoku: dict[str, Any]) -> None:
    for event in gomoku["events"]:
        if event["code"] == "OPEN":
            event["schedule"] = {"1": "2022-11-28 09:00", "2": "2022-11-28 14:00"}
    text = pdf_text(build_report(as_final(gomoku), "entries", tmp_path / "e.pdf"))
    assert "竞赛日程" in text and "11月28日" in text and "公开组第1轮" in text
    assert "以赛场公告为准" not in text
    assert "裁判人员" not in text  # none set: no empty section


def test_one_events_booklet_has_its_rules(tmp_path: Path, go: dict[str, Any]) -> None:
    out = build_report(as_final(_with_officials(go)), "entries", tmp_path / "e.pdf", event="MD")
    text = pdf_text(out)
    assert "裁判长：王汝南" in text and "竞赛规则" in text and "男子双人" in text
    assert "男子团体" not in text.split("竞赛规则", 1)[1]
