"""The grade application list (等级申报表): who applies for which grade, by event."""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Spacer

from app.readmodel.model import Final
from app.standings.grades import GradeAward
from reports.docview import DocView, EventView
from reports.errors import ReportError
from reports.pdf_common import (
    Column,
    Header,
    ReportDoc,
    SetEvents,
    SetHeader,
    TableSpec,
    heading,
    make_table,
    notes_block,
    scale_columns,
)
from reports.provisional import final_mark, page_marks

GENDERS = {"M": "男", "F": "女"}
DOCUMENT = "等级申报表"

GRADE_COLUMNS = [
    Column("序号", 10),
    Column("名次", 10),
    Column("姓名", 24, "left"),
    Column("性别", 10),
    Column("出生年月", 18),
    Column("单位", 58, "left"),
    Column("申报等级", 22),
    Column("备注", 34, "left"),
]


def grade_sections(
    view: DocView,
    event: str | None,
    category: str | None,
    left_out: dict[str, list[str]] | None = None,
) -> dict[str, list[list[str]]]:
    """The rows of each section's form. A grade the player already holds or exceeds is left
    off (its "name（已有段位）" goes to `left_out` by section) unless the export marks it
    `on_form` (the event's setting standings.grades_include_held); then 备注 says so."""
    grades = list(view.grades)
    if not grades:
        raise ReportError(
            "没有等级申报记录：本比赛的规程未设等级表（可在预设中添加 grades），或尚无名次。"
        )
    if event is not None:
        code = view.event(event).code
        grades = [g for g in grades if g.award.event == code]
    if category is not None:
        grades = [g for g in grades if g.award.category == category]
    if not grades:
        raise ReportError("所选项目或组别没有等级申报记录。")
    events = {ev.code: ev for ev in view.events}
    shared = Counter((g.award.event, g.award.category, g.award.rank) for g in view.grades)
    sections: dict[str, list[list[str]]] = {}
    for grade in sorted(
        grades, key=lambda g: (g.award.event, g.award.category or "", g.award.rank)
    ):
        award = grade.award
        ev = events.get(award.event)
        title = _section_title(ev, award)
        entrant = ev.entrant(award.entrant) if ev else None
        birth = f"{entrant.birth_date:%Y-%m}" if entrant and entrant.birth_date else ""
        rows = sections.setdefault(title, [])
        name = grade.name or (entrant.name if entrant else "")
        if not grade.on_form:
            if left_out is not None:
                left_out.setdefault(title, []).append(f"{name}（已有{award.held}）")
            continue
        rows.append(
            [
                str(len(rows) + 1),
                str(award.rank),
                name,
                GENDERS.get(str(entrant.gender if entrant else None), ""),
                birth.replace("-", "年") + "月" if birth else "",
                grade.unit or (entrant.unit if entrant else None) or "",
                award.grade,
                "；".join(
                    note
                    for note in (
                        "并列" if shared[(award.event, award.category, award.rank)] > 1 else "",
                        f"已有{award.held}" if award.already_held else "",
                    )
                    if note
                ),
            ]
        )
    return sections


def grades_mark(view: DocView, event: str | None, category: str | None, provisional: bool) -> str:
    """ "" when the events of the form are finished; 临时（第N轮后） when not and
    `provisional`; else `NotFinal`: a grade is applied for by final places only."""
    grades = [
        g
        for g in view.grades
        if (event is None or g.award.event == view.event(event).code)
        and (category is None or g.award.category == category)
    ]
    codes = [g.award.event for g in grades] or ([view.event(event).code] if event else [])
    if not codes:
        codes = [ev.code for ev in view.events if ev.event.grade_tables]
    return final_mark(view, codes, DOCUMENT, provisional)


def section_events(view: DocView) -> dict[str, str]:
    """Each section's title → the event its grades are of."""
    events = {ev.code: ev for ev in view.events}
    return {_section_title(events.get(g.award.event), g.award): g.award.event for g in view.grades}


def _section_title(ev: EventView | None, award: GradeAward) -> str:
    title = ev.name if ev else award.event
    if award.category and ev:
        for cat in ev.categories:
            if cat.code == award.category:
                title += f"（{cat.name}）"
    return title


def ties_across_bands(view: DocView) -> dict[str, list[str]]:
    """By section: each shared place whose players, counted one by one, would reach into a
    worse band — and the rule applied (all of them get the band of the shared place)."""
    events = {ev.code: ev for ev in view.events}
    places = Counter((g.award.event, g.award.category, g.award.rank) for g in view.grades)
    notes: dict[str, list[str]] = {}
    seen: set[tuple[str, str | None, int]] = set()
    for line in view.grades:
        award = line.award
        key = (award.event, award.category, award.rank)
        count = places[key]
        ev = events.get(award.event)
        if count < 2 or key in seen or ev is None:
            continue
        seen.add(key)
        table = next((t for t in ev.event.grade_tables if t.category == award.category), None)
        last = award.rank + count - 1
        if table is None or table.grade_for(last) == award.grade:
            continue
        below = table.grade_for(last) or "无等级"
        notes.setdefault(_section_title(ev, award), []).append(
            f"第{award.rank}名{count}人并列，跨越等级段（第{last}名按名次段为{below}）："
            f"并列者均按并列名次第{award.rank}名申报{award.grade}"
        )
    return notes


def build_grades_pdf(
    final: Final,
    out: Path,
    *,
    event: str | None = None,
    category: str | None = None,
    printed_at: datetime | None = None,
    provisional: bool = False,
) -> Path:
    """One section per event (and category) with rank, person and the grade applied for.

    Before the events' last round is complete: refused (`NotFinal`), or with `provisional`
    every page marked with its event's 临时（第N轮后）."""
    view = DocView(final)
    mark = grades_mark(view, event, category, provisional)
    of_section = section_events(view)
    left_out: dict[str, list[str]] = {}
    sections = grade_sections(view, event, category, left_out)
    ties = ties_across_bands(view)
    for title in left_out:
        sections.setdefault(title, [])  # everyone of a section already holds their grade
    columns = scale_columns(
        [Column(c.title, c.width * mm, c.align) for c in GRADE_COLUMNS], 186 * mm
    )
    story: list[Flowable] = []
    first_header = None
    for title, rows in sections.items():
        header = Header(
            title=view.title,
            document=f"{DOCUMENT}　{title}",
            event=f"项目：{title}",
            round_text=f"申报{len(rows)}人",
            date_text=view.date_range(),
        )
        first_header = first_header or header
        if story:
            story.append(PageBreak())
        story.append(SetHeader(header))
        if title in of_section:
            story.append(SetEvents((of_section[title],)))
        story.append(make_table(TableSpec(columns, band_every=5), rows))
        notes = ["按总决赛名次申报，名次不顺延；名次并列者均按并列名次申报"]
        notes += ties.get(title, [])
        if left_out.get(title):
            notes.append(
                f"以下{len(left_out[title])}人已持有所申报等级或更高等级，未列入本表："
                f"{'、'.join(left_out[title])}"
            )
        story += notes_block(notes, title="说明")
        story += [
            Spacer(1, 8 * mm),
            heading(
                "裁判长签字：______________　　主办单位（盖章）：______________　　日期：______________",
                9.5,
            ),
        ]
    assert first_header is not None
    report = ReportDoc(
        out,
        first_header,
        printed_at=printed_at,
        subject=DOCUMENT,
        mark=mark,
        mark_of=page_marks(view, mark),
    )
    report.build_story(story)
    return out
