"""Printing: build a report from the read model (`Final`) into the output folder."""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from app.services.outputs import check_output
from reports import EXCEL_KINDS, KINDS, PrintExtras, build_report
from ui import readers

if TYPE_CHECKING:
    from app.services.storage import Database

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
) -> Path:
    """Read the final and write the document (runs in a worker thread)."""
    check_output(out, reading=[db.path], force=True, makes_folders=True)  # never onto a final
    final = readers.final(db, None if kind in ROUND_KINDS else after_round)
    out.parent.mkdir(parents=True, exist_ok=True)
    scoped_event = event if kind in EVENT_KINDS or kind in ("prizes", "grades") else None
    if kind in ("teams", "pairs", "certificates", "prizes", "grades"):
        scoped_event = None  # the whole final: every team/pair event, every prize table
    numbers: dict[str, str] = {}
    public_url = None
    if kind == "poster":  # the players' pages of the server this file last ran
        from app.services.remote_entry import remembered_base_url

        public_url = remembered_base_url(db)
    if kind == "certificates" and out.suffix.lower() == ".pdf":
        # the register's numbers: issued on first print, the same in every print (issue 14)
        from app.cli.certificates import issue_for_print
        from ui import prefs

        numbers = issue_for_print(db, final, cert_type, scoped_event, category, prefs.operator())
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
        extras=PrintExtras(certificate_numbers=numbers, public_url=public_url),
    )


__all__ = ["EXCEL_KINDS", "KINDS", "ROUND_KINDS", "make_report", "output_path"]
