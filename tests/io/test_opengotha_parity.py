"""OpenGotha facts kept and McMahon rules as settings (issue 29 §1 and §2).

A player's country and smmsCorrection, a game's handicap, the McMahon zero and the counting
of rounds on leave come in with an import and go out with an export; the four OpenGotha
rules are event settings, on by default in McMahon events and without effect elsewhere; a
file written before them (schema 8) opens with the new columns at 0.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import text

from app.io.opengotha import parse_opengotha
from app.services.opengotha import export_opengotha, import_opengotha
from app.services.ranking import rank_event
from app.services.snapshots import mcmahon_counting, pairing_request
from app.services.tournament import (
    create_tournament,
    event_settings,
    get_event,
    open_tournament,
    update_event_settings,
)
from app.standings.model import McMahonCounting
from app.store.database import Database, open_database
from app.store.migrations import SCHEMA_VERSION
from tests.shared_files import SHARED, require

REFERENCE = SHARED / "reference" / "opengotha"


def _db(tmp_path: Path, source: Path, text_edit: tuple[str, str] | None = None) -> Database:
    path = tmp_path / "go.finals"
    create_tournament(path, "hangzhou-go").close()
    if text_edit is not None:
        edited = tmp_path / source.name
        edited.write_text(source.read_text(encoding="utf-8").replace(*text_edit), encoding="utf-8")
        source = edited
    db = open_tournament(path)
    import_opengotha(db, source, "GOTHA")
    return db


def _mms(db: Database, after: int) -> dict[str, float]:
    """{player name: 麦克马洪分 in wins} after round `after`."""
    with db.reading() as session:
        event = get_event(session, "GOTHA")
        names = {e.id: e.name for e in event.entrants}
        rows = rank_event(event, after).standings.rows
        return {names[r.entrant]: r.tiebreaks["麦克马洪分"] / 2 for r in rows}


def test_round_trip_keeps_country_correction_handicap_and_mcmahon_counting(
    tmp_path: Path,
) -> None:
    source = REFERENCE / "Toulouse2024" / "Toulouse2024.xml"
    require(source.parent)
    original = parse_opengotha(source.read_bytes())
    # Another zero and a whole win per leave, so the values written are not the defaults.
    db = _db(
        tmp_path,
        source,
        ('genMMZero="30K"', 'genMMZero="25K"'),
    )
    try:
        update_event_settings(db, "GOTHA", {"mcmahon.absent_score": 1.0})
        settings = event_settings(db, "GOTHA")["mcmahon"]
        assert settings["zero"] == "25级" and settings["absent_score"] == 1.0
        out = tmp_path / "out.xml"
        export_opengotha(db, "GOTHA", out)
    finally:
        db.close()
    back = parse_opengotha(out.read_bytes())
    assert [p.country for p in back.players] == [p.country for p in original.players]
    assert [p.smms_correction for p in back.players] == [0] * len(original.players)
    handicaps = sorted((g.round, g.table, g.handicap) for g in original.games)
    assert sorted((g.round, g.table, g.handicap) for g in back.games) == handicaps
    assert any(h for _, _, h in handicaps)
    assert back.parameters.mm_zero == "25K"
    assert back.parameters.mms2_absent == 2 and back.parameters.round_down
    assert back.parameters.placement == ("MMS", "SOSM", "SOSOSM")


def test_smms_correction_counts_in_the_start_unless_turned_off(tmp_path: Path) -> None:
    source = REFERENCE / "simplemm" / "simplemm.xml"
    require(source.parent)
    noguchi = 'firstName="Motoki" grade="7D" name="Noguchi"'
    text_ = source.read_text(encoding="utf-8")
    line = next(x for x in text_.splitlines() if noguchi in x)
    db = _db(tmp_path, source, (line, line.replace('smmsCorrection="0"', 'smmsCorrection="-2"')))
    try:
        # OpenGotha's start for 7D with bar 4D and zero 30K: 33; one win in round 1.
        assert _mms(db, 1)["Noguchi Motoki"] == 33 - 2 + 1
        update_event_settings(db, "GOTHA", {"mcmahon.corrections": False})
        assert _mms(db, 1)["Noguchi Motoki"] == 33 + 1
        out = tmp_path / "out.xml"
        export_opengotha(db, "GOTHA", out)
    finally:
        db.close()
    back = parse_opengotha(out.read_bytes())
    assert {p.key: p.smms_correction for p in back.players}["NOGUCHIMOTOKI"] == -2


def test_a_round_on_leave_is_half_a_win_rounded_down(tmp_path: Path) -> None:
    source = REFERENCE / "notsimplemm" / "notsimplemm.xml"
    require(source.parent)
    db = _db(tmp_path, source)
    try:
        with db.reading() as session:
            event = get_event(session, "GOTHA")
            away = {
                e.name: sorted(s.round_number for s in e.round_status if s.status == "absent")
                for e in event.entrants
            }
        name, rounds = next((n, r) for n, r in away.items() if len(r) >= 2)
        first, second = rounds[0], rounds[1]
        at_first, at_second = _mms(db, first)[name], _mms(db, second)[name]
        update_event_settings(db, "GOTHA", {"mcmahon.absent_score": 0})
        assert _mms(db, first)[name] == at_first  # one round away: ½, rounded down to 0
        assert _mms(db, second)[name] == at_second - 1  # two rounds away: ½ + ½
        update_event_settings(
            db, "GOTHA", {"mcmahon.absent_score": 0.5, "mcmahon.absent_round_down": False}
        )
        assert _mms(db, first)[name] == at_first + 0.5
    finally:
        db.close()


@pytest.mark.parametrize("name", ["simpleswiss", "notsosimpleswiss"])
def test_the_mcmahon_rules_change_nothing_outside_mcmahon(tmp_path: Path, name: str) -> None:
    source = REFERENCE / name / f"{name}.xml"
    require(source.parent)
    db = _db(tmp_path, source)
    try:
        with db.reading() as session:
            event = get_event(session, "GOTHA")
            assert mcmahon_counting(event) == McMahonCounting()
            before = rank_event(event, 3).standings.rows
        update_event_settings(db, "GOTHA", {"mcmahon.sos_handicap": False})
        with db.reading() as session:
            assert rank_event(get_event(session, "GOTHA"), 3).standings.rows == before
    finally:
        db.close()


def test_a_version_8_file_opens_with_the_new_columns_at_zero(tmp_path: Path) -> None:
    assert SCHEMA_VERSION >= 9
    source = REFERENCE / "simplemm" / "simplemm.xml"
    require(source.parent)
    _db(tmp_path, source).close()
    path = tmp_path / "go.finals"
    with sqlite3.connect(path) as conn:
        for table, column in (
            ("player", "country"),
            ("entrant", "mcmahon_correction"),
            ("game", "handicap"),
        ):
            conn.execute(f'ALTER TABLE {table} DROP COLUMN "{column}"')
        conn.execute("PRAGMA user_version=8")
    db = open_database(path)
    try:
        with db.engine.connect() as conn:
            assert conn.execute(text("PRAGMA user_version")).scalar() == SCHEMA_VERSION
            assert conn.execute(text("SELECT sum(handicap) FROM game")).scalar() == 0
            assert conn.execute(text("SELECT sum(mcmahon_correction) FROM entrant")).scalar() == 0
        assert db.integrity_check() == "ok"
    finally:
        db.close()


def test_the_pairing_counts_the_rounds_on_leave_as_the_standings_do(tmp_path: Path) -> None:
    source = REFERENCE / "notsimplemm" / "notsimplemm.xml"
    require(source.parent)
    db = _db(tmp_path, source)

    def pairing_score(name: str, round_number: int) -> float:
        with db.reading() as session:
            event = get_event(session, "GOTHA")
            ids = {e.name: e.id for e in event.entrants}
            request = pairing_request(event, round_number, strict=False)
            return next(e.initial_points for e in request.entrants if e.id == ids[name])

    try:
        with db.reading() as session:
            away = {
                e.name: sorted(s.round_number for s in e.round_status if s.status == "absent")
                for e in get_event(session, "GOTHA").entrants
            }
        name, rounds = next((n, r) for n, r in away.items() if len(r) >= 2)
        with_leave = pairing_score(name, rounds[1] + 1)
        update_event_settings(db, "GOTHA", {"mcmahon.absent_score": 0})
        assert with_leave == pairing_score(name, rounds[1] + 1) + 2  # ½ + ½ win = 2 points
    finally:
        db.close()
