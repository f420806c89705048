"""Standings (成绩排名表) with tie-break columns, category standings, teams and pairs."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak

from app.domain import EntrantId, EventKind
from app.readmodel.disqualified import disqualified_rows
from app.readmodel.held import beyond_last_round, rounds_held
from app.readmodel.model import Final, FinalCategory
from app.readmodel.points_notes import points_notes
from app.readmodel.withdrawal import withdrawal_note
from app.standings.categories import CategoryStanding
from app.standings.model import Standing
from reports.docview import DocView, EventView, fmt_points, members_text, seed_text
from reports.errors import ReportError
from reports.pdf_common import (
    Column,
    Header,
    ReportDoc,
    SetHeader,
    TableSpec,
    fit_words,
    make_table,
    notes_block,
    scale_columns,
    signature_block,
)
from reports.rounds import round_date_text
from reports.settings_text import standings_settings_lines

TIE_MARK = "="  # a shared place, in every table: 19=


def rank_text(row: Standing | CategoryStanding) -> str:
    return f"{row.rank}{TIE_MARK}" if row.shared else str(row.rank)


def overall_rank_text(overall: Mapping[EntrantId, Standing], row: CategoryStanding) -> str:
    """A category row's place in the whole event (`overall`: the event's rows by entrant),
    with the whole table's tie mark (19=)."""
    found = overall.get(row.entrant)
    return rank_text(found) if found is not None else str(row.overall_rank)


def standings_round(event: EventView, round_number: int | None) -> int:
    """The round the document's standings are after; a different round is refused."""
    after = event.last_complete_round
    if event.kind == EventKind.TEAM and not event.is_team_match:
        source = event.source_event()
        after = source.last_complete_round if source else after
    if round_number is not None and round_number != after:
        source = event.source_event() if event.kind == EventKind.TEAM else None
        beyond = beyond_last_round(event.event, round_number, source.event if source else None)
        if beyond:
            raise ReportError(beyond)
        raise ReportError(
            f"赛事文件中“{event.name}”的排名是第{after}轮后的排名，无法打印第{round_number}轮后的"
            f"排名；请在第{round_number}轮结束后导出赛事文件再打印。"
        )
    return after


def after_text(event: EventView, after: int) -> str:
    """Which results the standings hold: 第3轮后（共9轮）, 第3轮后（第4轮进行中，共9轮）,
    第9轮后（最终）, 开赛前 (the same words as the command line and the window)."""
    held = rounds_held(after, event.rounds, event.rounds_planned)
    if held.final:
        return held.text
    if after == 0 and not held.note:
        return "开赛前"
    planned = f"共{event.rounds_planned}轮"
    return f"{held.base}（{held.note}，{planned}）" if held.note else f"{held.base}（{planned}）"


def standings_header(
    view: DocView,
    event: EventView,
    after: int,
    document: str,
    rounds_of: EventView | None = None,
    group: str | None = None,
) -> Header:
    """`rounds_of`: the event whose rounds count (a team event's source event); `group`:
    what the title names instead of the event (a category: 女子个人, 公开组（女子）)."""
    played = rounds_of or event
    final = rounds_held(after, played.rounds, played.rounds_planned).final
    when = "最终" if final else "开赛前" if after == 0 else f"第{after}轮后"
    title = f"{group or event.name}　{when}{document}"
    rnd = next((r for r in played.rounds if r.number == after), None)
    return Header(
        title=view.title,
        document=title,
        event=f"项目：{event.name}",
        round_text=after_text(event, after),
        date_text=round_date_text(view, rnd),
    )


def category_group(event: EventView, category: FinalCategory) -> str:
    """The group a category's standings are titled by: the category itself when its name
    is a group's (女子个人 of 男子个人), else the event with it (公开组（女子）)."""
    name = category.name
    if event.name in name or name.endswith(("个人", "组", "团体", "双人")):
        return name
    return f"{event.name}{name}" if "（" in name else f"{event.name}（{name}）"


def standings_table_rows(
    view: DocView, event: EventView, category: str | None, after: int | None = None
) -> tuple[list[str], list[list[str]], FinalCategory | None]:
    """Column titles and rows of the standings (also used by the Excel workbook).

    A last column 状态 marks who has withdrawn (退赛（自第N轮）), when anyone listed has.
    """
    tiebreaks = event.tiebreak_order
    cat = event.category(category) if category is not None else None
    rows_data: Sequence[Standing | CategoryStanding]
    if cat is not None:
        found = event.category_standings.get(cat.code)
        if found is None:
            raise ReportError(f"赛事文件中没有“{event.name}{cat.name}”的排名。")
        rows_data = found
        titles = ["名次", "总名次", "序号", "姓名", "单位", "积分", *tiebreaks]
    else:
        rows_data = event.standings
        titles = ["名次", "序号", "姓名", "单位", "积分", *tiebreaks]
    if event.kind == EventKind.PAIR:
        titles[titles.index("姓名")] = "组合"
    rows = []
    overall = {r.entrant: r for r in event.standings}
    for row in rows_data:
        entrant = event.entrant(row.entrant)
        name = members_text(entrant) if event.kind == EventKind.PAIR else entrant.name
        cells = [rank_text(row)]
        if isinstance(row, CategoryStanding):
            cells.append(overall_rank_text(overall, row))
        cells += [
            seed_text(entrant),
            name or entrant.name,
            entrant.unit or "",
            fmt_points(row.points),
        ]
        cells += [fmt_points(row.tiebreaks.get(t)) for t in tiebreaks]
        cells.append(withdrawal_note(entrant, after))
        rows.append(cells)
    rows += _disqualified_rows(event, cat, after)
    if any(cells[-1] for cells in rows):
        titles.append("状态")
    else:
        rows = [cells[:-1] for cells in rows]
    return titles, rows, cat


