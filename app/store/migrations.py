"""Numbered schema migrations, tracked in SQLite's `PRAGMA user_version` (a file) or in the
one-row table `schema_version` (a PostgreSQL server).

Why not Alembic: a tournament file is a single embedded SQLite database that the program
itself upgrades when it opens one; the version is updated inside the same transaction as
the migration, so an upgrade is all or nothing (PostgreSQL's DDL is transactional too), and
we ship no migration environment. The same migrations run on both stores: they speak SQL
both understand, and read the schema through SQLAlchemy's inspector, not SQLite's pragmas.
Add a migration by appending a function to MIGRATIONS; never edit a released one.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import Connection, Table, inspect, select, update

from app.standings.tiebreaks import standings_with_ids
from app.store import models, submissions
from app.store.models import Base


def _table(model: type[Base]) -> Table:
    table = model.__table__
    assert isinstance(table, Table)
    return table


def _columns(conn: Connection, table: str) -> set[str]:
    return {column["name"] for column in inspect(conn).get_columns(table)}


def stored_version(conn: Connection) -> int:
    """The schema version the database holds (0: none of ours)."""
    if conn.dialect.name == "sqlite":
        return int(conn.exec_driver_sql("PRAGMA user_version").scalar_one())
    if not inspect(conn).has_table("schema_version"):
        return 0
    return int(conn.exec_driver_sql("SELECT version FROM schema_version").scalar_one())


# What every database of ours holds from the first schema on (never dropped): a database
# with a version number but not these is some other program's, and is never migrated.
CORE_TABLES = frozenset({"tournament", "event", "player", "entrant", "round", "game", "audit"})
CORE_COLUMNS = {
    "tournament": frozenset({"id", "title", "game", "settings"}),
    "event": frozenset({"id", "code", "name", "kind"}),
}


# The mark only our tournament files carry (`PRAGMA application_id`, the header's bytes 68-71):
# "FNLS". Set when a file is made and by migration 14 on every file of ours from before it.
APPLICATION_ID = 0x464E4C53
MARKED_SINCE = 14  # the schema version from which every file of ours carries the mark

# What each migration made, so what a database of ours at that version must hold: a database
# naming a version whose tables or columns are missing is not ours (a lookalike), never migrated.
MADE_BY: dict[int, tuple[tuple[str, str | None], ...]] = {
    2: (("remote_token", None), ("remote_submission", None)),
    3: (("board", None),),
    4: (("remote_submission", "first_id"), ("remote_submission", "second_id")),
    5: (("player", "platform_account"),),
    6: (("certificate_number", None),),
    7: (("file_revision", None),),
    8: (("audit", "station"),),
    9: (("player", "country"), ("entrant", "mcmahon_correction"), ("game", "handicap")),
    10: (("entrant_round_status", "points"),),
    12: (("entrant", "disqualified_after_round"), ("entrant", "disqualified_reason")),
    13: (("round", "pairing_settings"),),
    15: (("remote_pin_failure", None),),
}


def schema_is_ours(
    version: int,
    tables: set[str],
    columns: Callable[[str], set[str]],
    application_id: int | None = None,
) -> bool:
    """Whether a database holding `tables` at schema `version` was made by this program
    (`columns(table)`: a table's column names; `application_id`: a file's mark, None for a
    server's database, which has none)."""
    if version < 1 or not CORE_TABLES <= tables:
        return False
    if application_id is not None:
        if application_id not in (0, APPLICATION_ID):
            return False  # another program's mark
        if application_id == 0 and version >= MARKED_SINCE:
            return False  # every file of ours at this version carries the mark
    if not all(wanted <= columns(table) for table, wanted in CORE_COLUMNS.items()):
        return False
    for made_in, made in MADE_BY.items():
        if made_in > version:
            continue
        for table, column in made:
            if table not in tables or (column is not None and column not in columns(table)):
                return False
    return True


def conn_schema_is_ours(conn: Connection) -> bool:
    """`schema_is_ours` of the database behind `conn` (either store)."""
    found = inspect(conn)
    return schema_is_ours(
        stored_version(conn),
        set(found.get_table_names()),
        lambda table: {column["name"] for column in found.get_columns(table)},
    )


def store_version(conn: Connection, version: int) -> None:
    if conn.dialect.name == "sqlite":
        conn.exec_driver_sql(f"PRAGMA user_version={int(version)}")
        return
    conn.exec_driver_sql(
        "CREATE TABLE IF NOT EXISTS schema_version (id INTEGER PRIMARY KEY CHECK (id = 1), "
        "version INTEGER NOT NULL)"
    )
    conn.exec_driver_sql(
        "INSERT INTO schema_version (id, version) VALUES (1, %(v)s) "
        "ON CONFLICT (id) DO UPDATE SET version = excluded.version",
        {"v": int(version)},
    )


def _create_schema(conn: Connection) -> None:
    Base.metadata.create_all(conn)


def _remote_entry(conn: Connection) -> None:
    """Table tokens and the phones' submission queue (a no-op where 1 already made them)."""
    Base.metadata.create_all(
        conn, tables=[_table(submissions.TableToken), _table(submissions.Submission)]
    )


def _team_boards(conn: Connection) -> None:
    """Boards of team matches (a no-op where 1 already made them)."""
    Base.metadata.create_all(conn, tables=[_table(models.Board)])


def _submission_seats(conn: Connection) -> None:
    """The players a submission was sent for; a pending one gets its table's players now."""
    columns = _columns(conn, "remote_submission")
    for column in ("first_id", "second_id"):
        if column not in columns:
            conn.exec_driver_sql(f"ALTER TABLE remote_submission ADD COLUMN {column} INTEGER")
    conn.exec_driver_sql(
        "UPDATE remote_submission SET "
        "first_id = (SELECT g.first_id FROM game g WHERE g.round_id = remote_submission.round_id"
        ' AND g."table" = remote_submission."table"), '
        "second_id = (SELECT g.second_id FROM game g WHERE g.round_id = remote_submission.round_id"
        ' AND g."table" = remote_submission."table") '
        "WHERE first_id IS NULL"
    )


def _player_platform_account(conn: Connection) -> None:
    """The player's 弈战 platform username (a no-op where 1 already made the column)."""
    columns = _columns(conn, "player")
    if "platform_account" not in columns:
        conn.exec_driver_sql("ALTER TABLE player ADD COLUMN platform_account VARCHAR(60)")


def _certificate_register(conn: Connection) -> None:
    """The register of certificate numbers issued (a no-op where 1 already made it)."""
    Base.metadata.create_all(conn, tables=[_table(models.CertificateNumber)])


def _file_revision(conn: Connection) -> None:
    """A counter every writing use case bumps: readers cache what they built per revision."""
    conn.exec_driver_sql(
        "CREATE TABLE IF NOT EXISTS file_revision (id INTEGER PRIMARY KEY CHECK (id = 1), "
        "revision INTEGER NOT NULL)"
    )
    conn.exec_driver_sql(
        "INSERT INTO file_revision (id, revision) VALUES (1, 0) ON CONFLICT (id) DO NOTHING"
    )


def _audit_station(conn: Connection) -> None:
    """The station (computer) each change was made on: several stations share one server."""
    if "station" not in _columns(conn, "audit"):
        conn.exec_driver_sql("ALTER TABLE audit ADD COLUMN station VARCHAR(60)")


def _go_parity(conn: Connection) -> None:
    """OpenGotha's facts (issue 29): a player's country, a McMahon start correction, a
    game's handicap (no-ops where 1 already made the columns)."""
    for table, column, kind in (
        ("player", "country", "VARCHAR(60)"),
        ("entrant", "mcmahon_correction", "INTEGER NOT NULL DEFAULT 0"),
        ("game", "handicap", "INTEGER NOT NULL DEFAULT 0"),
    ):
        if column not in _columns(conn, table):
            conn.exec_driver_sql(f'ALTER TABLE {table} ADD COLUMN "{column}" {kind}')


def _requested_byes(conn: Connection) -> None:
    """The points of a requested bye (TRF H, F, Z), on the round it was requested for."""
    if "points" not in _columns(conn, "entrant_round_status"):
        conn.exec_driver_sql("ALTER TABLE entrant_round_status ADD COLUMN points FLOAT")


def _tiebreak_ids(conn: Connection) -> None:
    """Each event's tie-break order in stable ids ("sos"), not Chinese labels (对手分)."""
    event = _table(models.Event)
    for event_id, standings in conn.execute(select(event.c.id, event.c.standings)).all():
        if not isinstance(standings, dict):
            continue
        rewritten = standings_with_ids(standings)
        if rewritten != standings:
            conn.execute(update(event).where(event.c.id == event_id).values(standings=rewritten))


def _disqualification(conn: Connection) -> None:
    """A disqualification (取消资格): the round after which it applies and its reason."""
    columns = _columns(conn, "entrant")
    for column, kind in (
        ("disqualified_after_round", "INTEGER"),
        ("disqualified_reason", "VARCHAR(200)"),
    ):
        if column not in columns:
            conn.exec_driver_sql(f"ALTER TABLE entrant ADD COLUMN {column} {kind}")


def _round_settings(conn: Connection) -> None:
    """The pairing settings each round was paired by (a past round is read by them)."""
    if "pairing_settings" not in _columns(conn, "round"):
        conn.exec_driver_sql("ALTER TABLE round ADD COLUMN pairing_settings JSON")


def _application_mark(conn: Connection) -> None:
    """A file's mark that it is ours (`PRAGMA application_id`): a stranger's file that looks
    like one of ours is told apart by it (a server's database has no header: no-op)."""
    if conn.dialect.name == "sqlite":
        conn.exec_driver_sql(f"PRAGMA application_id={APPLICATION_ID}")


def _pin_failures(conn: Connection) -> None:
    """The wrong referee PINs per table link, kept in the file (a restart keeps the count)."""
    Base.metadata.create_all(conn, tables=[_table(submissions.PinFailure)])


MIGRATIONS: list[Callable[[Connection], None]] = [
    _create_schema,  # 1: the first schema
    _remote_entry,  # 2: result entry from the tables' phones
    _team_boards,  # 3: team matches board by board
    _submission_seats,  # 4: a phone's submission names the players it was sent for
    _player_platform_account,  # 5: the Go youth's 弈战 platform username (private)
    _certificate_register,  # 6: the certificate numbers issued, one per award
    _file_revision,  # 7: the revision counter of the read model's cache
    _audit_station,  # 8: the station each audit entry was made on
    _go_parity,  # 9: OpenGotha's country, McMahon start correction and handicap
    _requested_byes,  # 10: a requested bye's points (TRF H, F, Z)
    _tiebreak_ids,  # 11: tie-break orders in stable ids (issue 28)
    _disqualification,  # 12: a disqualification's round and reason (issue 38)
    _round_settings,  # 13: the pairing settings a round was paired by (issue 38)
    _application_mark,  # 14: the file's mark, PRAGMA application_id (issue 42)
    _pin_failures,  # 15: wrong referee PINs per table link, kept in the file (issue 42)
]

SCHEMA_VERSION = len(MIGRATIONS)
