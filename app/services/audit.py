"""The audit log: who changed what, when, before → after."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.store.database import Database
from app.store.models import AuditEntry

DEFAULT_OPERATOR = "裁判长"
STATION_MAX = 60
# What puts players at a round's tables (app.services.rounds: pair, re-pair, a manual edit,
# its undo): a result refused because its table's players moved names the latest of these.
PAIRING_ACTIONS = ("编排", "重新编排", "编排调整", "撤销调整")


def station_name() -> str:
    """The computer this process works on, as the audit log names it: FINALS_STATION when
    set (e.g. "2号台 成绩录入"), else the computer's name. Several stations share a server."""
    import os
    import socket

    name = (os.environ.get("FINALS_STATION") or socket.gethostname() or "").strip()
    return "".join(ch for ch in name if ch.isprintable())[:STATION_MAX]


def record(
    session: Session,
    operator: str,
    action: str,
    target: str | None = None,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
) -> None:
    session.add(
        AuditEntry(
            time=datetime.now().replace(microsecond=0),
            operator=operator or DEFAULT_OPERATOR,
            action=action,
            target=target,
            before=before,
            after=after,
            station=station_name() or None,
        )
    )


def last_change_by(session: Session, target: str) -> str:
    """Who last changed `target` (an audit target, e.g. "OPEN 第3轮 第5台"), in words for a
    refusal: "张三（2号机）于 15:02:11"; "" when the log has nothing on it."""
    entry = session.scalars(
        select(AuditEntry).where(AuditEntry.target == target).order_by(AuditEntry.id.desc())
    ).first()
    return _by_words(entry) if entry is not None else ""


def last_change_within(
    session: Session, target: str, actions: tuple[str, ...]
) -> tuple[str, str] | None:
    """Who last did one of `actions` to `target` or to something within it ("OPEN 第3轮" and
    "OPEN 第3轮 交换选手 (12, 15)", never "OPEN 第30轮"), and which: ("张三（2号机）于
    15:02:11", "编排调整") for a refusal; None when the log has nothing on it."""
    entry = session.scalars(
        select(AuditEntry)
        .where(
            AuditEntry.action.in_(actions),
            (AuditEntry.target == target)
            | AuditEntry.target.startswith(target + " ", autoescape=True),
        )
        .order_by(AuditEntry.id.desc())
    ).first()
    return (_by_words(entry), entry.action) if entry is not None else None


def _by_words(entry: AuditEntry) -> str:
    where = f"（{entry.station}）" if entry.station else ""
    return f"{entry.operator}{where}于 {entry.time:%H:%M:%S}"


@dataclass(frozen=True)
class AuditLine:
    """One entry of the log as read back: `before`/`after` are the stored values (JSON)."""

    id: int
    time: str  # "2025-05-03 14:05:09"
    operator: str
    action: str
    target: str | None
    before: dict[str, Any] | None
    after: dict[str, Any] | None
    station: str | None

    def to_dict(self) -> dict[str, Any]:
        """The entry as `finals log --json` writes it."""
        return asdict(self)


def audit_log(db: Database, limit: int | None = None) -> list[AuditLine]:
    """The log's entries, newest first (the `limit` newest when given)."""
    with db.reading() as session:
        query = select(AuditEntry).order_by(AuditEntry.id.desc())
        if limit:
            query = query.limit(limit)
        return [
            AuditLine(
                id=e.id,
                time=e.time.isoformat(sep=" "),
                operator=e.operator,
                action=e.action,
                target=e.target,
                before=e.before,
                after=e.after,
                station=e.station,
            )
            for e in session.scalars(query)
        ]
