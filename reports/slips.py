"""Result slips (成绩登记单): one per table, several per A4 page, dashed cut lines, a QR code.

The QR code carries `game["token"]` when the export has one, otherwise the public table
identifier `finals:EVENT:ROUND:TABLE`, so a scanner can open the right table.
"""

from __future__ import annotations

import math
from datetime import datetime
from pathlib import Path
from typing import Any

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from reports.canvas_text import draw_fitted
from reports.docview import DocView, EventView
from reports.errors import ReportError
from reports.fonts import TABLE_FONT, register_fonts
from reports.pdf_common import APP_NAME
from reports.qr import draw_qr
from reports.rounds import points, sorted_games

PAGE_MARGIN = 10 * mm
BOX = 2.8 * mm  # tick box


def table_identifier(event: EventView, rnd: dict[str, Any], game: dict[str, Any]) -> str:
    return f"finals:{event.code}:{rnd['number']}:{game['table']}"


def qr_payload(event: EventView, rnd: dict[str, Any], game: dict[str, Any]) -> str:
    return str(game.get("token") or table_identifier(event, rnd, game))


def slip_games(
    view: DocView, event_key: str | None, round_number: int | None
) -> tuple[EventView, dict[str, Any], list[dict[str, Any]]]:
    event = view.event(event_key, kinds=("individual", "pair"))
    rnd = event.round(round_number)
    games = [g for g in sorted_games(rnd) if g.get("second") is not None]
    if not games:
        raise ReportError(f"“{event.name}”第{rnd['number']}轮没有需要登记成绩的对局。")
    return event, rnd, games


def build_slips_pdf(
    doc: dict[str, Any],
    out: Path,
    *,
    event: str | None = None,
    round: int | None = None,  # noqa: A002
    per_page: int = 4,
    printed_at: datetime | None = None,
) -> Path:
    """One slip per table (the bye needs none), `per_page` slips per A4 page."""
    if not 1 <= per_page <= 6:
        raise ReportError("每页成绩单数量应在 1 到 6 之间。")
    register_fonts()
    view = DocView(doc)
    ev, rnd, games = slip_games(view, event, round)
    printed = printed_at or datetime.now()
    width, height = A4
    canvas = Canvas(str(out), pagesize=A4, initialFontName=TABLE_FONT, initialFontSize=9)
    canvas.setTitle(f"{view.title} {ev.name} 第{rnd['number']}轮成绩登记单")
    canvas.setAuthor(APP_NAME)
    canvas.setCreator(APP_NAME)
    slip_height = (height - 2 * PAGE_MARGIN) / per_page
    total_pages = math.ceil(len(games) / per_page)
    for page in range(total_pages):
        chunk = games[page * per_page : (page + 1) * per_page]
        for index, game in enumerate(chunk):
            top = height - PAGE_MARGIN - index * slip_height
            _draw_slip(
                canvas, view, ev, rnd, game, PAGE_MARGIN, top, width - 2 * PAGE_MARGIN, slip_height
            )
        canvas.saveState()
        canvas.setDash(3, 2)
        canvas.setLineWidth(0.5)
        canvas.setStrokeColorRGB(0.4, 0.4, 0.4)
        for cut in range(1, per_page):
            y = height - PAGE_MARGIN - cut * slip_height
            canvas.line(4 * mm, y, width - 4 * mm, y)
        canvas.restoreState()
        canvas.setFont(TABLE_FONT, 6.5)
        canvas.drawString(PAGE_MARGIN, 4 * mm, f"打印时间：{printed:%Y-%m-%d %H:%M}　沿虚线剪开")
        canvas.drawRightString(
            width - PAGE_MARGIN, 4 * mm, f"第 {page + 1} 页 / 共 {total_pages} 页"
        )
        canvas.showPage()
    canvas.save()
    return out


def _box(canvas: Canvas, x: float, y: float, label: str, size: float = 8.5) -> float:
    """A tick box with its label; returns the x after it."""
    canvas.rect(x, y - 0.5, BOX, BOX, stroke=1, fill=0)
    canvas.setFont(TABLE_FONT, size)
    canvas.drawString(x + BOX + 1.2 * mm, y, label)
    return float(x + BOX + 1.2 * mm + stringWidth(label, TABLE_FONT, size) + 4 * mm)


def _draw_slip(
    canvas: Canvas,
    view: DocView,
    event: EventView,
    rnd: dict[str, Any],
    game: dict[str, Any],
    left: float,
    top: float,
    width: float,
    height: float,
) -> None:
    colours = view.colours
    pad = 3 * mm
    x0 = left + pad
    right = left + width - pad
    qr_size = min(26 * mm, height * 0.42)
    qr_x = right - qr_size
    qr_y = top - pad - qr_size
    canvas.setLineWidth(0.6)
    canvas.setStrokeColorRGB(0, 0, 0)
    # titles
    text_width = qr_x - x0 - 3 * mm
    draw_fitted(
        canvas,
        view.title,
        x0,
        top - pad - 3 * mm,
        text_width,
        font=TABLE_FONT,
        size=8,
        min_size=6,
        max_lines=1,
    )
    heading = f"{event.name}　第{rnd['number']}轮　第{game['table']}台　成绩登记单"
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
    draw_qr(canvas, qr_payload(event, rnd, game), qr_x, qr_y, qr_size)
    draw_fitted(
        canvas,
        table_identifier(event, rnd, game),
        qr_x,
        qr_y - 2.2 * mm,
        qr_size,
        font=TABLE_FONT,
        size=6,
        min_size=4.5,
        align="center",
        max_lines=1,
    )

    # the players
    cols = [("座次", 15), ("序号", 11), ("姓名", 30), ("单位", 48), ("积分", 11), ("犯规", 14)]
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
    people = [
        (colours.first, event.entrant(game["first"]), game.get("first_points")),
        (colours.second, event.entrant(game["second"]), game.get("second_points")),
    ]
    yy = y - row_h[0]
    for seat, entrant, score in people:
        base = yy - row_h[1] / 2 - 1.2 * mm
        cells = [
            seat,
            str(entrant.get("seed", "")),
            entrant.get("name", ""),
            entrant.get("unit") or "",
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
        yy -= row_h[1]

    # game details, result, manner, referee
    line_y = bottom - 5.5 * mm
    x = x0
    canvas.setFont(TABLE_FONT, 8.5)
    if view.is_gomoku:
        opening = game.get("opening") or rnd.get("opening")
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
    for label in (f"{f}胜", f"{s}胜", "和棋", f"{f}弃权", f"{s}弃权", "双方弃权"):
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
