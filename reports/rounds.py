"""Helpers shared by the documents of one round: headers, result wording, game order."""

from __future__ import annotations

from datetime import date
from typing import Any

from app.domain import Result
from app.readmodel.model import FinalBoard, FinalGame, FinalRound
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


def sorted_games(rnd: FinalRound) -> list[FinalGame]:
    """Games by table number, the bye (no second player) last."""
    return sorted(rnd.games, key=lambda g: (g.second is None, g.table))


def scheduled_time(rnd: FinalRound | None) -> str:
    """The round's start in the timetable ("2022-10-28 09:00"), or "" when it has none."""
    return str(rnd.scheduled or "") if rnd else ""


def _paired_day(rnd: FinalRound | None) -> date | None:
    return rnd.date if rnd is not None else None


def round_date_text(doc: DocView, rnd: FinalRound | None) -> str:
    """Where and when: the venue, and the round's scheduled date and start time (tournament
    setting `schedule`, the regulation's timetable); a round without one: the day it was
    paired, else the day the export was made, if inside the final's dates.  The venue is
    on every list."""
    when = scheduled_time(rnd)
    day = _paired_day(rnd) or (doc.exported_at.date() if doc.exported_at else None)
    if when:
        text = f"时间：{when}"
    elif day and doc.within_final(day):
        text = f"日期：{day:%Y-%m-%d}"
    else:
        text = ""
    venue = doc.venue
    return "　".join(t for t in (f"地点：{venue}" if venue else "", text) if t)


def round_day_text(doc: DocView, rnd: FinalRound | None) -> str:
    """The round's date for a slip: its scheduled day and time, else the day it was paired."""
    when = scheduled_time(rnd)
    if when:
        return when
    day = _paired_day(rnd)
    return f"{day:%Y-%m-%d}" if day and doc.within_final(day) else ""


def round_header(doc: DocView, event: EventView, rnd: FinalRound, document: str) -> Header:
    extra = ""
    if doc.is_gomoku and rnd.opening:
        extra = f"指定开局：{rnd.opening}"
    elif not doc.is_gomoku and doc.komi:
        extra = f"贴目：{doc.komi}"
    return Header(
        title=doc.title,
        document=f"{event.name}　第{rnd.number}轮{document}",
        event=f"项目：{event.name}",
        round_text=f"第{rnd.number}轮（共{event.rounds_planned}轮）",
        date_text=round_date_text(doc, rnd),
        extra=extra,
    )


def points(value: Any) -> str:
    return fmt_points(value)


# A team match's two teams: the game's `first` team is 甲队 (Black on odd boards), `second` 乙队.
TEAM_SIDES = ("甲队", "乙队")
MIRRORED = {"1-0": "0-1", "0-1": "1-0", "+-": "-+", "-+": "+-"}


def board_sides(
    board: FinalBoard, black: str = "黑", white: str = "白"
) -> tuple[str, str, str | None]:
    """(甲队's player, 乙队's player, result 甲 : 乙) of one board (第M板), each name marked
    with its colour: 甲队 has Black (the first move) on odd boards, 乙队 on even boards."""
    result = board.result
    if board.board % 2:
        return f"{board.first}（{black}）", f"{board.second}（{white}）", result
    return (
        f"{board.second}（{white}）",
        f"{board.first}（{black}）",
        MIRRORED.get(result, result) if result else result,
    )
