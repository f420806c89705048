"""The one entry point the CLI and the UI call: `build_report(final, kind, out, ...)`.

A document is built from the read model of the final (`app.readmodel.Final`).  What the
command line adds for one print and the export does not hold (the slips' phone links, the
certificates' register numbers) comes in `PrintExtras`.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from pathlib import Path

from app.readmodel.model import Final
from reports import excel
from reports.cards import build_cards_pdf
from reports.ceremony import build_ceremony_pdf
from reports.certificate_awards import CertificatePrint, select_certificates
from reports.certificates import build_certificates_pdf
from reports.checkin import build_checkin_pdf
from reports.crosstable import build_crosstable_pdf
from reports.docview import DocView
from reports.entries import build_entries_pdf
from reports.errors import ReportError
from reports.fonts import check_names
from reports.grades import build_grades_pdf, grades_mark
from reports.lineup import build_lineup_pdf
from reports.mcmahon import build_mcmahon_pdf, mcmahon_workbook
from reports.medals import build_medals_pdf, medals_mark, medals_workbook
from reports.pairings import build_index_pdf, build_pairings_pdf
from reports.poster import build_poster_pdf
from reports.prizes import build_prizes_pdf, select_prizes
from reports.provisional import FINAL_KINDS, final_mark
from reports.slips import build_slips_pdf
from reports.standings import build_pairs_pdf, build_standings_pdf, build_teams_pdf
from reports.wall import (
    build_wall_index_pdf,
    build_wall_pairings_pdf,
    build_wall_standings_pdf,
)


class ReportKind(StrEnum):
    """The documents `finals report KIND` prints (and the window's 打印 menu), in menu order."""

    PAIRINGS = "pairings"
    INDEX = "index"
    SLIPS = "slips"
    STANDINGS = "standings"
    CROSSTABLE = "crosstable"
    TEAMS = "teams"
    PAIRS = "pairs"
    PRIZES = "prizes"
    MEDALS = "medals"
    CERTIFICATES = "certificates"
    GRADES = "grades"
    ENTRIES = "entries"
    CHECKIN = "checkin"
    CARDS = "cards"
    LINEUP = "lineup"
    CEREMONY = "ceremony"
    POSTER = "poster"
    MCMAHON = "mcmahon"

    @property
    def zh(self) -> str:
        """The document's Chinese name: 对阵表, 成绩排名表 …"""
        return _REPORT_LABELS[self][0]

    @property
    def en(self) -> str:
        return _REPORT_LABELS[self][1]


_REPORT_LABELS: dict[ReportKind, tuple[str, str]] = {
    ReportKind.PAIRINGS: ("对阵表", "Pairing list"),
    ReportKind.INDEX: ("姓名索引", "Name index"),
    ReportKind.SLIPS: ("成绩登记单", "Result slips"),
    ReportKind.STANDINGS: ("成绩排名表", "Standings"),
    ReportKind.CROSSTABLE: ("对阵成绩表", "Cross-table"),
    ReportKind.TEAMS: ("团体成绩表", "Team standings"),
    ReportKind.PAIRS: ("双人赛成绩表", "Pair standings"),
    ReportKind.PRIZES: ("奖金发放表", "Prize sheet"),
    ReportKind.MEDALS: ("奖牌名单", "Medal list"),
    ReportKind.CERTIFICATES: ("证书", "Prize certificates"),
    ReportKind.GRADES: ("等级申报表", "Grade list"),
    ReportKind.ENTRIES: ("秩序册", "Entry list"),
    ReportKind.CHECKIN: ("签到表", "Check-in sheet"),
    ReportKind.CARDS: ("台号牌", "Table cards"),
    ReportKind.LINEUP: ("团体赛出场名单", "Team line-up sheet"),
    ReportKind.CEREMONY: ("颁奖顺序表", "Prize ceremony order"),
    ReportKind.POSTER: ("选手查询海报", "Player lookup poster"),
    ReportKind.MCMAHON: ("麦克马洪起始分", "McMahon start scores"),
}

KINDS: dict[str, str] = {kind: kind.zh for kind in ReportKind}
"""Each kind's id → its Chinese name (the command line's choices and messages)."""
WALL_KINDS = (ReportKind.PAIRINGS, ReportKind.INDEX, ReportKind.STANDINGS, ReportKind.POSTER)
"""The kinds with a wall form (`--large`); the poster's is A3."""
EXCEL_KINDS = (
    ReportKind.PAIRINGS,
    ReportKind.INDEX,
    ReportKind.STANDINGS,
    ReportKind.CROSSTABLE,
    ReportKind.TEAMS,
    ReportKind.PAIRS,
    ReportKind.PRIZES,
    ReportKind.MEDALS,
    ReportKind.GRADES,
    ReportKind.MCMAHON,
)


@dataclass(frozen=True)
class PrintExtras:
    """What one print adds to the final, never part of the export.

    `links`: (event code, round number, table) → the table's phone page on the venue's
    result server, printed as a QR code (and in words) on that table's slip; a table with
    none gets no QR code.  `certificate_numbers`: the register's number (编号) of each
    certificate by its award key (`reports.certificate_awards`); a certificate with none is
    numbered in print order.  `certificates`: the certificates the caller collected to
    number them (`select_certificates`): drawn as they are, not collected again.  `public_url`: the players' pages (`finals serve
    --public`), printed as the poster's QR code.
    """

    links: Mapping[tuple[str, int, int], str] = field(default_factory=dict)
    certificate_numbers: Mapping[str, str] = field(default_factory=dict)
    certificates: CertificatePrint | None = None
    public_url: str | None = None


def build_report(
    final: Final,
    kind: str,
    out: Path,
    *,
    event: str | None = None,
    round: int | None = None,  # noqa: A002 - the CLI's option name
    category: str | None = None,
    cert_type: str = "prize",
    order: str = "unit",
    card: str = "tent",
    large: bool = False,
    printed_at: datetime | None = None,
    extras: PrintExtras | None = None,
    provisional: bool = False,
) -> Path:
    """Write document `kind` of `final` to `out`: a PDF for `.pdf`, a workbook for `.xlsx`.

    `order` sorts the check-in sheet (unit or pinyin); `card` is the table cards' layout
    (tent: A4 folded, or a5). `large`: the wall version of pairings, index and standings
    (names at 14 pt or more, A4 landscape, readable from 2 m) and the A3 poster; any other
    kind, or a workbook, is refused (`refuse_large`).  `extras`: the
    slips' phone links and the certificates' register numbers (`PrintExtras`).
    `provisional`: the prize sheet, the medal list, prize and grade certificates, the grade form and the ceremony list of
    events not yet finished are printed marked 临时（第N轮后） instead of refused
    (`reports.provisional.NotFinal`); see `results_mark`.

    Raises ReportError with a Chinese message for anything the user can fix.
    """
    out = Path(out)
    if kind not in KINDS:
        names = "、".join(f"{k}（{v}）" for k, v in KINDS.items())
        raise ReportError(f"未知的文件种类“{kind}”。可选：{names}。")
    suffix = out.suffix.lower()
    if suffix not in (".pdf", ".xlsx"):
        raise ReportError(f"输出文件“{out.name}”的扩展名应为 .pdf 或 .xlsx。")
    if not out.parent.exists():
        raise ReportError(f"输出文件夹不存在：{out.parent}")
    if not isinstance(final, Final):
        raise ReportError("这不是本程序的赛事数据（应为读模型 Final）。")
    extras = extras or PrintExtras()
    if large:
        refuse_large(kind, suffix)
    if suffix == ".xlsx":
        if kind not in EXCEL_KINDS:
            offered = "、".join(KINDS[k] for k in EXCEL_KINDS)
            raise ReportError(f"“{KINDS[kind]}”只能输出 PDF；可输出 Excel 的有：{offered}。")
        return _atomic(
            out,
            lambda path: _excel(
                final,
                kind,
                path,
                event=event,
                round=round,
                category=category,
                provisional=provisional,
            ),
        )
    check_names(final)  # a character no bundled font has: refused, never a gap
    builders: dict[str, Callable[[Path], Path]] = {
        ReportKind.PAIRINGS: lambda path: (
            build_wall_pairings_pdf if large else build_pairings_pdf
        )(final, path, event=event, round=round, printed_at=printed_at),
        ReportKind.INDEX: lambda path: (build_wall_index_pdf if large else build_index_pdf)(
            final, path, event=event, round=round, printed_at=printed_at
        ),
        ReportKind.SLIPS: lambda path: build_slips_pdf(
            final, path, event=event, round=round, printed_at=printed_at, links=extras.links
        ),
        ReportKind.STANDINGS: lambda path: (
            build_wall_standings_pdf if large else build_standings_pdf
        )(final, path, event=event, round=round, category=category, printed_at=printed_at),
        ReportKind.CROSSTABLE: lambda path: build_crosstable_pdf(
            final, path, event=event, printed_at=printed_at
        ),
        ReportKind.TEAMS: lambda path: build_teams_pdf(
            final, path, event=event, printed_at=printed_at
        ),
        ReportKind.PAIRS: lambda path: build_pairs_pdf(
            final, path, event=event, printed_at=printed_at
        ),
        ReportKind.PRIZES: lambda path: build_prizes_pdf(
            final,
            path,
            event=event,
            category=category,
            printed_at=printed_at,
            provisional=provisional,
        ),
        ReportKind.MEDALS: lambda path: build_medals_pdf(
            final,
            path,
            event=event,
            category=category,
            printed_at=printed_at,
            provisional=provisional,
        ),
        ReportKind.CERTIFICATES: lambda path: build_certificates_pdf(
            final,
            path,
            event=event,
            category=category,
            cert_type=cert_type,
            numbers=extras.certificate_numbers,
            provisional=provisional,
            chosen=extras.certificates,
        ),
        ReportKind.GRADES: lambda path: build_grades_pdf(
            final,
            path,
            event=event,
            category=category,
            printed_at=printed_at,
            provisional=provisional,
        ),
        ReportKind.ENTRIES: lambda path: build_entries_pdf(
            final, path, event=event, printed_at=printed_at
        ),
        ReportKind.CHECKIN: lambda path: build_checkin_pdf(
            final, path, event=event, order=order, printed_at=printed_at
        ),
        ReportKind.CARDS: lambda path: build_cards_pdf(final, path, event=event, card=card),
        ReportKind.LINEUP: lambda path: build_lineup_pdf(
            final, path, event=event, round=round, printed_at=printed_at
        ),
        ReportKind.CEREMONY: lambda path: build_ceremony_pdf(
            final,
            path,
            event=event,
            category=category,
            printed_at=printed_at,
            provisional=provisional,
        ),
        ReportKind.POSTER: lambda path: build_poster_pdf(
            final, path, url=extras.public_url, large=large
        ),
        ReportKind.MCMAHON: lambda path: build_mcmahon_pdf(
            final, path, event=event, printed_at=printed_at
        ),
    }
    return _atomic(out, builders[kind])


def refuse_large(kind: str, suffix: str) -> None:
    """`--large` on a kind without a wall form, or for a workbook: refused, never ignored."""
    offered = "、".join(f"{k}（{KINDS[k]}）" for k in WALL_KINDS)
    if kind not in WALL_KINDS:
        raise ReportError(
            f"“{KINDS[kind]}”没有张贴用大字版，请去掉 --large；有大字版的是：{offered}。",
            window=f"“{KINDS[kind]}”没有张贴用大字版，请取消“张贴用大字”；有大字版的是：{offered}。",
        )
    if suffix == ".xlsx":
        raise ReportError(
            "张贴用大字版（--large）只能输出 PDF：请把输出文件改为 .pdf，或去掉 --large。",
            window="张贴用大字版只能输出 PDF：请把文件类型改为 PDF，或取消“张贴用大字”。",
        )


def _excel(
    final: Final,
    kind: str,
    out: Path,
    *,
    event: str | None,
    round: int | None,  # noqa: A002
    category: str | None,
    provisional: bool = False,
) -> Path:
    if kind == ReportKind.PAIRINGS:
        return excel.pairings_workbook(final, out, event=event, round=round)
    if kind == ReportKind.INDEX:
        return excel.index_workbook(final, out, event=event, round=round)
    if kind == ReportKind.GRADES:
        return excel.grades_workbook(
            final, out, event=event, category=category, provisional=provisional
        )
    if kind == ReportKind.STANDINGS:
        return excel.standings_workbook(final, out, event=event, round=round, category=category)
    if kind == ReportKind.CROSSTABLE:
        return excel.crosstable_workbook(final, out, event=event)
    if kind == ReportKind.TEAMS:
        return excel.teams_workbook(final, out, event=event)
    if kind == ReportKind.PAIRS:
        return excel.pairs_workbook(final, out, event=event)
    if kind == ReportKind.MCMAHON:
        return mcmahon_workbook(final, out, event=event)
    if kind == ReportKind.MEDALS:
        return medals_workbook(final, out, event=event, category=category, provisional=provisional)
    return excel.prizes_workbook(
        final, out, event=event, category=category, provisional=provisional
    )


def results_mark(
    final: Final,
    kind: str,
    *,
    event: str | None = None,
    category: str | None = None,
    cert_type: str = "prize",
    provisional: bool = False,
) -> str:
    """Before anything is written or numbered: "" when document `kind` states final results
    (or none); the mark 临时（第N轮后） when they are not final and `provisional`; else
    `NotFinal` (a ReportError saying to finish the event or ask for a provisional print).
    The command line and the window ask this before they issue certificate numbers: a
    provisional certificate gets none."""
    if kind not in FINAL_KINDS:
        return ""
    if kind == ReportKind.CERTIFICATES:
        return select_certificates(final, cert_type, event, category, provisional=provisional).mark
    if kind == ReportKind.MEDALS:
        return medals_mark(final, event, category, provisional)
    if kind == ReportKind.GRADES:
        return grades_mark(DocView(final), event, category, provisional)
    view = DocView(final)
    prizes = select_prizes(view, event, category)
    return final_mark(view, (p.award.event for p in prizes), KINDS[kind], provisional)


def _atomic(out: Path, build: Callable[[Path], Path]) -> Path:
    """Build into a temporary file beside `out`, then move it into place.

    A failure leaves neither a half-written file nor a damaged older copy of `out`.
    """
    temporary = out.with_name(f".{out.stem}.partial{out.suffix}")
    try:
        build(temporary)
        os.replace(temporary, out)
    except PermissionError as exc:
        raise ReportError(
            f"无法写入“{out}”：文件可能正在被其他程序（如 PDF 阅读器或 Excel）打开。"
        ) from exc
    finally:
        if temporary.exists():
            try:
                temporary.unlink()
            except OSError:
                pass
    return out
