"""Files a command writes into a folder (`table-links --qr-dir`, `html`): each is created new
and stays inside the folder.

A name is one plain file name (no separator, not `.` or `..`), so nothing lands outside the
folder whatever an event code or a list read back holds. The content goes to a temporary
file the operating system creates new (`O_EXCL`: never an existing file, never through a
link planted under that name), then is renamed over the name: a symbolic or hard link
planted there is replaced as a name, and the file it pointed at (the final, another file) is
never written.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from app.errors import FinalsError


def inside(folder: Path, name: str) -> Path:
    """`folder / name` when `name` is one plain file name; FinalsError (Chinese) otherwise."""
    plain = (
        name not in ("", ".", "..")
        and "/" not in name
        and "\\" not in name
        and "\0" not in name
        and Path(name).name == name
        and not Path(name).is_absolute()
    )
    if not plain:
        raise FinalsError(
            f"文件名“{name}”会写到文件夹“{folder}”之外，未写入。"
            "请检查项目代码（只能由字母、数字、下划线和减号组成）。"
        )
    return folder / name


def write_new(folder: Path, name: str, data: bytes) -> Path:
    """Write `data` as the file `name` in `folder`: created new beside it, then renamed over
    the name (whatever was there, a link included, is replaced, never written through)."""
    target = inside(folder, name)
    handle, temp = tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=".partial")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temp, target)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise
    return target


def write_new_text(folder: Path, name: str, text: str) -> Path:
    return write_new(folder, name, text.encode("utf-8"))
