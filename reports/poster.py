"""The venue poster (选手查询海报): the QR code of the players' pages and how to use them.

A4 portrait (A3 with `large`), for the walls and the tables' ends. The address is the
venue server's (`finals serve --public`): given by the command line as `--base-url`, or the
one the server last ran on. `build_report` hands it over as the one value of
`PrintExtras.public_url`. Under it, the venue's network to join (tournament setting
`venue_wifi`), when it is set: the phone must be on it to open the address.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import A3, A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from app.readmodel.model import Final
from reports.canvas_text import draw_fitted
from reports.docview import DocView
from reports.errors import ReportError
from reports.fonts import TABLE_FONT, register_fonts
from reports.pdf_common import APP_NAME
from reports.qr import draw_qr

NO_ADDRESS = (
    "不知道选手查询页面的地址，海报无法印二维码。请加 --base-url http://本机地址:8765/，"
    "或先用 finals serve FILE --bind 本机地址 --public 启动服务（程序会记下它的地址），"
    "或 finals settings FILE --set remote_entry_url=http://本机地址:8765/。"
)
HOW_TO = (
    "用手机扫描二维码（连接赛场无线网络），即可查看各轮对阵、台号、成绩和排名。",
    "在对阵页输入姓名、拼音或首字母（如“张三”输入 zs）查找自己的台号；点姓名看个人各轮成绩。",
)


def build_poster_pdf(final: Final, out: Path, *, url: str | None, large: bool = False) -> Path:
    """The poster; with no address (`url` None) a dashed box saying how to set one stands
    where the QR code goes (`finals report … poster` refuses before that, with
    `NO_ADDRESS`)."""
    if url is not None and "://" not in url:
        raise ReportError(f"地址“{url}”不是网址，应形如 http://192.168.1.10:8765/。")
    register_fonts()
    pagesize = A3 if large else A4
    width, height = pagesize
    k = width / A4[0]  # everything scales with the paper
    canvas = Canvas(str(out), pagesize=pagesize, initialFontName=TABLE_FONT, initialFontSize=12)
    title = final.tournament.title
    canvas.setTitle(f"{title} 选手查询")
    canvas.setAuthor(APP_NAME)
    canvas.setCreator(APP_NAME)
    canvas.setSubject("选手查询海报")
    margin = 18 * mm * k
    inner = width - 2 * margin
    y = height - margin - 12 * mm * k
    draw_fitted(
        canvas, title, margin, y, inner, font=TABLE_FONT, size=24 * k, min_size=12 * k,
        align="center", max_lines=2,
    )  # fmt: skip
    y -= 26 * mm * k
    draw_fitted(
        canvas, "扫码查对阵 · 台号 · 成绩 · 排名", margin, y, inner, font=TABLE_FONT,
        size=34 * k, min_size=16 * k, align="center", max_lines=1,
    )  # fmt: skip
    size = min(inner, 125 * mm * k)
    qr_y = y - 14 * mm * k - size
    if url:
        draw_qr(canvas, url, (width - size) / 2, qr_y, size)
    else:
        canvas.saveState()
        canvas.setDash(4, 4)
        canvas.rect((width - size) / 2, qr_y, size, size)
        canvas.restoreState()
        draw_fitted(
            canvas, NO_ADDRESS, (width - size) / 2 + 6 * mm * k, qr_y + size / 2,
            size - 12 * mm * k, font=TABLE_FONT, size=11 * k, min_size=7 * k,
            align="center", max_lines=8,
        )  # fmt: skip
    y = qr_y - 12 * mm * k
    draw_fitted(
        canvas, url or "（未设置地址）", margin, y, inner, font=TABLE_FONT, size=22 * k,
        min_size=10 * k, align="center", max_lines=1,
    )  # fmt: skip
    wifi = DocView(final).settings.venue_wifi
    if wifi:  # the network the phone must join first, as large as the address
        y -= 14 * mm * k
        draw_fitted(
            canvas, f"赛场无线网络（Wi-Fi）：{wifi}", margin, y, inner, font=TABLE_FONT,
            size=20 * k, min_size=10 * k, align="center", max_lines=1,
        )  # fmt: skip
    y -= 16 * mm * k
    for line in HOW_TO:
        draw_fitted(
            canvas, line, margin, y, inner, font=TABLE_FONT, size=14 * k, min_size=9 * k,
            align="center", max_lines=2,
        )  # fmt: skip
        y -= 18 * mm * k
    events = "、".join(ev.name for ev in final.events if ev.rounds or ev.entrants)
    if events:
        draw_fitted(
            canvas, f"项目：{events}", margin, margin + 8 * mm * k, inner, font=TABLE_FONT,
            size=11 * k, min_size=7 * k, align="center", max_lines=2,
        )  # fmt: skip
    canvas.setFont(TABLE_FONT, 9 * k)
    canvas.drawCentredString(width / 2, margin - 4 * mm * k, "成绩以裁判长公布为准")
    canvas.showPage()
    canvas.save()
    return out
