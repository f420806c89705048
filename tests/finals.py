"""Helpers the tests share about tournament files."""

from __future__ import annotations

from pathlib import Path


def copy_of(master: Path, target: Path) -> Path:
    """A fresh, consistent copy of the final `master` at `target` (SQLite's backup API):
    a test changes its copy, never the module's master."""
    from app.services.tournament import open_tournament

    db = open_tournament(master)
    try:
        db.backup_to(target)
    finally:
        db.close()
    return target
