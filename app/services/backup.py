"""Backup copies of the tournament file (SQLite backup API), the last N of each file kept.

Copies live in `backups/` beside the file, named `{stem}-{YYYYmmdd-HHMMSS-ffffff}-{label}.finals`.
Several tournament files may share one folder (`final.finals`, `final-youth.finals`,
`final-2.finals`): a file prunes only the copies whose name is exactly its stem followed by a
time stamp, never the copy it has just written, and never counts an empty copy (what a full
disk leaves) as a backup.

A copy taken after a committed change cannot undo that change: `backup_warning` turns its
failure into a warning for the caller to pass on ("saved; the backup failed: ...").
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from app.errors import FinalsError
from app.services.outputs import check_output
from app.services.tournament import tournament_settings
from app.store.backup_names import STAMP, backup_name, copies_in, copies_of
from app.store.database import SUFFIX, WRITE_WAIT_SECONDS, Database, copy_connection
from app.store.failures import failure_reason, primary_code


class BackupFailed(FinalsError):
    """The copy could not be written; nothing of it is left on disk."""


def backup_dir(db: Database) -> Path:
    return db.backup_folder


def _keep(db: Database) -> int:
    """`backups_keep` (0: keep all); a bad stored value counts as the default here: a copy
    is never refused for a setting."""
    return tournament_settings(db, strict=False).backups_keep


def own_copies(db: Database) -> list[Path]:
    """This file's backups, oldest first (by the time stamp in the name)."""
    return copies_in(db.backup_folder, db.backup_stem, SUFFIX)


def take_backup(db: Database, label: str) -> Path:
    """Copy the file now; then prune this file's older copies down to `backups_keep`.

    Raises BackupFailed (in Chinese) when the copy cannot be written; no partial copy stays.
    """
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    target = backup_dir(db) / backup_name(db.backup_stem, stamp, label, SUFFIX)
    try:
        db.backup_to(target)
        if target.stat().st_size == 0:
            raise OSError("写入的副本为空")
    except (OSError, sqlite3.Error, FinalsError) as exc:
        try:
            target.unlink(missing_ok=True)
        except OSError:
            pass
        reason = failure_reason(exc)  # in Chinese: 磁盘已满, 没有写入权限, ...
        raise BackupFailed(
            f"备份失败：无法写入 {target.parent}（{reason}）。请检查该磁盘的剩余空间和写入权限。"
        ) from exc
    _prune(db, keep=_keep(db), newest=target)
    return target


def _prune(db: Database, keep: int, newest: Path) -> None:
    if keep <= 0:
        return
    copies = []
    for path in own_copies(db):
        try:
            empty = path.stat().st_size == 0
        except OSError:
            continue
        if empty and path != newest:
            path.unlink(missing_ok=True)  # a copy cut short by a full disk restores nothing
        elif path != newest:
            copies.append(path)
    for old in copies[: max(len(copies) - (keep - 1), 0)]:
        try:
            old.unlink(missing_ok=True)
        except OSError:
            pass  # a copy we cannot delete costs disk space, not data


def backup_warning(db: Database, label: str, saved: str) -> str | None:
    """Back up after a committed change: None when done, else the warning to show.

    `saved` says what is safe in the file, e.g. "成绩已保存".
    """
    try:
        take_backup(db, label)
    except BackupFailed as exc:
        return f"{saved}；{exc.message}"
    return None


# --- save as, look into a copy, restore from it ------------------------------------------------

RESTORE_LABEL = "before-restore"


@dataclass(frozen=True)
class EventFacts:
    """What one event of a copy holds: its rounds and results."""

    code: str
    name: str
    rounds_paired: int
    rounds_complete: int
    results: int  # games with a result
    games: int  # games that need one (byes excluded)


@dataclass(frozen=True)
class CopyFacts:
    """A backup copy as the arbiter chooses it: when, why, how far the final had got."""

    path: Path
    taken: datetime | None
    label: str
    size: int
    events: tuple[EventFacts, ...]
    last_change: (
        str  # the audit log's newest entry, e.g. 2022-10-28 10:02 录入成绩 OPEN 第2轮 第3台
    )
    problem: str | None  # None: sound; else why it cannot be restored (in Chinese)

    @property
    def rounds_paired(self) -> int:
        return max((e.rounds_paired for e in self.events), default=0)

    @property
    def results(self) -> int:
        return sum(e.results for e in self.events)

    def summary(self) -> str:
        """E.g. 公开组 第3轮（成绩 40/60）；女子组 第2轮（成绩 20/20）; unpaired events left out."""
        parts = [
            f"{e.name} 第{e.rounds_paired}轮（成绩 {e.results}/{e.games}）"
            for e in self.events
            if e.rounds_paired
        ]
        return "；".join(parts) or "尚未编排"


