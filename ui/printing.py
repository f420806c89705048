"""Printing: build a report from the read model (`Final`) into the output folder."""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from app.errors import FinalsError
from app.services.outputs import check_output
from reports import EXCEL_KINDS, KINDS, PrintExtras, build_report
from reports.build import results_mark
from reports.certificate_awards import select_certificates
from ui import readers

if TYPE_CHECKING:
    from app.services.storage import Database

# The window's words for what the command line asks with `--base-url` (reports.poster's
# NO_ADDRESS names the command's flags).
POSTER_NO_ADDRESS = (
    "不知道选手查询页面的地址，海报无法印二维码。请在“现场录入”页勾选“同时开放选手查询页面”"
    "并启动服务（程序会记下它的地址），或在“设置…”的“比赛信息”中填写“二维码的服务器地址”，"
    "再打印海报。"
)

SLIPS_NO_ADDRESS = (
    "成绩登记单未印二维码：还不知道现场录入的地址。要印二维码，请先在“现场录入”页启动服务"
    "（或在“设置…”的“比赛信息”中填写“二维码的服务器地址”），再打印一次。"
)

ROUND_KINDS = ("pairings", "index", "slips", "lineup")
EVENT_KINDS = ("pairings", "index", "slips", "standings", "crosstable", "cards", "lineup")


def safe_name(text: str) -> str:
    return re.sub(r'[\\/:*?"<>|\s]+', "_", text).strip("_") or "report"


def output_path(
    folder: Path,
    title: str,
    kind: str,
    suffix: str,
    event: str | None,
    round_number: int | None,
    cert_type: str = "prize",
) -> Path:
    parts = [safe_name(title)[:40], KINDS.get(kind, kind)]
    if event and kind in EVENT_KINDS:
        parts.append(event)
    if round_number and kind in ROUND_KINDS:
        parts.append(f"第{round_number}轮")
    if kind == "certificates":
        parts.append(cert_type)
    parts.append(datetime.now().strftime("%H%M%S"))
    return folder / ("-".join(parts) + suffix)


def make_report(
    db: Database,
    kind: str,
    out: Path,
    *,
    event: str | None = None,
    round_number: int | None = None,
    category: str | None = None,
    cert_type: str = "prize",
    after_round: int | None = None,
    order: str = "unit",
    card: str = "tent",
    base_url: str | None = None,
    notes: list[str] | None = None,
    provisional: bool = False,
) -> Path:
    """Read the final and write the document (runs in a worker thread; result slips in the
    write queue: a round's table tokens are made on its first print).

    `base_url`: the phone server's address when it runs (else the one it last ran on): the
    slips' QR codes open each table's phone page, the poster's the players' pages — as the
    command line's `finals report … --base-url`.  `notes` gets what the window should say
    about the document (slips printed without QR codes: no address known).

    `provisional`: the prize sheet, medal list, certificates and ceremony list of an event
    not yet ended
    print marked 临时（第N轮后）, unnumbered; without it they raise `NotFinal` (the window
    asks, then prints again with it) before any number is issued."""
    check_output(out, reading=[db.path], force=True, makes_folders=True)  # never onto a final
    final = readers.final(db, None if kind in ROUND_KINDS else after_round)
    out.parent.mkdir(parents=True, exist_ok=True)
    scoped_event = event if kind in EVENT_KINDS or kind in ("prizes", "grades") else None
    if kind in ("teams", "pairs", "certificates", "prizes", "medals", "grades"):
        scoped_event = None  # the whole final: every team/pair event, every prize table
    numbers: dict[str, str] = {}
    links: dict[tuple[str, int, int], str] = {}
    public_url = None
    if kind == "poster":  # the players' pages of the server running, or the one last run
        from app.services.remote_entry import remembered_base_url

        public_url = base_url or remembered_base_url(db)
        if not public_url and out.suffix.lower() == ".pdf":
            raise FinalsError(POSTER_NO_ADDRESS)
    if kind == "slips":  # each table's phone page, as `finals report … slips` prints them
        from app.services.remote_entry import slip_links

        found = slip_links(db, final, event, round_number, base_url)
        if found is None and notes is not None:
            notes.append(SLIPS_NO_ADDRESS)
        links = found or {}
    chosen = None
    if kind == "certificates":  # collected once: the mark, the register's numbers, the pages
        chosen = select_certificates(
            final, cert_type, scoped_event, category, provisional=provisional
        )
    else:  # not final results: refused, or provisional
        results_mark(
            final,
            kind,
            event=scoped_event,
            category=category,
            cert_type=cert_type,
            provisional=provisional,
        )
    if chosen is not None and out.suffix.lower() == ".pdf":
        # the register's numbers: issued on first print, the same in every print (issue 14);
        # none for a provisional print
        from app.services.certificates import number_certificates
        from ui import prefs

        numbers = number_certificates(db, chosen, prefs.operator())
    return build_report(
        final,
        kind,
        out,
        event=scoped_event,
        round=round_number if kind in ROUND_KINDS or kind == "standings" else None,
        category=category,
        cert_type=cert_type,
        order=order,
        card=card,
        extras=PrintExtras(
            links=links, certificate_numbers=numbers, certificates=chosen, public_url=public_url
        ),
        provisional=provisional,
    )


__all__ = ["EXCEL_KINDS", "KINDS", "ROUND_KINDS", "make_report", "output_path"]
