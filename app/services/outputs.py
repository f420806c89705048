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

And one way to write one: `written_output(out)` yields a temporary name beside `out` (as a
backup and `finals copy` are written, `app.store.atomic`); the file is renamed to `out` when
it is whole. A full disk, a pulled USB stick, a read-only folder is an `OutputFailed` worded
as `finals copy` words it (the file named, 磁盘空间可能不足…), and leaves neither a short
file nor a temporary one; a file being replaced keeps its old bytes.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from app.errors import FinalsError
from app.store.address import is_server_url
from app.store.atomic import written_whole
from app.store.database import is_tournament_file
from app.store.failures import failure_reason

SIDE_SUFFIXES = ("-wal", "-shm", "-journal")


class OutputRefused(FinalsError):
    """An output the rule refuses; nothing was written."""


class OutputFailed(FinalsError):
    """An output the disk would not take whole; nothing half-written was left."""


_DISK_FULL = (errno.ENOSPC, errno.EDQUOT, errno.EFBIG)


def output_failed(out: Path, error: OSError, existed: bool) -> OutputFailed:
    """`error` met while writing `out`, in the words `finals copy` uses for its file."""
    kept = (
        f"原有的 {out.name} 保持原样，没有留下不完整的文件。"
        if existed
        else f"没有生成 {out.name}，也没有留下不完整的文件。"
    )
    if error.errno in _DISK_FULL:
        return OutputFailed(
            f"磁盘已满，无法写入 {out}。{kept}请腾出磁盘空间（或换一个空间充足的磁盘）后重试。"
        )
    return OutputFailed(
        f"写入 {out} 时出错（{failure_reason(error)}；磁盘空间可能不足，U 盘可能已拔出或损坏）。"
        f"{kept}请检查磁盘和剩余空间后重试，或换一个位置。"
    )


@contextmanager
def written_output(out: Path | str) -> Iterator[Path]:
    """Yield the temporary path to write `out`'s content to; renamed to `out` when the block
    ends without an error. An OSError (a full disk, a pulled stick) is an `OutputFailed`."""
    out = Path(out)
    existed = out.exists()
    try:
        with written_whole(out) as temp:
            yield temp
    except OSError as error:
        raise output_failed(out, error, existed) from None


@contextmanager
def written_outputs(outs: list[Path]) -> Iterator[list[Path]]:
    """`written_output` for several files that stand together (a site): every one is written
    under its temporary name first, and only when all are whole are they renamed; a failure
    leaves every file as it was."""
    temps = [Path(out).with_name(f".{Path(out).name}.{os.getpid()}.part") for out in outs]
    existed = [Path(out).exists() for out in outs]
    for temp in temps:  # a leftover or a planted link is never written through
        if temp.is_symlink() or temp.exists():
            temp.unlink()
    try:
        yield temps
        for temp, out in zip(temps, outs, strict=True):
            os.replace(temp, out)
    except OSError as error:
        failed = Path(error.filename) if error.filename else Path(outs[0])
        index = temps.index(failed) if failed in temps else 0
        raise output_failed(Path(outs[index]), error, existed[index]) from None
    finally:
        for temp in temps:
            try:
                temp.unlink(missing_ok=True)
            except OSError:
                pass


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


__all__ = [
    "OutputFailed",
    "OutputRefused",
    "check_output",
    "output_failed",
    "written_output",
    "written_outputs",
]
