"""The prize sheet (奖金发放表): one section per prize table, a summary page, signatures."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, PageBreak, Spacer, Table, TableStyle

from app.domain import EventKind
from app.readmodel.model import Final, PrizeLine
from app.standings.place_words import place_words, places_words
from reports.chinese_numerals import amount_in_capitals, places_in_chinese
from reports.docview import DocView, named_after
from reports.errors import ReportError
from reports.fonts import TABLE_FONT, register_fonts
from reports.pdf_common import (
    CELL_PAD,
    GRID,
    HEAD_FILL,
    Column,
    Header,
    ReportDoc,
    SetEvents,
    SetHeader,
    TableSpec,
    fit_words,
    heading,
    make_table,
    notes_block,
    scale_columns,
)
from reports.provisional import final_mark, page_marks


def fmt_amount(amount: Any) -> str:
    """30000 → "30,000", 1500.5 → "1,500.50"."""
    value = Decimal(str(amount or 0))
    if value == value.to_integral_value():
        return f"{int(value):,}"
    return f"{value:,.2f}"


def fen_of(prize: PrizeLine) -> int:
    """A prize's money in whole fen."""
    return prize.award.amount_fen


def yuan(fen: int) -> Decimal:
    """Whole fen as exact yuan: 62220 → 622.20."""
    return Decimal(fen).scaleb(-2)


def amount_of(prize: PrizeLine) -> Decimal:
    return yuan(fen_of(prize))


def shared_notes(prizes: Sequence[PrizeLine]) -> list[str]:
    """One line per shared place: what was pooled, by how many, each share, what is left."""
    groups: dict[tuple[str, int], list[PrizeLine]] = {}
    for prize in prizes:
        if prize.award.shared and prize.award.pool_places:
            groups.setdefault((prize.award.table_name, prize.award.place), []).append(prize)
    lines = []
    for (_, place), rows in groups.items():
        first = rows[0].award
        assert first.pool_places is not None
        low, high = first.pool_places
        places = places_words(low, high)
        shares = sorted({fen_of(p) for p in rows})
        each = "、".join(f"{fmt_amount(yuan(f))}元" for f in reversed(shares))
        text = (
            f"{place_words(place)}{first.tied or len(rows)}人并列，平分{places}奖金共"
            f"{fmt_amount(yuan(first.pool_fen))}元，每人{each}"
        )
        if len(shares) > 1:
            text += "（余额按名单顺序多发）"
        unpaid = first.unpaid_fen
        if unpaid:
            text += f"，余{fmt_amount(yuan(unpaid))}元不发放"
        lines.append(text)
    return lines


def rule_line(view: DocView) -> list[str]:
    """The rule for shared places in force, in the words of the prize rules."""
    text = view.final.prize_rules.text.rstrip("。")
    return [text] if text else []


def no_prizes_yet(view: DocView) -> str:
    """Why there is no prize to print: no round complete yet, or no prize table."""
    if all(not ev.event.standings.after_round for ev in view.events):
        return "开赛前：尚无名次，没有奖项可印（第1轮全部赛完后才有名次）。未生成文件。"
    return (
        "赛事文件中没有奖项：各项目没有奖金表，或没有人进入获奖名次"
        "（奖金表见 finals prize-table）。未生成文件。"
    )


def table_header(view: DocView, document: str, table_name: str, round_text: str) -> Header:
    """The page header of one prize table's pages (the prize sheet's, the medal list's)."""
    return Header(
        title=view.title,
        document=f"{document}　{table_name}",
        event=f"组别：{table_name}",
        round_text=round_text,
        date_text=view.date_range(),
    )


def select_prizes(view: DocView, event: str | None, category: str | None) -> list[PrizeLine]:
    """The prizes of the final, narrowed to an event and/or a prize table or category."""
    prizes = list(view.prizes)
    if not prizes:
        raise ReportError(no_prizes_yet(view))
    if event is not None:
        ev = view.event(event)
        prizes = [p for p in prizes if p.award.event == ev.code]
    if category is not None:
        prizes = [p for p in prizes if category in (p.award.table_name, p.award.category)]
        if not prizes:
            tables = "、".join(dict.fromkeys(p.award.table_name for p in view.prizes))
            raise ReportError(f"没有组别“{category}”的奖项。可选：{tables}。")
    if not prizes:
        raise ReportError("所选项目没有奖项。")
    return prizes


def group_by_table(prizes: Sequence[PrizeLine]) -> dict[str, list[PrizeLine]]:
    groups: dict[str, list[PrizeLine]] = {}
    for prize in prizes:
        groups.setdefault(prize.award.table_name, []).append(prize)
    for rows in groups.values():
        rows.sort(key=lambda p: (p.award.place, p.name))
    return groups


