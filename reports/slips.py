"""Result slips (成绩登记单): one per table, several per A4 page, dashed cut lines, a QR code.

The QR code holds the table's phone page on the venue's result server (`PrintExtras.links`:
`finals report … slips` finds it from `--base-url` or the address `serve` last ran on), and
the link is printed under it.  With no link there is no QR code: a code no phone
can open would only mislead — nor on the slips of a complete round (all its results are
in and its phone pages take no more), which say so where the code would be.  Every slip says where and when the round is played (the
timetable's date and start time) and keeps its footer inside a 6 mm printer margin.

A team match (a game with `boards`) gets a taller slip: the two teams, then one row per
board with both players, result boxes and signatures.  How many fit on a page follows from
the number of boards; individual and pair slips are unchanged.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from app.domain import EventKind, Result, RoundState
from app.readmodel.model import Final, FinalGame, FinalRound
from reports.canvas_text import draw_fitted
from reports.docview import DocView, EventView, entrant_label, seed_text
from reports.errors import ReportError
from reports.fonts import TABLE_FONT, register_fonts
from reports.pairings import score_heading
from reports.pdf_common import APP_NAME
from reports.qr import draw_qr
from reports.rounds import points, round_day_text, sorted_games

PAGE_MARGIN = 10 * mm
PRINTER_MARGIN = 6 * mm  # what most printers cannot print: the footer stays above it
FOOTER_Y = PRINTER_MARGIN + 1.2 * mm
BOX = 2.8 * mm  # tick box
USABLE_HEIGHT = A4[1] - 2 * PAGE_MARGIN

# Team matches: the game's `first` team is 甲队 (first mover on odd boards), `second` 乙队.
TEAM_SEATS = ("甲队", "乙队")
BOARD_ROW = 9 * mm  # one board: two lines of result boxes, room to sign
MAX_BOARD_ROW = 11 * mm  # when the page leaves more room
MIN_BOARD_ROW = 7 * mm  # only for improbably many boards: names then stay on one line
BOARD_HEAD = 6 * mm
# in place of a complete round's QR code, in lines that break no word
CAPTION_LINES = ("本轮结果", "已全部录入，", "不再提供", "扫码录入")
BOARDS_TOP = 38.5 * mm  # from the slip's top: below the team grid and the QR code
TEAM_SLIP_FOOT = 24 * mm  # below the boards: 局分, match result, referee, padding
# The boxes a referee ticks, in the core's words (app.domain.Result): first wins, second
# wins, draw, first forfeits, second forfeits, both forfeit.
SLIP_RESULTS = (
    Result.FIRST_WINS,
    Result.SECOND_WINS,
    Result.DRAW,
    Result.SECOND_WINS_BY_FORFEIT,
    Result.FIRST_WINS_BY_FORFEIT,
    Result.DOUBLE_FORFEIT,
)
BOARD_RESULTS = (
    (Result.FIRST_WINS.zh, Result.SECOND_WINS.zh, Result.DRAW.score_text),
    (Result.SECOND_WINS_BY_FORFEIT.zh, Result.FIRST_WINS_BY_FORFEIT.zh),
)


def draws_allowed(view: DocView) -> bool:
    """May a game of this final be recorded as a draw?  The final says so (`draws`: not in
    Go with a half-point komi, 3又3/4子 = 7.5目, unless the arbiter allows them)."""
    return bool(view.tournament.draws)


def slip_results(view: DocView) -> tuple[Result, ...]:
    """The result boxes of an individual or pair slip: no draw box where there is no draw."""
    draws = draws_allowed(view)
    return tuple(r for r in SLIP_RESULTS if draws or r is not Result.DRAW)


def board_results(view: DocView) -> tuple[tuple[str, ...], ...]:
    """The boxes of one board of a team match (two lines), in the board's colours (黑胜,
    白弃权): the teams are the columns, the colours are marked on each board."""
    f, s = view.colours.first_short, view.colours.second_short
    lines = (
        (
            Result.FIRST_WINS.words_zh(f, s),
            Result.SECOND_WINS.words_zh(f, s),
            Result.DRAW.score_text,
        ),
        (Result.SECOND_WINS_BY_FORFEIT.words_zh(f, s), Result.FIRST_WINS_BY_FORFEIT.words_zh(f, s)),
    )
    if draws_allowed(view):
        return lines
    return tuple(tuple(t for t in line if t != Result.DRAW.score_text) for line in lines)


def qr_payload(
    links: Mapping[tuple[str, int, int], str], event: str, round_number: int, game: FinalGame
) -> str | None:
    """What the slip's QR code holds: the table's phone link (`links`: (event code, round,
    table) → link), or None (no QR code)."""
    link = links.get((event, round_number, game.table))
    return str(link) if link else None


def slip_games(
    view: DocView, event_key: str | None, round_number: int | None
) -> tuple[EventView, FinalRound, list[FinalGame]]:
    event = view.event(event_key, kinds=("individual", "pair"))
    rnd = event.round(round_number)
    games = [g for g in sorted_games(rnd) if g.second is not None]
    if not games:
        raise ReportError(f"“{event.name}”第{rnd.number}轮没有需要登记成绩的对局。")
    return event, rnd, games


def build_slips_pdf(
    final: Final,
    out: Path,
    *,
    event: str | None = None,
    round: int | None = None,  # noqa: A002
    per_page: int | None = None,
    printed_at: datetime | None = None,
    links: Mapping[tuple[str, int, int], str] | None = None,
) -> Path:
    """One slip per table (the bye needs none), `per_page` slips per A4 page.

    By default 4 per page; team matches as many as their boards leave room for
    (an explicit `per_page` is then an upper limit).
    """
    if per_page is not None and not 1 <= per_page <= 6:
        raise ReportError("每页成绩单数量应在 1 到 6 之间。")
    register_fonts()
    view = DocView(final)
    ev, rnd, games = slip_games(view, event, round)
    boards = max((len(g.boards) for g in games), default=0)
    if boards:
        fit = team_slips_per_page(boards)
        per_page = fit if per_page is None else min(per_page, fit)
    elif per_page is None:
        per_page = 4
    printed = printed_at or datetime.now()
    width, height = A4
    canvas = Canvas(str(out), pagesize=A4, initialFontName=TABLE_FONT, initialFontSize=9)
    canvas.setTitle(f"{view.title} {ev.name} 第{rnd.number}轮成绩登记单")
    canvas.setAuthor(APP_NAME)
    canvas.setCreator(APP_NAME)
    slip_height = (height - 2 * PAGE_MARGIN) / per_page
    total_pages = math.ceil(len(games) / per_page)
    for page in range(total_pages):
        chunk = games[page * per_page : (page + 1) * per_page]
        for index, game in enumerate(chunk):
            top = height - PAGE_MARGIN - index * slip_height
            draw = _draw_team_slip if game.boards else _draw_slip
            # a complete round takes no more results by phone: its slips carry no QR code
            done = rnd.status == RoundState.COMPLETE
            payload = None if done else qr_payload(links or {}, ev.code, rnd.number, game)
            draw(
                canvas,
                view,
                ev,
                rnd,
                game,
                payload,
                PAGE_MARGIN,
                top,
                width - 2 * PAGE_MARGIN,
                slip_height,
            )
        canvas.saveState()
        canvas.setDash(3, 2)
        canvas.setLineWidth(0.5)
        canvas.setStrokeColorRGB(0.4, 0.4, 0.4)
        for cut in range(1, per_page):
            y = height - PAGE_MARGIN - cut * slip_height
            canvas.line(PRINTER_MARGIN, y, width - PRINTER_MARGIN, y)
        canvas.restoreState()
        canvas.setFont(TABLE_FONT, 6.5)
        canvas.drawString(PAGE_MARGIN, FOOTER_Y, f"打印时间：{printed:%Y-%m-%d %H:%M}　沿虚线剪开")
        canvas.drawRightString(
            width - PAGE_MARGIN, FOOTER_Y, f"第 {page + 1} 页 / 共 {total_pages} 页"
        )
        canvas.showPage()
    canvas.save()
    return out


def team_slip_height(boards: int, row: float = BOARD_ROW) -> float:
    """The height a team-match slip with `boards` boards needs."""
    return float(BOARDS_TOP + BOARD_HEAD + boards * row + TEAM_SLIP_FOOT)


def team_slips_per_page(boards: int) -> int:
    """How many team-match slips of `boards` boards fit on one A4 page without overlap."""
    if team_slip_height(boards, MIN_BOARD_ROW) > USABLE_HEIGHT:
        most = int((USABLE_HEIGHT - team_slip_height(0)) // MIN_BOARD_ROW)
        raise ReportError(f"团体对抗有 {boards} 个台次，一张成绩登记单最多容纳 {most} 个台次。")
    return max(1, min(4, int(USABLE_HEIGHT // team_slip_height(boards))))


def _box(
    canvas: Canvas, x: float, y: float, label: str, size: float = 8.5, gap: float = 4 * mm
) -> float:
    """A tick box with its label; returns the x after it."""
    canvas.rect(x, y - 0.5, BOX, BOX, stroke=1, fill=0)
    canvas.setFont(TABLE_FONT, size)
    canvas.drawString(x + BOX + 1.2 * mm, y, label)
    return float(x + BOX + 1.2 * mm + stringWidth(label, TABLE_FONT, size) + gap)


def _boxes_width(labels: list[str], size: float, gap: float) -> float:
    return float(sum(BOX + 1.2 * mm + stringWidth(t, TABLE_FONT, size) + gap for t in labels) - gap)


def _slip_head(
    canvas: Canvas,
    view: DocView,
    event: EventView,
    rnd: FinalRound,
    game: FinalGame,
    payload: str | None,
    left: float,
    top: float,
    width: float,
    height: float,
    document: str = "成绩登记单",
) -> tuple[float, float, float]:
    """Tournament title, heading and QR code; returns (x0, right, text_width)."""
    pad = 3 * mm
    x0 = left + pad
    right = left + width - pad
    qr_size = min(26 * mm, height * 0.42)
    qr_x = right - qr_size
    qr_y = top - pad - qr_size
    canvas.setLineWidth(0.6)
    canvas.setStrokeColorRGB(0, 0, 0)
    # titles; where and when on the right of the first line
    text_width = qr_x - x0 - 3 * mm
    venue = view.venue
    when = "　".join(t for t in (round_day_text(view, rnd), venue or "") if t)
    when_width = min(text_width * 0.5, stringWidth(when, TABLE_FONT, 8) + 1) if when else 0
    draw_fitted(
        canvas,
        view.title,
        x0,
        top - pad - 3 * mm,
        text_width - when_width - 2 * mm,
        font=TABLE_FONT,
        size=8,
        min_size=5,
        max_lines=1,
    )
    if when:
        draw_fitted(
            canvas,
            when,
            x0 + text_width - when_width,
            top - pad - 3 * mm,
            when_width,
            font=TABLE_FONT,
            size=8,
            min_size=5,
            align="right",
            max_lines=1,
        )
    heading = f"{event.name}　第{rnd.number}轮　第{game.table}台　{document}"
    draw_fitted(
        canvas,
        heading,
        x0,
        top - pad - 9 * mm,
        text_width,
        font=TABLE_FONT,
        size=13,
        min_size=8,
        max_lines=1,
    )
    if rnd.status == RoundState.COMPLETE:
        # a phone page of a complete round opens nothing: say why there is no code
        canvas.saveState()
        canvas.setDash(2, 2)
        canvas.setLineWidth(0.4)
        canvas.setStrokeColorRGB(0.5, 0.5, 0.5)
        canvas.rect(qr_x, qr_y, qr_size, qr_size, stroke=1, fill=0)
        canvas.restoreState()
        size = min(
            8.5, (qr_size - 3 * mm) / max(stringWidth(t, TABLE_FONT, 1) for t in CAPTION_LINES)
        )
        canvas.setFont(TABLE_FONT, size)
        first = qr_y + qr_size / 2 + (len(CAPTION_LINES) - 1) * size * 0.65 - size * 0.35
        for i, line in enumerate(CAPTION_LINES):
            canvas.drawCentredString(qr_x + qr_size / 2, first - i * size * 1.3, line)
    elif payload:
        draw_qr(canvas, payload, qr_x, qr_y, qr_size)
        # the link the code holds, for a phone that cannot scan: address, then the token
        head, sep, token = payload.rpartition("/t/")
        lines = [head + sep, token] if sep else [payload]
        for i, line in enumerate(lines):
            draw_fitted(
                canvas,
                line,
                qr_x - 2 * mm,
                qr_y - 2.2 * mm - i * 2.3 * mm,
                qr_size + 4 * mm,
                font=TABLE_FONT,
                size=6,
                min_size=3.5,
                align="center",
                max_lines=1,
            )
    return x0, right, text_width


def _draw_slip(
    canvas: Canvas,
    view: DocView,
    event: EventView,
    rnd: FinalRound,
    game: FinalGame,
    payload: str | None,
    left: float,
    top: float,
    width: float,
    height: float,
) -> None:
    colours = view.colours
    pad = 3 * mm
    x0, _, text_width = _slip_head(
        canvas, view, event, rnd, game, payload, left, top, width, height
    )

    # the players
    score_title = score_heading(event)  # 麦克马洪分 (five characters) takes room from the unit
    wide = score_title != "积分"
    cols = [
        ("座次", 15),
        ("序号", 11),
        ("姓名", 30),
        ("单位", 42 if wide else 48),
        (score_title, 17 if wide else 11),
        ("犯规", 14),
    ]
    fixed = sum(w for _, w in cols) * mm
    sign_width = text_width - fixed
    widths = [w * mm for _, w in cols] + [sign_width]
    titles = [t for t, _ in cols] + ["棋手签名"]
    row_h = [5.5 * mm, 7.5 * mm, 7.5 * mm]
    y = top - pad - 12.5 * mm
    xs = [x0]
    for w in widths:
        xs.append(xs[-1] + w)
    bottom = y - sum(row_h)
    canvas.setLineWidth(0.5)
    for x in xs:
        canvas.line(x, y, x, bottom)
    yy = y
    canvas.line(xs[0], yy, xs[-1], yy)
    for h in row_h:
        yy -= h
        canvas.line(xs[0], yy, xs[-1], yy)
    canvas.setFillColorRGB(0, 0, 0)
    for i, title in enumerate(titles):
        draw_fitted(
            canvas,
            title,
            xs[i] + 1,
            y - row_h[0] + 1.7 * mm,
            widths[i] - 2,
            font=TABLE_FONT,
            size=8,
            align="center",
            max_lines=1,
        )
    assert game.second is not None  # a bye has no slip
    people = [
        (colours.first, event.entrant(game.first), game.first_points),
        (colours.second, event.entrant(game.second), game.second_points),
    ]
    yy = y - row_h[0]
    for seat, entrant, score in people:
        base = yy - row_h[1] / 2 - 1.2 * mm
        cells = [
            seat,
            seed_text(entrant),
            entrant.name,
            entrant.unit or "",
            points(score),
        ]
        for i, text in enumerate(cells):
            size = 10 if i == 2 else 8.5
            draw_fitted(
                canvas,
                str(text),
                xs[i] + 1.2,
                base,
                widths[i] - 2.4,
                font=TABLE_FONT,
                size=size,
                min_size=6.5,
                align="left" if i in (2, 3) else "center",
            )
        members = list(entrant.members) if event.kind == EventKind.PAIR else []
        if len(members) > 1:
            # a pair: each player signs on a line of their own
            step = (row_h[1] - 1 * mm) / len(members)
            for k, member in enumerate(members):
                draw_fitted(
                    canvas,
                    f"{member}：",
                    xs[-2] + 1.2,
                    yy - 0.5 * mm - step * (k + 1) + 0.9 * mm,
                    widths[-1] * 0.45,
                    font=TABLE_FONT,
                    size=7,
                    min_size=5,
                    max_lines=1,
                )
                canvas.setLineWidth(0.3)
                line_y = yy - 0.5 * mm - step * (k + 1) + 0.6 * mm
                canvas.line(xs[-2] + widths[-1] * 0.47, line_y, xs[-1] - 1.5 * mm, line_y)
                canvas.setLineWidth(0.5)
        yy -= row_h[1]

    # game details, result, manner, referee
    line_y = bottom - 5.5 * mm
    x = x0
    canvas.setFont(TABLE_FONT, 8.5)
    if view.is_gomoku:
        opening = game.opening or rnd.opening
        label = f"开局：{opening}" if opening else "开局：________"
        canvas.drawString(x, line_y, label)
        x += 40 * mm
        canvas.drawString(x, line_y, "三手交换：")
        x += 15 * mm
        x = _box(canvas, x, line_y, "未交换")
        x = _box(canvas, x, line_y, "已交换（黑白互换）")
    else:
        canvas.drawString(x, line_y, f"贴目：{view.komi}" if view.komi else "贴目：________")
        x += 40 * mm
        canvas.drawString(x, line_y, "终局时间：______:______")

    line_y -= 6 * mm
    canvas.setFont(TABLE_FONT, 8.5)
    canvas.drawString(x0, line_y, "结果：")
    x = x0 + 10 * mm
    f, s = colours.first_short, colours.second_short
    for label in (r.words_zh(f, s) for r in slip_results(view)):
        x = _box(canvas, x, line_y, label)

    line_y -= 6 * mm
    canvas.setFont(TABLE_FONT, 8.5)
    canvas.drawString(x0, line_y, "方式：")
    x = x0 + 10 * mm
    if view.is_gomoku:
        manners = ["连五", "禁手（三三）", "禁手（四四）", "长连禁手", "认输", "超时", "违例"]
    else:
        manners = ["中盘胜", "数子胜 ____ 子", "超时负", "违例判负"]
    for label in manners:
        x = _box(canvas, x, line_y, label)

    line_y -= 7 * mm
    canvas.setFont(TABLE_FONT, 8.5)
    canvas.drawString(x0, line_y, "裁判员签名：________________")
    canvas.drawString(x0 + 62 * mm, line_y, "记录时间：______:______")
    _box(canvas, x0 + 112 * mm, line_y, "已录入电脑")


def _grid(
    canvas: Canvas, x0: float, y: float, widths: list[float], rows: list[float]
) -> list[float]:
    """Ruled cells from (x0, y) down; returns the column edges."""
    xs = [x0]
    for w in widths:
        xs.append(xs[-1] + w)
    bottom = y - sum(rows)
    canvas.setLineWidth(0.5)
    for x in xs:
        canvas.line(x, y, x, bottom)
    canvas.line(xs[0], y, xs[-1], y)
    for h in rows:
        y -= h
        canvas.line(xs[0], y, xs[-1], y)
    return xs


def _titles(canvas: Canvas, xs: list[float], y: float, h: float, titles: list[str]) -> None:
    canvas.setFillColorRGB(0, 0, 0)
    for i, title in enumerate(titles):
        draw_fitted(
            canvas,
            title,
            xs[i] + 1,
            y - h / 2 - 1.1 * mm,
            xs[i + 1] - xs[i] - 2,
            font=TABLE_FONT,
            size=8,
            min_size=5.5,
            align="center",
            max_lines=1,
        )


def _draw_team_slip(
    canvas: Canvas,
    view: DocView,
    event: EventView,
    rnd: FinalRound,
    game: FinalGame,
    payload: str | None,
    left: float,
    top: float,
    width: float,
    height: float,
) -> None:
    """A team match: the two teams, one row per board, 局分, the match result."""
    pad = 3 * mm
    x0, right, text_width = _slip_head(
        canvas, view, event, rnd, game, payload, left, top, width, height, "团体对抗成绩登记单"
    )
    boards = sorted(game.boards, key=lambda b: b.board)

    # the two teams, left of the QR code
    cols = [("座次", 15), ("序号", 11), ("队名", 0), ("单位", 0), ("积分", 11)]
    free = text_width - sum(w for _, w in cols) * mm
    widths = [w * mm for _, w in cols]
    widths[2], widths[3] = free * 0.52, free * 0.48
    head_h, row_h = 5.5 * mm, 7 * mm
    y = top - pad - 12.5 * mm
    xs = _grid(canvas, x0, y, widths, [head_h, row_h, row_h])
    _titles(canvas, xs, y, head_h, [t for t, _ in cols])
    assert game.second is not None  # a bye has no slip
    teams = [
        (TEAM_SEATS[0], event.entrant(game.first), game.first_points),
        (TEAM_SEATS[1], event.entrant(game.second), game.second_points),
    ]
    yy = y - head_h
    for seat, entrant, score in teams:
        base = yy - row_h / 2 - 1.2 * mm
        cells = [
            seat,
            seed_text(entrant),
            entrant_label(entrant),
            entrant.unit or "",
            points(score),
        ]
        for i, text in enumerate(cells):
            draw_fitted(
                canvas,
                str(text),
                xs[i] + 1.2,
                base,
                widths[i] - 2.4,
                font=TABLE_FONT,
                size=10 if i == 2 else 8.5,
                min_size=6,
                align="left" if i in (2, 3) else "center",
            )
        yy -= row_h

    # one row per board, the full width of the slip
    room = height - BOARDS_TOP - BOARD_HEAD - TEAM_SLIP_FOOT
    board_h = min(MAX_BOARD_ROW, max(MIN_BOARD_ROW, room / max(len(boards), 1)))
    box_size, box_gap = 7.5, 2.2 * mm
    board_boxes = board_results(view)
    result_w = max(_boxes_width(list(line), box_size, box_gap) for line in board_boxes)
    fixed = [13 * mm, 30 * mm, 30 * mm, result_w + 3 * mm, 16 * mm]
    sign = (right - x0 - sum(fixed)) / 2
    widths = [*fixed, sign, sign]
    a, b = TEAM_SEATS
    titles = ["板次", a, b, "结果", "方式", f"{a}签名", f"{b}签名"]
    y = top - BOARDS_TOP
    xs = _grid(canvas, x0, y, widths, [BOARD_HEAD] + [board_h] * len(boards))
    _titles(canvas, xs, y, BOARD_HEAD, titles)
    yy = y - BOARD_HEAD
    black, white = view.colours.first_short, view.colours.second_short
    for board in boards:
        number = board.board
        middle = yy - board_h / 2
        # each team in its own column; odd boards: 甲队 plays Black, even boards: 乙队
        first_is_a = bool(number % 2)
        draw_fitted(
            canvas,
            f"第{number}板",
            xs[0] + 1,
            middle - 1.1 * mm,
            widths[0] - 2,
            font=TABLE_FONT,
            size=8.5,
            min_size=6,
            align="center",
            max_lines=1,
        )
        sides = [(board.first, black), (board.second, white)]
        if not first_is_a:
            sides.reverse()
        for col, (name, colour) in zip((1, 2), sides, strict=True):
            tag = f"执{colour}"
            tag_w = stringWidth(tag, TABLE_FONT, 7)
            canvas.setFillColorRGB(0.2, 0.2, 0.2)
            canvas.setFont(TABLE_FONT, 7)
            canvas.drawRightString(xs[col + 1] - 1.2, middle - 0.8 * mm, tag)
            canvas.setFillColorRGB(0, 0, 0)
            draw_fitted(
                canvas,
                str(name or ""),
                xs[col] + 1.2,
                middle - 1.3 * mm,
                widths[col] - 3.6 - tag_w,
                font=TABLE_FONT,
                size=10,
                min_size=6.5,
                max_lines=2 if board_h >= BOARD_ROW else 1,
            )
        lines = len(board_boxes)
        step = min(3.8 * mm, (board_h - 0.8 * mm) / lines)
        base = middle + (lines - 1) * step / 2 - 1.0 * mm
        for line in board_boxes:
            x = xs[3] + 1.5 * mm
            for label in line:
                x = _box(canvas, x, base, label, box_size, box_gap)
            base -= step
        yy -= board_h
    boards_bottom = yy

    # 局分, the match result, the referee
    line_y = boards_bottom - 5.5 * mm
    canvas.setFont(TABLE_FONT, 8.5)
    canvas.drawString(x0, line_y, f"局分：{a} ______ : ______ {b}")
    setting = ""
    if view.is_gomoku and rnd.opening:
        setting = f"开局：{rnd.opening}"
    elif not view.is_gomoku and view.komi:
        setting = f"贴目：{view.komi}"
    if setting:
        draw_fitted(
            canvas,
            setting,
            x0 + 64 * mm,
            line_y,
            38 * mm,
            font=TABLE_FONT,
            size=8.5,
            min_size=6,
            max_lines=1,
        )
    canvas.setFillColorRGB(0.3, 0.3, 0.3)
    draw_fitted(
        canvas,
        f"单数板{a}执{black}，双数板{b}执{black}",
        x0 + 104 * mm,
        line_y,
        right - x0 - 104 * mm,
        font=TABLE_FONT,
        size=7,
        min_size=5.5,
        align="right",
        max_lines=1,
    )
    canvas.setFillColorRGB(0, 0, 0)

    line_y -= 6 * mm
    canvas.setFont(TABLE_FONT, 8.5)
    canvas.drawString(x0, line_y, "比赛结果：")
    x = x0 + 15 * mm
    # A match is drawn on equal board points: never with an odd number of boards that
    # cannot themselves be drawn (Go, komi 3又3/4子).
    drawable = draws_allowed(view) or len(boards) % 2 == 0
    for label in (
        "平局" if r is Result.DRAW else r.words_zh(a, b)
        for r in SLIP_RESULTS
        if drawable or r is not Result.DRAW
    ):
        x = _box(canvas, x, line_y, label)

    line_y -= 7 * mm
    canvas.setFont(TABLE_FONT, 8.5)
    canvas.drawString(x0, line_y, "裁判员签名：________________")
    canvas.drawString(x0 + 62 * mm, line_y, "记录时间：______:______")
    _box(canvas, x0 + 112 * mm, line_y, "已录入电脑")
