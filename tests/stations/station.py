"""One arbiters' station, as a process of its own, for the several-stations test.

    python -m tests.stations.station ROLE URL [ARGS...]

Roles: `pair` (the chief arbiter pairs round 1), `enter FIRST LAST` (a results desk types
the tables FIRST..LAST one by one, each as "no result seen yet"), `phones FIRST LAST` (the
tables' phones send their results, accepted at once), `correct TABLE RESULT` (a correction:
first over a stale view, refused, then over what is on file), `print N` (N pairing lists and
result slips printed while the others work). Each prints one JSON line: what it did.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

EVENT = "OPEN"
OPENING_SEED = 20261201


def result_for(table: int) -> str:
    """The result the table's players agree on (the same on every run and station)."""
    return ("1-0", "0-1", "1-0", "=")[table % 4]


def main(argv: list[str]) -> dict[str, object]:
    from app.services.results import ResultChanged, record_result
    from app.services.tournament import open_tournament

    role, url, *rest = argv
    db = open_tournament(url)
    started = time.monotonic()
    done: dict[str, object] = {"role": role}
    try:
        if role == "pair":
            from app.services.rounds import pair_next

            view = pair_next(db, EVENT, "裁判长", opening_seed=OPENING_SEED)
            done["tables"] = len(view.games)
        elif role == "enter":
            first, last = int(rest[0]), int(rest[1])
            entered, refused = 0, []
            for table in range(first, last + 1):
                try:
                    record_result(
                        db,
                        EVENT,
                        1,
                        table,
                        result_for(table),
                        operator=f"录入员{first}",
                        expected=None,
                    )
                    entered += 1
                except ResultChanged as refusal:
                    refused.append(str(refusal))
            done |= {"entered": entered, "refused": refused}
        elif role == "phones":
            from app.services.remote_entry import (
                ensure_tokens,
                submit,
                table_page,
                tokens_for_round,
            )

            first, last = int(rest[0]), int(rest[1])
            ensure_tokens(db, EVENT, 1, "裁判长")
            tokens = tokens_for_round(db, EVENT, 1)
            statuses = []
            for table in range(first, last + 1):
                page = table_page(db, tokens[table])
                outcome = submit(
                    db,
                    tokens[table],
                    result_for(table),
                    client=f"phone{table}",
                    auto_accept=True,
                    operator="裁判长",
                    seats=page.seats,
                )
                statuses.append(outcome.status)
            done["statuses"] = statuses
        elif role == "correct":
            table, result = int(rest[0]), rest[1]
            refusals = []
            try:  # typed over a view that showed no result yet
                record_result(db, EVENT, 1, table, result, operator="更正员", expected=None)
            except ResultChanged as refusal:
                refusals.append(str(refusal))
            from app.services.rounds import round_view

            seen = round_view(db, EVENT, 1).results[table]
            record_result(db, EVENT, 1, table, result, operator="更正员", expected=seen)
            done |= {"refused": refusals, "corrected_from": seen}
        elif role == "print":
            from app.services.read_model import load_final
            from reports.build import build_report

            folder = Path(tempfile.mkdtemp(prefix="station-print-"))
            pages = 0
            for n in range(int(rest[0])):
                final = load_final(db)
                for kind in ("pairings", "slips"):
                    out = build_report(
                        final, kind, folder / f"{kind}-{n}.pdf", event=EVENT, round=1
                    )
                    pages += out.stat().st_size > 0
            done["printed"] = pages
        else:
            raise SystemExit(f"unknown role {role}")
    finally:
        db.close()
    done["seconds"] = round(time.monotonic() - started, 3)
    return done


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1:]), ensure_ascii=False))
