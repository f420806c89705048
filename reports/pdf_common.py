"""The common A4 page frame of every table-like PDF.

Header: tournament title, document title, event, round and date.  Footer: print time and
"第 x 页 / 共 y 页".  Cells shrink or wrap so long unit names are never clipped.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    KeepTogether,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from reports.fonts import TABLE_FONT, register_fonts
from reports.line_breaking import break_lines

MARGIN = 12 * mm
HEADER_HEIGHT = 21 * mm
WALL_HEADER_HEIGHT = 25 * mm  # the wall lists' header: round and venue at 14 pt
WALL_LINE_SIZE = 14.0
FOOTER_HEIGHT = 9 * mm
CELL_PAD = 2.0
GRID = colors.Color(0.35, 0.35, 0.35)
HEAD_FILL = colors.Color(0.88, 0.88, 0.88)
BAND_FILL = colors.Color(0.955, 0.955, 0.955)
MARK_RED = colors.Color(0.8, 0.0, 0.0)
APP_NAME = "棋赛总决赛编排系统"


@dataclass
class Header:
    """What the header of the current page shows."""

    title: str  # tournament title
    document: str  # e.g. "第5轮对阵表"
    event: str = ""
    round_text: str = ""
    date_text: str = ""
    extra: str = ""  # e.g. 贴目 or 指定开局


class SetHeader(Flowable):  # type: ignore[misc]
    """A zero-size flowable that changes the header from the page it is drawn on."""

    def __init__(self, header: Header) -> None:
        super().__init__()
        self.header = header
        self.width = self.height = 0

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        return 0, 0

    def draw(self) -> None:
        self.canv._doctemplate.header = self.header


class SetEvents(Flowable):  # type: ignore[misc]
    """A zero-size flowable: what follows states the results of events `codes`.  A page's
    provisional mark (临时（第N轮后）) is that of the events whose results it shows
    (`ReportDoc.mark_of`): each page its own events', a finished event's page none."""

    def __init__(self, codes: Sequence[str]) -> None:
        super().__init__()
        self.codes = tuple(codes)
        self.width = self.height = 0

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        return 0, 0

    def draw(self) -> None:
        doc = self.canv._doctemplate
        doc.events_from_here(self.codes, at_top=bool(doc.frame._atTop))


class _NumberedCanvas(Canvas):  # type: ignore[misc]
    """Holds every page until the end so the footer can say how many pages there are."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._pages: list[dict[str, Any]] = []

    def showPage(self) -> None:  # noqa: N802
        self._pages.append(dict(self.__dict__))
        self._startPage()

    def save(self) -> None:
        total = len(self._pages)
        for state in self._pages:
            self.__dict__.update(state)
            self._draw_page_number(total)
            super().showPage()
        super().save()

    def _draw_page_number(self, total: int) -> None:
        width, _ = self._pagesize
        self.setFont(TABLE_FONT, 8)
        self.setFillColor(colors.black)
        self.drawCentredString(
            width / 2, MARGIN + 1.2 * mm, f"第 {self._pageNumber} 页 / 共 {total} 页"
        )


