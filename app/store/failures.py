"""Every failure of the file or the disk under it, in Chinese: what happened, whether anything
was saved, and what to do (the newest sound backup to restore, the folder to make writable).

A `StorageError` names the file; `describe_failure` does the same for an OSError writing
any other file. The driver's own words go to the log only.
"""

from __future__ import annotations

import errno
import logging
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, event, exc
from sqlalchemy.engine import ExceptionContext

from app.errors import FinalsError
from app.store.backup_names import copies_of
from app.store.sqlite_uri import read_only_uri

log = logging.getLogger("finals.store")


class StorageError(FinalsError):
    """The file (or the disk under it) failed: full, read-only, locked, damaged, unreadable.

    `kind` is one of "full", "read-only", "busy", "damaged", "cannot-open", "io".
    """

    def __init__(self, kind: str, message: str, *, window: str | None = None) -> None:
        super().__init__(message, window=window if window is not None else for_window(message))
        self.kind = kind


# What the command line tells the user to type, and the window's way to the same end.
_WINDOW_WAYS = (
    (
        "（finals log 可查看备份中的最后一步操作）",
        "（打开该备份，“操作日志”页可查看其中的最后一步操作）",
    ),
    ("或用 finals new 新建比赛", "或用“文件 → 新建比赛…”新建比赛"),
    ("或先用 finals new 建立", "或用“文件 → 新建比赛…”新建比赛"),
)


def for_window(message: str) -> str:
    """A storage message in the window's words: its command (`finals new`, `finals log`)
    replaced by the menu that does the same."""
    for command, way in _WINDOW_WAYS:
        message = message.replace(command, way)
    return message


NOT_SAVED = "本次改动没有保存，文件保持原样。"


def primary_code(error: sqlite3.Error) -> int | None:
    code = getattr(error, "sqlite_errorcode", None)
    return None if code is None else code & 0xFF


def restorable_backup(path: Path) -> Path | None:
    """The newest backup of `path` that is itself sound (an empty or damaged copy restores nothing)."""
    for copy in reversed(copies_of(path)):
        try:
            if copy.stat().st_size == 0:
                continue
            conn = sqlite3.connect(read_only_uri(copy, immutable=True), uri=True)
            try:
                if conn.execute("PRAGMA quick_check").fetchone() == ("ok",):
                    return copy
            finally:
                conn.close()
        except (OSError, sqlite3.Error):
            continue
    return None


def how_to_restore(path: Path) -> str:
    backup = restorable_backup(path)
    if backup is None:
        return (
            f"没有找到它的可用备份（备份应在 {path.resolve().parent / 'backups'} 中）。"
            "请从其他副本（U 盘、另一台电脑）恢复。"
        )
    return (
        f"请用最新的备份恢复：关闭本程序，把损坏的文件改名留存（如改为 {path.stem}-损坏{path.suffix}），"
        f"再把备份 {backup.resolve()} 复制为 {path.resolve()}。该备份之后录入的内容需要重新录入"
        "（finals log 可查看备份中的最后一步操作）。"
    )


def damaged_message(path: Path, what: str = "已损坏") -> str:
    return f"比赛文件 {path} {what}，不能使用。{how_to_restore(path)}"


def read_only_reason(path: Path) -> str:
    folder = path.resolve().parent
    if hasattr(os, "statvfs"):
        try:
            if os.statvfs(folder).f_flag & os.ST_RDONLY:
                return f"比赛文件 {path} 所在的磁盘是只读的（写保护）"
        except OSError:
            pass
    if path.exists() and not os.access(path, os.W_OK):
        return f"比赛文件 {path} 是只读的"
    if not os.access(folder, os.W_OK):
        return f"比赛文件 {path} 所在的文件夹 {folder} 是只读的"
    return f"比赛文件 {path} 不允许写入（只读）"


def read_only_message(path: Path) -> str:
    return (
        f"{read_only_reason(path)}，不能保存改动；查看、打印和导出不受影响。"
        "要修改，请把文件复制到可写的文件夹（如桌面）后打开副本，或取消只读属性后重试。"
        "文件未被改动。"
    )


def busy_message(path: Path, waited: float | None = None) -> str:
    waited_text = f"，等待 {waited:g} 秒后仍未结束" if waited else ""
    return (
        f"比赛文件 {path} 正由另一个操作写入（例如导入名单或编排）{waited_text}。"
        f"{NOT_SAVED}请稍后再试。"
    )


def sqlite_failure(error: sqlite3.Error, path: Path) -> StorageError | None:
    code = primary_code(error)
    if code == sqlite3.SQLITE_FULL:
        return StorageError(
            "full",
            f"磁盘已满，无法写入比赛文件 {path}。{NOT_SAVED}"
            "请腾出磁盘空间（或把文件复制到空间充足的磁盘）后重试。",
        )
    if code in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM, sqlite3.SQLITE_AUTH):
        return StorageError("read-only", read_only_message(path))
    if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        return StorageError("busy", busy_message(path))
    if code in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB):
        return StorageError("damaged", damaged_message(path))
    if code == sqlite3.SQLITE_TOOBIG:  # a record claiming more than SQLite can hold
        return StorageError("damaged", damaged_message(path, "中有大小异常的数据，已损坏"))
    if code == sqlite3.SQLITE_CANTOPEN:
        return StorageError(
            "cannot-open",
            f"无法打开比赛文件 {path}：文件或所在的文件夹无法访问（或 U 盘已拔出）。"
            "请检查路径和访问权限。",
        )
    if code == sqlite3.SQLITE_IOERR:
        return StorageError(
            "io",
            f"读写比赛文件 {path} 时磁盘出错（磁盘空间可能不足，U 盘可能已拔出或损坏）。"
            f"{NOT_SAVED}请检查磁盘和剩余空间后重试。",
        )
    return None


