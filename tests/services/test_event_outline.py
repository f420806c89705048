"""The events' outline (`list_events`) is typed: each event a frozen `EventSummary` whose
kind is an `EventKind`, written by `finals events --json` as it always was (issue 28 §4)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from app.domain import EventKind
from app.services.tournament import EventSummary, list_events, open_tournament


def test_the_go_demos_events_are_typed_summaries(go_demo: Path | str) -> None:
    db = open_tournament(go_demo)
    try:
        events = {e.code: e for e in list_events(db)}
    finally:
        db.close()
    assert all(isinstance(e, EventSummary) for e in events.values())
    team = events["MTEAM"]
    assert team.kind is EventKind.TEAM
    assert not team.plays_rounds and team.source_event == "MEN"  # scored from the men's
    men = events["MEN"]
    assert men.kind is EventKind.INDIVIDUAL and men.plays_rounds
    assert (men.rounds_paired, men.rounds_complete) == (2, 2)
    assert events["MPAIR"].kind is EventKind.PAIR
    with pytest.raises(dataclasses.FrozenInstanceError):
        men.rounds_paired = 3  # type: ignore[misc]
    # The typed settings stand beside the groups as the file holds them (bad values shown).
    assert team.settings.kind is EventKind.TEAM and not team.settings.plays_rounds
    assert men.settings.pairing.system == men.pairing.get("system", "swiss")
    # The JSON edge keeps the plain words and every field, in order; the typed settings are the
    # same groups read, not written twice.
    written = json.loads(json.dumps(team.as_json(), ensure_ascii=False))
    assert written["kind"] == "team"
    shown = [f.name for f in dataclasses.fields(EventSummary) if f.name != "settings"]
    assert list(written) == shown
