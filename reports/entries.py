"""The entry list (秩序册): the final's facts, the schedule, and each event's entrants by unit.

Players are listed under their unit with their seed numbers (序号), units in pinyin order;
pairs and teams with their members.  The schedule (竞赛日程) is printed when the export carries
one (each event's `schedule`: round → start, from the tournament setting `schedule`).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, PageBreak, Spacer

from app.domain import EntrantStatus, EventKind
from app.pinyin import name_key
from app.readmodel.model import Final, FinalEntrant
from reports.docview import (
    KIND_NAMES,
    DocView,
    EventView,
    members_text,
    named_after,
    parse_date,
    seed_text,
)
from reports.pdf_common import (
    Column,
    Header,
    Prose,
    ReportDoc,
    SetHeader,
    TableSpec,
    heading,
    make_table,
    notes_block,
    scale_columns,
)

NO_UNIT = "（无单位）"
STATUS_NAMES: dict[EntrantStatus, str] = {EntrantStatus.WITHDRAWN: EntrantStatus.WITHDRAWN.zh}
"""The mark after a name that no longer plays: （退赛）."""


def unit_key(unit: str) -> tuple[int, tuple[list[str], str]]:
    """Units in pinyin order; the entrants without a unit last."""
    return (1 if unit == NO_UNIT else 0, name_key(unit))


def entrant_seed(entrant: FinalEntrant) -> int:
    return entrant.seed or 0


def seeded_name(entrant: FinalEntrant) -> str:
    """ "12 张三", with （退赛） when the entrant no longer plays."""
    text = f"{seed_text(entrant)} {entrant.name}".strip()
    status = STATUS_NAMES.get(entrant.status)
    return f"{text}（{status}）" if status else text


def by_unit(event: EventView) -> dict[str, list[FinalEntrant]]:
    groups: dict[str, list[FinalEntrant]] = {}
    for entrant in event.entrants.values():
        groups.setdefault(entrant.unit or NO_UNIT, []).append(entrant)
    for rows in groups.values():
        rows.sort(key=entrant_seed)
    return {unit: groups[unit] for unit in sorted(groups, key=unit_key)}


# --------------------------------------------------------------------------- schedule


WEEKDAYS = "一二三四五六日"


def schedule_slots(events: list[EventView]) -> dict[str, list[str]]:
    """ "YYYY-MM-DD HH:MM" → the rounds that start then ("男子个人第1轮"), in time order.

    Each event's `schedule` maps a round number to its start (tournament setting
    `schedule`); the rounds of the export that have a `scheduled` start count too.
    """
    starts: dict[str, list[str]] = {}
    for event in events:
        timetable: dict[int, str] = {}
        for number, at in event.event.schedule.items():
            if at:
                timetable[int(number)] = str(at)
        for rnd in event.rounds:
            if rnd.scheduled:
                timetable.setdefault(rnd.number, str(rnd.scheduled))
        for number in sorted(timetable):
            starts.setdefault(timetable[number][:16], []).append(f"{event.name}第{number}轮")
    return {at: starts[at] for at in sorted(starts)}


def _day_text(text: str) -> str:
    day = parse_date(text)
    return f"{day:%m月%d日}（周{WEEKDAYS[day.weekday()]}）" if day else text


def schedule_block(events: list[EventView], width: float) -> list[Flowable]:
    """竞赛日程: one row per start time, the rounds that start then (none: nothing)."""
    slots = schedule_slots(events)
    if not slots:
        return []
    columns = [Column("日期", 32 * mm), Column("时间", 18 * mm), Column("比赛", 136 * mm, "left")]
    rows: list[list[Any]] = []
    previous = ""
    for at, rounds in slots.items():
        day, _, time = at.partition(" ")
        rows.append(
            [
                _day_text(day) if day != previous else "",
                time,
                Prose("、".join(rounds), 9),
            ]
        )
        previous = day
    table = make_table(TableSpec(scale_columns(columns, width)), rows)
    return [heading("竞赛日程", 12), Spacer(1, 2 * mm), table, Spacer(1, 5 * mm)]


# --------------------------------------------------------------------------- the document


def facts_lines(view: DocView) -> list[str]:
    t = view.tournament
    lines = []
    organisers = "、".join(str(o) for o in t.organisers)
    if organisers:
        lines.append(f"主办单位：{organisers}")
    if t.venue:
        lines.append(f"比赛地点：{t.venue}")
    if view.date_range():
        lines.append(f"比赛日期：{view.date_range()}")
    if not view.is_gomoku and view.komi:
        lines.append(f"贴目：{view.komi}")
    return lines


def entrant_count(event: EventView) -> str:
    """ "150人", "12对", "8队"."""
    unit = {"individual": "人", "pair": "对", "team": "队"}.get(event.kind, "个")
    return f"{len(event.entrants)}{unit}"


def event_summary(event: EventView) -> str:
    text = f"{event.name}（{KIND_NAMES.get(event.kind, event.kind)}）：{entrant_count(event)}"
    if event.kind != EventKind.TEAM or event.rounds:
        text += f"，共{event.rounds_planned}轮"
    source = event.source_event()
    if source is not None and not event.rounds:
        text += f"，按“{source.name}”队员个人成绩计算"
    return text


def _event_table(event: EventView, width: float) -> Flowable:
    groups = by_unit(event)
    if event.kind == EventKind.INDIVIDUAL:
        columns = [
            Column("单位", 62 * mm, "left"),
            Column("人数", 11 * mm),
            Column("选手（序号 姓名）", 113 * mm, "left"),
        ]
        rows: list[list[Any]] = [
            [
                unit,
                str(len(people)),
                Prose(
                    "、".join(seeded_name(p) for p in people),
                    9,
                    keep=[seeded_name(p) for p in people],
                ),
            ]
            for unit, people in groups.items()
        ]
    else:
        pairs = event.kind != EventKind.TEAM
        columns = [Column("单位", 52 * mm, "left"), Column("序号", 10 * mm)]
        if pairs:  # a pair's name is its two players
            columns.append(Column("组合", 124 * mm, "left"))
        else:
            columns += [Column("队名", 52 * mm, "left"), Column("队员", 72 * mm, "left")]
        rows = []
        for unit, entrants in groups.items():
            for entrant in entrants:
                name = seeded_name(entrant).split(" ", 1)[-1]
                members = list(entrant.members)
                row = [unit, seed_text(entrant)]  # every pair and team with its unit
                if pairs:
                    plain = not members or named_after(entrant.name, members)
                    row.append(name if plain else f"{name}（{members_text(entrant)}）")
                else:
                    row += [name, members_text(entrant)]
                rows.append(row)
    return make_table(TableSpec(scale_columns(columns, width), band_every=0), rows)


def build_entries_pdf(
    final: Final,
    out: Path,
    *,
    event: str | None = None,
    printed_at: datetime | None = None,
) -> Path:
    """The 秩序册 of the whole final, or of one event."""
    view = DocView(final)
    events = [view.event(event)] if event is not None else view.events
    header = Header(title=view.title, document="秩序册", date_text=view.date_range())
    report = ReportDoc(out, header, printed_at=printed_at, subject="秩序册")
    story: list[Flowable] = []
    if event is None:
        facts = facts_lines(view)
        story += [heading("竞赛项目", 12), Spacer(1, 1.5 * mm)]
        story += [heading(f"{i}. {event_summary(e)}", 9.5) for i, e in enumerate(events, 1)]
        for line in facts:
            story += [Spacer(1, 1 * mm), heading(line, 9.5)]
        story.append(Spacer(1, 5 * mm))
        story += schedule_block(events, report.width)
    for ev in events:
        if story:
            story.append(PageBreak())
        story.append(
            SetHeader(
                Header(
                    title=view.title,
                    document=f"秩序册　{ev.name}",
                    event=f"项目：{ev.name}",
                    date_text=view.date_range(),
                )
            )
        )
        story.append(KeepTogether([heading(event_summary(ev), 11), Spacer(1, 2 * mm)]))
        if event is not None:
            story += schedule_block([ev], report.width)
        story.append(_event_table(ev, report.width))
        notes = ["单位按拼音排序；序号为编排序号（抽签号），对阵表、成绩表均用此号"]
        if any(e.status in STATUS_NAMES for e in ev.entrants.values()):
            notes.append("（退赛）为导出时的状态")
        story += notes_block(notes)
    report.build_story(story)
    return out
