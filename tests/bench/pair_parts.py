"""`finals pair FILE --event CODE` run in this process, timed part by part (issue 44 §4).

Run as a script (a fresh process, so the imports count): prints one JSON object, the
wall-clock and CPU seconds of each part — the imports, opening the file (migrations
checked), the checks, the backup before pairing, reading the event, the pairing request
(the snapshot), the engine, the writes, the view, the printing — and of the whole command.
"""

from __future__ import annotations

import contextlib
import gc
import io
import json
import sys
import time
from collections.abc import Callable
from typing import Any

PARTS = {
    "app.services.tournament": {"open_tournament": "open the file (migrations checked)"},
    "app.services.rounds": {
        "_refuse_unpairable": "checks before pairing",
        "backup_warning": "backup before pairing",
        "get_event": "read the event (ORM, games)",
        "_request_for": "pairing request (snapshot)",
        "pair_round": "pairing engine",
        "_withdraw_by_forfeits": "forfeit withdrawals",
        "_write_games": "write the games",
        "record": "audit entry",
        "_view": "round view",
    },
    "app.cli.rounds": {"_show": "print the round"},
}


def _timed(spent: dict[str, list[float]], label: str, f: Callable[..., Any]) -> Callable[..., Any]:
    def timed(*args: Any, **kwargs: Any) -> Any:
        wall, cpu = time.perf_counter(), time.process_time()
        try:
            return f(*args, **kwargs)
        finally:
            done = spent.setdefault(label, [0.0, 0.0])
            done[0] += time.perf_counter() - wall
            done[1] += time.process_time() - cpu

    return timed


def main(argv: list[str]) -> None:
    gc.disable()  # as the installed command runs (app.cli.main.run)
    spent: dict[str, list[float]] = {}
    wall, cpu = time.perf_counter(), time.process_time()
    import importlib

    from app.cli.main import main as finals

    modules = {name: importlib.import_module(name) for name in PARTS}
    import app.pairing.engine  # noqa: F401  (imported by the command too)
    import app.store.database  # noqa: F401

    spent["imports"] = [time.perf_counter() - wall, time.process_time() - cpu]
    for name, functions in PARTS.items():
        for function, label in functions.items():
            setattr(modules[name], function, _timed(spent, label, getattr(modules[name], function)))
    wall, cpu = time.perf_counter(), time.process_time()
    with contextlib.redirect_stdout(io.StringIO()):
        code = finals(["pair", *argv])
    spent["command after the imports"] = [time.perf_counter() - wall, time.process_time() - cpu]
    spent["exit code"] = [code, code]
    print(json.dumps(spent))


if __name__ == "__main__":
    main(sys.argv[1:])
