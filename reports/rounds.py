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


def round_date_text(doc: DocView, rnd: dict[str, Any] | None) -> str:
    """The round's date if the export has one, else the day the export was made."""
    if rnd and rnd.get("date"):
        return f"日期：{rnd['date']}"
    exported = doc.exported_at
    if exported:
        return f"日期：{exported:%Y-%m-%d}"
    return ""


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
