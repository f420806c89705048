"""Certificates (奖状 / 证书): one A4 landscape page per award, in LXGW WenKai.

Three types: `prize` (one per prize of the final; a team's or pair's prize one per
member, `certificate.per_member`), `grade` (one per grade line) and `participation`
(one per person who played).  The wording is a template with placeholders; the issuer and
seal area sit bottom right with the date in Chinese numerals.

The group (组别) is worded as the regulation words it: a prize table by its name (Gomoku
公开组（女子）); a category that the regulation lists as an event of its own (Go 女子个人,
`own_event`) by its name on a woman's participation certificate; a woman's place in such
an event's mixed table (Go 男子个人, "男女组混合比赛", "混合名次") as 男子个人（男女混合）.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from app.readmodel.model import Final, FinalCategory
from app.resources import resource_path
from app.standings.place_words import band_title
from app.standings.prizes import Award as PrizeAward
from reports.canvas_text import draw_fitted
from reports.chinese_numerals import date_in_chinese, number_in_chinese, places_in_chinese
from reports.docview import DocView
from reports.errors import ReportError
from reports.fonts import CERTIFICATE_FONT, register_fonts
from reports.line_breaking import SET_PHRASES, break_lines
from reports.pdf_common import APP_NAME
from reports.prizes import select_prizes
from reports.provisional import FINAL_CERTIFICATES, final_mark

CERT_TYPES = ("prize", "grade", "participation")
TITLES = {"prize": "荣誉证书", "grade": "等级证书", "participation": "参赛证书"}
NUMBER_MARKS = {"prize": "", "grade": "DJ-", "participation": "CS-"}
GAME_CODES = {"gomoku": "WZQ", "go": "WQ"}
PLACEHOLDERS = {
    "prize": ("姓名", "赛事全称", "组别", "名次", "奖项"),
    "grade": ("姓名", "赛事全称", "组别", "名次", "奖项", "段位"),
    "participation": ("姓名", "赛事全称", "组别"),
}
NAME_SIZE = 38  # the name: larger than everything but the title (46)
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
    if cert_type == "prize":
        custom = view.certificate.get("template")
        if custom and str(custom).strip():
            return str(custom).strip()
    return default_template(cert_type)


TIED = "并列"  # a shared place: 并列第十九名
_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


def fill_template(template: str, values: dict[str, str], cert_type: str = "prize") -> str:
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


MIXED = "男女混合"


@dataclass(frozen=True)
class Award:
    """One certificate to print."""

    name: str
    values: dict[str, str]
    members: tuple[str, ...] = ()  # a team's or pair's members, printed below the text
    team: str = ""  # a member's own certificate: the team it was won with
    member_word: str = "成员"  # 队员 (team) or 组合 (pair)
    # What the award is, for the register of numbers (each member's certificate its own)
    key: str = ""
    event: str = ""
    entrant: int | None = None

    @property
    def place(self) -> str:
        """The place as the register lists it: 并列第十九名（第九至三十二名）."""
        if not self.values.get("名次"):
            return ""
        text = f"{self.values.get(TIED, '')}第{self.values['名次']}名"
        if self.values.get("奖项"):
            text += f"（{self.values['奖项']}）"
        if self.values.get("段位"):
            text += f" {self.values['段位']}"
        return text

    def member_line(self) -> str:
        if not self.members:
            return ""
        line = f"{self.member_word}：" + "、".join(self.members)
        return f"队名：{self.team}　{line}" if self.team else line


def _prize_title(prize: PrizeAward) -> str:
    """The prize (奖项) as printed after the place: a band's title (第九至三十二名) is the
    prize, never the place, so a tie's 并列 goes with the place (并列第十九名), not here: the
    title of a shared place (第九至三十二名（并列第十九名）) prints its band alone."""
    place = prize.place
    title = places_in_chinese(band_title(prize.title))
    if title in (f"第{number_in_chinese(place)}名", f"第{place}名"):
        return ""  # the title only repeats the place: 第五名（第五名） reads badly
    return title


def _is_tied(prize: PrizeAward) -> bool:
    return prize.shared or prize.tied > 1


def _group_name(view: DocView, event_code: str, category: str | None) -> str:
    """A category prints under its own name (女子个人, 公开组（女子）), as the regulations
    name it, not as 男子个人（女子个人）."""
    ev = view.event_by_code(event_code)
    if ev is None:
        return event_code or ""
    for cat in ev.categories if category else ():
        if cat.code == category and cat.name:
            return cat.name
    return ev.name


def _womens_event(view: DocView, event_code: str) -> FinalCategory | None:
    """The women's category of an event when the regulation lists it as an event of its own
    (Go: 女子个人, ranked from the 男子个人 field), else None (Gomoku 公开组（女子）)."""
    ev = view.event_by_code(event_code)
    for cat in ev.categories if ev is not None else ():
        if cat.own_event and cat.gender == "F" and cat.name:
            return cat
    return None


def _is_woman(view: DocView, event_code: str, entrant: int) -> bool:
    ev = view.event_by_code(event_code)
    return ev is not None and ev.entrant(entrant).gender == "F"


def _prize_group(view: DocView, prize: PrizeAward) -> str:
    """The group a prize certificate names: its prize table; a woman's place in the mixed
    table of an event whose women's ranking is an event of its own says so."""
    group = prize.table_name
    if (
        not prize.category
        and _womens_event(view, prize.event)
        and _is_woman(view, prize.event, prize.entrant)
    ):
        return f"{group}（{MIXED}）"
    return group


