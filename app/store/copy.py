"""Copying a final between stores — a file and a server, either way — row for row.

Every table of the schema is copied whole, ids included, in an order that satisfies the
foreign keys, inside one transaction on the destination: the copy holds the same players,
rounds, results, audit log, tokens and revision as the source, or nothing. The source is read
in one snapshot, so a final in use by other stations copies as one consistent state.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import Column, Connection, Integer, MetaData, Table, func, insert, select, text
from sqlalchemy.orm import Session

from app.errors import FinalsError
from app.store.atomic import written_whole
from app.store.database import Database, check_new_file, new_database_at, one_file
from app.store.models import Base, Tournament

BATCH = 1000

# Made by migration 7 outside the ORM: copied by hand after the others.
FILE_REVISION = Table(
    "file_revision",
    MetaData(),
    Column("id", Integer, primary_key=True),
    Column("revision", Integer, nullable=False),
)


@dataclass(frozen=True)
class Copied:
    target: str  # the destination as messages name it
    rows: dict[str, int]  # table → rows copied

    @property
    def total(self) -> int:
        return sum(self.rows.values())


def tables() -> list[Table]:
    return list(Base.metadata.sorted_tables)


def _has_final(db: Database) -> bool:
    with db.reading() as session:
        return session.scalar(select(func.count()).select_from(Tournament)) != 0


def _reset_sequences(conn: Connection) -> None:
    """A server hands out the next id from a sequence: set each past the copied ids."""
    for table in tables():
        key = [c for c in table.primary_key.columns if c.autoincrement is not False]
        if len(table.primary_key.columns) != 1 or not key or not isinstance(key[0].type, Integer):
            continue
        column = key[0].name
        conn.execute(
            text(
                f"SELECT setval(pg_get_serial_sequence('\"{table.name}\"', '{column}'), "
                f'COALESCE((SELECT max("{column}") FROM "{table.name}"), 0) + 1, false)'
            )
        )


def copy_rows(source: Database, reading: Session, target: Database, conn: Connection) -> Copied:
    """Every row of `source` (read in `reading`) into `target` through `conn`."""
    counts: dict[str, int] = {}
    for table in tables():
        result = reading.execute(select(table).order_by(*table.primary_key.columns))
        count = 0
        while batch := result.mappings().fetchmany(BATCH):
            conn.execute(insert(table), [dict(row) for row in batch])
            count += len(batch)
        counts[table.name] = count
    revision = source.revision(reading) or 0
    conn.execute(FILE_REVISION.update().values(revision=revision))
    if target.is_server:
        _reset_sequences(conn)
    return Copied(target.label, counts)


def copy_final(source: Database, target: Database) -> Copied:
    """Copy everything of `source` into `target`, a store just made (schema, no final)."""
    if _has_final(target):
        raise FinalsError(f"{target.label} 中已有比赛，没有改动它。请换一个新文件或空数据库。")
    with source.snapshot() as reading, target.engine.begin() as conn:
        target.lock_for_copy(conn)
        return copy_rows(source, reading, target, conn)


def copy_into_new_file(source: Database, target: Path) -> Copied:
    """`source` as a new tournament file at `target` (which must not exist): whole or absent."""
    target = Path(target)
    check_new_file(target)
    return write_final_file(source, target, replace=False)


def write_final_file(source: Database, target: Path, *, replace: bool) -> Copied:
    """`source` as the tournament file `target`, written under a temporary name beside it,
    synced and renamed (app.store.atomic): killed half-way, it leaves nothing under
    `target`'s name (`replace`: an existing `target` is replaced, else refused)."""
    target = Path(target)
    with written_whole(target, replace=replace) as temp:
        made = new_database_at(temp, named=target)
        try:
            copied = copy_final(source, made)
        finally:
            made.close()
        one_file(temp)
    return Copied(str(target), copied.rows)
