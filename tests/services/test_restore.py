"""Save as, a backup's facts, restore: the current state is never lost silently."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from app.errors import FinalsError
from app.services.backup import (
    backups_with_facts,
    copy_facts,
    label_words,
    own_copies,
    restore_from,
    save_backup_as,
    save_copy_as,
    take_backup,
)
from app.services.results import record_result
from app.services.tournament import list_events, open_tournament
from tests.finals import demo_copy


@pytest.fixture(scope="module")
def master(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("m") / "final.finals"
    demo_copy(demo_master("shaoxing-gomoku-2022", players=16, rounds=2), path)
    return path


@pytest.fixture
def final(master: Path, tmp_path: Path) -> Path:
    db = open_tournament(master)
    try:
        db.backup_to(tmp_path / "final.finals")
    finally:
        db.close()
    return tmp_path / "final.finals"


def _results(path: Path) -> dict[tuple[str, int, int], str | None]:
    from app.services.read_model import load_final

    db = open_tournament(path)
    try:
        final = load_final(db)
        return {
            (event.code, rnd.number, game.table): game.result
            for event in final.events
            for rnd in event.rounds
            for game in rnd.games
        }
    finally:
        db.close()


def test_save_as_writes_a_whole_copy_and_leaves_the_file(final: Path, tmp_path: Path) -> None:
    db = open_tournament(final)
    try:
        code = list_events(db)[0].code
        record_result(db, code, 2, 1, "=", operator="x")  # in the -wal until a checkpoint
        target = save_copy_as(db, tmp_path / "elsewhere" / "copy")
        with pytest.raises(FinalsError, match="就是当前打开的文件"):
            save_copy_as(db, final)
    finally:
        db.close()
    assert target.name == "copy.finals"
    assert not Path(str(target) + "-wal").exists()
    assert _results(target) == _results(final)
    assert _results(target)[(code, 2, 1)] == "="


def test_a_copy_tells_its_time_rounds_and_results(final: Path) -> None:
    db = open_tournament(final)
    try:
        first = take_backup(db, "round2-complete")
        code = list_events(db)[0].code
        from app.services.rounds import pair_next

        pair_next(db, code, operator="x")  # takes its own before-pairing copy
        copies = backups_with_facts(db.path)
    finally:
        db.close()
    assert copies[-1].path == first  # newest first
    facts = copies[-1]
    assert facts.taken is not None and facts.problem is None
    event = next(e for e in facts.events if e.code == code)
    assert (event.rounds_paired, event.rounds_complete) == (2, 2)
    assert event.results == event.games > 0
    assert "第2轮" in facts.summary()
    assert label_words(facts.label) == "第2轮赛完后"
    assert label_words("before-pairing") == "编排前"
    assert facts.last_change  # the audit log's newest entry
    # looking at a copy changes nothing in it
    content, before = first.read_bytes(), first.stat().st_mtime_ns
    copy_facts(first)
    assert first.read_bytes() == content
    assert first.stat().st_mtime_ns == before
    assert not Path(str(first) + "-wal").exists()


def test_restore_saves_the_current_file_aside_first(final: Path) -> None:
    db = open_tournament(final)
    try:
        code = list_events(db)[0].code
        copy = take_backup(db, "manual")
        record_result(db, code, 2, 1, "=", operator="x")
        record_result(db, code, 2, 2, "=", operator="x")
    finally:
        db.close()
    changed = _results(final)
    restored = restore_from(final, copy)
    assert restored.saved_aside.parent == final.parent / "backups"
    assert restored.saved_aside in own_copies_of(final)
    assert str(restored.saved_aside) in restored.message()
    now = _results(final)
    assert now != changed
    assert _results(restored.saved_aside) == changed  # nothing lost: the old state is kept
    assert label_words(copy_facts(restored.saved_aside).label) == "恢复前的当前文件"
    # and back again
    restore_from(final, restored.saved_aside)
    assert _results(final) == changed


def own_copies_of(path: Path) -> list[Path]:
    db = open_tournament(path)
    try:
        return own_copies(db)
    finally:
        db.close()


def test_a_bad_copy_is_refused_and_nothing_changes(final: Path, tmp_path: Path) -> None:
    before = final.read_bytes()
    empty = tmp_path / "backups" / "final-20260101-100000-000000-manual.finals"
    empty.parent.mkdir(exist_ok=True)
    empty.write_bytes(b"")
    junk = tmp_path / "backups" / "final-20260101-100001-000000-manual.finals"
    sqlite3.connect(junk).execute("CREATE TABLE x (a)").connection.close()
    for copy in (empty, junk):
        assert copy_facts(copy).problem
        with pytest.raises(FinalsError, match="当前文件没有改动"):
            restore_from(final, copy)
        with pytest.raises(FinalsError):
            save_backup_as(copy, tmp_path / "look")
    assert final.read_bytes() == before
    assert {p.name for p in (tmp_path / "backups").iterdir()} == {empty.name, junk.name}


def test_a_backup_saved_as_a_file_of_its_own(final: Path, tmp_path: Path) -> None:
    db = open_tournament(final)
    try:
        copy = take_backup(db, "manual")
    finally:
        db.close()
    out = save_backup_as(copy, tmp_path / "look.finals")
    assert _results(out) == _results(final)
