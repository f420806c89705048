"""The pairing list by table (对阵表) and the alphabetical index by pinyin (姓名索引)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Spacer, Table, TableStyle

from app.domain import EventKind
from app.pinyin import index_letter, sort_key
from app.readmodel.model import Final, FinalGame, FinalRound
from app.readmodel.sitting_out import round_sitting_out
from reports.docview import DocView, EventView, seed_text
from reports.fonts import TABLE_FONT
from reports.pdf_common import (
    CELL_PAD,
    GRID,
    HEAD_FILL,
    Column,
    ReportDoc,
    TableSpec,
    fewest_pages,
    fit_cell,
    make_table,
    notes_block,
    scale_columns,
)
from reports.rounds import (
    TEAM_SIDES,
    board_sides,
    points,
    result_text,
    round_header,
    sorted_games,
)
from reports.settings_text import pairing_settings_lines

PAIRING_KINDS = ("individual", "pair")


def pairing_rows(
    doc: DocView, event_key: str | None, round_number: int | None
) -> tuple[EventView, FinalRound, bool, list[list[str]]]:
    """The rows of the pairing list (also used by the Excel workbook)."""
    event = doc.event(event_key, kinds=PAIRING_KINDS)
    rnd = event.round(round_number)
    games = sorted_games(rnd)
    per_game_openings = doc.is_gomoku and any(g.opening and g.opening != rnd.opening for g in games)
    colours = doc.colours
    rows = []
    for game in games:
        first = event.entrant(game.first)
        second_id = game.second
        row = [
            f"第{game.table}台" if game.boards else str(game.table),
            seed_text(first),
            first.name,
            first.unit or "",
            points(game.first_points),
        ]
        if second_id is None:
            row += ["轮空", "", "（轮空）", "", ""]
        else:
            second = event.entrant(second_id)
            row += [
                result_text(game.result),
                points(game.second_points),
                second.name,
                second.unit or "",
                seed_text(second),
            ]
        if per_game_openings:
            row.append(game.opening or "")
        rows.append(row)
        rows += _board_rows(game, len(row), colours.first_short, colours.second_short)
    return event, rnd, per_game_openings, rows


def sitting_out_rows(event: EventView, rnd: FinalRound) -> list[tuple[str, str, str, str]]:
    """(seed, name, unit, why) of everyone not paired in the round (请假, 退赛, 连续弃权, 迟到未入),
    in seed order: who sat out that round, as `finals pairing` lists them."""
    rows = []
    for out in round_sitting_out(event.event, rnd.number):
        entrant = event.entrant(out.id)
        rows.append((seed_text(entrant), entrant.name, entrant.unit or "", out.text()))
    return rows


def sitting_out_title(count: int) -> str:
    return f"本轮不参加编排（{count}人）"


def is_mcmahon(event: EventView) -> bool:
    return event.settings.is_mcmahon


def score_heading(event: EventView) -> str:
    """The heading of the score columns: a McMahon event's scores are McMahon scores."""
    return "麦克马洪分" if is_mcmahon(event) else "积分"


def is_team_match_round(rnd: FinalRound) -> bool:
    return any(g.boards for g in rnd.games)


def _board_rows(game: FinalGame, width: int, black: str, white: str) -> list[list[str]]:
    """A team match's boards (第M板) under its table (第N台): 甲队's player in 甲队's column,
    乙队's in 乙队's, each with the colour they play on that board."""
    rows = []
    for board in game.boards:
        left, right, result = board_sides(board, black, white)
        row = ["", f"第{board.board}板", left, "", "", result_text(result), "", right, "", ""]
        rows.append(row + [""] * (width - len(row)))
    return rows