_OS_MESSAGES = {
    errno.ENOSPC: "磁盘已满（空间不足），无法写入 {name}。请腾出磁盘空间后重试。",
    errno.EDQUOT: "磁盘配额已满，无法写入 {name}。请腾出空间后重试。",
    errno.EFBIG: "无法写入 {name}：文件超出了磁盘或系统允许的大小。请换一个磁盘后重试。",
    errno.EROFS: "{name} 所在的磁盘是只读的（写保护），无法写入。请换一个可写的位置。",
    errno.EACCES: "没有权限读写 {name}（文件或文件夹只读，或正被其他程序占用）。请换一个位置或检查权限。",
    errno.EPERM: "没有权限读写 {name}（文件或文件夹只读，或正被其他程序占用）。请换一个位置或检查权限。",
    errno.ENOENT: "找不到 {name}。请检查路径（所在的文件夹是否存在）。",
    errno.EISDIR: "{name} 是一个文件夹，不是文件。请给出文件名。",
    errno.EIO: "读写 {name} 时磁盘出错（U 盘可能已拔出或损坏）。请检查磁盘后重试。",
}


def describe_failure(error: BaseException, path: Path | None = None) -> FinalsError | None:
    """A disk or SQLite failure as a Chinese FinalsError naming the file; None for anything else.

    `path` is the tournament file when known; an OSError names its own file.
    """
    if isinstance(error, FinalsError):
        return error
    if isinstance(error, exc.DBAPIError) and isinstance(error.orig, sqlite3.Error):
        error = error.orig
    if isinstance(error, sqlite3.Error):
        if path is not None:
            return sqlite_failure(error, path)
        if primary_code(error) not in _SHORT_SQLITE_REASONS:
            return None
        return FinalsError(
            f"比赛文件读写失败（{failure_reason(error)}）。{NOT_SAVED}请检查磁盘后重试。"
        )
    if isinstance(error, OSError) and (error.filename is not None or path is not None):
        template = _OS_MESSAGES.get(error.errno or 0)
        name = error.filename if error.filename is not None else path
        if template is None:
            return FinalsError(
                f"无法读写 {name}（系统错误代码 {error.errno}）。请检查磁盘和访问权限后重试。"
            )
        return FinalsError(template.format(name=name))
    return None


_SHORT_REASONS = {
    errno.ENOSPC: "磁盘已满",
    errno.EDQUOT: "磁盘配额已满",
    errno.EFBIG: "文件超出允许的大小",
    errno.EROFS: "磁盘只读（写保护）",
    errno.EACCES: "没有写入权限",
    errno.EPERM: "没有写入权限",
    errno.ENOENT: "路径不存在",
    errno.EIO: "磁盘读写出错",
}
_SHORT_SQLITE_REASONS = {
    sqlite3.SQLITE_FULL: "磁盘已满",
    sqlite3.SQLITE_READONLY: "只读",
    sqlite3.SQLITE_PERM: "没有写入权限",
    sqlite3.SQLITE_CANTOPEN: "无法打开或新建文件",
    sqlite3.SQLITE_IOERR: "磁盘读写出错",
    sqlite3.SQLITE_BUSY: "文件正被另一个操作写入",
    sqlite3.SQLITE_CORRUPT: "文件已损坏",
    sqlite3.SQLITE_NOTADB: "不是数据库文件",
    sqlite3.SQLITE_TOOBIG: "文件中有大小异常的数据，已损坏",
}


def failure_reason(error: BaseException) -> str:
    """A few Chinese words for why a disk operation failed ("磁盘已满"), for a longer message."""
    if isinstance(error, exc.DBAPIError) and isinstance(error.orig, sqlite3.Error):
        error = error.orig
    if isinstance(error, sqlite3.Error):
        return _SHORT_SQLITE_REASONS.get(primary_code(error) or 0, "数据库错误")
    if isinstance(error, OSError) and error.errno is not None:
        return _SHORT_REASONS.get(error.errno, f"系统错误代码 {error.errno}")
    log.info("读写失败：%r", error)  # the driver's or system's words: the log only
    return "数据库或磁盘读写出错"


def map_errors(
    engine: Engine,
    errors: type[BaseException],
    translate: Callable[[Any], StorageError | None],
) -> None:
    """Every driver failure (`errors`) on this engine reaches the caller as `translate` words
    it: in Chinese, naming the file or the server."""

    @event.listens_for(engine, "handle_error")
    def _handle(context: ExceptionContext) -> None:
        original = context.original_exception
        if isinstance(original, errors):
            mapped = translate(original)
            if mapped is not None:
                raise mapped from original


def map_sqlite_errors(engine: Engine, path: Path) -> None:
    map_errors(engine, sqlite3.Error, lambda error: sqlite_failure(error, path))
