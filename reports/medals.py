"""The medal list (奖牌名单): who gets which medal, table by table, and how many of each to
order — beside the prize sheet, for the events whose regulation awards medals (Gomoku
§十五.2/3).  Composed from the read model (`app.readmodel.medals`); before the events' last
round it is refused, or printed marked 临时（第N轮后）, as the prize sheet is."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from openpyxl.styles import Font
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer

from app.domain import EventKind
from app.readmodel.medals import MedalLine, medal_lines
from app.readmodel.model import Final
from app.standings.medals import Medal
from reports.docview import DocView
from reports.errors import ReportError
from reports.excel import FONT_NAME, Book, provisional_banner
from reports.fonts import register_fonts
from reports.pdf_common import (
    HEAD_FILL,
    Column,
    Header,
    ReportDoc,
    SetEvents,
    SetHeader,
    TableSpec,
    escape,
    fit_words,
    heading,
    make_table,
    notes_block,
    para_style,
    scale_columns,
)
from reports.prizes import (
    member_signatures,
    no_prizes_yet,
    place_text,
    select_prizes,
    table_header,
    title_text,
    widen_for_titles,
    winner_text,
)
from reports.provisional import final_mark, page_marks

DOCUMENT = "奖牌名单"
NOTES = [
    "奖牌随录取名次颁发，与奖金发放表同一名单：名次空缺、未发奖金的名次不发奖牌",
    "并列名次各得所占名次的奖牌",
    "团体、双人每名队员各一枚",
]
MEDAL_COLUMNS = [
    Column("名次", 12),
    Column("奖项", 16),
    Column("奖牌", 12),
    Column("姓名 / 队名", 38, "left"),
    Column("单位", 46, "left"),
    Column("枚数", 12),
    Column("领取人签名", 50),
]


def select_medals(view: DocView, event: str | None, category: str | None) -> list[MedalLine]:
    """The medals of the final, narrowed to an event and/or a prize table or category (the
    prize sheet's choices); refused with the events that award medals when there are none."""
    final = view.final
    awarding = [ev for ev in final.events if ev.medal_tables]
    if not awarding:
        raise ReportError(
            "本比赛的规程没有颁发奖牌的项目（奖牌表来自规程预设，如五子棋团体、少儿组），"
            "没有奖牌名单。"
        )
    if event is not None and not (chosen := view.event(event)).event.medal_tables:
        names = "、".join(f"{ev.code}（{ev.name}）" for ev in awarding)
        raise ReportError(f"“{chosen.name}”不颁发奖牌。颁发奖牌的项目：{names}。")
    if not final.prizes:
        raise ReportError(no_prizes_yet(view))
    codes = {ev.code for ev in awarding}
    prizes = [p for p in select_prizes(view, event, category) if p.award.event in codes]
    lines = list(medal_lines(final, prizes))
    if not lines:
        raise ReportError("所选项目或组别没有奖牌（未颁发奖牌，或名次都空缺）。")
    return lines


def medals_mark(final: Final, event: str | None, category: str | None, provisional: bool) -> str:
    """ "" when the medals' events are finished; 临时（第N轮后） when not and `provisional`;
    else `NotFinal` (as the prize sheet)."""
    view = DocView(final)
    lines = select_medals(view, event, category)
    return final_mark(view, (m.prize.award.event for m in lines), DOCUMENT, provisional)


def group_by_table(lines: Sequence[MedalLine]) -> dict[str, list[MedalLine]]:
    groups: dict[str, list[MedalLine]] = {}
    for line in lines:
        groups.setdefault(line.prize.award.table_name, []).append(line)
    for rows in groups.values():
        rows.sort(key=lambda m: (m.prize.award.place, m.prize.name))
    return groups


def counts(lines: Sequence[MedalLine]) -> dict[Medal, int]:
    """How many of each medal (every kind, 0 when none)."""
    out = dict.fromkeys(Medal, 0)
    for line in lines:
        out[line.medal] += line.count
    return out


def summary_rows(groups: dict[str, list[MedalLine]]) -> list[list[str]]:
    """组别, 金牌, 银牌, 铜牌, 奖牌, 合计 per table, then 合计: the numbers to order."""
    rows = []
    every: list[MedalLine] = []
    for name, lines in groups.items():
        found = counts(lines)
        rows.append([name, *(str(found[m]) for m in Medal), str(sum(found.values()))])
        every += lines
    found = counts(every)
    rows.append(["合计", *(str(found[m]) for m in Medal), str(sum(found.values()))])
    return rows


def medal_rows(lines: Sequence[MedalLine]) -> list[list[str]]:
    return [
        [
            place_text(m.prize),
            title_text(m.prize),
            m.medal.zh,
            winner_text(m.prize),
            m.prize.unit or "",
            str(m.count),
            "",
        ]
        for m in lines
    ]


def _team_events(view: DocView) -> set[str]:
    return {ev.code for ev in view.events if ev.kind != EventKind.INDIVIDUAL}


def build_medals_pdf(
    final: Final,
    out: Path,
    *,
    event: str | None = None,
    category: str | None = None,
    printed_at: datetime | None = None,
    provisional: bool = False,
) -> Path:
    """One page (section) per prize table that awards medals, then the order summary."""
    register_fonts()
    view = DocView(final)
    lines = select_medals(view, event, category)
    mark = final_mark(view, (m.prize.award.event for m in lines), DOCUMENT, provisional)
    groups = group_by_table(lines)
    width = 186 * mm
    columns = scale_columns([Column(c.title, c.width * mm, c.align) for c in MEDAL_COLUMNS], width)
    widen_for_titles(columns, 1, [m.prize for m in lines], {4: 0.6, 6: 0.4})
    teams = _team_events(view)
    story: list[Flowable] = []
    first_header = None
    for table_name, rows in groups.items():
        header = table_header(view, DOCUMENT, table_name, f"奖牌{sum(m.count for m in rows)}枚")
        first_header = first_header or header
        if story:
            story.append(PageBreak())
        story += [
            SetHeader(header),
            SetEvents(tuple(dict.fromkeys(m.prize.award.event for m in rows))),
        ]
        body: list[list[Any]] = []
        for text_row, line in zip(medal_rows(rows), rows, strict=True):
            cells: list[Any] = list(text_row)
            cells[1] = fit_words(cells[1], columns[1].width, size=9, min_size=7.5, align="center")
            cells[3] = fit_words(cells[3], columns[3].width, size=9, min_size=7.5, max_lines=3)
            cells[4] = fit_words(cells[4], columns[4].width, size=9, min_size=7.5, max_lines=3)
            members = list(line.prize.members)
            if len(members) > 1 or (members and line.prize.award.event in teams):
                cells[6] = member_signatures(members, columns[6].width)
            body.append(cells)
        found = counts(rows)
        # the kinds counted, across 奖牌 to 单位 (a paragraph: laid out at the spanned width)
        each = Paragraph(escape(_count_text(found)), para_style(9, TA_CENTER))
        body.append(["小计", "", each, "", "", str(sum(found.values())), ""])
        spec = TableSpec(
            columns,
            font_size=9,
            extra_styles=[
                ("TOPPADDING", (0, 1), (-1, -1), 7),
                ("BOTTOMPADDING", (0, 1), (-1, -1), 7),
                ("BACKGROUND", (0, -1), (-1, -1), HEAD_FILL),
                ("SPAN", (2, -1), (4, -1)),
            ],
        )
        story.append(make_table(spec, body))
        story += notes_block(NOTES, title="说明")
        story += _signature_line()
    summary_header = Header(
        title=view.title,
        document="奖牌汇总（订购数量）",
        event="汇总",
        round_text=f"共{sum(m.count for m in lines)}枚",
        date_text=view.date_range(),
    )
    events = tuple(dict.fromkeys(m.prize.award.event for m in lines))
    story += [PageBreak(), SetHeader(summary_header), SetEvents(events)]
    spec = TableSpec(
        scale_columns(
            [
                Column("组别", 56 * mm, "left"),
                *(Column(m.zh, 26 * mm, "center") for m in Medal),
                Column("合计", 26 * mm, "center"),
            ],
            width,
        ),
        font_size=10,
        extra_styles=[
            ("TOPPADDING", (0, 1), (-1, -1), 5),
            ("BOTTOMPADDING", (0, 1), (-1, -1), 5),
            ("BACKGROUND", (0, -1), (-1, -1), HEAD_FILL),
        ],
    )
    story.append(make_table(spec, summary_rows(groups)))
    story += notes_block([*NOTES, "奖牌（第四名起）的种类规程未写明，由组委会定"], title="说明")
    story += _signature_line()
    assert first_header is not None
    report = ReportDoc(
        out,
        first_header,
        printed_at=printed_at,
        subject=DOCUMENT,
        mark=mark,
        mark_of=page_marks(view, mark),
    )
    report.title = f"{view.title} {DOCUMENT} {'、'.join(groups)}"
    if mark:
        report.title = f"{mark} {report.title}"
    report.build_story(story)
    return out


def _count_text(found: dict[Medal, int]) -> str:
    """金牌1、银牌1、铜牌1 (the kinds present)."""
    return "、".join(f"{m.zh}{n}" for m, n in found.items() if n)


def _signature_line() -> list[Flowable]:
    text = "制表：______________　　审核：______________　　裁判长：______________　　发放日期：______________"
    return [Spacer(1, 7 * mm), heading(text, 9.5)]


def medals_workbook(
    final: Final,
    out: Path,
    *,
    event: str | None = None,
    category: str | None = None,
    provisional: bool = False,
) -> Path:
    """A sheet per prize table that awards medals, then the order summary (汇总)."""
    view = DocView(final)
    lines = select_medals(view, event, category)
    mark = final_mark(view, (m.prize.award.event for m in lines), DOCUMENT, provisional)
    stamp = f"【{mark}】" if mark else ""
    marks = page_marks(view, mark)
    groups = group_by_table(lines)
    book = Book(view)
    titles = ["组别", *(c.title for c in MEDAL_COLUMNS)]
    bold = Font(name=FONT_NAME, bold=True, size=10)
    for name, rows in groups.items():
        body: list[list[str]] = [
            [name, *row[:-1], _members_text(line)]
            for row, line in zip(medal_rows(rows), rows, strict=True)
        ]
        found = counts(rows)
        body.append(["小计", "", "", _count_text(found), "", "", str(sum(found.values())), ""])
        own = marks(tuple(dict.fromkeys(m.prize.award.event for m in rows))) if marks else ""
        ws = book.sheet(
            name,
            f"{stamp}{DOCUMENT} {name}",
            titles,
            body,
            widths={"奖牌": 8},
            banner=provisional_banner(own, f"{DOCUMENT} {name}"),
        )
        for cell in ws[ws.max_row]:
            cell.font = bold
    ws = book.sheet(
        "汇总",
        f"{stamp}奖牌汇总（订购数量）",
        ["组别", *(m.zh for m in Medal), "合计"],
        summary_rows(groups),
        banner=provisional_banner(mark, "奖牌汇总（订购数量）"),
    )
    for cell in ws[ws.max_row]:
        cell.font = bold
    return book.save(out)


def _members_text(line: MedalLine) -> str:
    """The signature cell of a team's row: each member's name on a line to sign beside."""
    members = list(line.prize.members)
    return "\n".join(f"{m}：" for m in members) if len(members) > 1 else ""