def winner_text(prize: PrizeLine) -> str:
    """A team's name with its members; a pair named after its members ("金明轩/夏洋") once."""
    members = list(prize.members)
    name = prize.name
    if members and not named_after(name, members):
        return f"{name}（{'、'.join(members)}）"
    return name


def place_text(prize: PrizeLine) -> str:
    place = str(prize.award.place)
    return f"{place}（并列）" if prize.award.shared else place


def prize_rows(prizes: Sequence[PrizeLine]) -> list[list[str]]:
    return [
        [
            place_text(p),
            title_text(p),
            eligibility_mark(p) + winner_text(p),
            p.unit or "",
            fmt_amount(amount_of(p)),
            amount_in_capitals(amount_of(p)),
            "",
        ]
        for p in prizes
    ]


def total(prizes: Sequence[PrizeLine]) -> Decimal:
    """The exact sum of the rows, in yuan (added up in fen)."""
    return yuan(sum(fen_of(p) for p in prizes))


PRIZE_COLUMNS = [
    Column("名次", 11),
    Column("奖项", 14),
    Column("姓名 / 队名", 32, "left"),
    Column("单位", 38, "left"),
    Column("金额（元，含税）", 20, "right"),
    Column("金额大写", 36, "left"),
    Column("领奖人签名", 35),
]


def prize_columns(prizes: Sequence[PrizeLine], width: float) -> list[Column]:
    """The prize table's columns: 奖项 as wide as its longest title at 9 pt (「第九至三十二名」
    on one line) and 名次 as its widest place (a tie's 「14（并列）」), taken from 单位 and
    金额大写."""
    register_fonts()
    columns = scale_columns([Column(c.title, c.width * mm, c.align) for c in PRIZE_COLUMNS], width)
    widen_for_titles(columns, 1, prizes, {3: 0.6, 5: 0.4})
    widen_to_fit(columns, 0, (place_text(p) for p in prizes), {3: 0.6, 5: 0.4})  # 14（并列）
    return columns


def title_text(prize: PrizeLine) -> str:
    """The prize's title as printed: its place phrases in Chinese numerals (第九至十六名), as
    every other place of the document."""
    return places_in_chinese(prize.award.title)


def widen_for_titles(
    columns: list[Column], index: int, prizes: Sequence[PrizeLine], takers: dict[int, float]
) -> None:
    """Widen the 奖项 column `index` so that each title's band (第九至三十二名) and a tie's
    parenthesis (（并列第二十六名）) each fit one line at 9 pt, taking the width from the
    columns `takers` (index → share)."""
    parts = (
        part for p in prizes for part in title_text(p).replace("（", "\n（").split("\n") if part
    )
    widen_to_fit(columns, index, parts, takers)


def widen_to_fit(
    columns: list[Column], index: int, texts: Iterable[str], takers: dict[int, float]
) -> None:
    """Widen the column `index` so that each of `texts` fits one line at 9 pt, taking the
    width from the columns `takers` (index → share)."""
    register_fonts()
    longest = max((stringWidth(text, TABLE_FONT, 9) for text in texts), default=0.0)
    extra = longest + 2 * CELL_PAD + 1 - columns[index].width
    if extra > 0:
        columns[index].width += extra
        for taker, share in takers.items():
            columns[taker].width -= extra * share


def prize_cells(
    prizes: Sequence[PrizeLine], columns: list[Column], team_events: set[str] | frozenset[str]
) -> list[list[Any]]:
    """The PDF rows: names wrap between whole words at a readable size (never below 7.5 pt),
    and a team's (or a pair's) members each sign in a cell of their own."""
    rows: list[list[Any]] = []
    for text_row, prize in zip(prize_rows(prizes), prizes, strict=True):
        cells: list[Any] = list(text_row)
        cells[0] = fit_words(cells[0], columns[0].width, size=9, min_size=7.5, align="center")
        cells[1] = fit_words(cells[1], columns[1].width, size=9, min_size=7.5, align="center")
        cells[2] = fit_words(cells[2], columns[2].width, size=9, min_size=7.5, max_lines=3)
        cells[3] = fit_words(cells[3], columns[3].width, size=9, min_size=7.5, max_lines=3)
        cells[5] = fit_words(cells[5], columns[5].width, size=9, min_size=7.5, max_lines=2)
        members = list(prize.members)
        if len(members) > 1 or (members and prize.award.event in team_events):
            cells[6] = member_signatures(members, columns[6].width)
        rows.append(cells)
    return rows


