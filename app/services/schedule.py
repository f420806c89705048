"""The timetable: each round's scheduled date and start time (tournament setting `schedule`).

Printed on pairing lists, slips and standings instead of the day a round happened to be
paired.  The presets carry the regulation's timetable; `finals schedule` changes a round.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from app.errors import FinalsError
from app.services.tournament import get_event, set_tournament_fields, tournament_settings_of
from app.settings.schema import parse_schedule_time
from app.store.database import Database
from app.store.models import Event


@dataclass(frozen=True)
class RoundTime:
    event: str
    event_name: str
    round: int
    at: str | None  # "YYYY-MM-DD HH:MM", None when the timetable has none


def round_times(db: Database, event: str | None = None) -> list[RoundTime]:
    """Every planned (or paired) round of the events with a round of their own."""
    with db.reading() as session:
        settings = tournament_settings_of(session, db.label, ("schedule",))
        events = (
            [get_event(session, event)]
            if event
            else list(session.scalars(select(Event).order_by(Event.position)))
        )
        out = []
        for ev in events:
            last = max(ev.rounds_planned or 0, len(ev.rounds))
            out += [
                RoundTime(ev.code, ev.name, n, settings.round_time(ev.code, n))
                for n in range(1, last + 1)
            ]
        return out


def set_round_time(
    db: Database, event: str, number: int, at: str | None, operator: str = ""
) -> str | None:
    """Schedule round `number` of `event` at `at` (None: remove it); returns the stored text."""
    text = None
    if at is not None:
        when = parse_schedule_time(at)
        if when is None:
            raise FinalsError(f"时间“{at}”无法识别：请写成 YYYY-MM-DD HH:MM，如 2022-10-28 09:00。")
        text = f"{when:%Y-%m-%d %H:%M}"
    with db.reading() as session:
        ev = get_event(session, event)
        code = ev.code
        schedule = {
            k: dict(v)
            for k, v in tournament_settings_of(session, db.label, ("schedule",)).schedule.items()
        }
    rounds = schedule.setdefault(code, {})
    if text is None:
        rounds.pop(str(number), None)
        if not rounds:
            schedule.pop(code)
    else:
        rounds[str(number)] = text
    set_tournament_fields(db, {"schedule": schedule}, operator)
    return text