def build_pairings_pdf(
    final: Final,
    out: Path,
    *,
    event: str | None = None,
    round: int | None = None,  # noqa: A002 - the CLI's word
    printed_at: datetime | None = None,
) -> Path:
    """The pairing list of one round, by table, the bye last, settings in the footnote."""
    view = DocView(final)
    ev, rnd, per_game_openings, rows = pairing_rows(view, event, round)
    colours = view.colours
    header = round_header(view, ev, rnd, "对阵表")
    report = ReportDoc(out, header, printed_at=printed_at, subject="对阵表")
    team_match = is_team_match_round(rnd)
    # a team match: the columns are the teams; colours are marked per board beside each player
    left, right = TEAM_SIDES if team_match else (colours.first, colours.second)
    score = score_heading(ev)
    score_width = 9 if score == "积分" else 17  # 麦克马洪分: five characters on one line
    columns = [
        Column("台号", 12 if team_match else 9),
        Column("序号", 9),
        Column(left, 22, "left"),
        Column("单位", 36, "left"),
        Column(score, score_width),
        Column("结果", 12),
        Column(score, score_width),
        Column(right, 22, "left"),
        Column("单位", 36, "left"),
        Column("序号", 9),
    ]
    if per_game_openings:
        columns.append(Column("开局", 14))
    spec = TableSpec(scale_columns([_mm(c) for c in columns], report.width), band_every=5)
    story: list[Flowable] = [make_table(spec, rows)]
    out_rows = sitting_out_rows(ev, rnd)
    if out_rows:  # a player looking for his name finds it, and why he has no table
        out_columns = [
            Column("序号", 9 * mm),
            Column(sitting_out_title(len(out_rows)), 58 * mm, "left"),
            Column("单位", 72 * mm, "left"),
            Column("原因", 70 * mm, "left"),
        ]
        story += [
            Spacer(1, 3 * mm),
            make_table(
                TableSpec(scale_columns(out_columns, report.width)),
                [list(r) for r in out_rows],
            ),
        ]
    notes = pairing_settings_lines(view, ev, rnd)
    if is_mcmahon(ev):
        notes.append(
            "麦克马洪分为本轮开始前的麦克马洪分（按段级位的起始分 + 积分），"
            "起始分见麦克马洪起始分表"
        )
    else:
        notes.append("积分为本轮开始前的积分")
    if team_match:
        notes.append(
            f"团体对抗：第N台为对抗的台号，第M板为其中一板；左列为甲队、右列为乙队，"
            f"每板姓名后注明执{colours.first_short}或执{colours.second_short}"
            f"（单数板甲队执{colours.first_short}，双数板乙队执{colours.first_short}）；"
            "结果按甲队 : 乙队"
        )
    if view.is_gomoku:
        notes.append("先手为执黑开局方（三手交换后黑白可能互换，座次不变）")
    story += notes_block(notes, title="编排设置")
    report.build_story(story)
    return out


def _mm(column: Column) -> Column:
    column.width = column.width * mm
    return column


def index_entries(
    doc: DocView, event_key: str | None, round_number: int | None
) -> tuple[EventView, FinalRound, list[tuple[str, str, str, str]]]:
    """(name, seed, table, seat) for everyone of the round, sorted by pinyin."""
    event = doc.event(event_key, kinds=PAIRING_KINDS)
    rnd = event.round(round_number)
    colours = doc.colours
    entries: list[tuple[str, str, str, str]] = []
    for game in sorted_games(rnd):
        sides = [(game.first, colours.first)]
        if game.second is not None:
            sides.append((game.second, colours.second))
        for entrant_id, seat in sides:
            entrant = event.entrant(entrant_id)
            table = str(game.table) if game.second is not None else "轮空"
            seat_text = seat if game.second is not None else ""
            names = entrant.members if event.kind == EventKind.PAIR else None
            for name in names or [entrant.name]:
                entries.append((str(name), seed_text(entrant), table, seat_text))
    entries.sort(key=lambda e: (sort_key(e[0]), _int(e[1])))
    return event, rnd, entries


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        return 0


def index_items(entries: list[tuple[str, str, str, str]]) -> list[Any]:
    """The entries with a letter heading (a str) before each initial's first name."""
    items: list[Any] = []
    current = None
    for entry in entries:
        letter = index_letter(entry[0])
        if letter != current:
            items.append(letter)
            current = letter
        items.append(entry)
    return items


def is_heading(item: Any) -> bool:
    return isinstance(item, str)


