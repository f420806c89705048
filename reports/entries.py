"""The entry list (秩序册): the final's facts, the schedule, and each event's entrants by unit.

Players are listed under their unit with their seed numbers (序号), units in pinyin order;
pairs and teams with their members.  A round schedule is printed when the export carries
one (`schedule`, at the top or under `tournament`, or per event).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, PageBreak, Paragraph, Spacer

from reports.docview import KIND_NAMES, DocView, EventView, members_text
from reports.pdf_common import (
    Column,
    Header,
    ReportDoc,
    SetHeader,
    TableSpec,
    escape,
    heading,
    make_table,
    notes_block,
    para_style,
    scale_columns,
)
from reports.pinyin import name_key

NO_UNIT = "（无单位）"
STATUS_NAMES = {"absent": "缺席", "withdrawn": "退赛"}


def unit_key(unit: str) -> tuple[int, tuple[list[str], str]]:
    """Units in pinyin order; the entrants without a unit last."""
    return (1 if unit == NO_UNIT else 0, name_key(unit))


def entrant_seed(entrant: dict[str, Any]) -> int:
    try:
        return int(entrant.get("seed") or 0)
    except (TypeError, ValueError):
        return 0


def seeded_name(entrant: dict[str, Any]) -> str:
    """ "12 张三", with （退赛） or （缺席） when the entrant no longer plays."""
    text = f"{entrant.get('seed', '')} {entrant.get('name', '')}".strip()
    status = STATUS_NAMES.get(str(entrant.get("status") or ""))
    return f"{text}（{status}）" if status else text


def by_unit(event: EventView) -> dict[str, list[dict[str, Any]]]:
    groups: dict[str, list[dict[str, Any]]] = {}
    for entrant in event.entrants.values():
        groups.setdefault(str(entrant.get("unit") or NO_UNIT), []).append(entrant)
    for rows in groups.values():
        rows.sort(key=entrant_seed)
    return {unit: groups[unit] for unit in sorted(groups, key=unit_key)}


# --------------------------------------------------------------------------- schedule


def schedule_rows(view: DocView) -> list[dict[str, Any]]:
    """The schedule the export carries (read loosely: its shape is young), in its order."""
    rows: list[dict[str, Any]] = []
    for source in (view.data.get("schedule"), view.tournament.get("schedule")):
        if isinstance(source, list):
            rows += [r for r in source if isinstance(r, dict)]
    for event in view.events:
        own = event.data.get("schedule")
        if isinstance(own, list):
            for row in own:
                if isinstance(row, dict):
                    rows.append({"event": event.name, **row})
    return rows


def _first(row: dict[str, Any], *keys: str) -> str:
    for key in keys:
        value = row.get(key)
        if value not in (None, "", []):
            return str(value)
    return ""


def _schedule_cells(view: DocView, row: dict[str, Any]) -> list[str]:
    names = {e.code: e.name for e in view.events}
    events = row.get("events")
    if isinstance(events, list):
        event = "、".join(names.get(str(e), str(e)) for e in events)
    else:
        code = _first(row, "event", "event_name")
        event = names.get(code, code)
    number = _first(row, "round", "number")
    item = _first(row, "title", "item", "activity", "name", "text")
    if number and not item:
        item = f"第{number}轮"
    elif number and f"第{number}轮" not in item:
        item = f"第{number}轮　{item}"
    time = _first(row, "time", "start", "starts_at", "start_time")
    end = _first(row, "end", "end_time", "ends_at")
    if end:
        time = f"{time}—{end}"
    date = _first(row, "date", "day")
    if "T" in time and not date:
        date, time = time.split("T", 1)
    return [date, time[:11], event, item, _first(row, "place", "venue", "location", "note")]


def schedule_block(view: DocView, width: float) -> list[Flowable]:
    rows = schedule_rows(view)
    if not rows:
        return []
    columns = [
        Column("日期", 24 * mm),
        Column("时间", 24 * mm),
        Column("项目", 40 * mm, "left"),
        Column("安排", 60 * mm, "left"),
        Column("地点 / 备注", 38 * mm, "left"),
    ]
    table = make_table(
        TableSpec(scale_columns(columns, width)), [_schedule_cells(view, r) for r in rows]
    )
    return [heading("竞赛日程", 12), Spacer(1, 2 * mm), table, Spacer(1, 5 * mm)]


# --------------------------------------------------------------------------- the document


def facts_lines(view: DocView) -> list[str]:
    t = view.tournament
    lines = []
    organisers = "、".join(str(o) for o in t.get("organisers") or [])
    if organisers:
        lines.append(f"主办单位：{organisers}")
    if t.get("venue"):
        lines.append(f"比赛地点：{t['venue']}")
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
    if event.kind != "team" or event.rounds:
        text += f"，共{event.rounds_planned}轮"
    source = event.source_event()
    if source is not None and not event.rounds:
        text += f"，按“{source.name}”队员个人成绩计算"
    return text


def _event_table(event: EventView, width: float) -> Flowable:
    groups = by_unit(event)
    if event.kind == "individual":
        columns = [
            Column("单位", 62 * mm, "left"),
            Column("人数", 11 * mm),
            Column("选手（序号 姓名）", 113 * mm, "left"),
        ]
        style = para_style(9)
        rows: list[list[Any]] = [
            [
                unit,
                str(len(people)),
                Paragraph(escape("、".join(seeded_name(p) for p in people)), style),
            ]
            for unit, people in groups.items()
        ]
    else:
        title = "队名" if event.kind == "team" else "组合"
        columns = [
            Column("单位", 52 * mm, "left"),
            Column("序号", 10 * mm),
            Column(title, 52 * mm, "left"),
            Column("队员", 72 * mm, "left"),
        ]
        rows = []
        for unit, entrants in groups.items():
            for index, entrant in enumerate(entrants):
                rows.append(
                    [
                        unit if index == 0 else "",
                        str(entrant.get("seed", "")),
                        seeded_name(entrant).split(" ", 1)[-1],
                        members_text(entrant),
                    ]
                )
    return make_table(TableSpec(scale_columns(columns, width), band_every=0), rows)


def build_entries_pdf(
    doc: dict[str, Any],
    out: Path,
    *,
    event: str | None = None,
    printed_at: datetime | None = None,
) -> Path:
    """The 秩序册 of the whole final, or of one event."""
    view = DocView(doc)
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
        story += schedule_block(view, report.width)
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
        story.append(_event_table(ev, report.width))
        notes = ["单位按拼音排序；序号为编排序号（抽签号），对阵表、成绩表均用此号"]
        if any(e.get("status") in STATUS_NAMES for e in ev.entrants.values()):
            notes.append("（退赛）（缺席）为导出时的状态")
        story += notes_block(notes)
    report.build_story(story)
    return out
