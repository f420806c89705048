"""The prize ceremony running order (颁奖顺序表), from the prizes in the export.

Prize tables in the regulation's order (as the export lists them); within a table the
lowest place comes up first and the champion last; tied winners come up together.  Each line says who comes up, for what, and the money.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Spacer

from app.readmodel.model import Final, PrizeLine
from app.standings.place_words import place_words
from reports.docview import DocView
from reports.errors import ReportError
from reports.pdf_common import (
    Column,
    Header,
    ReportDoc,
    SetEvents,
    TableSpec,
    heading,
    make_table,
    notes_block,
    scale_columns,
)
from reports.prizes import (
    amount_of,
    fen_of,
    fmt_amount,
    select_prizes,
    title_text,
    widen_for_titles,
    winner_text,
    yuan,
)
from reports.provisional import final_mark, page_marks


def ceremony_tables(view: DocView, prizes: list[PrizeLine]) -> list[tuple[str, list[PrizeLine]]]:
    """(table, its prizes lowest place first), the tables in the regulation's order.

    The export lists the prizes table by table as the regulation's prize clause does
    (Go: 男子个人, 女子个人, 少儿组, the teams, the pairs), so that order is kept.
    """
    groups: dict[str, list[PrizeLine]] = {}
    for prize in prizes:
        groups.setdefault(prize.award.table_name, []).append(prize)
    for rows in groups.values():
        rows.sort(key=lambda p: (-p.award.place, _seed(view, p)))
    return list(groups.items())


def _seed(view: DocView, prize: PrizeLine) -> int:
    event = view.event_by_code(prize.award.event)
    return event.entrant(prize.award.entrant).seed if event is not None else 0


def place_text(prize: PrizeLine) -> str:
    place = place_words(prize.award.place)
    return f"{place}（并列）" if prize.award.shared else place


def build_ceremony_pdf(
    final: Final,
    out: Path,
    *,
    event: str | None = None,
    category: str | None = None,
    printed_at: datetime | None = None,
    provisional: bool = False,
) -> Path:
    view = DocView(final)
    prizes = select_prizes(view, event, category)
    mark = final_mark(view, (p.award.event for p in prizes), "颁奖顺序表", provisional)
    header = Header(title=view.title, document="颁奖顺序表", date_text=view.date_range())
    report = ReportDoc(
        out,
        header,
        printed_at=printed_at,
        subject="颁奖顺序表",
        mark=mark,
        mark_of=page_marks(view, mark),
    )
    columns = [
        Column("顺序", 11 * mm),
        Column("名次", 22 * mm),
        Column("奖项", 20 * mm),
        Column("获奖者", 58 * mm, "left"),
        Column("单位", 52 * mm, "left"),
        Column("奖金（元）", 23 * mm, "right"),
    ]
    columns = scale_columns(columns, report.width)
    widen_for_titles(columns, 2, prizes, {3: 0.5, 4: 0.5})
    story: list[Flowable] = []
    step = 0
    total_fen = 0
    for number, (table, rows) in enumerate(ceremony_tables(view, prizes), start=1):
        body = []
        for prize in rows:
            step += 1
            total_fen += fen_of(prize)
            body.append(
                [
                    str(step),
                    place_text(prize),
                    title_text(prize),
                    ("※" if prize.ineligible else "") + winner_text(prize),
                    prize.unit or "",
                    fmt_amount(amount_of(prize)),
                ]
            )
        subtotal = sum(amount_of(p) for p in rows)
        places = sorted({p.award.place for p in rows})
        span = (
            f"{place_words(places[-1])}至{place_words(places[0])}，由低到高"
            if len(places) > 1
            else place_words(places[0])
        )
        intro = (
            f"{number}. {table}：{len(rows)}名获奖者（{span}），奖金合计 {fmt_amount(subtotal)} 元"
        )
        story.append(
            KeepTogether(
                [
                    SetEvents(tuple(dict.fromkeys(p.award.event for p in rows))),
                    heading(intro, 10.5),
                    Spacer(1, 1.5 * mm),
                    make_table(TableSpec(columns), body),
                ]
            )
        )
        story.append(Spacer(1, 4 * mm))
    notes = [
        "同一组别由名次低者先上台，冠军最后；并列者同时上台",
        f"共{step}人次上台领奖，奖金合计 {fmt_amount(yuan(total_fen))} 元，以奖金发放表为准",
    ]
    if any(p.ineligible for p in prizes):
        notes.append("※ 不符合参赛规定的队伍或组合，照常发奖，另行说明")
    story += notes_block(notes)
    if not story:
        raise ReportError("所选项目没有奖项。")
    report.build_story(story)
    return out
