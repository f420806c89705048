"""Certificate numbers for `finals report … certificates`: the register's (issue 14).

The command line is the composition root: it asks the report which certificates a print
holds (each with its award key), has the service issue or reuse their numbers (one
transaction, audited) and hands them to the report in the document
(doc["certificate_numbers"]), so `reports/` never sees the store.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from app.cli.common import operator

if TYPE_CHECKING:
    from app.store.database import Database


def number_certificates(db: Database, doc: dict[str, Any], args: argparse.Namespace) -> None:
    """Put the register's number of every certificate printed into `doc` (`finals report`)."""
    issue_for_print(db, doc, args.type, args.event, args.category, operator(args))


def issue_for_print(db: Database, doc: dict[str, Any], cert_type: str, event: str | None,
                    category: str | None, operator_name: str) -> None:
    """The register's numbers of the certificates a print holds, into doc["certificate_numbers"]
    (the command line and the window's print both come here)."""
    from app.services.certificates import AwardRecord, issue_numbers
    from reports.certificates import certificate_awards, number_base
    from reports.errors import ReportError

    def records(event: str | None, category: str | None) -> list[AwardRecord]:
        return [AwardRecord(key=a.key, kind=cert_type, event=a.event,
                            category=a.values.get("组别") or None, place=a.place,
                            entrant=a.entrant, name=a.name)
                for a in certificate_awards(doc, cert_type, event, category)]

    try:
        printed = records(event, category)
        # every award of the kind as it stands now: a registered one no longer among them is void
        everyone = records(None, None) if event or category else printed
        base = number_base(doc, cert_type)
    except ReportError:
        return  # nothing to print: the report says why
    doc["certificate_numbers"] = issue_numbers(db, cert_type, base, printed, everyone,
                                               operator_name)