class ReportDoc(BaseDocTemplate):  # type: ignore[misc]
    """An A4 document with the common header and footer."""

    def __init__(
        self,
        out: Path,
        header: Header,
        *,
        landscape_page: bool = False,
        printed_at: datetime | None = None,
        subject: str = "",
        mark: str = "",
        wall: bool = False,
        mark_of: Callable[[Sequence[str]], str] | None = None,
    ) -> None:
        """`mark`: 临时（第4轮后） — results not yet final, printed in red before the
        document's name on every page (and in the PDF's title).  `mark_of`: the mark of a
        page from the events whose results it shows (`SetEvents`), in place of `mark` —
        every page its own events' round, none on a page of finished events.  `wall`: a list for the
        wall (`--large`): the event, round and venue line at 14 pt, readable from 2 m."""
        register_fonts()
        pagesize = landscape(A4) if landscape_page else A4
        self.wall = wall
        header_height = WALL_HEADER_HEIGHT if wall else HEADER_HEIGHT
        super().__init__(
            str(out),
            pagesize=pagesize,
            leftMargin=MARGIN,
            rightMargin=MARGIN,
            topMargin=MARGIN + header_height,
            bottomMargin=MARGIN + FOOTER_HEIGHT,
            title=f"{header.title} {header.document}".strip(),
            author=APP_NAME,
            subject=subject,
            creator=APP_NAME,
            initialFontName=TABLE_FONT,
            initialFontSize=9,
        )
        self.header = header
        self.mark = mark
        self.mark_of = mark_of
        self._events: tuple[str, ...] = ()  # the events of the section being laid out
        self._page_events: list[str] = []  # the events whose results this page shows
        if mark:
            self.title = f"{mark} {header.title} {header.document}".strip()
        self.printed_at = printed_at or datetime.now()
        frame = Frame(
            self.leftMargin,
            self.bottomMargin,
            self.width,
            self.height,
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
            id="body",
        )
        self.addPageTemplates([PageTemplate(id="page", frames=[frame], onPageEnd=self._frame)])

    def handle_pageBegin(self) -> None:  # noqa: N802
        super().handle_pageBegin()
        self._page_events = list(self._events)  # a section running on from the last page

    def events_from_here(self, codes: Sequence[str], *, at_top: bool) -> None:
        """From here on the results of events `codes` (`SetEvents`); `at_top`: nothing
        drawn on this page yet, so the section before it is not on this page."""
        if at_top:
            self._page_events = []
        self._events = tuple(codes)
        self._page_events += [c for c in codes if c not in self._page_events]

    def page_mark(self) -> str:
        """The provisional mark of the page being finished ("" when its results are final)."""
        if self.mark_of is None or not self._page_events:
            return self.mark
        return self.mark_of(self._page_events)

    def _frame(self, canvas: Canvas, doc: BaseDocTemplate) -> None:
        header = self.header
        mark = self.page_mark()
        width, height = self.pagesize
        left, right = MARGIN, width - MARGIN
        top = height - MARGIN
        canvas.saveState()
        canvas.setFillColor(colors.black)
        size = fit_size(header.title, right - left, 15, 10)
        canvas.setFont(TABLE_FONT, size)
        canvas.drawCentredString(width / 2, top - 5.5 * mm, header.title)
        document = f"【{mark}】{header.document}" if mark else header.document
        # the mark is never cut off: a long one (several events' rounds) is set smaller
        size = fit_size(document, right - left, 13, 9 if not mark else 4)
        canvas.setFont(TABLE_FONT, size)
        if mark:  # the mark in red, then the document's name
            stamp = f"【{mark}】"
            start = width / 2 - stringWidth(document, TABLE_FONT, size) / 2
            canvas.setFillColor(MARK_RED)
            canvas.drawString(start, top - 11.5 * mm, stamp)
            canvas.setFillColor(colors.black)
            start += stringWidth(stamp, TABLE_FONT, size)
            canvas.drawString(start, top - 11.5 * mm, header.document)
        else:
            canvas.drawCentredString(width / 2, top - 11.5 * mm, document)
        left_text = "　".join(t for t in (header.event, header.round_text, header.extra) if t)
        line_y, rule_y, line_size = top - 17 * mm, top - 18.6 * mm, 8.5
        if self.wall:
            line_y, rule_y, line_size = top - 20.5 * mm, top - 22.6 * mm, WALL_LINE_SIZE
        canvas.setFont(TABLE_FONT, line_size)
        canvas.drawString(left, line_y, left_text)
        if header.date_text:
            canvas.drawRightString(right, line_y, header.date_text)
        canvas.setLineWidth(0.6)
        canvas.line(left, rule_y, right, rule_y)
        # footer
        canvas.setLineWidth(0.4)
        canvas.line(left, MARGIN + 5.2 * mm, right, MARGIN + 5.2 * mm)
        canvas.setFont(TABLE_FONT, 7.5)
        canvas.drawString(left, MARGIN + 1.2 * mm, f"打印时间：{self.printed_at:%Y-%m-%d %H:%M}")
        canvas.drawRightString(right, MARGIN + 1.2 * mm, APP_NAME)
        canvas.restoreState()

    def build_story(self, story: list[Flowable]) -> None:
        self.build(story, canvasmaker=_NumberedCanvas)


# --------------------------------------------------------------------------- text fitting


