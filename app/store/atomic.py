"""Copies written whole or not at all.

A copy (a backup, `finals copy`, save as, the file put back by a restore) is written under a
temporary name in the target's own folder (`.{name}.{pid}.part`), synced to the disk, then
renamed over its final name, and the folder synced: a copy killed half-way (power cut, a
closed laptop lid, kill -9) leaves at most a temporary file, never a short file under a real
backup's name. Temporary names start with a dot and end in `.part` (with SQLite's `-journal`,
`-wal`, `-shm` beside them): no backup pattern matches them, so they are never counted or
listed; one left by a killed run is removed by the next copy into that folder once it is
older than STALE_SECONDS (a copy still being written is younger: it writes as it goes).
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

TEMP_SUFFIX = ".part"
STALE_SECONDS = 600.0
_TEMP = re.compile(r"\..+\.\d+\.part(-journal|-wal|-shm)?")  # ours: .{name}.{pid}.part
_SIDES = ("-journal", "-wal", "-shm")


def temp_beside(target: Path) -> Path:
    """The temporary name `target` is written under (same folder, so the rename is atomic)."""
    return target.with_name(f".{target.name}.{os.getpid()}{TEMP_SUFFIX}")


def is_temp(path: Path) -> bool:
    """A temporary copy (or its SQLite journal): never a backup, never a final."""
    return _TEMP.fullmatch(Path(path).name) is not None


def side_files(path: Path) -> list[Path]:
    return [path.with_name(path.name + side) for side in _SIDES]


def remove(path: Path) -> None:
    """`path` and its SQLite journals, if there (a file we cannot remove is left)."""
    for each in (path, *side_files(path)):
        try:
            each.unlink(missing_ok=True)
        except OSError:
            pass


def clean_leftovers(folder: Path, now: float | None = None) -> list[Path]:
    """Remove the temporary copies a killed run left in `folder`; returns what was removed."""
    now = time.time() if now is None else now
    removed = []
    try:
        found = [p for p in Path(folder).iterdir() if is_temp(p)]
    except OSError:
        return []
    for path in found:
        try:
            if now - path.stat().st_mtime < STALE_SECONDS:
                continue  # perhaps another process's copy, still being written
            path.unlink()
            removed.append(path)
        except OSError:
            continue
    return removed


def sync_file(path: Path) -> None:
    with open(path, "r+b") as handle:  # Windows' _commit wants a handle open for writing
        os.fsync(handle.fileno())


def sync_folder(folder: Path) -> None:
    """Make a rename in `folder` durable (POSIX; Windows has no handle to a folder for it)."""
    if os.name == "nt":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems cannot sync a folder; the rename itself is done
    finally:
        os.close(fd)


@contextmanager
def written_whole(target: Path, *, replace: bool = True) -> Iterator[Path]:
    """Yield the temporary path to write `target`'s content to; when the block ends without
    an error it is synced and renamed to `target` (and the folder synced). On any error the
    temporary file goes and `target` is as it was. `replace=False`: a `target` that has come
    into being meanwhile is not replaced (FileExistsError)."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    clean_leftovers(target.parent)
    temp = temp_beside(target)
    remove(temp)
    try:
        yield temp
        for side in side_files(temp):
            if side.exists() and side.stat().st_size > 0:
                raise OSError(f"{side.name} 中还有未写入副本的内容")
            side.unlink(missing_ok=True)
        sync_file(temp)
        if not replace and target.exists():
            raise FileExistsError(17, "文件已存在", str(target))
        for side in side_files(target):
            side.unlink(missing_ok=True)  # a stale journal must never be replayed into the copy
        os.replace(temp, target)
    except BaseException:
        remove(temp)
        raise
    sync_folder(target.parent)
