"""Backup copies of the tournament file (SQLite backup API), the last N of each file kept.

Copies live in `backups/` beside the file, named `{stem}-{YYYYmmdd-HHMMSS-ffffff}-{label}.finals`.
Several tournament files may share one folder (`final.finals`, `final-youth.finals`,
`final-2.finals`): a file prunes only the copies whose name is exactly its stem followed by a
time stamp, never the copy it has just written, and never counts an empty copy (what a full
disk leaves) as a backup.

A copy taken after a committed change cannot undo that change: `backup_warning` turns its
failure into a warning for the caller to pass on ("saved; the backup failed: ...").
"""

from __future__ import annotations

import re
import sqlite3
from datetime import datetime
from pathlib import Path

from app.errors import FinalsError
from app.services.tournament import tournament_settings
from app.store.database import Database, failure_reason


class BackupFailed(FinalsError):
    """The copy could not be written; nothing of it is left on disk."""


def backup_dir(db: Database) -> Path:
    return db.path.parent / "backups"


def _keep(db: Database) -> int:
    """`backups_keep` (0: keep all); a bad stored value counts as the default here: a copy
    is never refused for a setting."""
    return tournament_settings(db, strict=False).backups_keep


def own_copies(db: Database) -> list[Path]:
    """This file's backups, oldest first (by the time stamp in the name)."""
    return copies_of(db.path)


def copies_of(path: Path) -> list[Path]:
    """The backups of the tournament file at `path`, oldest first, without opening it (a file
    that cannot be opened, being damaged, is the one whose backups are wanted)."""
    pattern = re.compile(
        rf"{re.escape(path.stem)}-(\d{{8}}-\d{{6}}-\d{{6}})-[\w-]+{re.escape(path.suffix)}"
    )
    folder = path.parent / "backups"
    try:
        found = [(m.group(1), p) for p in folder.iterdir() if (m := pattern.fullmatch(p.name))]
    except OSError:  # no backups folder, or one we may not list
        return []
    return [p for _stamp, p in sorted(found)]


def take_backup(db: Database, label: str) -> Path:
    """Copy the file now; then prune this file's older copies down to `backups_keep`.

    Raises BackupFailed (in Chinese) when the copy cannot be written; no partial copy stays.
    """
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    target = backup_dir(db) / f"{db.path.stem}-{stamp}-{label}{db.path.suffix}"
    try:
        db.backup_to(target)
        if target.stat().st_size == 0:
            raise OSError("写入的副本为空")
    except (OSError, sqlite3.Error) as exc:
        try:
            target.unlink(missing_ok=True)
        except OSError:
            pass
        reason = failure_reason(exc)  # in Chinese: 磁盘已满, 没有写入权限, ...
        raise BackupFailed(
            f"备份失败：无法写入 {target.parent}（{reason}）。请检查该磁盘的剩余空间和写入权限。"
        ) from exc
    _prune(db, keep=_keep(db), newest=target)
    return target


def _prune(db: Database, keep: int, newest: Path) -> None:
    if keep <= 0:
        return
    copies = []
    for path in own_copies(db):
        try:
            empty = path.stat().st_size == 0
        except OSError:
            continue
        if empty and path != newest:
            path.unlink(missing_ok=True)  # a copy cut short by a full disk restores nothing
        elif path != newest:
            copies.append(path)
    for old in copies[: max(len(copies) - (keep - 1), 0)]:
        try:
            old.unlink(missing_ok=True)
        except OSError:
            pass  # a copy we cannot delete costs disk space, not data


def backup_warning(db: Database, label: str, saved: str) -> str | None:
    """Back up after a committed change: None when done, else the warning to show.

    `saved` says what is safe in the file, e.g. "成绩已保存".
    """
    try:
        take_backup(db, label)
    except BackupFailed as exc:
        return f"{saved}；{exc.message}"
    return None