def fit_size(
    text: str, width: float, size: float, min_size: float, font: str = TABLE_FONT
) -> float:
    """The largest size ≤ `size` at which `text` fits on one line of `width` (≥ min_size)."""
    register_fonts()
    measured = stringWidth(text, font, size)
    if measured <= width:
        return size
    return float(max(min_size, math.floor(size * width / measured * 4) / 4))


_STYLE_CACHE: dict[tuple[float, int, str], ParagraphStyle] = {}


def para_style(size: float, align: int = TA_LEFT, font: str = TABLE_FONT) -> ParagraphStyle:
    key = (size, align, font)
    style = _STYLE_CACHE.get(key)
    if style is None:
        style = ParagraphStyle(
            f"cell-{size}-{align}-{font}",
            fontName=font,
            fontSize=size,
            leading=size * 1.18,
            alignment=align,
            wordWrap="CJK",
        )
        _STYLE_CACHE[key] = style
    return style


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def broken_paragraph(
    text: str, width: float, size: float, alignment: int = TA_LEFT, *, words: bool = True
) -> Paragraph:
    """`text` as a paragraph of the lines `reports.line_breaking` breaks it into."""
    lines = break_lines(text, width, TABLE_FONT, size, words=words)
    return Paragraph("<br/>".join(_escape(line) for line in lines), para_style(size, alignment))


def fit_cell(
    text: Any,
    width: float,
    *,
    size: float = 9,
    one_line_min: float | None = None,
    min_size: float = 6,
    max_lines: int = 2,
    align: str = "left",
) -> str | Paragraph:
    """A cell value that fits `width`: plain text, shrunk to one line, or wrapped.

    Slightly too long text shrinks onto one line (down to `one_line_min`, by default 85 %
    of `size`); longer text wraps onto up to `max_lines` lines, shrinking only if it must,
    broken by the one rule of `reports.line_breaking` (never inside a name or a number).
    Never clipped: when nothing else works the text wraps onto more lines at `min_size`.
    """
    register_fonts()
    if one_line_min is None:
        one_line_min = size * 0.85
    text = "" if text is None else str(text)
    avail = width - 2 * CELL_PAD - 0.5
    if not text or stringWidth(text, TABLE_FONT, size) <= avail:
        return text
    alignment = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT}[align]
    one_line = fit_size(text, avail, size, 0)
    if one_line >= one_line_min:
        return Paragraph(_escape(text), para_style(one_line, alignment))
    candidate = size
    while candidate >= min_size:
        if len(break_lines(text, avail, TABLE_FONT, candidate, words=True)) <= max_lines:
            return broken_paragraph(text, avail, candidate, alignment)
        candidate -= 0.5
    return broken_paragraph(text, avail, min_size, alignment)


# --------------------------------------------------------------------------- tables


@dataclass
class Column:
    title: str
    width: float  # in points
    align: str = "center"
    wrap: bool = False  # long text: shrink/wrap with fit_cell


@dataclass
class TableSpec:
    columns: Sequence[Column]
    font_size: float = 9
    band_every: int = 0  # shade every n-th group of rows to guide the eye
    extra_styles: list[tuple[Any, ...]] = field(default_factory=list)


def scale_columns(columns: Sequence[Column], width: float) -> list[Column]:
    """Stretch or squeeze the columns so they fill `width` exactly."""
    total = sum(c.width for c in columns)
    factor = width / total
    return [replace(c, width=c.width * factor) for c in columns]


