"""Which certificates a print holds (its awards), worded as the certificate states them.

Three types: `prize` (one per prize of the final; a team's or pair's prize one per
member, `certificate.per_member`), `grade` (one per grade line) and `participation`
(one per person who played).  Each award has its key, what the register of numbers
(`app.services.certificates`) knows it by.

The group (组别) is worded as the regulation words it: a prize table by its name (Gomoku
公开组（女子）); a category that the regulation lists as an event of its own (Go 女子个人,
`own_event`) by its name on a woman's participation certificate; a woman's place in such
an event's mixed table (Go 男子个人, "男女组混合比赛", "混合名次") as 男子个人（男女混合）.

`select_certificates` collects the awards of one print once: the register numbers them
and the document (`reports.certificates`) draws them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from app.domain import CertificateKind, EntrantStatus, EventKind
from app.readmodel.model import Final, FinalCategory
from app.standings.place_words import band_title
from app.standings.prizes import Award as PrizeAward
from reports.chinese_numerals import number_in_chinese, places_in_chinese
from reports.docview import DocView
from reports.errors import ReportError
from reports.prizes import select_prizes
from reports.provisional import FINAL_CERTIFICATES, final_mark

CERT_TYPES: tuple[CertificateKind, ...] = tuple(CertificateKind)
TITLES: dict[str, str] = {  # the certificate's printed title
    CertificateKind.PRIZE: "荣誉证书",
    CertificateKind.GRADE: "等级证书",
    CertificateKind.PARTICIPATION: "参赛证书",
}
NUMBER_MARKS: dict[str, str] = {
    CertificateKind.PRIZE: "",
    CertificateKind.GRADE: "DJ-",
    CertificateKind.PARTICIPATION: "CS-",
}
GAME_CODES = {"gomoku": "WZQ", "go": "WQ"}

TIED = "并列"  # a shared place: 并列第十九名
MIXED = "男女混合"


def check_type(cert_type: str) -> None:
    if cert_type not in CERT_TYPES:
        raise ReportError(
            f"未知的证书类型“{cert_type}”；可选：prize（获奖）、grade（等级）、participation（参赛）。"
        )


# a shared place: 并列第十九名


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
    def group(self) -> str | None:
        """The group as the register lists it: the prize table or event (组别)."""
        return self.values.get("组别") or None

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
    if cert_type == CertificateKind.PRIZE:
        per_member = _per_member(view)
        for line in select_prizes(view, event, category):
            prize = line.award
            place = prize.place
            members = line.members
            name = line.name
            kind = _kind_of(view, prize.event)
            word = (
                "队员" if kind == EventKind.TEAM else "组合" if kind == EventKind.PAIR else "成员"
            )
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
                    CertificateKind.PRIZE,
                    prize.event,
                    prize.category or "",
                    prize.table_name,
                    held,
                    winner,
                )
            )
            if members and kind in (EventKind.TEAM, EventKind.PAIR) and per_member:
                # Each player takes one home: in their own name, with the team and mates.
                team = name if kind == EventKind.TEAM else ""
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
    elif cert_type == CertificateKind.GRADE:
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
                            CertificateKind.GRADE,
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
    elif cert_type == CertificateKind.PARTICIPATION:
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
                if entrant.status == EntrantStatus.DISQUALIFIED:  # 取消资格: no certificate
                    continue
                # (before round 1 everyone but a withdrawn entrant: a provisional print)
                if entrant.id not in played and (
                    ev.rounds or entrant.status == EntrantStatus.WITHDRAWN
                ):
                    continue
                people = entrant.members if ev.kind == EventKind.PAIR else None
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
        check_type(cert_type)
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
    check_type(cert_type)
    return collect_awards(DocView(final), cert_type, event, category)


def certificates_mark(view: DocView, cert_type: str, awards: list[Award], provisional: bool) -> str:
    """ "" for final results (or a participation certificate, which states none); the mark
    临时（第N轮后） when provisional; else `NotFinal`."""
    if cert_type not in FINAL_CERTIFICATES:
        return ""
    return final_mark(view, (a.event for a in awards), f"{TITLES[cert_type]}", provisional)


def number_base(view: DocView, cert_type: str) -> str:
    """What goes before a new certificate's serial: HZWQ- (prize), HZWQ-CS- (participation)."""
    return f"{number_prefix(view)}-{NUMBER_MARKS[cert_type]}"


def number_prefix(view: DocView) -> str:
    certificate = view.certificate
    if certificate.get("number_prefix"):
        return str(certificate["number_prefix"])
    year = view.award_date().year
    return f"{year}{GAME_CODES.get(view.game, 'QS')}"


@dataclass(frozen=True)
class CertificatePrint:
    """The certificates one print holds, collected once: the register numbers them
    (`app.services.certificates.number_certificates`) and the document draws them
    (`PrintExtras.certificates`)."""

    final: Final
    kind: str  # prize | grade | participation
    event: str | None  # the print's selection: one event, one category, or all
    category: str | None
    awards: tuple[Award, ...]
    base: str  # before a new number's serial: HZWQ-, HZWQ-CS-
    mark: str  # 临时（第N轮后）: provisional, never numbered; "" for final results

    def current(self) -> tuple[Award, ...]:
        """Every award of the kind as the standings stand now (a registered number whose
        award is not among them is void): the print's own when it selects nothing."""
        if self.event is None and self.category is None:
            return self.awards
        return tuple(collect_awards(DocView(self.final), self.kind, None, None))


def select_certificates(
    final: Final,
    cert_type: str,
    event: str | None = None,
    category: str | None = None,
    *,
    provisional: bool = False,
) -> CertificatePrint:
    """The certificates of one print and its mark (`certificates_mark`): prize and grade
    certificates before the events' last round is complete are refused (`NotFinal`), or
    marked with `provisional`."""
    check_type(cert_type)
    view = DocView(final)
    awards = collect_awards(view, cert_type, event, category)
    mark = certificates_mark(view, cert_type, awards, provisional)
    return CertificatePrint(
        final=final,
        kind=cert_type,
        event=event,
        category=category,
        awards=tuple(awards),
        base=number_base(view, cert_type),
        mark=mark,
    )
