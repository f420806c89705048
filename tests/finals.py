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


def end_after_rounds_played(path: Path) -> Path:
    """The final `path` ended where it stands: each event that has played rounds is planned
    for just those (so its results are final: prize sheets and certificates print as final,
    issue 26 §2)."""
    from app.services.tournament import list_events, open_tournament, update_event_settings

    db = open_tournament(path)
    try:
        for event in list_events(db):
            if event.rounds_complete:  # a summed team event plays none of its own
                update_event_settings(db, event.code, {"rounds_planned": event.rounds_complete})
    finally:
        db.close()
    return path


def demo_copy(master: Path, target: Path) -> Path:
    """The bytes `build_demo` left at `master` (closed: no -wal beside it), and the backups it
    took there under the target's name: as if the demo had been built at `target`."""
    import shutil

    assert not Path(f"{master}-wal").exists(), master
    shutil.copyfile(master, target)
    backups = master.parent / "backups"
    if backups.is_dir():
        prefix = f"{master.stem}-"
        for backup in sorted(backups.iterdir()):
            if backup.name.startswith(prefix):
                folder = target.parent / "backups"
                folder.mkdir(exist_ok=True)
                shutil.copy2(backup, folder / (target.stem + "-" + backup.name[len(prefix) :]))
    return target
