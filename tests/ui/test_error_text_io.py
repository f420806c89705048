"""The window shows a disk failure in the same Chinese words as the command line."""

from __future__ import annotations

import errno
import sqlite3

from ui.errors import error_text


def test_a_full_disk_while_saving_a_document_is_said_in_chinese() -> None:
    message, _details = error_text(
        OSError(errno.ENOSPC, "No space left on device", "/u盘/名次.pdf")
    )
    assert "磁盘已满" in message and "/u盘/名次.pdf" in message and "No space" not in message


def test_a_read_only_folder_is_said_in_chinese() -> None:
    message, _details = error_text(
        PermissionError(errno.EACCES, "Permission denied", "/光盘/a.xlsx")
    )
    assert "权限" in message and "/光盘/a.xlsx" in message and "denied" not in message


def test_a_sqlite_failure_without_a_file_is_still_chinese() -> None:
    conn = sqlite3.connect(":memory:")
    conn.execute("PRAGMA max_page_count=2")
    try:
        conn.execute("CREATE TABLE t (x)")
        conn.executemany("INSERT INTO t VALUES (?)", [("x" * 3000,)] * 20)
    except sqlite3.Error as error:
        message, _details = error_text(error)
    assert "磁盘已满" in message and "full" not in message
