"""Pairing: pure functions from a frozen snapshot of an event to a round.

Entry points: `pair_round` (engine), `check_round` (absolute rules on any round),
`explain` / `format_report` (why each table), the manual edits in `edits`, Berger
tables in `round_robin` and the Gomoku openings in `openings`.
"""

from app.pairing.checker import check_round
from app.pairing.edits import (
    EditError,
    exchange_colours,
    give_bye,
    move_table,
    set_against,
    swap_players,
)
from app.pairing.engine import pair_round
from app.pairing.openings import OPENINGS, draw_opening
from app.pairing.report import explain, format_report
from app.pairing.round_robin import berger_round

__all__ = [
    "OPENINGS",
    "EditError",
    "berger_round",
    "check_round",
    "draw_opening",
    "exchange_colours",
    "explain",
    "format_report",
    "give_bye",
    "move_table",
    "pair_round",
    "set_against",
    "swap_players",
]
