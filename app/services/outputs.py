"""Where a command or the window may write a document, an export or a copy (issue 24 §1).

One rule for every output, checked before anything is read or written:

- never a file the command reads (the final, a sheet, a TRF file), however it is named:
  another spelling of the path, a symlink, a hard link (the same file on disk);
- never a tournament file (ours by its content or by `.finals`), nor a -wal, -shm or
  -journal beside one, even with `--force`: a final is replaced only by restoring a backup;
- never an existing file unless the user says so (`force`: `--force` on the command line,
  the save dialog's own question in the window). A file a command wrote earlier under the
  same name is an existing file like any other: simple to predict, nothing guessed from
  its content (`finals html`'s folder is the exception: it lists the files it wrote);
- a file where a file goes and a folder where a folder goes, in a folder that exists.

A refusal is an `OutputRefused` (a FinalsError in Chinese naming the file and the fix;
its window wording names no command-line flag). Nothing is written before it.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from app.errors import FinalsError
from app.store.address import is_server_url
from app.store.database import is_tournament_file

SIDE_SUFFIXES = ("-wal", "-shm", "-journal")


class OutputRefused(FinalsError):
    """An output the rule refuses; nothing was written."""


def _same(a: Path, b: Path) -> bool:
    try:
        if a.exists() and b.exists():
            return os.path.samefile(a, b)
        return a.resolve() == b.resolve()
    except OSError:
        return False


def _side_file_of_final(out: Path) -> bool:
    for suffix in SIDE_SUFFIXES:
        if out.name.endswith(suffix):
            base = out.with_name(out.name[: -len(suffix)])
            if is_tournament_file(base):
                return True
    return False


def check_output(
    out: Path | str,
    *,
    reading: Iterable[Path | str | None] = (),
    force: bool = False,
    folder: bool = False,
    replace: bool = True,
    makes_folders: bool = False,
) -> None:
    """Refuse `out` (OutputRefused) unless the rule above lets it be written.

    `reading`: the files the command reads, the final first (a server's URL or None is
    skipped); `force`: an existing plain file may be replaced; `folder`: `out` is a folder
    (its contents are the command's business: `finals html` keeps a list of its files);
    `replace=False`: a command that writes new files only (`finals copy`, `finals new`),
    where `force` does not apply; `makes_folders`: the writer makes a missing folder."""
    if is_server_url(out):
        return
    out = Path(out)
    read = [Path(p) for p in reading if p is not None and not is_server_url(p)]
    for number, source in enumerate(read):
        if _same(out, source):
            what = (
                "正在读取的比赛文件"
                if number == 0 and is_tournament_file(source)
                else ("本命令正在读取的文件")
            )
            raise OutputRefused(f"输出文件 {out} 就是{what}：请换一个文件名。")
    if is_tournament_file(out) or _side_file_of_final(out):
        never = "（加 --force 也不行）" if replace and not folder else ""
        raise OutputRefused(
            f"输出文件 {out} 已存在，是一个比赛文件，不能被覆盖{never}：请换一个文件名。",
            window=f"输出文件 {out} 已存在，是一个比赛文件，不能被覆盖：请换一个文件名。",
        )
    if folder:
        if out.exists() and not out.is_dir():
            raise OutputRefused(f"输出 {out} 是一个文件，不是文件夹：请换一个输出文件夹。")
        return
    if out.is_dir():
        raise OutputRefused(f"输出 {out} 是一个文件夹：请给出文件名，如 {out / 'out'}。")
    if not makes_folders and not out.parent.exists():
        raise OutputRefused(
            f"输出文件夹不存在：{out.parent}。请先建好文件夹，或换一个位置（输出文件 {out.name}）。"
        )
    if out.exists() or out.is_symlink():
        if not replace:
            raise OutputRefused(
                f"输出文件 {out} 已存在，没有改动它：本命令只写入新文件，请换一个文件名。"
            )
        if not force:
            raise OutputRefused(
                f"输出文件 {out} 已存在：换一个文件名，或加 --force 覆盖。",
                window=f"输出文件 {out} 已存在：请换一个文件名。",
            )


__all__ = ["OutputRefused", "check_output"]
