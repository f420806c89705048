"""The entry list (秩序册): the final's facts, the schedule, the officials, the rules in force,
and each event's entrants by unit.

Players are listed under their unit with their seed numbers (序号), units in pinyin order;
pairs and teams with their members.  The schedule (竞赛日程) is each event's `schedule`
(round → start, from the tournament setting `schedule`); without one it says the times are
announced at the venue.  The officials (裁判人员) are the tournament settings
`chief_arbiter`, `deputy_arbiters` and `arbiters`.  The rules in force (竞赛规则) are each
event's typed settings as the pairing lists and standings word them: the order of places
(名次排列) first, then scoring and pairing; events with the same rules share one entry.
"""

from __future__ import annotations

import re
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
from reports.settings_text import mcmahon_text, scoring_text, standings_settings_lines

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
    """竞赛日程: one row per start time, the rounds that start then (none set: a line
    saying so)."""
    slots = schedule_slots(events)
    if not slots:
        planned = "、".join(
            f"{e.name}共{e.rounds_planned}轮"
            for e in events
            if e.rounds_planned and (e.rounds or e.source_event() is None)
        )
        text = (planned + "。" if planned else "") + "各轮开赛时间以赛场公告为准。"
        return [heading("竞赛日程", 12), Spacer(1, 1.5 * mm), Prose(text, 9.5), Spacer(1, 5 * mm)]
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


# --------------------------------------------------------------------------- officials, rules


def officials_lines(view: DocView) -> list[str]:
    """裁判长, 副裁判长, 裁判员 as the tournament settings name them (unset: none)."""
    settings = view.settings
    lines = []
    if settings.chief_arbiter:
        lines.append(f"裁判长：{settings.chief_arbiter}")
    if settings.deputy_arbiters:
        lines.append("副裁判长：" + "、".join(settings.deputy_arbiters))
    if settings.arbiters:
        lines.append("裁判员：" + "、".join(settings.arbiters))
    return lines


def officials_block(view: DocView) -> list[Flowable]:
    lines = officials_lines(view)
    if not lines:
        return []
    names = [*view.settings.deputy_arbiters, *view.settings.arbiters]
    story: list[Flowable] = [heading("裁判人员", 12), Spacer(1, 1.5 * mm)]
    for line in lines:
        story += [Prose(line, 9.5, keep=names), Spacer(1, 1 * mm)]
    return [*story, Spacer(1, 4 * mm)]


def rules_lines(event: EventView) -> list[str]:
    """The rules an event is played and ranked by: the order of places first (积分, then the
    tie-breaks), then the rest of the standings rules, scoring, the pairing settings; a team
    event ranked by its members' results has neither pairing nor scoring of its own."""
    standings = standings_settings_lines(event)
    order = [line.replace("排名依据：", "名次排列：", 1) for line in standings[:1]]
    rest = [line for line in standings[1:] if not line.startswith("计分：")]
    if event.source_event() is not None and not event.rounds:
        return [*order, *rest]
    scoring = scoring_text(event.scoring_lines)
    pairing = list(event.settings.pairing.lines())
    if event.settings.is_mcmahon:
        pairing.insert(1, mcmahon_text(event.settings.mcmahon))
    return [*order, *rest, *([scoring] if scoring else []), *pairing]


def rules_block(events: list[EventView]) -> list[Flowable]:
    """竞赛规则: the rules in force, one entry for the events that share them."""
    groups: dict[tuple[str, ...], list[str]] = {}
    for event in events:
        groups.setdefault(tuple(rules_lines(event)), []).append(event.name)
    if not groups:
        return []
    story: list[Flowable] = [heading("竞赛规则", 12), Spacer(1, 1.5 * mm)]
    numerals = "一二三四五六七八九十"
    for index, (lines, names) in enumerate(groups.items()):
        mark = f"（{numerals[index]}）" if index < len(numerals) else f"（{index + 1}）"
        story += [heading(f"{mark}{'、'.join(names)}", 10), Spacer(1, 1 * mm)]
        # the order of places on a line of its own, the other rules as one paragraph
        story += [Prose(line, 9) for line in lines[:1]]
        if lines[1:]:
            rest = "；".join(lines[1:]) + "。"
            brackets = re.findall(r"（[^（）]{1,12}）", rest)  # （1对n/2+1） stays whole
            story += [Spacer(1, 0.8 * mm), Prose(rest, 9, keep=brackets)]
        story.append(Spacer(1, 3 * mm))
    return [*story, Spacer(1, 2 * mm)]


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
        story += officials_block(view)
        story += rules_block(events)
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
            story += officials_block(view)
            story += rules_block([ev])
        story.append(_event_table(ev, report.width))
        notes = ["单位按拼音排序；序号为编排序号（抽签号），对阵表、成绩表均用此号"]
        if any(e.status in STATUS_NAMES for e in ev.entrants.values()):
            notes.append("（退赛）为导出时的状态")
        story += notes_block(notes)
    report.build_story(story)
    return out