def make_table(
    spec: TableSpec, rows: Sequence[Sequence[Any]], *, repeat_header: bool = True
) -> Table:
    """A grid table with a grey, repeated header row."""
    size = spec.font_size
    header = [fit_cell(c.title, c.width, size=size, align="center") for c in spec.columns]
    body = []
    for row in rows:
        cells = []
        for value, column in zip(row, spec.columns, strict=True):
            if isinstance(value, Flowable):
                cells.append(value)
            else:
                cells.append(fit_cell(value, column.width, size=size, align=column.align))
        body.append(cells)
    table = Table(
        [header, *body],
        colWidths=[c.width for c in spec.columns],
        repeatRows=1 if repeat_header else 0,
    )
    style: list[tuple[Any, ...]] = [
        ("FONT", (0, 0), (-1, -1), TABLE_FONT, size, size * 1.2),
        ("GRID", (0, 0), (-1, -1), 0.4, GRID),
        ("BACKGROUND", (0, 0), (-1, 0), HEAD_FILL),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("ALIGN", (0, 0), (-1, 0), "CENTER"),
        ("LEFTPADDING", (0, 0), (-1, -1), CELL_PAD),
        ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PAD),
        ("TOPPADDING", (0, 0), (-1, -1), 1.6),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2.2),
    ]
    for index, column in enumerate(spec.columns):
        align = {"left": "LEFT", "center": "CENTER", "right": "RIGHT"}[column.align]
        style.append(("ALIGN", (index, 1), (index, -1), align))
    if spec.band_every:
        for start in range(1 + spec.band_every, len(body) + 1, 2 * spec.band_every):
            end = min(start + spec.band_every - 1, len(body))
            style.append(("BACKGROUND", (0, start), (-1, end), BAND_FILL))
    style.extend(spec.extra_styles)
    table.setStyle(TableStyle(style))
    return table


def notes_block(lines: Sequence[str], *, size: float = 7.5, title: str = "说明") -> list[Flowable]:
    """A small-print footnote: the settings in force, legends."""
    if not lines:
        return []
    text = f"{title}：" + "；".join(lines) + "。"
    return [Spacer(1, 2.5 * mm), Prose(text, size)]


class Prose(Flowable):  # type: ignore[misc]
    """Running text (notes, headings, signature lines) broken by `reports.line_breaking` at
    the width it is given: no name, number or set phrase split, no line starting with a
    closing mark."""

    def __init__(
        self, text: str, size: float, leading: float = 1.18, *, keep: Sequence[str] = ()
    ) -> None:
        """`keep`: what a line never breaks inside besides the rule's own (a list's names)."""
        super().__init__()
        self.text, self.size, self.leading = text, size, size * leading
        self.keep = tuple(keep)
        self.lines: list[str] = []

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        register_fonts()
        self.lines = break_lines(self.text, availWidth, TABLE_FONT, self.size, keep=self.keep)
        self.width = availWidth
        self.height = self.leading * len(self.lines) + self.size * 0.25
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        canvas.setFont(TABLE_FONT, self.size)
        for index, line in enumerate(self.lines):
            canvas.drawString(0, self.height - self.size - index * self.leading, line)


SIGNATURE = "裁判长（签字）：____________________　　日期：______________"


def signature_block(size: float = 10) -> list[Flowable]:
    """The chief arbiter's signature line under a table of results (standings,
    crosstables): kept on one page with the space above it."""
    return [KeepTogether([Spacer(1, 9 * mm), Prose(SIGNATURE, size)])]


def heading(text: str, size: float = 11) -> Flowable:
    return Prose(text, size)


def escape(text: str) -> str:
    return _escape(text)


# --------------------------------------------------------------------------- unbroken words


def fit_words(
    text: Any,
    width: float,
    *,
    size: float = 9,
    min_size: float = 7.5,
    max_lines: int = 2,
    align: str = "left",
) -> str | Paragraph:
    """Like `fit_cell`, but the text never shrinks below `min_size`: it takes more lines
    instead (lines break by `reports.line_breaking`, between whole names and numbers)."""
    text = "" if text is None else str(text)
    chosen, lines = words_fit(text, width, size=size, min_size=min_size, max_lines=max_lines)
    if chosen == size and len(lines) == 1:
        return text
    alignment = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT}[align]
    return Paragraph("<br/>".join(_escape(line) for line in lines), para_style(chosen, alignment))


def words_fit(
    text: str, width: float, *, size: float, min_size: float, max_lines: int
) -> tuple[float, list[str]]:
    """The size and the lines `fit_words` prints `text` in within a cell `width` wide."""
    register_fonts()
    avail = width - 2 * CELL_PAD - 0.5
    if not text or stringWidth(text, TABLE_FONT, size) <= avail:
        return size, [text]
    one_line = fit_size(text, avail, size, 0)
    if one_line >= max(min_size, size * 0.85):
        return one_line, [text]
    candidate = size
    lines = break_lines(text, avail, TABLE_FONT, candidate, words=True)
    while len(lines) > max_lines and candidate - 0.5 >= min_size:
        candidate -= 0.5
        lines = break_lines(text, avail, TABLE_FONT, candidate, words=True)
    return candidate, lines


