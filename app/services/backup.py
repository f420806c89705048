"""Backup copies of the tournament file (SQLite backup API), the last N kept."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from sqlalchemy import select

from app.store.database import Database
from app.store.models import Tournament

DEFAULT_KEEP = 20


def backup_dir(db: Database) -> Path:
    return db.path.parent / "backups"


def take_backup(db: Database, label: str) -> Path:
    with db.reading() as session:
        tournament = session.scalars(select(Tournament)).first()
        keep = int((tournament.settings or {}).get("backups_keep", DEFAULT_KEEP)) if tournament else DEFAULT_KEEP
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    target = backup_dir(db) / f"{db.path.stem}-{stamp}-{label}{db.path.suffix}"
    db.backup_to(target)
    copies = sorted(backup_dir(db).glob(f"{db.path.stem}-*{db.path.suffix}"))
    for old in copies[:-keep] if keep > 0 else []:
        old.unlink(missing_ok=True)
    return target
