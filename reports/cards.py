"""Table number cards (台号牌): a big table number and the event's name, for any round.

One card per table number, 1 up to the most tables the event needs (its largest round,
or half its entrants still playing before round 1).  `card="tent"`: A4 landscape folded
into a tent along the middle, the top half upside down so both sides read the same;
`card="a5"`: one flat A5 landscape card per page.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, A5, landscape
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from app.domain import EntrantStatus, EventKind
from app.readmodel.model import Final
from reports.canvas_text import draw_fitted
from reports.docview import DocView, EventView
from reports.errors import ReportError
from reports.fonts import TABLE_FONT, register_fonts
from reports.pdf_common import APP_NAME, fit_size

CARD_STYLES = {"tent": "A4 横向对折桌牌", "a5": "A5 单面台号牌"}
FOLD_DASH = (3, 3)


def check_card(card: str) -> str:
    if card not in CARD_STYLES:
        names = "、".join(f"{k}（{v}）" for k, v in CARD_STYLES.items())
        raise ReportError(f"未知的台号牌样式“{card}”。可选：{names}。")
    return card


def table_count(event: EventView) -> int:
    """The most tables the event needs: its largest round, or half its players before round 1."""
    most = 0
    for rnd in event.rounds:
        tables = [g.table for g in rnd.games if g.second is not None]
        most = max(most, len(tables), max(tables, default=0))
    if most:
        return most
    playing = [e for e in event.entrants.values() if e.status == EntrantStatus.PLAYING]
    return len(playing) // 2


def card_events(view: DocView, event: str | None) -> list[EventView]:
    """Events played at tables: individual, pair, and team events played as matches."""
    if event is not None:
        found = view.event(event)
        if found.kind == EventKind.TEAM and not found.rounds and not _is_match(found):
            raise ReportError(
                f"“{found.name}”按队员个人成绩计算，不单独对弈，没有台号；请选择其来源个人项目。"
            )
        return [found]
    events = [e for e in view.events if e.kind != EventKind.TEAM or e.rounds or _is_match(e)]
    if not events:
        raise ReportError("赛事文件中没有需要台号牌的项目。")
    return events


def _is_match(event: EventView) -> bool:
    return event.is_team_match


def _draw_card(
    canvas: Canvas, view: DocView, event: EventView, table: int, width: float, height: float
) -> None:
    """One card face in the box (0, 0)–(width, height), reading upright."""
    margin = 10 * mm
    inner = width - 2 * margin
    draw_fitted(
        canvas,
        view.title,
        margin,
        height - margin - 6 * mm,
        inner,
        font=TABLE_FONT,
        size=13,
        min_size=7,
        align="center",
        max_lines=2,
    )
    draw_fitted(
        canvas,
        event.name,
        margin,
        height - margin - 20 * mm,
        inner,
        font=TABLE_FONT,
        size=26,
        min_size=12,
        align="center",
        max_lines=1,
    )
    number = str(table)
    room = height - 2 * margin - 30 * mm - 12 * mm
    size = min(room / 0.8, fit_size(number, inner, 400, 40))
    canvas.setFont(TABLE_FONT, size)
    canvas.drawCentredString(width / 2, margin + 12 * mm, number)
    canvas.setFont(TABLE_FONT, 20)
    canvas.drawCentredString(width / 2, margin + 1 * mm, f"第 {table} 台")


def build_cards_pdf(
    final: Final,
    out: Path,
    *,
    event: str | None = None,
    card: str = "tent",
) -> Path:
    check_card(card)
    register_fonts()
    view = DocView(final)
    events = card_events(view, event)
    counts = {e.code: table_count(e) for e in events}
    if not any(counts.values()):
        raise ReportError("所选项目没有台次：报名人数不足两人。")
    pagesize = landscape(A4) if card == "tent" else landscape(A5)
    canvas = Canvas(str(out), pagesize=pagesize, initialFontName=TABLE_FONT)  # no Helvetica
    canvas.setTitle(f"{view.title} 台号牌")
    canvas.setAuthor(APP_NAME)
    canvas.setCreator(APP_NAME)
    canvas.setSubject("台号牌")
    width, height = pagesize
    for ev in events:
        for table in range(1, counts[ev.code] + 1):
            if card == "a5":
                _draw_card(canvas, view, ev, table, width, height)
            else:
                half = height / 2
                _draw_card(canvas, view, ev, table, width, half)
                canvas.saveState()  # the back: turned over the fold, upside down
                canvas.translate(width, height)
                canvas.rotate(180)
                _draw_card(canvas, view, ev, table, width, half)
                canvas.restoreState()
                canvas.saveState()
                canvas.setStrokeColor(colors.Color(0.6, 0.6, 0.6))
                canvas.setDash(*FOLD_DASH)
                canvas.setLineWidth(0.5)
                canvas.line(0, half, width, half)
                canvas.restoreState()
            canvas.showPage()
    canvas.save()
    return out
