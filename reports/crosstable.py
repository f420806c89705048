"""The cross-table / progress chart (对阵成绩表): every round of every player.

A cell reads opponent's seed, colour, result: "12黑胜", "7白负", "30先和"; "*" marks a
game not played over the board (forfeit); a bye reads "轮空".
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from app.domain import EventKind, Result
from app.readmodel.model import Final, FinalGame
from app.readmodel.points_notes import points_notes
from app.readmodel.withdrawal import withdrawal_note
from app.standings.model import Standing
from app.standings.ranking import disqualified_note
from reports.docview import DocView, EventView, fmt_points, members_text, seed_text
from reports.pdf_common import (
    Column,
    Header,
    ReportDoc,
    TableSpec,
    make_table,
    notes_block,
    scale_columns,
    signature_block,
)
from reports.rounds import round_date_text
from reports.standings import after_text, rank_text

DISQUALIFIED = "取消资格"  # the place column of a disqualified entrant


def cell_text(view: DocView, event: EventView, game: FinalGame | None, entrant_id: int) -> str:
    if game is None:
        return "—"
    if game.second is None:
        return "轮空"
    is_first = game.first == entrant_id
    opponent = event.entrant(game.second if is_first else game.first)
    colour = ""
    if not event.is_team_match:  # a team as a whole plays neither colour
        colour = view.colours.first_short if is_first else view.colours.second_short
    text = f"{seed_text(opponent)}{colour}"
    if game.result is None:
        return text
    try:
        result = Result(game.result)
    except ValueError:
        return text
    if result is not Result.BYE:
        text += result.outcome(is_first).zh
        if result.is_forfeit:
            text += "*"
    return text


def crosstable_rows(
    view: DocView, event: EventView
) -> tuple[list[str], list[list[str]], list[int]]:
    """Titles, rows in standings order, and the round numbers shown (also used by Excel).

    Standings after round N (`--round N`) show rounds 1 to N only: a later round's games
    are not yet part of the table the heading names."""
    upto = view.final.after_round
    rounds = [r for r in event.rounds if r.games and (upto is None or r.number <= upto)]
    numbers = [r.number for r in rounds]
    by_round: dict[int, dict[int, FinalGame]] = {}
    for rnd in rounds:
        games: dict[int, FinalGame] = {}
        for game in rnd.games:
            games[game.first] = game
            if game.second is not None:
                games[game.second] = game
        by_round[rnd.number] = games
    tiebreaks = event.tiebreak_order
    titles = ["名次", "序号", "姓名", "单位"] + [f"第{n}轮" for n in numbers] + ["积分", *tiebreaks]
    # the ranked rows, then everyone not ranked (by seed) with no place and no points
    order: list[tuple[int, Standing | None]] = [(r.entrant, r) for r in event.standings]
    # the disqualified (取消资格) next: their games stand in their opponents' rows
    gone = event.event.standings.disqualified
    order += [(r.entrant, r) for r in gone]
    disqualified = {r.entrant for r in gone}
    seen = {r.entrant for r in event.standings} | disqualified
    for entrant in sorted(event.entrants.values(), key=lambda e: e.seed):
        if entrant.id not in seen:
            order.append((entrant.id, None))
    rows = []
    for entrant_id, row in order:
        entrant = event.entrant(entrant_id)
        name = members_text(entrant) if event.kind == EventKind.PAIR else entrant.name
        rank = DISQUALIFIED if entrant_id in disqualified else rank_text(row) if row else ""
        cells = [rank, seed_text(entrant), name, entrant.unit or ""]
        cells += [cell_text(view, event, by_round[n].get(entrant_id), entrant_id) for n in numbers]
        if row is None:
            cells += [""] + ["" for _ in tiebreaks]
        else:
            cells += [fmt_points(row.points)] + [
                fmt_points(row.tiebreaks.get(t)) for t in tiebreaks
            ]
        rows.append(cells)
    return titles, rows, numbers


def legend(view: DocView, event: EventView) -> list[str]:
    c = view.colours
    if event.is_team_match:
        cell = "格内为对手序号、本场结果，如“12胜”（团体对抗不分黑白，各板执子见对阵表）"
    else:
        seat = "先/后：座次（执黑开局方为先）" if view.is_gomoku else "黑/白：执子颜色"
        cell = f"格内为对手序号、{seat}、结果，如“12{c.first_short}胜”"
    lines = [
        cell,
        "*：不战（弃权）",
        "轮空：本轮轮空",
        "—：未参加该轮",
        *points_notes(event.event, event.last_complete_round),
    ]
    standings = event.event.standings
    for row in standings.disqualified:  # 取消资格: who, when, why, and what it changes
        entrant = event.entrant(row.entrant)
        lines.append(f"{seed_text(entrant)}号 {entrant.name}：{withdrawal_note(entrant)}")
    if standings.disqualified:
        lines.append(disqualified_note(standings))
    return lines


def build_crosstable_pdf(
    final: Final,
    out: Path,
    *,
    event: str | None = None,
    printed_at: datetime | None = None,
) -> Path:
    """The progress chart of one event on A4 landscape, rows in standings order."""
    view = DocView(final)
    ev = view.event(event, kinds=("individual", "pair"))
    titles, rows, numbers = crosstable_rows(view, ev)
    after = ev.last_complete_round
    header = Header(
        title=view.title,
        document=f"{ev.name}　对阵成绩表",
        event=f"项目：{ev.name}",
        round_text=after_text(ev, after),
        date_text=round_date_text(view, None),
    )
    if not view.is_gomoku and view.komi:
        header.extra = f"贴目：{view.komi}"
    report = ReportDoc(
        out, header, landscape_page=True, printed_at=printed_at, subject="对阵成绩表"
    )
    name_width = 34 if ev.kind == EventKind.PAIR else 20
    columns = [
        Column("名次", 9),
        Column("序号", 9),
        Column("姓名" if ev.kind != EventKind.PAIR else "组合", name_width, "left"),
        Column("单位", 38, "left"),
    ]
    columns += [Column(f"第{n}轮", 15) for n in numbers]
    columns += [Column("积分", 9)] + [Column(t, 12) for t in ev.tiebreak_order]
    columns = [Column(c.title, c.width * mm, c.align) for c in columns]
    spec = TableSpec(scale_columns(columns, report.width), font_size=8, band_every=5)
    story: list[Flowable] = [make_table(spec, rows)]
    story += notes_block(legend(view, ev), title="说明")
    story += signature_block()
    report.build_story(story)
    return out