def _disqualified_rows(
    event: EventView, cat: FinalCategory | None, after: int | None
) -> list[list[str]]:
    """The disqualified (取消资格), after the ranked rows: no place, their points and
    tie-breaks, the mark with the reason.  A category lists those of its own."""
    gone = disqualified_rows(event.event, cat.code if cat is not None else None)
    rows = []
    for row in gone:
        entrant = event.entrant(row.entrant)
        name = members_text(entrant) if event.kind == EventKind.PAIR else entrant.name
        cells = ["—", *([""] if cat is not None else [])]
        cells += [seed_text(entrant), name or entrant.name, entrant.unit or ""]
        cells += [fmt_points(row.points)]
        cells += [fmt_points(row.tiebreaks.get(t)) for t in event.tiebreak_order]
        cells.append(withdrawal_note(entrant, after))
        rows.append(cells)
    return rows


def _standings_spec(titles: list[str], width: float) -> TableSpec:
    widths = {
        "名次": 10,
        "总名次": 11,
        "序号": 9,
        "姓名": 22,
        "组合": 40,
        "单位": 44,
        "积分": 10,
        "状态": 24,
    }
    columns = []
    for title in titles:
        align = "left" if title in ("姓名", "组合", "单位") else "center"
        columns.append(Column(title, widths.get(title, 13) * mm, align))
    return TableSpec(scale_columns(columns, width), band_every=5)


def points_note_lines(ev: EventView, cat: FinalCategory | None, after: int) -> list[str]:
    """Points given without a game (a late entrant's, a requested bye's), of the entrants
    the list shows: 41号王磊：迟到，第3轮加入，给1分."""
    if cat is None:
        return list(points_notes(ev.event, after))
    shown = {r.entrant for r in ev.category_standings.get(cat.code, ())}
    return list(points_notes(ev.event, after, shown))


def build_standings_pdf(
    final: Final,
    out: Path,
    *,
    event: str | None = None,
    round: int | None = None,  # noqa: A002
    category: str | None = None,
    printed_at: datetime | None = None,
) -> Path:
    """Standings after the document's last complete round; a category's when given."""
    view = DocView(final)
    ev = view.event(event, kinds=("individual", "pair"))
    after = standings_round(ev, round)
    titles, rows, cat = standings_table_rows(view, ev, category, after)
    header = standings_header(
        view, ev, after, "成绩排名表", group=category_group(ev, cat) if cat else None
    )
    if cat:
        header.extra = f"组别：{cat.name}"
    report = ReportDoc(out, header, printed_at=printed_at, subject="成绩排名表")
    story: list[Flowable] = [make_table(_standings_spec(titles, report.width), rows)]
    notes = standings_settings_lines(ev)
    if cat:
        notes.insert(0, f"{cat.name}名次由总成绩表筛选得出，小分按全项目计算，不重新计算")
    story += notes_block(notes, title="排名规则")
    story += notes_block(points_note_lines(ev, cat, after), title="说明")
    story += signature_block()
    report.build_story(story)
    return out


def team_rows(view: DocView, event: EventView) -> tuple[list[str], list[list[str]]]:
    """Team standings with each member's individual points (also used by Excel); a
    team-match event: its members, match points (场分) and its tie-breaks (局分 …)."""
    if event.is_team_match:
        return _team_match_rows(event)
    source = event.source_event()
    member_points: dict[int, float] = {}
    member_rank: dict[int, str] = {}
    if source is not None:
        for row in source.standings:
            member_points[row.entrant] = row.points
            member_rank[row.entrant] = rank_text(row)  # 19= as the table has it
    tiebreaks = event.tiebreak_order
    titles = ["名次", "队名", "队员（个人积分 / 个人名次）", "积分", *tiebreaks]
    rows = []
    for row in event.standings:
        team = event.entrant(row.entrant)
        names = list(team.members)
        ids = list(team.member_ids)
        parts = []
        for index, name in enumerate(names):
            member_id = ids[index] if index < len(ids) else None
            if member_id is not None and member_id in member_points:
                parts.append(
                    f"{name}（{fmt_points(member_points[member_id])}分/第{member_rank[member_id]}名）"
                )
            else:
                parts.append(str(name))
        rows.append(
            [rank_text(row), team.name, "、".join(parts), fmt_points(row.points)]
            + [fmt_points(row.tiebreaks.get(t)) for t in tiebreaks]
        )
    return titles, rows


