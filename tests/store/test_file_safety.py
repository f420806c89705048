"""Issue 12, files: what is not a tournament file is refused untouched; damage is named with
the backup to restore; read-only files are read; a full disk and a waiting writer say so in
Chinese. Each test asserts what the arbiter sees: the message, and the file's bytes."""

from __future__ import annotations

import sqlite3
import threading
import time
from datetime import datetime
from pathlib import Path

import pytest
from sqlalchemy import event, func, select

from app.errors import FinalsError
from app.services.backup import copies_of as own_copies_of
from app.services.backup import own_copies
from app.services.tournament import create_tournament
from app.store import database
from app.store.database import open_database
from app.store.models import AuditEntry, Player
from tests.store.faults import (
    damage,
    damage_quietly,
    digest,
    neighbours,
    read_only,
    strangers_database,
    truncate,
)


def _refused(path: Path, *words: str) -> str:
    """open_database refuses `path`, names it, says `words`, and leaves it (and its folder) as it was."""
    before, around = digest(path), neighbours(path)
    with pytest.raises(FinalsError) as caught:
        open_database(path)
    message = caught.value.message
    assert path.name in message
    for word in words:
        assert word in message
    assert digest(path) == before
    assert neighbours(path) == around
    return message


# --- not a tournament file ---------------------------------------------------------------


def test_an_empty_file_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "空.finals"
    path.touch()
    _refused(path, "空文件", "不是比赛文件")
    assert path.stat().st_size == 0


def test_a_strangers_database_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "notes.finals"
    strangers_database(path)
    _refused(path, "不是比赛文件", "没有改动")
    with sqlite3.connect(path) as conn:
        tables = [row[0] for row in conn.execute("SELECT name FROM sqlite_master")]
    assert tables == ["notes"]  # no tournament tables added to a stranger's database


def test_a_strangers_wal_database_with_a_user_version_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "app.db"
    strangers_database(path, wal=True, user_version=3)
    _refused(path, "不是比赛文件")


def test_an_empty_sqlite_database_is_not_a_tournament(tmp_path: Path) -> None:
    path = tmp_path / "blank.finals"
    sqlite3.connect(path).execute("PRAGMA user_version=0").connection.execute(
        "CREATE TABLE t (x)"
    ).connection.execute("DROP TABLE t").connection.close()
    _refused(path, "不是比赛文件")


# --- damaged ------------------------------------------------------------------------------


def _newest_backup(path: Path) -> Path:
    db = open_database(path)
    try:
        copies = own_copies(db)
    finally:
        db.close()
    assert copies, "the demo takes a backup before each pairing"
    return copies[-1]


def test_a_file_failing_its_integrity_check_is_refused_naming_the_newest_backup(
    go_demo: Path,
) -> None:
    newest = _newest_backup(go_demo)
    damage_quietly(go_demo)  # it would still take writes and report success
    _refused(go_demo, "已损坏", "完整性检查", newest.name, "复制")


def test_a_damaged_file_is_refused_naming_the_newest_backup(go_demo: Path) -> None:
    newest = _newest_backup(go_demo)
    damage(go_demo)
    message = _refused(go_demo, "已损坏", newest.name, "复制")
    assert "malformed" not in message


def test_a_damaged_newest_backup_is_passed_over(go_demo: Path) -> None:
    *_older, previous, newest = own_copies_of(go_demo)
    damage(newest)
    damage_quietly(go_demo)
    message = _refused(go_demo, "已损坏", previous.name)
    assert newest.name not in message


def test_a_truncated_file_is_refused_naming_the_newest_backup(go_demo: Path) -> None:
    newest = _newest_backup(go_demo)
    truncate(go_demo)
    message = _refused(go_demo, "已损坏", newest.name)
    assert "malformed" not in message


def test_a_damaged_file_without_backups_says_there_is_none(tmp_path: Path) -> None:
    path = tmp_path / "t.finals"
    create_tournament(path, "shaoxing-gomoku-2022").close()
    damage_quietly(path)
    _refused(path, "已损坏", "没有找到")


def test_an_empty_file_with_backups_names_the_newest(go_demo: Path) -> None:
    newest = _newest_backup(go_demo)
    go_demo.write_bytes(b"")  # what a copy onto a full disk leaves
    _refused(go_demo, "空文件", newest.name)


# --- read-only ----------------------------------------------------------------------------


def _count_players(db: database.Database) -> int:
    with db.reading() as session:
        return int(session.scalar(select(func.count()).select_from(Player)) or 0)


def _write(db: database.Database) -> None:
    with db.transaction() as session:
        session.add(AuditEntry(time=datetime.now(), operator="测试", action="写入", target="x"))


def test_a_read_only_file_is_read_and_writes_are_refused_in_chinese(go_demo: Path) -> None:
    before, around = digest(go_demo), neighbours(go_demo)
    with read_only(go_demo):
        db = open_database(go_demo)
        try:
            assert _count_players(db) > 0
            with pytest.raises(FinalsError) as caught:
                _write(db)
        finally:
            db.close()
    assert "只读" in caught.value.message and go_demo.name in caught.value.message
    assert digest(go_demo) == before
    assert neighbours(go_demo) == around  # no -wal or -shm left beside it


def test_a_read_only_folder_is_read_and_writes_are_refused_in_chinese(go_demo: Path) -> None:
    before = digest(go_demo)
    with read_only(go_demo.parent):
        db = open_database(go_demo)
        try:
            assert _count_players(db) > 0
            with pytest.raises(FinalsError) as caught:
                _write(db)
        finally:
            db.close()
    assert "文件夹" in caught.value.message and "只读" in caught.value.message
    assert digest(go_demo) == before


# --- disk full ----------------------------------------------------------------------------