def member_signatures(members: list[str], width: float) -> Table:
    """One signature cell per team member, each labelled with the member's name."""
    inner = width - 2 * CELL_PAD
    label = min(inner * 0.45, max(stringWidth(m, TABLE_FONT, 8) for m in members) + 4)
    table = Table(
        [[m, ""] for m in members], colWidths=[label, inner - label], rowHeights=[24] * len(members)
    )
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), TABLE_FONT, 8, 9.6),
                ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                ("LEFTPADDING", (0, 0), (-1, -1), 1),
                ("RIGHTPADDING", (0, 0), (-1, -1), 1),
                ("LINEBELOW", (0, 0), (-1, -2), 0.3, GRID),
            ]
        )
    )
    return table


def winners_word(view: DocView, rows: Sequence[PrizeLine]) -> str:
    """What a prize table's winners are counted in: 人, 对 (pairs) or 队 (teams)."""
    kinds = {ev.kind for p in rows if (ev := view.event_by_code(p.award.event)) is not None}
    if kinds == {"pair"}:
        return "对"
    if kinds == {"team"}:
        return "队"
    return "人" if kinds <= {"individual"} else "人（队）"


def signature_line() -> list[Flowable]:
    text = "制表：______________　　审核：______________　　裁判长：______________　　发放日期：______________"
    return [Spacer(1, 7 * mm), heading(text, 9.5)]


