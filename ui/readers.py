"""The reads the window runs in worker threads, in one place.

Every function here takes the open `Database` and returns plain data (dicts, lists, frozen
dataclasses) that the window's thread only puts into its models. Standings, prizes, grades
and prints read the typed read model (`app.readmodel`, cached per file revision).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.services.players import EntrantRow, list_entrants
from app.services.read_model import load_final
from app.services.results import draws_refused
from app.services.rounds import RoundView, round_view
from app.services.teams import LateChangeLine, TeamProblem, late_change_list, problems
from app.services.tournament import EventSummary, TournamentInfo, list_events, tournament_info

if TYPE_CHECKING:
    from app.readmodel.model import Final
    from app.services.storage import Database


def final(db: Database, after_round: int | None) -> Final:
    """The whole final as the typed read model (cached per file revision)."""
    return load_final(db, after_round)


def warm(db: Database) -> None:
    """Build the latest read model ahead (cached per revision), nothing to show."""
    load_final(db)


def outline(
    db: Database, with_info: bool = False
) -> tuple[list[EventSummary], TournamentInfo | None]:
    """The events (rounds paired, settings) and, when asked, the tournament's own fields."""
    return list_events(db), (tournament_info(db) if with_info else None)


def revision(db: Database) -> int | None:
    """The file's revision: another station's change moves it."""
    return db.revision()


def round_of(db: Database, event: str, number: int) -> RoundView:
    return round_view(db, event, number)


def entrants(db: Database) -> list[EntrantRow]:
    return list_entrants(db)


def groups(
    db: Database,
) -> tuple[list[EntrantRow], list[TeamProblem], list[LateChangeLine]]:
    """The teams view: entrants, eligibility problems, late changes."""
    return list_entrants(db), problems(db), late_change_list(db)


def results_help(db: Database) -> Any:
    return draws_refused(db)
