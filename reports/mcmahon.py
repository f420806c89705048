"""麦克马洪起始分 (issue 18): every player's McMahon start and group, printed before round 1,
with the bar and the floor in force.  PDF and Excel, one section per McMahon event.

Sorted by start (the top group first), then seed number, so a player finds his group and
every one of its members on one page.  A player whose grade cannot be read is listed last,
marked: pairing refuses to start until it is fixed.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak

from app.domain import EventKind
from app.readmodel.mcmahon import McMahonTable, mcmahon_table
from app.readmodel.model import Final
from app.text import terminal_safe
from reports.docview import DocView, EventView, fmt_points
from reports.errors import ReportError
from reports.excel import Book
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

TITLE = "麦克马洪起始分"
TITLES = ["顺序", "序号", "姓名", "单位", "段级位", "起始分", "组别"]


def mcmahon_events(view: DocView, event: str | None) -> list[EventView]:
    """The McMahon events (or the one named, which must be one)."""
    if event is not None:
        ev = view.event(event, kinds=("individual",))
        if not mcmahon_table(ev.event).is_mcmahon:
            raise ReportError(
                f"项目“{ev.name}”不是麦克马洪制，没有麦克马洪起始分。要改用麦克马洪制："
                f"finals settings 文件 --event {ev.code} --set pairing.system=mcmahon。",
                window=f"项目“{ev.name}”不是麦克马洪制，没有麦克马洪起始分。要改用麦克马洪制："
                "在“设置…”中把该项目的“编排制度”改为麦克马洪制。",
            )
        return [ev]
    found = [
        e
        for e in view.events
        if e.kind == EventKind.INDIVIDUAL and e.entrants and mcmahon_table(e.event).is_mcmahon
    ]
    if not found:
        raise ReportError(
            "赛事文件中没有麦克马洪制的项目。要改用麦克马洪制："
            "finals settings 文件 --event 项目 --set pairing.system=mcmahon。",
            window="赛事文件中没有麦克马洪制的项目。要改用麦克马洪制：在“设置…”中把项目的"
            "“编排制度”改为麦克马洪制。",
        )
    return found


def table_rows(found: McMahonTable) -> list[list[str]]:
    return [
        [
            str(number),
            str(line.seed),
            line.name,
            line.unit,
            line.grade or "（未填）",
            fmt_points(line.start) if line.start is not None else "—",
            line.group,
        ]
        for number, line in enumerate(found.lines, start=1)
    ]


def notes(found: McMahonTable) -> list[str]:
    lines = list(found.settings_lines(keys=False))  # no setting keys for players
    lines.append("分组：" + "，".join(f"{name} {count} 人" for name, count in found.groups()))
    if found.unreadable:
        names = "、".join(f"{p.seed}号{p.name}" for p in found.unreadable)
        lines.append(f"{names}的段位无法识别，编排前须改正（finals edit-player … --grade）")
    return lines


def build_mcmahon_pdf(
    final: Final, out: Path, *, event: str | None = None, printed_at: datetime | None = None
) -> Path:
    register_fonts()
    view = DocView(final)
    story: list[Flowable] = []
    first_header: Header | None = None
    for ev in mcmahon_events(view, event):
        found = mcmahon_table(ev.event)
        header = Header(
            title=view.title,
            document=f"{ev.name}　{TITLE}",
            event=f"项目：{ev.name}",
            round_text="第1轮前公布",
        )
        first_header = first_header or header
        if story:
            story.append(PageBreak())
        story.append(SetHeader(header))
        columns = [
            Column("顺序", 10 * mm),
            Column("序号", 11 * mm),
            Column("姓名", 34 * mm, "left"),
            Column("单位", 62 * mm, "left", wrap=True),
            Column("段级位", 18 * mm),
            Column("起始分", 16 * mm),
            Column("组别", 22 * mm),
        ]
        spec = TableSpec(scale_columns(columns, 186 * mm), font_size=9.5)
        story.append(make_table(spec, table_rows(found)))
        story += notes_block(notes(found))
    assert first_header is not None
    report = ReportDoc(out, first_header, printed_at=printed_at, subject=TITLE)
    report.build_story(story)
    return out


def mcmahon_workbook(final: Final, out: Path, *, event: str | None) -> Path:
    view = DocView(final)
    book = Book(view)
    for ev in mcmahon_events(view, event):
        found = mcmahon_table(ev.event)
        ws = book.sheet(
            f"{ev.name}{TITLE}",
            f"{ev.name} {TITLE}（第1轮前公布）",
            TITLES,
            [
                [
                    number,
                    line.seed,
                    line.name,
                    line.unit,
                    line.grade or "（未填）",
                    line.start if line.start is not None else "—",
                    line.group,
                ]
                for number, line in enumerate(found.lines, start=1)
            ],
            widths={"姓名": 14.0, "单位": 30.0, "组别": 12.0},
        )
        ws.append([])
        for line in notes(found):
            ws.append([terminal_safe(line)])
    return book.save(out)