def build_prizes_pdf(
    final: Final,
    out: Path,
    *,
    event: str | None = None,
    category: str | None = None,
    printed_at: datetime | None = None,
    provisional: bool = False,
) -> Path:
    """One page (section) per prize table with a subtotal, then the summary page.

    Before the events' last round is complete: refused (`NotFinal`), or with `provisional`
    every page marked 临时（第N轮后）."""
    view = DocView(final)
    prizes = select_prizes(view, event, category)
    mark = final_mark(view, (p.award.event for p in prizes), "奖金发放表", provisional)
    groups = group_by_table(prizes)
    story: list[Flowable] = []
    width = 186 * mm
    columns = prize_columns(prizes, width)
    team_events = {ev.code for ev in view.events if ev.kind == EventKind.TEAM}
    first_header = None
    for table_name, rows in groups.items():
        header = table_header(
            view, "奖金发放表", table_name, f"获奖{len(rows)}{winners_word(view, rows)}"
        )
        first_header = first_header or header
        if story:
            story.append(PageBreak())
        story += [SetHeader(header), SetEvents(tuple(dict.fromkeys(p.award.event for p in rows)))]
        body = prize_cells(rows, columns, team_events)
        subtotal = total(rows)
        body.append(["小计", "", "", "", fmt_amount(subtotal), amount_in_capitals(subtotal), ""])
        spec = TableSpec(
            columns,
            font_size=9,
            extra_styles=[
                ("TOPPADDING", (0, 1), (-1, -1), 7),
                ("BOTTOMPADDING", (0, 1), (-1, -1), 7),
                ("BACKGROUND", (0, -1), (-1, -1), HEAD_FILL),
                ("SPAN", (0, -1), (3, -1)),
                ("ALIGN", (0, -1), (3, -1), "CENTER"),
            ],
        )
        story.append(make_table(spec, body))
        story += eligibility_notes(rows)
        story += notes_block(
            shared_notes(rows) + view.vacancy_lines(table_name) + rule_line(view), title="说明"
        )
        story += signature_line()
    summary_header = Header(
        title=view.title,
        document="奖金发放汇总表",
        event="汇总",
        round_text=f"共{len(prizes)}项奖金",
        date_text=view.date_range(),
    )
    events = tuple(dict.fromkeys(p.award.event for p in prizes))
    story += [PageBreak(), SetHeader(summary_header), SetEvents(events)]
    summary = [
        [name, str(len(rows)), fmt_amount(total(rows)), amount_in_capitals(total(rows))]
        for name, rows in groups.items()
    ]
    grand = total(prizes)
    summary.append(["合计", str(len(prizes)), fmt_amount(grand), amount_in_capitals(grand)])
    spec = TableSpec(
        scale_columns(
            [
                Column("组别", 50 * mm, "left"),
                Column("获奖人数（队数）", 30 * mm),
                Column("金额（元，含税）", 35 * mm, "right"),
                Column("金额大写", 71 * mm, "left"),
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
    story.append(make_table(spec, summary))
    repeated = repeat_winners(prizes)
    if repeated:
        story += [
            Spacer(1, 6 * mm),
            heading("同时获得多项奖金者（奖金累计发放）", 10.5),
            Spacer(1, 2 * mm),
        ]
        spec = TableSpec(
            scale_columns(
                [
                    Column("姓名", 25 * mm, "left"),
                    Column("单位", 45 * mm, "left"),
                    Column("奖项", 66 * mm, "left"),
                    Column("累计金额（元）", 25 * mm, "right"),
                    Column("金额大写", 40 * mm, "left"),
                ],
                width,
            ),
        )
        story.append(make_table(spec, repeated))
    story += eligibility_notes(prizes, [p for p in view.withheld_prizes if p.award.event in events])
    story += notes_block(
        [
            "所有奖金均为含税金额",
            "名次空缺的奖项不发放",
            *(line for name in groups for line in view.vacancy_lines(name)),
            *rule_line(view),
        ],
        title="说明",
    )
    story += signature_line()
    assert first_header is not None
    report = ReportDoc(
        out,
        first_header,
        printed_at=printed_at,
        subject="奖金发放表",
        mark=mark,
        mark_of=page_marks(view, mark),
    )
    report.title = f"{view.title} {prizes_title(groups, event, category)}"
    if mark:
        report.title = f"{mark} {report.title}"
    report.build_story(story)
    return out


def prizes_title(
    groups: dict[str, list[PrizeLine]], event: str | None, category: str | None
) -> str:
    """What the document holds, for its PDF title: all events, or the tables printed."""
    if event is None and category is None:
        return f"奖金发放表 全部项目（{'、'.join(groups)}）及汇总"
    return f"奖金发放表 {'、'.join(groups)}"


def paid_more_than_once(prizes: Sequence[PrizeLine]) -> list[list[PrizeLine]]:
    """The prizes of each player paid more than once, in one event (an open and a women's
    prize) or in several individual events: the same name and unit.  A team's or a pair's
    prize goes to the team or pair and is not counted here."""
    by_person: dict[tuple[str, str], list[PrizeLine]] = {}
    for prize in prizes:
        if len(prize.members) > 1:
            continue
        by_person.setdefault((prize.name, prize.unit or ""), []).append(prize)
    return [items for items in by_person.values() if len(items) > 1]


def repeat_winners(prizes: Sequence[PrizeLine]) -> list[list[str]]:
    """People holding more than one prize (`paid_more_than_once`), with their total."""
    rows = []
    for items in paid_more_than_once(prizes):
        amount = total(items)
        rows.append(
            [
                items[0].name,
                items[0].unit or "",
                "；".join(
                    f"{p.award.table_name}{title_text(p)}（{fmt_amount(amount_of(p))}元）"
                    for p in items
                ),
                fmt_amount(amount),
                amount_in_capitals(amount),
            ]
        )
    return rows


# -- teams (issue 13): a team that fails its rules, or was composed late by force ------------


def eligibility_mark(prize: PrizeLine) -> str:
    """※ before a team (or pair) that does not meet its event's rules now; † before a team
    composed by force after its source event's round 1."""
    return ("※" if prize.ineligible else "") + ("†" if prize.late else "")


def eligibility_note_lines(
    prizes: Sequence[PrizeLine], withheld: Sequence[PrizeLine] | None = None
) -> list[str]:
    """The footnote lines for every ※ and † of these rows, and the prizes withheld (the PDF
    and the workbook print the same words)."""
    lines = []
    for p in prizes:
        where = f"{p.name}（{p.award.table_name}第{p.award.place}名）"
        if p.ineligible:
            lines.append(
                f"※ {where}不符合参赛条件：{'；'.join(p.eligibility_problems)}。仍计名次，奖金照发"
            )
        late = p.late
        if late:
            lines.append(
                f"† {where}第{late.after_round}轮编排后强制组队（{late.operator}，{late.time}）"
            )
    for p in withheld or []:
        why = (
            f"不符合参赛条件：{'；'.join(p.eligibility_problems)}"
            if p.ineligible or p.late is None
            else f"第{p.late.after_round}轮编排后强制组队"
        )
        lines.append(
            f"未发：{p.name}（{p.award.table_name}第{p.award.place}名）"
            f"{fmt_amount(amount_of(p))}元，{why}，该名次空缺"
        )
    return lines


def eligibility_notes(
    prizes: Sequence[PrizeLine], withheld: Sequence[PrizeLine] | None = None
) -> list[Flowable]:
    """The footnote under a table for every ※ and † of its rows, and the prizes withheld."""
    lines = eligibility_note_lines(prizes, withheld)
    if not lines:
        return []
    return [Spacer(1, 2.5 * mm), *(heading(line, 8) for line in lines)]
