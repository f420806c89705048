"""Excel workbooks (openpyxl) of the pairing list, standings, cross-table, teams, pairs, prizes.

Every sheet: one header row (bold, grey, frozen), column widths, A4 print setup fitted to
the page width, the header row repeated on every printed page, page x of y in the footer.

Every cell of every sheet passes one guard when the book is saved (`Book.save`): text stays
text (`app.io.sheets.as_text`), whatever wrote it and when; the only formulas are the totals
the program writes itself, each through `Book.formula` with the value it computed, saved
with the formula (`reports.cached_values`) so that a viewer that does not recalculate shows it.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any

from openpyxl import Workbook
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from app.domain import EventKind
from app.io.sheets import as_text
from app.readmodel.model import Final, PrizeLine
from app.text import terminal_safe
from reports.cached_values import add_cached_values
from reports.chinese_numerals import amount_in_capitals
from reports.crosstable import crosstable_rows
from reports.docview import DocView
from reports.grades import GRADE_COLUMNS, grade_sections, grades_mark, section_events
from reports.pairings import index_entries, is_team_match_round, pairing_rows, score_heading
from reports.prizes import (
    amount_of,
    eligibility_mark,
    eligibility_note_lines,
    fen_of,
    fmt_amount,
    group_by_table,
    paid_more_than_once,
    place_text,
    rule_line,
    select_prizes,
    shared_notes,
    title_text,
    total,
    winner_text,
)
from reports.provisional import final_mark, page_marks
from reports.rounds import TEAM_SIDES
from reports.standings import (
    after_text,
    standings_round,
    standings_table_rows,
    team_after_text,
    team_rows,
)

FONT_NAME = "Microsoft YaHei"
THIN = Side(style="thin", color="808080")
BORDER = Border(left=THIN, right=THIN, top=THIN, bottom=THIN)
HEAD_FILL = PatternFill("solid", fgColor="E0E0E0")
MARK_RED = "CC0000"
NUMBER = re.compile(r"^-?\d+(\.\d+)?$")
WIDE = {
    "姓名": 12,
    "单位": 30,
    "组合": 22,
    "队名": 24,
    "黑方": 12,
    "白方": 12,
    "先手": 12,
    "后手": 12,
    "姓名 / 队名": 24,
    "队员（个人积分 / 个人名次）": 60,
    "金额大写": 26,
    "领奖人签名": 16,
    "奖项": 10,
    "组别": 18,
}


def _value(text: Any) -> Any:
    if isinstance(text, str) and NUMBER.match(text):
        return float(text) if "." in text else int(text)
    if isinstance(text, str):
        # openpyxl refuses a control character when the cell is written (before the guard
        # at save): one stored by an older version is shown as an escape, as on the terminal
        return terminal_safe(text)
    return text


RANK = re.compile(r"^(\d+)\s*(=|＝|（并列）|\(并列\))$")


# A place column and the column after it that marks a shared place (the overall place of
# a category's standings is marked in its own column, never as "21=" text).
RANK_COLUMNS = {"名次": "并列", "总名次": "总名次并列"}


def _split_ranks(
    titles: Sequence[str], rows: Sequence[Sequence[Any]]
) -> tuple[list[str], list[list[Any]]]:
    """名次 (and a category's 总名次) as a number a sheet can sort and filter, a shared
    place ("19=", "13（并列）") marked in a column of its own just after it."""
    titles = list(titles)
    out = [list(r) for r in rows]
    for rank_title, tie_title in RANK_COLUMNS.items():
        if rank_title not in titles or tie_title in titles:
            continue
        at = titles.index(rank_title)
        split = []
        for row in out:
            value = row[at] if at < len(row) else None
            match = RANK.match(value) if isinstance(value, str) else None
            if match:
                row[at] = int(match.group(1))
            tie = "并列" if match else ""
            split.append(row[: at + 1] + [tie] + row[at + 1 :] if len(row) > at else row)
        titles, out = titles[: at + 1] + [tie_title] + titles[at + 1 :], split
    return titles, out


def _sheet_title(text: str, used: set[str]) -> str:
    title = re.sub(r"[\[\]:*?/\\]", "_", text)[:31] or "Sheet"
    base, n = title, 2
    while title in used:
        suffix = f"_{n}"
        title = base[: 31 - len(suffix)] + suffix
        n += 1
    used.add(title)
    return title


class Book:
    def __init__(self, view: DocView) -> None:
        self.view = view
        self.workbook = Workbook()
        self.workbook.remove(self.workbook.active)
        self.used: set[str] = set()
        # (sheet, cell) the program made a formula → the value it computed for it
        self.formulas: dict[tuple[str, str], int | Decimal] = {}

    def formula(
        self, ws: Worksheet, row: int, column: int, text: str, *, value: int | Decimal
    ) -> None:
        """Write the program's own formula (a total: =SUM(C2:C9)) into a cell, with `value`,
        what it adds up to (saved as the formula's cached value): the one kind of cell the
        save-time guard leaves a formula."""
        if not text.startswith("="):
            raise ValueError(f"not a formula: {text!r}")
        cell = ws.cell(row, column)
        cell.value = text
        self.formulas[(ws.title, cell.coordinate)] = value

    def sheet(
        self,
        name: str,
        caption: str,
        titles: Sequence[str],
        rows: Sequence[Sequence[Any]],
        *,
        landscape: bool = False,
        widths: dict[str, float] | None = None,
        banner: str = "",
    ) -> Worksheet:
        """A sheet of `rows` under `titles`; `banner`: a line above the titles, in red (a
        provisional sheet's 临时（第N轮后）: seen on the screen, not only when printed) —
        then the titles are row 2 (`head_row`)."""
        titles, rows = _split_ranks(titles, rows)
        ws = self.workbook.create_sheet(_sheet_title(name, self.used))
        if banner:
            ws.append([banner])
            ws.merge_cells(start_row=1, start_column=1, end_row=1, end_column=len(titles))
            ws.cell(1, 1).font = Font(name=FONT_NAME, bold=True, size=11, color=MARK_RED)
            ws.row_dimensions[1].height = 22
        head = ws.max_row + 1 if banner else 1
        ws.append([_value(t) for t in titles])
        for row in rows:
            ws.append([_value(v) for v in row])
        head_font = Font(name=FONT_NAME, bold=True, size=10)
        body_font = Font(name=FONT_NAME, size=10)
        for cell in ws[head]:
            cell.font = head_font
            cell.fill = HEAD_FILL
            cell.border = BORDER
            cell.alignment = Alignment(horizontal="center", vertical="center", wrap_text=True)
        wrap = Alignment(vertical="center", wrap_text=True)
        for row in ws.iter_rows(min_row=head + 1):
            for cell in row:
                cell.font = body_font
                cell.border = BORDER
                cell.alignment = wrap
        for index, title in enumerate(titles, start=1):
            width = (widths or {}).get(title) or WIDE.get(title)
            if width is None:
                width = max(6.0, len(str(title)) * 2.0 + 1)
            ws.column_dimensions[get_column_letter(index)].width = width
        ws.freeze_panes = f"A{head + 1}"
        ws.print_title_rows = f"{head}:{head}"
        ws.page_setup.paperSize = ws.PAPERSIZE_A4
        ws.page_setup.orientation = "landscape" if landscape else "portrait"
        ws.page_setup.fitToWidth = 1
        ws.page_setup.fitToHeight = 0
        ws.sheet_properties.pageSetUpPr.fitToPage = True
        ws.print_options.horizontalCentered = True
        ws.page_margins.left = ws.page_margins.right = 0.4
        ws.oddHeader.center.text = f"{self.view.title}　{caption}"
        ws.oddHeader.center.size = 11
        ws.oddFooter.center.text = "第 &P 页 / 共 &N 页"
        ws.oddFooter.right.text = "&D &T"
        return ws

    def guard(self) -> None:
        """Every cell of every sheet, written when it may: text is text (a name or unit that
        starts with = + - @ never becomes a formula), except the formulas marked `formula`."""
        for ws in self.workbook.worksheets:
            for row in ws.iter_rows():
                for cell in row:
                    if (ws.title, cell.coordinate) in self.formulas:
                        continue
                    if isinstance(cell.value, str):
                        # a control character stored by an older version would make the
                        # whole workbook fail: it is shown as an escape, as on the terminal
                        cell.value = terminal_safe(cell.value)
                    as_text(cell)

    def save(self, out: Path) -> Path:
        self.guard()
        # 小计/合计 are SUM formulas: Excel and WPS compute them when the file opens.
        self.workbook.calculation.fullCalcOnLoad = True
        # ... and each carries the value the program computed, for a viewer that does not
        buffer = io.BytesIO()
        self.workbook.save(buffer)
        out.write_bytes(add_cached_values(buffer.getvalue(), self.formulas))
        return out


def pairings_workbook(final: Final, out: Path, *, event: str | None, round: int | None) -> Path:  # noqa: A002
    view = DocView(final)
    ev, rnd, per_game_openings, rows = pairing_rows(view, event, round)
    colours = view.colours
    # a team match: the columns are the teams (colours are marked per board, 第M板)
    left, right = TEAM_SIDES if is_team_match_round(rnd) else (colours.first, colours.second)
    titles = [
        "台号",
        "序号",
        left,
        "单位",
        score_heading(ev),
        "结果",
        score_heading(ev),
        right,
        "单位",
        "序号",
    ]
    if per_game_openings:
        titles.append("开局")
    book = Book(view)
    caption = f"{ev.name} 第{rnd.number}轮对阵表"
    book.sheet(f"第{rnd.number}轮对阵", caption, titles, rows)
    return book.save(out)


def standings_workbook(
    final: Final,
    out: Path,
    *,
    event: str | None,
    round: int | None,
    category: str | None,  # noqa: A002
) -> Path:
    view = DocView(final)
    ev = view.event(event, kinds=("individual", "pair"))
    after = standings_round(ev, round)
    book = Book(view)
    keys = [category] if category is not None else [None] + [c.code for c in ev.categories]
    for key in keys:
        if key is not None and key not in ev.category_standings and category is None:
            continue
        titles, rows, cat = standings_table_rows(view, ev, key, after)
        label = cat.name if cat else "总成绩"
        book.sheet(str(label), f"{ev.name} 第{after}轮后 {label}排名", titles, rows)
    return book.save(out)


def crosstable_workbook(final: Final, out: Path, *, event: str | None) -> Path:
    view = DocView(final)
    ev = view.event(event, kinds=("individual", "pair"))
    titles, rows, _ = crosstable_rows(view, ev)
    book = Book(view)
    widths = {t: 9.0 for t in titles if t.startswith("第") and t.endswith("轮")}
    after = after_text(ev, ev.last_complete_round)
    ws = book.sheet(
        "对阵成绩表", f"{ev.name} 对阵成绩表 {after}", titles, rows, landscape=True, widths=widths
    )
    _notes(ws, [f"成绩截至{after}"], len(titles))
    return book.save(out)


def teams_workbook(final: Final, out: Path, *, event: str | None) -> Path:
    view = DocView(final)
    book = Book(view)
    for ev in view.events_of(("team",), event):
        titles, rows = team_rows(view, ev)
        after = team_after_text(view, ev)
        ws = book.sheet(ev.name, f"{ev.name} 团体成绩表 {after}", titles, rows, landscape=True)
        _notes(ws, [f"成绩截至{after}"], len(ws[1]))
    return book.save(out)


def pairs_workbook(final: Final, out: Path, *, event: str | None) -> Path:
    view = DocView(final)
    book = Book(view)
    for ev in view.events_of(("pair",), event):
        titles, rows, _ = standings_table_rows(view, ev, None)
        after = after_text(ev, standings_round(ev, None))
        ws = book.sheet(ev.name, f"{ev.name} 成绩表 {after}", titles, rows)
        _notes(ws, [f"成绩截至{after}"], len(ws[1]))
    return book.save(out)


def prizes_workbook(
    final: Final,
    out: Path,
    *,
    event: str | None,
    category: str | None,
    provisional: bool = False,
) -> Path:
    view = DocView(final)
    prizes = select_prizes(view, event, category)
    mark = final_mark(view, (p.award.event for p in prizes), "奖金发放表", provisional)
    stamp = f"【{mark}】" if mark else ""
    groups = group_by_table(prizes)
    marks = page_marks(view, mark)
    book = Book(view)
    titles = [
        "组别",
        "名次",
        "奖项",
        "姓名 / 队名",
        "单位",
        "金额（元，含税）",
        "金额大写",
        "领奖人签名",
    ]
    team_events = {ev.code for ev in view.events if ev.kind == EventKind.TEAM}
    whole = all(fen_of(p) % 100 == 0 for p in prizes)
    money = "#,##0;-#,##0;0" if whole else "#,##0.00;-#,##0.00;0"
    bold = Font(name=FONT_NAME, bold=True, size=10)
    cells: dict[int, str] = {}  # each prize's amount cell, as a formula reference
    subtotals: dict[str, tuple[str, str]] = {}  # each table's amounts and its subtotal cell
    for name, rows in groups.items():
        body = [
            [
                name,
                place_text(p),
                title_text(p),
                eligibility_mark(p) + winner_text(p),
                p.unit or "",
                _money(amount_of(p)),
                amount_in_capitals(amount_of(p)),
                _member_lines(p, team_events),
            ]
            for p in rows
        ]
        subtotal = total(rows)
        body.append(["小计", "", "", "", "", _money(subtotal), amount_in_capitals(subtotal), ""])
        own = marks(tuple(dict.fromkeys(p.award.event for p in rows))) if marks else ""
        ws = book.sheet(
            name,
            f"{stamp}奖金发放表 {name}",
            titles,
            body,
            widths={"金额（元，含税）": 14},
            banner=provisional_banner(own, f"奖金发放表 {name}"),
        )
        top = 3 if own else 2  # the first prize's row
        col = _title_column(ws, "金额（元，含税）", top - 1)
        last = ws.max_row
        letter = get_column_letter(col)
        # the subtotal adds up the rows above it; the cached value is the printed total
        book.formula(
            ws, last, col, f"=SUM({letter}{top}:{letter}{last - 1})", value=_money(subtotal)
        )
        sheet = _quoted(ws.title)
        for index, prize in enumerate(rows):
            cells[id(prize)] = f"{sheet}!{letter}{index + top}"
        subtotals[name] = (f"{sheet}!{letter}{top}:{letter}{last - 1}", f"{sheet}!{letter}{last}")
        for row in ws.iter_rows(min_row=top, min_col=col, max_col=col):
            row[0].number_format = money
        for cell in ws[last]:
            cell.font = bold
        for r in range(top, last):  # room to sign: a team's members one under another
            signers = len(str(ws.cell(r, len(ws[1])).value or "").splitlines())
            ws.row_dimensions[r].height = max(30, 28 * signers)
        ws.row_dimensions[last].height = 22
        _notes(
            ws,
            shared_notes(rows)
            + eligibility_note_lines(rows)
            + book.view.vacancy_lines(name)
            + rule_line(book.view),
            len(ws[1]),
        )
        _signature_line(ws, len(ws[1]))
    summary = [
        [name, len(rows), _money(total(rows)), amount_in_capitals(total(rows))]
        for name, rows in groups.items()
    ]
    grand = total(prizes)
    summary.append(["合计", len(prizes), _money(grand), amount_in_capitals(grand)])
    ws = book.sheet(
        "汇总",
        f"{stamp}奖金发放汇总表",
        ["组别", "获奖人数（队数）", "金额（元，含税）", "金额大写"],
        summary,
        widths={"金额（元，含税）": 14, "获奖人数（队数）": 12},
        banner=provisional_banner(mark, "奖金发放汇总表"),
    )
    top = 3 if mark else 2
    # each table's count and amount are formulas over its sheet; the total adds them up
    for row, (name, rows) in enumerate(groups.items(), start=top):
        amounts, total_cell = subtotals[name]
        book.formula(ws, row, 2, f"=COUNT({amounts})", value=len(rows))
        book.formula(ws, row, 3, f"={total_cell}", value=_money(total(rows)))
    last = ws.max_row
    book.formula(ws, last, 2, f"=SUM(B{top}:B{last - 1})", value=len(prizes))
    book.formula(ws, last, 3, f"=SUM(C{top}:C{last - 1})", value=_money(grand))
    for row in ws.iter_rows(min_row=top, min_col=3, max_col=3):
        row[0].number_format = money
    for cell in ws[last]:
        cell.font = bold
    _paid_more_than_once(book, ws, prizes, cells, money)
    _notes(ws, rule_line(book.view), 4)
    _signature_line(ws, 4)
    return book.save(out)


def _quoted(title: str) -> str:
    """A sheet's name as a formula refers to it: '男子个人'."""
    return "'" + title.replace("'", "''") + "'"


def _paid_more_than_once(
    book: Book, ws: Worksheet, prizes: Sequence[PrizeLine], cells: dict[int, str], money: str
) -> None:
    """Under the summary: everyone paid more than once (in one event or several), each
    prize with its table, and the total as a formula over the prizes' cells."""
    people = paid_more_than_once(prizes)
    if not people:
        return
    bold = Font(name=FONT_NAME, bold=True, size=10)
    body = Font(name=FONT_NAME, size=10)
    ws.append([])
    ws.append(["同时获得多项奖金者（奖金累计发放）"])
    ws.cell(ws.max_row, 1).font = bold
    ws.append(["姓名", "单位", "奖项", "累计金额（元）"])
    for cell in ws[ws.max_row]:
        cell.font, cell.fill, cell.border = bold, HEAD_FILL, BORDER
    for items in people:
        won = "；".join(
            f"{p.award.table_name}{title_text(p)}（{fmt_amount(amount_of(p))}元）" for p in items
        )
        ws.append([_value(items[0].name), _value(items[0].unit or ""), _value(won)])
        book.formula(
            ws,
            ws.max_row,
            4,
            "=" + "+".join(cells[id(p)] for p in items),
            value=_money(total(items)),
        )
        for cell in ws[ws.max_row]:
            cell.font, cell.border = body, BORDER
            cell.alignment = Alignment(vertical="center", wrap_text=True)
        ws.cell(ws.max_row, 4).number_format = money


def _member_lines(prize: PrizeLine, team_events: set[str]) -> str:
    """A team's or a pair's signature cell: a line for each member to sign on ("白鑫：")."""
    members = prize.members
    if len(members) < 2 and prize.award.event not in team_events:
        return ""
    return "\n".join(f"{m}：" for m in members)


def _title_column(ws: Worksheet, title: str, head: int = 1) -> int:
    return [c.value for c in ws[head]].index(title) + 1


def provisional_banner(mark: str, document: str) -> str:
    """A provisional sheet's first line: 【临时（第4轮后）】奖金发放表 男子个人：非最终结果；
    "" when the sheet's results are final."""
    return f"【{mark}】{document}：非最终结果，以最后一轮结束后打印的为准" if mark else ""


def _signature_line(ws: Worksheet, width: int) -> None:
    """制表 / 审核 / 裁判长 / 发放日期 under the table, with room to sign."""
    ws.append([])
    ws.append(
        ["制表：__________　　审核：__________　　裁判长：__________　　发放日期：__________"]
    )
    row = ws.max_row
    ws.merge_cells(start_row=row, start_column=1, end_row=row, end_column=width)
    cell = ws.cell(row, 1)
    cell.font = Font(name=FONT_NAME, size=10)
    cell.alignment = Alignment(vertical="bottom")
    ws.row_dimensions[row].height = 36


def _money(yuan: Decimal) -> int | Decimal:
    """Exact yuan for a cell: an int when whole, else the Decimal (never a float sum)."""
    return int(yuan) if yuan == yuan.to_integral_value() else yuan


def _notes(ws: Worksheet, lines: Sequence[str], width: int) -> None:
    """说明 lines under a prize table (shared places, the rule in force), merged across it."""
    for line in lines:
        ws.append([_value(f"说明：{line}。")])
        row = ws.max_row
        ws.merge_cells(start_row=row, start_column=1, end_row=row, end_column=width)
        cell = ws.cell(row, 1)
        cell.font = Font(name=FONT_NAME, size=9)
        cell.alignment = Alignment(vertical="center", wrap_text=True)
        ws.row_dimensions[row].height = 30


def index_workbook(
    final: Final,
    out: Path,
    *,
    event: str | None,
    round: int | None,  # noqa: A002
) -> Path:
    """The name index (姓名索引) in pinyin order: name, seed, table, seat."""
    view = DocView(final)
    ev, rnd, entries = index_entries(view, event, round)
    seat = "座次" if view.is_gomoku else "黑白"
    book = Book(view)
    book.sheet(
        f"第{rnd.number}轮姓名索引",
        f"{ev.name} 第{rnd.number}轮姓名索引（按拼音排序）",
        ["姓名", "序号", "台号", seat],
        [list(e) for e in entries],
    )
    return book.save(out)


def grades_workbook(
    final: Final,
    out: Path,
    *,
    event: str | None,
    category: str | None,
    provisional: bool = False,
) -> Path:
    """The grade application list (等级申报表), a sheet per event (and category); refused
    before the events' end unless `provisional`, then each sheet marked with its event's
    临时（第N轮后）."""
    view = DocView(final)
    mark = grades_mark(view, event, category, provisional)
    marks = page_marks(view, mark)
    of_section = section_events(view)
    sections = grade_sections(view, event, category)
    book = Book(view)
    titles = [c.title for c in GRADE_COLUMNS]
    for title, rows in sections.items():
        own = marks((of_section[title],)) if marks and title in of_section else ""
        ws = book.sheet(
            title,
            f"{f'【{own}】' if own else ''}等级申报表 {title}",
            titles,
            rows,
            widths={"备注": 20},
            banner=provisional_banner(own, f"等级申报表 {title}"),
        )
        ws.append([])
        ws.append(["裁判长签字：__________　　主办单位（盖章）：__________　　日期：__________"])
        row = ws.max_row
        ws.merge_cells(start_row=row, start_column=1, end_row=row, end_column=len(ws[1]))
        ws.cell(row, 1).font = Font(name=FONT_NAME, size=10)
        ws.row_dimensions[row].height = 36
    return book.save(out)