def _team_match_rows(event: EventView) -> tuple[list[str], list[list[str]]]:
    tiebreaks = event.tiebreak_order
    titles = ["名次", "队名", "队员", "场分", *tiebreaks]
    rows = []
    for row in event.standings:
        team = event.entrant(row.entrant)
        rows.append(
            [rank_text(row), team.name, "、".join(team.members), fmt_points(row.points)]
            + [fmt_points(row.tiebreaks.get(t)) for t in tiebreaks]
        )
    return titles, rows


def _team_header(view: DocView, ev: EventView) -> tuple[Header, list[str]]:
    """The heading of one team event and the notes under its table: a team-match event
    counts its own rounds and match points; a sum event its source event's rounds."""
    if ev.is_team_match:
        after = ev.last_complete_round
        header = standings_header(view, ev, after, "团体成绩表")
        header.extra = "团体对抗：按场分、局分计算"
        bye = fmt_points(ev.event.scoring.bye)
        notes = [
            "团体对抗：每板胜2分、和1分、负0分计局分；局分多者本场胜，场分胜2分、平1分、负0分；"
            f"轮空队得{bye}场分、0局分",
            f"排名依据：场分 → {' → '.join(ev.tiebreak_order)}",
        ]
        return header, notes
    source = ev.source_event()
    after = source.last_complete_round if source else 0
    header = standings_header(view, ev, after, "团体成绩表", rounds_of=source)
    header.round_text = after_text(source or ev, after)
    if source:
        header.extra = f"按“{source.name}”队员个人成绩之和计算"
    notes = [f"团体积分为队员个人积分之和；排名依据：积分 → {' → '.join(ev.tiebreak_order)}"]
    return header, notes


def build_teams_pdf(
    final: Final,
    out: Path,
    *,
    event: str | None = None,
    printed_at: datetime | None = None,
) -> Path:
    """Team standings with members, one section per team event (or just the one named)."""
    view = DocView(final)
    events = view.events_of(("team",), event)
    story: list[Flowable] = []
    first_header = None
    for ev in events:
        header, notes = _team_header(view, ev)
        first_header = first_header or header
        if story:
            story.append(PageBreak())
        story.append(SetHeader(header))
        titles, rows = team_rows(view, ev)
        widths = {
            "名次": 10,
            "队名": 40,
            "队员（个人积分 / 个人名次）": 80,
            "队员": 70,
            "积分": 11,
            "场分": 11,
        }
        columns = [
            Column(
                t,
                widths.get(t, 15) * mm,
                "left" if t in ("队名", "队员（个人积分 / 个人名次）", "队员") else "center",
            )
            for t in titles
        ]
        spec = TableSpec(scale_columns(columns, 186 * mm), font_size=8.5)
        story.append(make_table(spec, _unbroken(rows, spec.columns)))
        story += notes_block(notes, title="说明")
        story += signature_block()
    assert first_header is not None
    report = ReportDoc(out, first_header, printed_at=printed_at, subject="团体成绩表")
    if len(events) > 1:  # the PDF's title names every event it holds, not just the first
        report.title = f"{view.title} 团体成绩表 {'、'.join(ev.name for ev in events)}"
    report.build_story(story)
    return out


def _unbroken(rows: list[list[str]], columns: Sequence[Column]) -> list[list[Any]]:
    """Team and member cells wrap between whole names and numbers (never 「诸/葛阳文」)."""
    return [
        [
            fit_words(value, columns[i].width, size=8.5, min_size=7.5, max_lines=4)
            if i in (1, 2)
            else value
            for i, value in enumerate(row)
        ]
        for row in rows
    ]


def build_pairs_pdf(
    final: Final,
    out: Path,
    *,
    event: str | None = None,
    printed_at: datetime | None = None,
) -> Path:
    """Pair standings (双人赛成绩表), one section per pair event (or just the one named)."""
    view = DocView(final)
    events = view.events_of(("pair",), event)
    story: list[Flowable] = []
    first_header = None
    for ev in events:
        after = ev.last_complete_round
        header = standings_header(view, ev, after, "双人赛成绩表")
        first_header = first_header or header
        if story:
            story.append(PageBreak())
        story.append(SetHeader(header))
        titles, rows, _ = standings_table_rows(view, ev, None)
        story.append(make_table(_standings_spec(titles, 186 * mm), rows))
        story += notes_block(standings_settings_lines(ev), title="排名规则")
        story += signature_block()
    assert first_header is not None
    report = ReportDoc(out, first_header, printed_at=printed_at, subject="双人赛成绩表")
    if len(events) > 1:  # the PDF's title names every event it holds, not just the first
        report.title = f"{view.title} 双人赛成绩表 {'、'.join(ev.name for ev in events)}"
    report.build_story(story)
    return out
