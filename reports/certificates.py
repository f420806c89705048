"""Certificates (奖状 / 证书): one A4 landscape page per award, in LXGW WenKai.

Which certificates a print holds is `reports.certificate_awards`; this module words and
draws them.  The wording is a template with placeholders; the issuer and seal area sit
bottom right with the date in Chinese numerals.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from app.domain import CertificateKind
from app.readmodel.model import Final
from app.resources import resource_path
from reports.canvas_text import draw_fitted
from reports.certificate_awards import (
    TIED,
    TITLES,
    Award,
    CertificatePrint,
    check_type,
    select_certificates,
)
from reports.chinese_numerals import date_in_chinese
from reports.docview import DocView
from reports.errors import ReportError
from reports.fonts import CERTIFICATE_FONT, register_fonts
from reports.line_breaking import SET_PHRASES, break_lines
from reports.pdf_common import APP_NAME, fit_size
from reports.provisional import event_mark

PLACEHOLDERS: dict[str, tuple[str, ...]] = {
    CertificateKind.PRIZE: ("姓名", "赛事全称", "组别", "名次", "奖项"),
    CertificateKind.GRADE: ("姓名", "赛事全称", "组别", "名次", "奖项", "段位"),
    CertificateKind.PARTICIPATION: ("姓名", "赛事全称", "组别"),
}
NAME_SIZE = 38  # the name: larger than everything but the title (46)
NO_ORPHAN = 1 / 3  # a last line of the wording is never narrower (以资鼓励。 alone)
RED = colors.Color(0.72, 0.08, 0.08)
GOLD = colors.Color(0.72, 0.55, 0.18)


def certificate_dir() -> Path:
    return resource_path("certificate")


def default_template(cert_type: str) -> str:
    path = certificate_dir() / f"{cert_type}.txt"
    try:
        return path.read_text(encoding="utf-8").strip()
    except OSError as exc:
        raise ReportError(f"找不到证书模板文件：{path}") from exc


def template_for(view: DocView, cert_type: str) -> str:
    if cert_type == CertificateKind.PRIZE:
        custom = view.certificate.get("template")
        if custom and str(custom).strip():
            return str(custom).strip()
    return default_template(cert_type)


_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


def fill_template(
    template: str, values: dict[str, str], cert_type: str = CertificateKind.PRIZE
) -> str:
    """Replace the placeholders; an unknown one is a user error naming the allowed ones.

    A tied place (values["并列"] set) is written 并列第十九名: the template's 第{名次}名
    takes the 并列 in front.
    """
    allowed = PLACEHOLDERS.get(cert_type, tuple(values))
    if values.get(TIED):
        template = template.replace("第{名次}名", TIED + "第{名次}名")

    def replace(match: re.Match[str]) -> str:
        key = match.group(1)
        if key not in allowed or key not in values:
            names = "".join("{" + a + "}" for a in allowed)
            raise ReportError(f"证书模板中的“{{{key}}}”无法识别；可用的占位符：{names}。")
        return values[key]

    text = _PLACEHOLDER.sub(replace, template)
    return text.replace("（）", "").replace("()", "")


def _background(view: DocView) -> ImageReader | None:
    path = view.certificate.get("background")
    if not path:
        return None
    file = Path(str(path))
    if not file.is_file():
        raise ReportError(f"找不到证书背景图片：{file}。请检查赛事设置中的背景图片路径。")
    try:
        return ImageReader(str(file))
    except Exception as exc:  # an unreadable image file
        raise ReportError(f"证书背景图片无法读取：{file}（{exc}）") from exc


# -- lines: a break only where Chinese typesetting allows one ---------------------------------

KEEP_TOGETHER = SET_PHRASES
"""Set phrases a line never breaks inside (besides each certificate's name, group and place);
the rule is `reports.line_breaking`, the one of every document."""


@dataclass(frozen=True)
class BodyType:
    size: float
    leading: float
    indent: float


BODY = BodyType(24, 24 * 1.75, 48)
BODY_SMALL = BodyType(18, 18 * 1.6, 36)  # very long custom wording


def _keep_of(award: Award) -> tuple[str, ...]:
    """What a line must not split on this certificate: the name, the group, the place."""
    v = award.values
    place = f"{v.get(TIED, '')}第{v['名次']}名" if v.get("名次") else ""
    prize = f"（{v['奖项']}）" if v.get("奖项") else ""
    grade = f"{v['段位']}称号" if v.get("段位") else ""
    # a group with a qualifier may break before it: 男子个人 | （男女混合）
    group = re.split(r"(?=（)", v.get("组别", ""))
    return tuple(x for x in (award.name, *group, place, prize, grade, v.get("段位", "")) if x)


def _draw_lines(
    canvas: Canvas, lines: list[str], x: float, top: float, width: float, body: BodyType
) -> None:
    """Each line justified to the width (the last one left), the first indented."""
    for number, line in enumerate(lines):
        indent = body.indent if number == 0 else 0
        text = canvas.beginText(x + indent, top - number * body.leading)
        text.setFont(CERTIFICATE_FONT, body.size)
        if number < len(lines) - 1 and len(line) > 1:
            spare = width - indent - pdfmetrics.stringWidth(line, CERTIFICATE_FONT, body.size)
            space = spare / (len(line) - 1)
            # else ragged: gaps wider than a third of an em stare (the line above a last
            # line that took its end, NO_ORPHAN, still justifies)
            if space <= body.size / 3:
                text.setCharSpace(max(0.0, space))
        text.textOut(line)
        text.setCharSpace(0)  # the text state outlives the line: the issuer is set solid
        canvas.drawText(text)


def build_certificates_pdf(
    final: Final,
    out: Path,
    *,
    event: str | None = None,
    category: str | None = None,
    cert_type: str = CertificateKind.PRIZE,
    numbers: Mapping[str, str] | None = None,
    provisional: bool = False,
    chosen: CertificatePrint | None = None,
) -> Path:
    """One landscape page per award of the chosen type; `numbers`: the register's number of
    each award key (`app.services.certificates.number_certificates`), else the certificates
    are numbered in print order.  `chosen`: the print's certificates as the caller collected
    them to number them (`select_certificates`); else they are collected here.

    Prize and grade certificates before the events' last round is complete: refused
    (`NotFinal`), or with `provisional` each marked 临时（第N轮后） in place of a number."""
    check_type(cert_type)
    register_fonts()
    view = DocView(final)
    if chosen is None:
        chosen = select_certificates(final, cert_type, event, category, provisional=provisional)
    awards, mark = chosen.awards, chosen.mark
    template = template_for(view, cert_type)
    background = _background(view)
    certificate = view.certificate
    organisers = view.tournament.organisers
    issuer = str(certificate.get("issuer") or (organisers[0] if organisers else ""))
    day = date_in_chinese(view.award_date())
    registered = numbers or {}
    base = chosen.base
    pagesize = landscape(A4)
    canvas = Canvas(
        str(out), pagesize=pagesize, initialFontName=CERTIFICATE_FONT, initialFontSize=12
    )
    canvas.setTitle(f"{mark} {view.title} {TITLES[cert_type]}".strip())
    canvas.setAuthor(APP_NAME)
    canvas.setCreator(APP_NAME)
    seal = certificate.get("seal") is True  # certificate.seal: off by default
    for index, award in enumerate(awards, start=1):
        text = fill_template(template, award.values, cert_type)
        number = f"编号：{registered.get(award.key) or f'{base}{index:04d}'}"
        if mark:  # no number: a provisional print is no print of the register; each
            # certificate says its own event's round, one of a finished event nothing
            own = event_mark(view, award.event, mark)
            number = f"{own}　不编号" if own else ""
        _draw_certificate(
            canvas,
            pagesize,
            TITLES[cert_type],
            award,
            text,
            number,
            issuer,
            day,
            background,
            seal,
        )
        canvas.showPage()
    canvas.save()
    return out


def _draw_certificate(
    canvas: Canvas,
    pagesize: tuple[float, float],
    title: str,
    award: Award,
    text: str,
    number: str,
    issuer: str,
    day: str,
    background: ImageReader | None,
    seal: bool = False,
) -> None:
    width, height = pagesize
    if background is not None:
        # The image goes into the file once, as a form every page refers to.
        if not getattr(canvas, "_certificate_background", False):
            canvas.beginForm("certificate-background")
            canvas.drawImage(
                background, 0, 0, width, height, preserveAspectRatio=False, mask="auto"
            )
            canvas.endForm()
            canvas._certificate_background = True
        canvas.doForm("certificate-background")
    else:
        canvas.setStrokeColor(GOLD)
        canvas.setLineWidth(3)
        canvas.rect(12 * mm, 12 * mm, width - 24 * mm, height - 24 * mm)
        canvas.setLineWidth(0.8)
        canvas.rect(16 * mm, 16 * mm, width - 32 * mm, height - 32 * mm)
    canvas.setFillColor(RED)
    canvas.setFont(CERTIFICATE_FONT, 46)
    canvas.drawCentredString(width / 2, height - 52 * mm, "  ".join(title))
    canvas.setFillColor(colors.black)
    canvas.setFont(CERTIFICATE_FONT, 11)
    if number.startswith("临时"):  # a provisional certificate: the mark in red, larger
        canvas.setFillColor(RED)
        # inside the inner border, never cut off
        size = fit_size(number, width - 52 * mm, 16, 6, font=CERTIFICATE_FONT)
        canvas.setFont(CERTIFICATE_FONT, size)
    canvas.drawRightString(width - 26 * mm, height - 26 * mm, number)
    canvas.setFillColor(colors.black)

    left = 40 * mm
    text_width = width - 2 * left
    name = award.name
    top = height - 74 * mm
    if name and text.startswith(name + "："):
        # the name dominates: larger than everything but the title
        draw_fitted(
            canvas,
            name + "：",
            left,
            top,
            text_width,
            font=CERTIFICATE_FONT,
            size=NAME_SIZE,
            min_size=BODY.size + 2,
            max_lines=2,
        )
        text = text[len(name) + 1 :]
        top -= 17 * mm
    keep = _keep_of(award)
    body = BODY
    lines = break_lines(
        text,
        text_width,
        CERTIFICATE_FONT,
        body.size,
        first_indent=body.indent,
        keep=keep,
        min_last=NO_ORPHAN,
    )
    if len(lines) * body.leading > 62 * mm:  # very long custom wording: smaller type
        body = BODY_SMALL
        lines = break_lines(
            text,
            text_width,
            CERTIFICATE_FONT,
            body.size,
            first_indent=body.indent,
            keep=keep,
            min_last=NO_ORPHAN,
        )
    _draw_lines(canvas, lines, left, top - body.size, text_width, body)
    used = len(lines) * body.leading
    y = top - used - 6 * mm
    if award.members:
        draw_fitted(
            canvas,
            award.member_line(),
            left + 48,
            y,
            text_width - 48,
            font=CERTIFICATE_FONT,
            size=18,
            min_size=11,
            max_lines=2,
        )

    # issuer, date and the seal area, bottom right
    block_width = 110 * mm
    block_x = width - 36 * mm - block_width
    seal_y = 46 * mm
    if seal:  # certificate.seal: a guide for stamping plain paper
        canvas.saveState()
        canvas.setStrokeColor(colors.Color(0.8, 0.45, 0.45))
        canvas.setDash(3, 3)
        canvas.setLineWidth(0.6)
        canvas.circle(block_x + block_width / 2, seal_y, 20 * mm)
        canvas.setFillColor(colors.Color(0.8, 0.55, 0.55))
        canvas.setFont(CERTIFICATE_FONT, 9)
        canvas.drawCentredString(block_x + block_width / 2, seal_y - 17 * mm, "（盖章处）")
        canvas.restoreState()
    canvas.setFillColor(colors.black)
    draw_fitted(
        canvas,
        issuer,
        block_x,
        seal_y + 4 * mm,
        block_width,
        font=CERTIFICATE_FONT,
        size=20,
        min_size=11,
        align="center",
        max_lines=2,
    )
    draw_fitted(
        canvas,
        day,
        block_x,
        seal_y - 8 * mm,
        block_width,
        font=CERTIFICATE_FONT,
        size=18,
        min_size=11,
        align="center",
        max_lines=1,
    )