def index_page(
    columns: list[list[Any]],
    titles: list[str],
    widths: list[float],
    *,
    gap: float,
    size: float,
    row_height: float,
    name_min: float,
    fit_columns: tuple[int, ...] = (0,),
    left_columns: tuple[int, ...] = (0,),
    fit: Callable[[Any, float], Any] | None = None,
    weight: Callable[[Any], int] | None = None,
) -> Table:
    """One page of the index: side-by-side blocks, each with its header row, its letter
    headings across the block, and nothing at all where a block is empty.

    `fit` makes the cells of `fit_columns` (by default: shrunk onto one line down to
    `name_min`); an item taking `weight` rows (a name wrapped onto two lines) spans them."""
    rows_of = weight or (lambda item: 1)
    n_rows = max(sum(rows_of(item) for item in c) for c in columns)
    data: list[list[Any]] = [[] for _ in range(n_rows + 1)]
    col_widths: list[float] = []
    styles: list[tuple[Any, ...]] = [
        ("FONT", (0, 0), (-1, -1), TABLE_FONT, size, size * 1.2),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("LEFTPADDING", (0, 0), (-1, -1), CELL_PAD),
        ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PAD),
        ("TOPPADDING", (0, 0), (-1, -1), 0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), size * 0.15),
    ]
    width = len(titles)
    for block, chunk in enumerate(columns):
        first = len(col_widths)
        if block:
            col_widths.append(gap)
            for r in range(n_rows + 1):
                data[r].append("")
            first += 1
        col_widths.extend(widths)
        last = first + width - 1
        data[0].extend(titles if chunk else [""] * width)
        for r in range(n_rows):
            data[r + 1].extend([""] * width)
        r = 1  # the table row of the block's next item
        for item in chunk:
            if is_heading(item):
                data[r][first] = item
                styles += [
                    ("SPAN", (first, r), (last, r)),
                    ("BACKGROUND", (first, r), (last, r), HEAD_FILL),
                    ("ALIGN", (first, r), (first, r), "LEFT"),
                    ("FONT", (first, r), (first, r), TABLE_FONT, size, size * 1.2),
                ]
                r += 1
                continue
            for i, value in enumerate(item):
                if i not in fit_columns:
                    data[r][first + i] = value
                elif fit is not None:
                    data[r][first + i] = fit(value, widths[i])
                else:
                    data[r][first + i] = fit_cell(
                        value, widths[i], size=size, one_line_min=name_min, max_lines=1
                    )
            span = rows_of(item)
            if span > 1:
                styles += [
                    ("SPAN", (first + i, r), (first + i, r + span - 1)) for i in range(width)
                ]
            r += span
        if chunk:
            styles += [
                ("GRID", (first, 0), (last, r - 1), 0.4, GRID),
                ("BACKGROUND", (first, 0), (last, 0), HEAD_FILL),
            ]
            styles += [("ALIGN", (first + i, 1), (first + i, r - 1), "LEFT") for i in left_columns]
    table = Table(data, colWidths=col_widths, rowHeights=row_height)
    table.setStyle(TableStyle(styles))
    return table


def build_index_pdf(
    final: Final,
    out: Path,
    *,
    event: str | None = None,
    round: int | None = None,  # noqa: A002
    printed_at: datetime | None = None,
) -> Path:
    """Everyone of the round in pinyin order with their table and seat, three blocks a page,
    a heading for each initial letter, pages evenly filled (no last page for three names)."""
    view = DocView(final)
    ev, rnd, entries = index_entries(view, event, round)
    header = round_header(view, ev, rnd, "姓名索引（按拼音排序）")
    report = ReportDoc(out, header, printed_at=printed_at, subject="姓名索引")
    row_height = 13.2
    rows_per_block = int((report.height - 9 * mm) // row_height) - 1  # the note, the header
    blocks = 3
    gap = 4 * mm
    block_width = (report.width - gap * (blocks - 1)) / blocks
    widths = [block_width * f for f in (0.52, 0.15, 0.15, 0.18)]
    seat_title = "座次" if view.is_gomoku else "黑白"
    titles = ["姓名", "序号", "台号", seat_title]
    pages, scale = fewest_pages(
        index_items(entries), is_heading, rows_per_block, blocks, squeeze=1.25
    )
    story: list[Flowable] = []
    for columns in pages:
        if story:
            story.append(PageBreak())
        story.append(
            index_page(
                columns,
                titles,
                widths,
                gap=gap,
                size=9 if scale == 1 else 8.5,
                row_height=row_height * scale,
                name_min=5.5,
            )
        )
    story += notes_block(["同名者请以序号区分", "“轮空”者本轮不需对局"], title="说明")
    report.build_story(story)
    return out
