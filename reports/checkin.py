"""The check-in sheet (签到表): one section per event, a row per entrant with room to sign.

Sorted by unit (then seed number) or by the pinyin of the names (`order="pinyin"`).
Pairs and teams sign once per member.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak

from app.domain import EventKind
from app.pinyin import sort_key
from app.readmodel.model import Final, FinalEntrant
from reports.docview import DocView, EventView, seed_text
from reports.entries import NO_UNIT, STATUS_NAMES, entrant_count, entrant_seed, unit_key
from reports.errors import ReportError
from reports.fonts import register_fonts
from reports.pdf_common import (
    Column,
    Header,
    ReportDoc,
    SetHeader,
    TableSpec,
    make_table,
    notes_block,
    scale_columns,
)

ORDERS = {"unit": "按单位排序", "pinyin": "按姓名拼音排序"}
ROW_PADDING = 4.2  # points above and below: a row tall enough to sign in


def check_order(order: str) -> str:
    if order not in ORDERS:
        names = "、".join(f"{k}（{v}）" for k, v in ORDERS.items())
        raise ReportError(f"未知的签到表排序“{order}”。可选：{names}。")
    return order


def sorted_entrants(event: EventView, order: str) -> list[FinalEntrant]:
    entrants = list(event.entrants.values())
    if order == "pinyin":
        return sorted(entrants, key=lambda e: (sort_key(e.name), entrant_seed(e)))
    return sorted(entrants, key=lambda e: (unit_key(e.unit or NO_UNIT), entrant_seed(e)))


def checkin_rows(
    event: EventView, order: str
) -> tuple[list[Column], list[list[str]], list[tuple[Any, ...]]]:
    """Columns, rows and the cell spans: a team's or pair's cells span its members' rows."""
    rows: list[list[str]] = []
    spans: list[tuple[Any, ...]] = []
    individual = event.kind == EventKind.INDIVIDUAL
    for number, entrant in enumerate(sorted_entrants(event, order), start=1):
        note = STATUS_NAMES.get(entrant.status, "")
        members = list(entrant.members)
        name = entrant.name
        unit = entrant.unit or ""
        seed = seed_text(entrant)
        if individual:
            rows.append([str(number), seed, name, unit, "", note])
            continue
        members = members or [""]
        top = len(rows) + 1  # the table's row of the first member (row 0 is the head)
        for index, member in enumerate(members):
            first = index == 0
            rows.append(
                [
                    str(number) if first else "",
                    seed if first else "",
                    name if first else "",
                    member,
                    unit if first else "",
                    "",
                    note if first else "",
                ]
            )
        if len(members) > 1:
            bottom = top + len(members) - 1
            for column in (0, 1, 2, 4, 6):
                spans.append(("SPAN", (column, top), (column, bottom)))
    if individual:
        columns = [
            Column("顺序", 9 * mm),
            Column("序号", 10 * mm),
            Column("姓名", 42 * mm, "left"),
            Column("单位", 62 * mm, "left"),
            Column("签名", 42 * mm),
            Column("备注", 21 * mm),
        ]
    else:
        columns = [
            Column("顺序", 8 * mm),
            Column("序号", 9 * mm),
            Column("队名" if event.kind == EventKind.TEAM else "组合", 40 * mm, "left"),
            Column("队员", 24 * mm, "left"),
            Column("单位", 46 * mm, "left"),
            Column("签名", 40 * mm),
            Column("备注", 19 * mm),
        ]
    return columns, rows, spans


def build_checkin_pdf(
    final: Final,
    out: Path,
    *,
    event: str | None = None,
    order: str = "unit",
    printed_at: datetime | None = None,
) -> Path:
    """签到表 of every event (or the one named), sorted by unit or by pinyin."""
    check_order(order)
    register_fonts()
    view = DocView(final)
    events = [view.event(event)] if event is not None else view.events
    events = [e for e in events if e.entrants]
    if not events:
        raise ReportError("赛事文件中没有报名的选手。")
    story: list[Flowable] = []
    first_header: Header | None = None
    for ev in events:
        header = Header(
            title=view.title,
            document=f"{ev.name}　签到表",
            event=f"项目：{ev.name}",
            round_text=ORDERS[order],
            date_text="签到日期：　　　年　　月　　日",
        )
        first_header = first_header or header
        if story:
            story.append(PageBreak())
        story.append(SetHeader(header))
        columns, rows, spans = checkin_rows(ev, order)
        spec = TableSpec(
            scale_columns(columns, 186 * mm),
            font_size=9.5,
            extra_styles=[
                ("TOPPADDING", (0, 1), (-1, -1), ROW_PADDING),
                ("BOTTOMPADDING", (0, 1), (-1, -1), ROW_PADDING + 0.6),
                *spans,
            ],
        )
        story.append(make_table(spec, rows))
        count = entrant_count(ev)
        story += notes_block([f"共{count}，请本人签名", "序号为编排序号（抽签号）"])
    assert first_header is not None
    report = ReportDoc(out, first_header, printed_at=printed_at, subject="签到表")
    report.build_story(story)
    return out