def label_words(label: str) -> str:
    """Why the copy was taken, in words: before-pairing → 编排前, round2-complete → 第2轮赛完后."""
    if label == "before-pairing":
        return "编排前"
    if label == RESTORE_LABEL:
        return "恢复前的当前文件"
    found = re.fullmatch(r"round(\d+)-complete", label)
    if found:
        return f"第{found.group(1)}轮赛完后"
    return {"manual": "手动备份"}.get(label, label)


def _stamp_of(path: Path) -> tuple[datetime | None, str]:
    found = STAMP.search(path.stem)
    if found is None:
        return None, ""
    try:
        taken = datetime.strptime(found.group(1), "%Y%m%d-%H%M%S-%f")
    except ValueError:
        taken = None
    return taken, found.group(2)


@dataclass(frozen=True)
class BackupOf:
    """A file that is a backup copy (in a `backups` folder, named by take_backup)."""

    copy: Path
    original: Path  # the tournament file it is a backup of
    taken: datetime | None
    label: str

    def words(self) -> str:
        """e.g. 第2轮赛完后，2022-10-28 10:02"""
        when = self.taken.strftime("%Y-%m-%d %H:%M") if self.taken else ""
        return "，".join(w for w in (label_words(self.label), when) if w)


def backup_of(path: Path) -> BackupOf | None:
    """What `path` is a backup of, when it is one of the copies in a `backups` folder."""
    path = Path(path)
    found = STAMP.search(path.stem)
    if path.parent.name != "backups" or found is None:
        return None
    taken, label = _stamp_of(path)
    original = path.parent.parent / f"{path.stem[: found.start()]}{path.suffix}"
    return BackupOf(path, original, taken, label)


def _read_only(path: Path) -> sqlite3.Connection:
    """A connection that cannot write (a copy is never changed by being looked at)."""
    uri = path.resolve().as_uri() + "?mode=ro&immutable=1"
    return sqlite3.connect(uri, uri=True)


def copy_facts(path: Path) -> CopyFacts:
    """Read a copy read-only: its events, rounds and results, its last change, its soundness."""
    path = Path(path)
    taken, label = _stamp_of(path)
    try:
        size = path.stat().st_size
    except OSError:
        size = 0
    problem: str | None = None
    events: list[EventFacts] = []
    last = ""
    if size == 0:
        return CopyFacts(path, taken, label, 0, (), "", "副本为空（写入时磁盘已满），不能用来恢复")
    try:
        conn = _read_only(path)
        try:
            if conn.execute("PRAGMA quick_check").fetchone() != ("ok",):
                problem = "副本已损坏（完整性检查未通过），不能用来恢复"
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
            if not {"tournament", "event"} <= tables:
                raise sqlite3.DatabaseError("not ours")
            rows = conn.execute(
                "SELECT e.code, e.name,"
                " (SELECT count(*) FROM round r WHERE r.event_id = e.id),"
                " (SELECT count(*) FROM round r WHERE r.event_id = e.id"
                "  AND r.status = 'complete'),"
                " (SELECT count(*) FROM game g JOIN round r ON g.round_id = r.id"
                "  WHERE r.event_id = e.id AND g.result IS NOT NULL AND g.second_id IS NOT NULL),"
                " (SELECT count(*) FROM game g JOIN round r ON g.round_id = r.id"
                "  WHERE r.event_id = e.id AND g.second_id IS NOT NULL)"
                " FROM event e ORDER BY e.position, e.id"
            ).fetchall()
            events = [
                EventFacts(str(a), str(b), int(c), int(d), int(f), int(g))
                for a, b, c, d, f, g in rows
            ]
            if "audit" in tables:
                found = conn.execute(
                    "SELECT time, action, target FROM audit ORDER BY id DESC LIMIT 1"
                ).fetchone()
                if found:
                    last = " ".join(
                        str(v)[:16] if i == 0 else str(v or "") for i, v in enumerate(found)
                    ).strip()
        finally:
            conn.close()
    except sqlite3.Error:
        problem = problem or "不是可用的比赛文件副本（无法读取），不能用来恢复"
    except OSError as exc:
        problem = f"无法读取副本（{failure_reason(exc)}）"
    return CopyFacts(path, taken, label, size, tuple(events), last, problem)


def backups_with_facts(path: Path) -> list[CopyFacts]:
    """The backups of the file at `path`, newest first, each read read-only."""
    return [copy_facts(copy) for copy in reversed(copies_of(Path(path)))]


def _with_suffix(target: Path) -> Path:
    target = Path(target)
    return target if target.suffix == SUFFIX else target.with_name(target.name + SUFFIX)


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve() or (b.exists() and a.samefile(b))
    except OSError:
        return False


def _copy_database(source: sqlite3.Connection, target: Path) -> None:
    """Write `source` to `target` through the backup API: a temporary file beside the target,
    synced, then renamed over it, so the target is either the old file or the whole copy."""
    copy_connection(source, target)


def _copy_server_final(db: Database, target: Path) -> None:
    """A server's final as the file `target`: written aside, then renamed over it."""
    db.backup_to(target)


