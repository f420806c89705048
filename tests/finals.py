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
