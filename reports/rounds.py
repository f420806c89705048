"""Helpers shared by the documents of one round: headers, result wording, game order."""

from __future__ import annotations

from typing import Any

from app.domain import Result
from reports.docview import DocView, EventView, fmt_points
from reports.pdf_common import Header


def result_text(result: str | None) -> str:
    """How a sheet prints a result: "1 : 0", "和", "+ : -", "未赛", "轮空" (the core's words)."""
    if result is None:
        return ""
    try:
        return Result(result).score_text
    except ValueError:
        return str(result)


def sorted_games(rnd: dict[str, Any]) -> list[dict[str, Any]]:
    """Games by table number, the bye (no second player) last."""
    return sorted(rnd.get("games") or [], key=lambda g: (g.get("second") is None, g["table"]))


def scheduled_time(rnd: dict[str, Any] | None) -> str:
    """The round's start in the timetable ("2022-10-28 09:00"), or "" when it has none."""
    return str(rnd.get("scheduled") or "") if rnd else ""


def _within_final(doc: DocView, day: str) -> bool:
    """A day inside the final's dates (a round paired on a test run in 2026 of a 2022 final
    is not the round's date); True when the final has no dates."""
    start, end = doc.tournament.get("start_date"), doc.tournament.get("end_date")
    return not (start and day < str(start)) and not (end and day > str(end))


def round_date_text(doc: DocView, rnd: dict[str, Any] | None) -> str:
    """Where and when: the venue, and the round's scheduled date and start time (tournament
    setting `schedule`, the regulation's timetable); a round without one: the day it was
    paired, else the day the export was made, if inside the final's dates.  The venue is
    on every list."""
    when = scheduled_time(rnd)
    day = (str(rnd.get("date") or "") if rnd else "") or (
        f"{doc.exported_at:%Y-%m-%d}" if doc.exported_at else "")
    if when:
        text = f"时间：{when}"
    elif day and _within_final(doc, day):
        text = f"日期：{day}"
    else:
        text = ""
    venue = doc.tournament.get("venue")
    return "　".join(t for t in (f"地点：{venue}" if venue else "", text) if t)


def round_day_text(doc: DocView, rnd: dict[str, Any] | None) -> str:
    """The round's date for a slip: its scheduled day and time, else the day it was paired."""
    when = scheduled_time(rnd)
    if when:
        return when
    day = str(rnd.get("date") or "") if rnd else ""
    return day if day and _within_final(doc, day) else ""


def round_header(doc: DocView, event: EventView, rnd: dict[str, Any], document: str) -> Header:
    extra = ""
    if doc.is_gomoku and rnd.get("opening"):
        extra = f"指定开局：{rnd['opening']}"
    elif not doc.is_gomoku and doc.komi:
        extra = f"贴目：{doc.komi}"
    status = "" if rnd.get("status") == "complete" else ""
    return Header(
        title=doc.title,
        document=f"{event.name}　第{rnd['number']}轮{document}{status}",
        event=f"项目：{event.name}",
        round_text=f"第{rnd['number']}轮（共{event.rounds_planned}轮）",
        date_text=round_date_text(doc, rnd),
        extra=extra,
    )


def points(value: Any) -> str:
    return fmt_points(value)


# A team match's two teams: the game's `first` team is 甲队 (Black on odd boards), `second` 乙队.
TEAM_SIDES = ("甲队", "乙队")
MIRRORED = {"1-0": "0-1", "0-1": "1-0", "+-": "-+", "-+": "+-"}


def board_sides(board: dict[str, Any], black: str = "黑", white: str = "白"
                ) -> tuple[str, str, str | None]:
    """(甲队's player, 乙队's player, result 甲 : 乙) of one board (第M板), each name marked
    with its colour: 甲队 has Black (the first move) on odd boards, 乙队 on even boards."""
    result = board.get("result")
    if int(board["board"]) % 2:
        return f"{board['first']}（{black}）", f"{board['second']}（{white}）", result
    return (f"{board['second']}（{white}）", f"{board['first']}（{black}）",
            MIRRORED.get(result, result) if result else result)