def test_a_full_disk_is_said_in_chinese_and_nothing_is_written(go_demo: Path) -> None:
    before = digest(go_demo)
    db = open_database(go_demo)
    db.engine.dispose()
    with db.engine.connect() as conn:
        pages = conn.exec_driver_sql("PRAGMA page_count").scalar_one()
    db.engine.dispose()
    # SQLite's own stand-in for a full disk: the file may not grow by a single page.
    event.listen(
        db.engine, "connect", lambda conn, _r: conn.execute(f"PRAGMA max_page_count={pages}")
    )
    try:
        with pytest.raises(FinalsError) as caught:
            with db.transaction() as session:
                for i in range(3000):
                    session.add(
                        AuditEntry(
                            time=datetime.now(),
                            operator="测试",
                            action="写入",
                            target="x" * 200 + str(i),
                        )
                    )
    finally:
        db.close()
    assert "磁盘已满" in caught.value.message and go_demo.name in caught.value.message
    assert "disk is full" not in caught.value.message
    assert digest(go_demo) == before


# --- a writer that must wait ----------------------------------------------------------------


def _hold_write_lock(path: Path, seconds: float, started: threading.Event) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    started.set()
    time.sleep(seconds)
    conn.execute("COMMIT")
    conn.close()


def test_a_writer_that_must_wait_says_so_and_then_writes(go_demo: Path, monkeypatch) -> None:
    notices: list[str] = []
    monkeypatch.setattr(database, "_wait_notice", notices.append)
    db = open_database(go_demo)
    started = threading.Event()
    holder = threading.Thread(target=_hold_write_lock, args=(go_demo, 1.5, started))
    holder.start()
    try:
        started.wait(5)
        _write(db)
    finally:
        holder.join()
        db.close()
    assert len(notices) == 1
    assert "请稍候" in notices[0] and go_demo.name in notices[0]


def test_a_writer_that_waits_too_long_is_told_in_chinese(go_demo: Path, monkeypatch) -> None:
    monkeypatch.setattr(database, "WRITE_WAIT_SECONDS", 1.0)
    monkeypatch.setattr(database, "_wait_notice", lambda _text: None)
    before = digest(go_demo)
    db = open_database(go_demo)
    started = threading.Event()
    holder = threading.Thread(target=_hold_write_lock, args=(go_demo, 3, started))
    holder.start()
    try:
        started.wait(5)
        with pytest.raises(FinalsError) as caught:
            _write(db)
    finally:
        holder.join()
        db.close()
    message = caught.value.message
    assert "另一个操作" in message and "稍后再试" in message and go_demo.name in message
    assert "locked" not in message
    assert digest(go_demo) == before


def test_a_read_only_file_in_a_folder_with_an_awkward_name_is_read(go_demo: Path) -> None:
    folder = go_demo.parent / "决赛 #1 ?100%"
    folder.mkdir()
    path = folder / "围棋 总决赛.finals"
    go_demo.rename(path)
    with read_only(folder):  # opened through a file: URI, which must quote all of these
        db = open_database(path)
        try:
            assert _count_players(db) > 0 and db.read_only is not None
        finally:
            db.close()


def _left_by_a_crash(path: Path) -> None:
    """The file as a power cut leaves it: its last change only in the -wal beside it."""
    source = path.with_name("source.finals")
    path.rename(source)
    conn = sqlite3.connect(source)
    conn.execute("PRAGMA wal_autocheckpoint=0")
    conn.execute(
        "INSERT INTO audit (time, operator, action, target) "
        "VALUES ('2026-01-01 00:00:00', '测试', '断电前', '最后一步')"
    )
    conn.commit()
    for suffix in ("", "-wal", "-shm"):  # copied while open: nothing checkpointed
        Path(f"{path}{suffix}").write_bytes(Path(f"{source}{suffix}").read_bytes())
    conn.close()
    source.unlink()


def _last_action(db: database.Database) -> str:
    with db.reading() as session:
        return session.scalars(select(AuditEntry.action).order_by(AuditEntry.id.desc())).first()


def test_a_file_left_by_a_crash_opens_with_its_last_change(go_demo: Path) -> None:
    _left_by_a_crash(go_demo)
    db = open_database(go_demo)
    try:
        assert _last_action(db) == "断电前"
    finally:
        db.close()


def test_a_file_left_by_a_crash_in_a_read_only_folder_is_read_with_its_last_change(
    go_demo: Path,
) -> None:
    _left_by_a_crash(go_demo)
    with read_only(go_demo.parent):
        db = open_database(go_demo)
        try:
            assert _last_action(db) == "断电前" and db.read_only is not None
        finally:
            db.close()


def test_a_wal_without_its_index_in_a_read_only_folder_is_refused_not_half_read(
    go_demo: Path,
) -> None:
    _left_by_a_crash(go_demo)
    Path(f"{go_demo}-shm").unlink()  # SQLite cannot rebuild it where it may not write
    with read_only(go_demo.parent):
        _refused(go_demo, "只读", f"{go_demo.name}-wal", "复制")
    db = open_database(go_demo)  # once the folder may be written again, nothing was lost
    try:
        assert _last_action(db) == "断电前"
    finally:
        db.close()


def test_damage_met_while_the_file_is_open_names_the_backup(go_demo: Path) -> None:
    newest = _newest_backup(go_demo)
    db = open_database(go_demo)
    try:
        assert _count_players(db) > 0
        db.engine.dispose()  # the window keeps the file open; the disk goes bad under it
        damage(go_demo)
        with pytest.raises(FinalsError) as caught, db.reading() as session:
            session.scalars(select(Player.name)).all()
    finally:
        db.close()
    assert "已损坏" in caught.value.message and newest.name in caught.value.message