def _per_member(view: DocView) -> bool:
    """certificate.per_member (default on): each member of a team or pair takes one home."""
    return view.certificate.get("per_member") is not False


def _kind_of(view: DocView, event_code: str) -> str:
    ev = view.event_by_code(event_code)
    return ev.kind if ev is not None else "individual"


def collect_awards(
    view: DocView, cert_type: str, event: str | None, category: str | None
) -> list[Award]:
    title = view.title
    awards: list[Award] = []
    if cert_type == "prize":
        per_member = _per_member(view)
        for line in select_prizes(view, event, category):
            prize = line.award
            place = prize.place
            members = line.members
            name = line.name
            kind = _kind_of(view, prize.event)
            word = "队员" if kind == "team" else "组合" if kind == "pair" else "成员"
            values = {
                "赛事全称": title,
                "组别": _prize_group(view, prize),
                "名次": number_in_chinese(place),
                "奖项": _prize_title(prize),
                TIED: TIED if _is_tied(prize) else "",
            }
            winner = prize.entrant
            # the award: a place shared (并列) is another award than the place alone
            held = f"{place}=" if _is_tied(prize) else str(place)
            key = "|".join(
                str(x)
                for x in (
                    "prize",
                    prize.event,
                    prize.category or "",
                    prize.table_name,
                    held,
                    winner,
                )
            )
            if members and kind in ("team", "pair") and per_member:
                # Each player takes one home: in their own name, with the team and mates.
                team = name if kind == "team" else ""
                awards.extend(
                    Award(
                        name=m,
                        values={"姓名": m, **values},
                        members=members,
                        team=team,
                        member_word=word,
                        key=f"{key}|{m}",
                        event=prize.event,
                        entrant=winner,
                    )
                    for m in members
                )
                continue
            awards.append(
                Award(
                    name=name,
                    values={"姓名": name, **values},
                    members=members if "、".join(members) != name else (),
                    member_word=word,
                    key=key,
                    event=prize.event,
                    entrant=winner,
                )
            )
    elif cert_type == "grade":
        grades = list(view.grades)
        if not grades:
            raise ReportError("没有等级申报记录（规程未设等级表，或尚无名次），无法打印等级证书。")
        if event is not None:
            code = view.event(event).code
            grades = [g for g in grades if g.award.event == code]
        if category is not None:
            grades = [g for g in grades if g.award.category == category]
        # as the application form (等级申报表): a shared place says 并列, and a grade the
        # player already holds (or exceeds) is not applied for, so gets no certificate
        places = Counter((g.award.event, g.award.category, g.award.rank) for g in view.grades)
        for grade_line in (g for g in grades if g.on_form):
            grade = grade_line.award
            tied = places[(grade.event, grade.category, grade.rank)] > 1
            awards.append(
                Award(
                    key="|".join(
                        str(x)
                        for x in (
                            "grade",
                            grade.event,
                            grade.category or "",
                            grade.entrant,
                            grade.grade,
                        )
                    ),
                    event=grade.event,
                    entrant=grade.entrant,
                    name=grade_line.name,
                    values={
                        "姓名": grade_line.name,
                        "赛事全称": title,
                        "组别": _group_name(view, grade.event, grade.category),
                        "名次": number_in_chinese(grade.rank),
                        "奖项": "",
                        "段位": grade.grade,
                        TIED: TIED if tied else "",
                    },
                )
            )
    elif cert_type == "participation":
        events = view.events_of(("individual", "pair"), event)
        for ev in events:
            entrants = sorted(ev.entrants.values(), key=lambda e: e.seed)
            womens = _womens_event(view, ev.code)
            # who sat at a board: one who never played a game of the event (withdrawn
            # before round 1, only byes or forfeits) has no participation certificate
            played = {
                who
                for rnd in ev.rounds
                for g in rnd.games
                if g.second is not None and g.result not in ("+-", "-+", "--", "0-0")
                for who in (g.first, g.second)
            }
            for entrant in entrants:
                if entrant.status == "absent" or (ev.rounds and entrant.id not in played):
                    continue
                people = entrant.members if ev.kind == "pair" else None
                # Go: a woman of the mixed field played 女子个人, an event of its own.
                group = womens.name if womens and entrant.gender == "F" else ev.name
                for person in people or [entrant.name]:
                    awards.append(
                        Award(
                            key=f"participation|{ev.code}|{entrant.id}|{person}",
                            event=ev.code,
                            entrant=entrant.id,
                            name=str(person),
                            values={"姓名": str(person), "赛事全称": title, "组别": group},
                        )
                    )
    else:
        raise ReportError(
            f"未知的证书类型“{cert_type}”；可选：prize（获奖）、grade（等级）、participation（参赛）。"
        )
    if not awards:
        raise ReportError("没有需要打印的证书。")
    return awards


