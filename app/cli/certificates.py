"""Certificate numbers for `finals report … certificates`: the register's (issue 14).

The command line is the composition root: it asks the report which certificates a print
holds (each with its award key), has the service issue or reuse their numbers (one
transaction, audited) and hands them to the report (`PrintExtras.certificate_numbers`), so
`reports/` never sees the store.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from app.cli.common import operator

if TYPE_CHECKING:
    from app.readmodel.model import Final
    from app.store.database import Database


def number_certificates(db: Database, final: Final, args: argparse.Namespace) -> dict[str, str]:
    """The register's number of every certificate printed, by award key (`finals report`)."""
    return issue_for_print(db, final, args.type, args.event, args.category, operator(args))


def issue_for_print(
    db: Database,
    final: Final,
    cert_type: str,
    event: str | None,
    category: str | None,
    operator_name: str,
) -> dict[str, str]:
    """The register's numbers of the certificates a print holds, by award key (the command
    line and the window's print both come here; empty when there is nothing to print)."""
    from app.services.certificates import AwardRecord, issue_numbers
    from reports.certificates import certificate_awards, number_base
    from reports.errors import ReportError

    def records(event: str | None, category: str | None) -> list[AwardRecord]:
        return [
            AwardRecord(
                key=a.key,
                kind=cert_type,
                event=a.event,
                category=a.values.get("组别") or None,
                place=a.place,
                entrant=a.entrant,
                name=a.name,
            )
            for a in certificate_awards(final, cert_type, event, category)
        ]

    try:
        printed = records(event, category)
        # every award of the kind as it stands now: a registered one no longer among them is void
        everyone = records(None, None) if event or category else printed
        base = number_base(final, cert_type)
    except ReportError:
        return {}  # nothing to print: the report says why
    return issue_numbers(db, cert_type, base, printed, everyone, operator_name)
