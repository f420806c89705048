"""How backups are named and found: `backups/STEM-YYYYMMDD-HHMMSS-ffffff-LABEL.SUFFIX`.

The store needs it too (a damaged file's advice names its newest sound backup), so the
naming lives here, below the backup use cases that write and prune the copies.
"""

from __future__ import annotations

import re
from pathlib import Path

# the time stamp and the label at the end of a backup's stem
STAMP = re.compile(r"-(\d{8}-\d{6}-\d{6})-([\w-]+)$")


def backup_name(stem: str, stamp: str, label: str, suffix: str) -> str:
    return f"{stem}-{stamp}-{label}{suffix}"


def copies_in(folder: Path, stem: str, suffix: str) -> list[Path]:
    """The backups of the file named `stem` + `suffix` in `folder`, oldest first."""
    pattern = re.compile(rf"{re.escape(stem)}-(\d{{8}}-\d{{6}}-\d{{6}})-[\w-]+{re.escape(suffix)}")
    try:
        found = [(m.group(1), p) for p in folder.iterdir() if (m := pattern.fullmatch(p.name))]
    except OSError:  # no backups folder, or one we may not list
        return []
    return [p for _stamp, p in sorted(found)]


def copies_of(path: Path) -> list[Path]:
    """The backups of the tournament file at `path`, oldest first, without opening it (a file
    that cannot be opened, being damaged, is the one whose backups are wanted)."""
    return copies_in(path.parent / "backups", path.stem, path.suffix)