def certificate_awards(
    final: Final,
    cert_type: str,
    event: str | None = None,
    category: str | None = None,
) -> list[Award]:
    """The certificates a print would hold, each with its award key (for the register)."""
    if cert_type not in CERT_TYPES:
        raise ReportError(
            f"未知的证书类型“{cert_type}”；可选：prize（获奖）、grade（等级）、participation（参赛）。"
        )
    return collect_awards(DocView(final), cert_type, event, category)


def certificates_mark(view: DocView, cert_type: str, awards: list[Award], provisional: bool) -> str:
    """ "" for final results (or a participation certificate, which states none); the mark
    临时（第N轮后） when provisional; else `NotFinal`."""
    if cert_type not in FINAL_CERTIFICATES:
        return ""
    return final_mark(view, (a.event for a in awards), f"{TITLES[cert_type]}", provisional)


def number_base(final: Final, cert_type: str) -> str:
    """What goes before a new certificate's serial: HZWQ- (prize), HZWQ-CS- (participation)."""
    return f"{number_prefix(DocView(final))}-{NUMBER_MARKS[cert_type]}"


def number_prefix(view: DocView) -> str:
    certificate = view.certificate
    if certificate.get("number_prefix"):
        return str(certificate["number_prefix"])
    year = view.award_date().year
    return f"{year}{GAME_CODES.get(view.game, 'QS')}"


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
            if space <= body.size * 0.25:  # else ragged: gaps wider than a quarter em stare
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
    cert_type: str = "prize",
    numbers: Mapping[str, str] | None = None,
    provisional: bool = False,
) -> Path:
    """One landscape page per award of the chosen type; `numbers`: the register's number of
    each award key (issued by the command line), else the certificates are numbered in
    print order.

    Prize and grade certificates before the events' last round is complete: refused
    (`NotFinal`), or with `provisional` each marked 临时（第N轮后） in place of a number."""
    if cert_type not in CERT_TYPES:
        raise ReportError(
            f"未知的证书类型“{cert_type}”；可选：prize（获奖）、grade（等级）、participation（参赛）。"
        )
    register_fonts()
    view = DocView(final)
    awards = collect_awards(view, cert_type, event, category)
    mark = certificates_mark(view, cert_type, awards, provisional)
    template = template_for(view, cert_type)
    background = _background(view)
    certificate = view.certificate
    organisers = view.tournament.organisers
    issuer = str(certificate.get("issuer") or (organisers[0] if organisers else ""))
    day = date_in_chinese(view.award_date())
    registered = numbers or {}
    base = f"{number_prefix(view)}-{NUMBER_MARKS[cert_type]}"
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
        if mark:  # no number: a provisional certificate is no certificate of the register
            number = f"{mark}　不编号"
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
        canvas.setFont(CERTIFICATE_FONT, 16)
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
        text, text_width, CERTIFICATE_FONT, body.size, first_indent=body.indent, keep=keep
    )
    if len(lines) * body.leading > 62 * mm:  # very long custom wording: smaller type
        body = BODY_SMALL
        lines = break_lines(
            text, text_width, CERTIFICATE_FONT, body.size, first_indent=body.indent, keep=keep
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