# --------------------------------------------------------------------------- column flow


def flow_columns(
    items: Sequence[Any],
    is_heading: Callable[[Any], bool],
    rows: int,
    columns: int,
    weight: Callable[[Any], int] | None = None,
) -> list[list[list[Any]]]:
    """Pages of `columns` columns of at most `rows` items, balanced: every page (the last
    too) about as full as the others, so no page carries three names; a heading never ends a
    column (it moves to the next, above its first entry); no column is left empty but the
    last ones of a list shorter than the page's columns.  `weight`: the rows an item takes
    (a long name wrapped onto two lines takes two; by default one each)."""
    rows = max(rows, 2)
    if not items:
        return [[[] for _ in range(columns)]]
    widest = _greedy_columns(items, is_heading, rows, weight)
    pages = math.ceil(len(widest) / columns)
    chosen = widest
    shortest = min(rows, 10)  # a short list stays in one block, not three thin ones
    for height in range(max(shortest, math.ceil(len(items) / (pages * columns))), rows + 1):
        attempt = _greedy_columns(items, is_heading, height, weight)
        if math.ceil(len(attempt) / columns) <= pages:
            chosen = attempt
            break
    out = []
    for start in range(0, len(chosen), columns):
        page = chosen[start : start + columns]
        out.append(page + [[] for _ in range(columns - len(page))])
    return out


def _greedy_columns(
    items: Sequence[Any],
    is_heading: Callable[[Any], bool],
    height: int,
    weight: Callable[[Any], int] | None = None,
) -> list[list[Any]]:
    result: list[list[Any]] = []
    column: list[Any] = []
    used = 0
    for item in items:
        rows = weight(item) if weight else 1
        full = used + rows > height or (is_heading(item) and used >= height - 1)
        if column and full:
            result.append(column)
            column, used = [], 0
        column.append(item)
        used += rows
    if column:
        result.append(column)
    return result


def fewest_pages(
    items: Sequence[Any],
    is_heading: Callable[[Any], bool],
    rows: int,
    columns: int,
    *,
    squeeze: float = 1.15,
    weight: Callable[[Any], int] | None = None,
) -> tuple[list[list[list[Any]]], float]:
    """`flow_columns`, and the row scale (≤ 1): a list that overflows its last page by a
    little is set up to `squeeze` times tighter to fit one page fewer."""
    pages = flow_columns(items, is_heading, rows, columns, weight)
    if len(pages) > 1:
        tight = int(rows * squeeze)
        fewer = flow_columns(items, is_heading, tight, columns, weight)
        if len(fewer) < len(pages):
            return fewer, rows / tight
    return pages, 1.0


def page_rows(table: Table, width: float, height: float) -> list[int]:
    """How many body rows `table` (its header repeated) puts on each page of `height`."""
    counts: list[int] = []
    rest = table
    while True:
        _, needed = rest.wrap(width, height)
        rows = len(rest._cellvalues) - 1
        if needed <= height + 0.01:
            counts.append(rows)
            return counts
        parts = rest.split(width, height)
        if len(parts) < 2:  # a row taller than a page: nothing to plan
            counts.append(rows)
            return counts
        counts.append(len(parts[0]._cellvalues) - 1)
        rest = parts[1]


def no_orphan_tables(
    spec: TableSpec, body: Sequence[Sequence[Any]], width: float, height: float
) -> list[Flowable]:
    """The table of `body` over pages of `height`, one table a page: when its last page
    would hold less than a third of the page before it (a page of three rows), the two
    share their rows evenly (the index's rule: no last page for three names)."""
    counts = page_rows(make_table(spec, body), width, height)
    if len(counts) > 1 and counts[-1] * 3 < counts[-2]:
        both = counts[-2] + counts[-1]
        counts[-2:] = [both - both // 2, both // 2]
    story: list[Flowable] = []
    start = 0
    for count in counts:
        if story:
            story.append(PageBreak())
        story.append(make_table(spec, body[start : start + count]))
        start += count
    return story
