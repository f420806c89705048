"""Lists for the wall (`--large`): the pairing list, the name index and the standings,
readable from 2 m.

A4 landscape, two blocks a page, names at 16 pt (never below 14): a player finds their
name and table from across the corridor.  The 9-point lists stay for the arbiters' desk.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak

from app.domain import EventKind
from app.readmodel.model import Final
from reports.docview import DocView
from reports.pairings import (
    index_entries,
    index_items,
    index_page,
    is_heading,
    pairing_rows,
    score_heading,
    sitting_out_rows,
    sitting_out_title,
)
from reports.pdf_common import (
    Column,
    ReportDoc,
    TableSpec,
    fewest_pages,
    fit_words,
    no_orphan_tables,
    notes_block,
    scale_columns,
    signature_block,
    words_fit,
)
from reports.rounds import round_header
from reports.settings_text import standings_settings_lines
from reports.standings import (
    category_group,
    points_note_lines,
    standings_header,
    standings_round,
    standings_table_rows,
)

SIZE = 16.0  # the names' size
MIN_SIZE = 14.0  # a long name shrinks to this, never further
ROW = SIZE * 1.55
BLOCKS = 2
GAP = 10 * mm


def _layout(report: ReportDoc) -> tuple[int, float]:
    """Rows a block holds below its header (room left for the note), and a block's width."""
    rows = int((report.height - 10 * mm) // ROW) - 1
    return rows, (report.width - GAP * (BLOCKS - 1)) / BLOCKS


def _pages(
    items: list[Any],
    per_block: int,
    titles: list[str],
    widths: list[float],
    fit_columns: tuple[int, ...] = (0,),
    left_columns: tuple[int, ...] = (0,),
) -> list[Flowable]:
    """The items in large type, BLOCKS blocks a page, on as few pages as they fit; a name
    too long for one line at 14 pt wraps between its words and its row takes the rows its
    lines need (as on the wall standings: never below 14 pt)."""

    def weight(item: Any) -> int:
        if is_heading(item):
            return 1
        return max(len(wall_name_lines(item[i], widths[i])) for i in fit_columns)

    pages, scale = fewest_pages(items, is_heading, per_block, BLOCKS, squeeze=1.1, weight=weight)
    story: list[Flowable] = []
    for blocks in pages:
        if story:
            story.append(PageBreak())
        story.append(
            index_page(
                blocks,
                titles,
                widths,
                gap=GAP,
                size=SIZE,
                row_height=ROW * scale,
                name_min=MIN_SIZE,
                fit_columns=fit_columns,
                left_columns=left_columns,
                fit=wall_name,
                weight=weight,
            )
        )
    return story


def build_wall_pairings_pdf(
    final: Final,
    out: Path,
    *,
    event: str | None = None,
    round: int | None = None,  # noqa: A002 - the CLI's word
    printed_at: datetime | None = None,
) -> Path:
    """The round's tables in order, two blocks a page: 台号, the two names in large type."""
    view = DocView(final)
    ev, rnd, _, rows = pairing_rows(view, event, round)
    colours = view.colours
    header = round_header(view, ev, rnd, "对阵表（张贴用）")
    report = ReportDoc(
        out,
        header,
        landscape_page=True,
        printed_at=printed_at,
        subject="对阵表（张贴用）",
        wall=True,
    )
    items: list[tuple[str, str, str]] = []
    for row in rows:
        if not row[0]:
            continue  # a team match's boards: the desk's list has them
        if row[5] == "轮空":
            items.append(("轮空", row[2], ""))
        else:
            items.append((row[0], row[2], row[7]))
    out_rows = sitting_out_rows(ev, rnd)
    items_all: list[Any] = list(items)
    if out_rows:  # who sits the round out, and why: a player looking for his name finds it
        items_all.append(sitting_out_title(len(out_rows)))
        items_all += [("—", name, why) for _seed, name, _unit, why in out_rows]
    per_block, width = _layout(report)
    widths = [width * f for f in (0.18, 0.41, 0.41)]
    titles = ["台号", colours.first, colours.second]
    story = _pages(items_all, per_block, titles, widths, fit_columns=(1, 2), left_columns=(1, 2))
    story += notes_block(
        [f"左为{colours.first}，右为{colours.second}", f"{score_heading(ev)}与单位见裁判台对阵表"],
        size=11,
        title="说明",
    )
    report.build_story(story)
    return out


def build_wall_index_pdf(
    final: Final,
    out: Path,
    *,
    event: str | None = None,
    round: int | None = None,  # noqa: A002
    printed_at: datetime | None = None,
) -> Path:
    """Everyone of the round by pinyin, an initial-letter heading before each letter."""
    view = DocView(final)
    ev, rnd, entries = index_entries(view, event, round)
    header = round_header(view, ev, rnd, "姓名索引（按拼音排序，张贴用）")
    report = ReportDoc(
        out,
        header,
        landscape_page=True,
        printed_at=printed_at,
        subject="姓名索引（张贴用）",
        wall=True,
    )
    per_block, width = _layout(report)
    widths = [width * f for f in (0.46, 0.18, 0.18, 0.18)]
    titles = ["姓名", "序号", "台号", "座次" if view.is_gomoku else "黑白"]
    story = _pages(index_items(entries), per_block, titles, widths)
    story += notes_block(["同名者请以序号区分", "“轮空”者本轮不需对局"], size=11, title="说明")
    report.build_story(story)
    return out


def wall_name(text: str, width: float) -> Any:
    """A name on a wall list: one line at 16 pt down to 14, else whole words on more lines
    at 14 pt (a long Latin name wraps between its words, never shrinks below 14)."""
    return fit_words(text, width, size=SIZE, min_size=MIN_SIZE, max_lines=3)


def wall_name_lines(text: str, width: float) -> list[str]:
    """The lines `wall_name` prints `text` in."""
    return words_fit(str(text or ""), width, size=SIZE, min_size=MIN_SIZE, max_lines=3)[1]


def build_wall_standings_pdf(
    final: Final,
    out: Path,
    *,
    event: str | None = None,
    round: int | None = None,  # noqa: A002
    category: str | None = None,
    printed_at: datetime | None = None,
) -> Path:
    """The standings for the wall: 名次, 序号, 姓名, 单位, 积分 in large type, A4 landscape,
    the header repeated on every page, tie-breaks left to the desk's list."""
    view = DocView(final)
    ev = view.event(event, kinds=("individual", "pair"))
    after = standings_round(ev, round)
    titles, rows, cat = standings_table_rows(view, ev, category)
    group = category_group(ev, cat) if cat else None
    header = standings_header(view, ev, after, "成绩排名表（张贴用）", group=group)
    if cat:
        header.extra = f"组别：{cat.name}"
    report = ReportDoc(
        out,
        header,
        landscape_page=True,
        printed_at=printed_at,
        subject="成绩排名表（张贴用）",
        wall=True,
    )
    name_title = "组合" if ev.kind == EventKind.PAIR else "姓名"
    shown = [t for t in ("名次", "总名次", "序号", name_title, "单位", "积分") if t in titles]
    widths = {"名次": 20, "总名次": 22, "序号": 20, name_title: 85, "单位": 110, "积分": 22}
    columns = scale_columns(
        [
            Column(t, widths[t] * mm, "left" if t in (name_title, "单位") else "center")
            for t in shown
        ],
        report.width,
    )
    picked = [titles.index(t) for t in shown]
    name_at = shown.index(name_title)
    body = []
    for row in rows:
        cells: list[Any] = [row[i] for i in picked]
        cells[name_at] = wall_name(cells[name_at], columns[name_at].width)
        body.append(cells)
    spec = TableSpec(columns, font_size=SIZE, band_every=5)
    story = no_orphan_tables(spec, body, report.width, report.height)
    story += notes_block(
        [
            "小分见裁判台成绩排名表",
            *standings_settings_lines(ev)[:1],
            *points_note_lines(ev, cat, after),
        ],
        size=11,
    )
    story += signature_block(size=14)
    report.build_story(story)
    return out
