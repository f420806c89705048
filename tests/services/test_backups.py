"""Backups: each file prunes only its own copies, never the newest, never leaves an empty
copy; a failed copy after a committed change is told as exactly that (saved, backup failed)."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest

from app.cli.main import main
from app.services import rounds
from app.services.backup import backup_dir, take_backup
from app.services.registration import import_sheet
from app.services.results import record_result
from app.services.tournament import create_tournament, open_tournament, set_tournament_fields
from app.store.database import Database
from tests.services.sheets import player, write_sheet


def _final(folder: Path, name: str) -> Database:
    return create_tournament(folder / name, "shaoxing-gomoku-2022", operator="测试裁判")


def _valid_copies(folder: Path, stem: str) -> list[Path]:
    return sorted(p for p in folder.glob(f"{stem}-*.finals") if p.stat().st_size > 0)


def test_pruning_keeps_other_files_backups(tmp_path: Path) -> None:
    main_db = _final(tmp_path, "final.finals")
    youth = _final(tmp_path, "final-youth.finals")
    second = _final(tmp_path, "final-2.finals")
    try:
        for _ in range(3):
            take_backup(youth, "manual")
            take_backup(second, "manual")
        set_tournament_fields(main_db, {"backups_keep": 2})
        for _ in range(5):
            newest = take_backup(main_db, "manual")
        folder = backup_dir(main_db)
        assert newest.exists() and newest.stat().st_size > 0
        own = [p for p in folder.iterdir() if re.match(r"final-\d{8}-", p.name)]
        assert len(own) == 2
        assert len([p for p in folder.iterdir() if p.name.startswith("final-youth-")]) == 3
        assert len([p for p in folder.iterdir() if p.name.startswith("final-2-")]) == 3
    finally:
        for db in (main_db, youth, second):
            db.close()


def test_the_copy_just_taken_is_never_pruned(tmp_path: Path) -> None:
    db = _final(tmp_path, "final.finals")
    try:
        set_tournament_fields(db, {"backups_keep": 1})
        folder = backup_dir(db)
        folder.mkdir()
        # A copy stamped in the future (a clock set wrong) sorts after today's copies.
        future = folder / "final-29991231-235959-000000-manual.finals"
        db.backup_to(future)
        newest = take_backup(db, "manual")
        assert newest.exists()
    finally:
        db.close()


def test_a_failed_copy_leaves_no_empty_file_and_empty_files_do_not_count(
    tmp_path: Path, monkeypatch
) -> None:
    db = _final(tmp_path, "final.finals")
    try:
        set_tournament_fields(db, {"backups_keep": 2})
        good = [take_backup(db, "manual"), take_backup(db, "manual")]
        folder = backup_dir(db)
        empty = folder / "final-20000101-000000-000000-manual.finals"
        empty.touch()

        def disk_full(self: Database, target: Path) -> None:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.touch()  # what a full disk leaves behind
            raise sqlite3.OperationalError("database or disk is full")

        monkeypatch.setattr(Database, "backup_to", disk_full)
        with pytest.raises(Exception) as failed:
            take_backup(db, "manual")
        assert "备份失败" in str(failed.value)
        assert all(p.stat().st_size > 0 for p in folder.iterdir() if p != empty)
        assert all(p.exists() for p in good), "good copies were pruned for a failed one"
        monkeypatch.undo()
        newest = take_backup(db, "manual")
        assert newest in _valid_copies(folder, "final") and len(_valid_copies(folder, "final")) == 2
        assert not empty.exists(), "an empty copy is useless: removed, never counted"
    finally:
        db.close()


@pytest.fixture
def one_table_left(tmp_path: Path) -> Path:
    db = _final(tmp_path, "final.finals")
    rows = [
        player(f"棋手{i}", birth=f"19{70 + i}-01-01", unit=f"单位{i}", 名次=i + 1) for i in range(4)
    ]
    import_sheet(db, write_sheet(tmp_path / "p.xlsx", rows))
    view = rounds.pair_next(db, "OPEN")
    record_result(db, "OPEN", 1, view.games[0].table, "1-0")
    db.close()
    # The backup folder cannot be made: a file stands where it should be.
    backups = tmp_path / "backups"
    for old in backups.iterdir():
        old.unlink()
    backups.rmdir()
    backups.write_text("not a folder")
    return tmp_path / "final.finals"


def test_a_result_saved_but_not_backed_up_says_exactly_that(one_table_left: Path, capsys) -> None:
    code = main(
        ["result", str(one_table_left), "1-0", "--event", "OPEN", "--round", "1", "--table", "2"]
    )
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "已录入第1轮第2台" in out
    assert "成绩已保存" in err and "备份失败" in err and "程序内部错误" not in err
    db = open_tournament(one_table_left)
    try:
        view = rounds.round_view(db, "OPEN", 1)
        assert view.results[2] == "1-0" and view.status == "complete"
    finally:
        db.close()


def test_a_results_file_saved_but_not_backed_up_says_exactly_that(
    one_table_left: Path, capsys
) -> None:
    sheet = one_table_left.parent / "r.csv"
    sheet.write_text("table,result\n2,0-1\n", encoding="utf-8")
    code = main(["results", str(one_table_left), str(sheet), "--event", "OPEN", "--round", "1"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "已录入第1轮 1 台成绩。本轮成绩已全部录入。" in out
    assert "成绩已全部保存" in err and "备份失败" in err and "程序内部错误" not in err


def test_pairing_without_a_backup_pairs_and_warns(one_table_left: Path, capsys) -> None:
    assert (
        main(
            [
                "result",
                str(one_table_left),
                "0-1",
                "--event",
                "OPEN",
                "--round",
                "1",
                "--table",
                "2",
            ]
        )
        == 0
    )
    capsys.readouterr()
    code = main(["pair", str(one_table_left), "--event", "OPEN"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "第2轮" in out and "备份失败" in err and "已编排" in err


def test_an_internal_error_after_the_commit_does_not_claim_the_file_unchanged(
    one_table_left: Path, capsys, monkeypatch
) -> None:
    import app.cli.rounds as cli_rounds

    def broken(_warnings: object) -> None:
        raise RuntimeError("printing failed")

    monkeypatch.setattr(cli_rounds, "warn", broken)
    code = main(
        ["result", str(one_table_left), "1-0", "--event", "OPEN", "--round", "1", "--table", "2"]
    )
    err = capsys.readouterr().err
    assert code == 1 and "程序内部错误" in err
    assert "文件未被改动" not in err and "已保存" in err