def save_copy_as(db: Database, target: Path) -> Path:
    """A consistent copy of the open file at `target` (.finals added): for "save as"."""
    target = _with_suffix(target)
    if _same_file(db.path, target):
        raise FinalsError(f"{target} 就是当前打开的文件。请另选一个文件名。")
    check_output(target, reading=[db.path], force=True, makes_folders=True)  # no other final
    try:
        if db.is_server:
            _copy_server_final(db, target)
        else:
            source = sqlite3.connect(db.path)
            try:
                _copy_database(source, target)
            finally:
                source.close()
    except (OSError, sqlite3.Error) as exc:
        raise FinalsError(
            f"无法另存为 {target}（{failure_reason(exc)}）。当前文件没有改动；"
            "请检查该磁盘的剩余空间和写入权限。"
        ) from exc
    return target


def save_backup_as(copy: Path, target: Path) -> Path:
    """A backup copy written out as a file of its own (to open and look at it, changing
    neither the copy nor the tournament file)."""
    target = _with_suffix(target)
    facts = copy_facts(copy)
    if facts.problem:
        raise FinalsError(f"{copy.name}：{facts.problem}。")
    if _same_file(copy, target):
        raise FinalsError(f"{target} 就是这份备份。请另选一个文件名。")
    check_output(target, reading=[copy], force=True, makes_folders=True)  # never over a final
    try:
        source = _read_only(copy)
        try:
            _copy_database(source, target)
        finally:
            source.close()
    except (OSError, sqlite3.Error) as exc:
        raise FinalsError(f"无法写入 {target}（{failure_reason(exc)}）。") from exc
    return target


@dataclass(frozen=True)
class Restored:
    path: Path  # the tournament file, now holding the copy
    copy: Path  # the copy it was restored from
    saved_aside: Path  # where the state before the restore is kept

    def message(self) -> str:
        return (
            f"已用备份 {self.copy.name} 恢复 {self.path.name}。"
            f"恢复前的文件已另存为 {self.saved_aside}，需要时可以从它再恢复。"
        )


def restore_from(path: Path, copy: Path) -> Restored:
    """Replace the tournament file at `path` by the backup `copy`. A writer still holding the
    file (a phone server) finishes first or waits, then writes to the restored final.

    The current file is first saved aside as a backup of its own (`…-before-restore.finals`
    in backups/, listed with the others); nothing is replaced if that fails. The copy is
    checked first: an empty, damaged or foreign copy is refused and nothing changes.
    """
    path, copy = Path(path), Path(copy)
    facts = copy_facts(copy)
    if facts.problem:
        raise FinalsError(f"不能用 {copy.name} 恢复：{facts.problem}。当前文件没有改动。")
    if _same_file(path, copy):
        raise FinalsError("所选的副本就是当前文件本身。当前文件没有改动。")
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    aside = path.parent / "backups" / f"{path.stem}-{stamp}-{RESTORE_LABEL}{path.suffix}"
    with _writers_held(path):
        _restore_holding(path, copy, aside)
    return Restored(path, copy, aside)


@contextmanager
def _writers_held(path: Path) -> Iterator[None]:
    """Hold the final's write lock while it is saved aside and replaced: a writer still on it
    (a phone server, another window) commits before (and its change is in the copy saved
    aside) or waits, then finds the file replaced and writes to the restored one."""
    holder: sqlite3.Connection | None = None
    try:
        holder = sqlite3.connect(path, timeout=WRITE_WAIT_SECONDS, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
    except sqlite3.Error as exc:
        if holder is not None:
            holder.close()
            holder = None
        if primary_code(exc) in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
            raise FinalsError(
                f"恢复没有进行：比赛文件 {path} 正由另一个操作写入，等待 {WRITE_WAIT_SECONDS:g} "
                "秒后仍未结束。当前文件没有改动；请稍后再试。"
            ) from exc
        # Not a database SQLite can lock (empty, damaged): nobody can be writing it.
    try:
        yield
    finally:
        if holder is not None:
            holder.close()  # the file it holds is no longer the final: nothing of it is kept


def _restore_holding(path: Path, copy: Path, aside: Path) -> None:
    try:
        current = sqlite3.connect(path)  # the file with its -wal: everything committed
        try:
            _copy_database(current, aside)
        finally:
            current.close()
        if aside.stat().st_size == 0:
            raise OSError("写入的副本为空")
    except (OSError, sqlite3.Error) as exc:
        try:
            aside.unlink(missing_ok=True)
        except OSError:
            pass
        raise BackupFailed(
            f"恢复没有进行：当前文件无法先另存到 {aside.parent}（{failure_reason(exc)}）。"
            "当前文件没有改动；请检查该磁盘的剩余空间和写入权限。"
        ) from exc
    try:
        source = _read_only(copy)
        try:
            _copy_database(source, path)
        finally:
            source.close()
    except (OSError, sqlite3.Error) as exc:
        raise FinalsError(
            f"恢复失败（{failure_reason(exc)}）：{path.name} 仍是恢复前的内容，"
            f"另有一份保存在 {aside}。"
        ) from exc
