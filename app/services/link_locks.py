"""A table's phone link locked after too many wrong referee PINs, and the arbiter lifting it.

Each wrong PIN is a row of the file (`PinFailure`, `wrong_pin`), so the count goes on across
a restart and between servers; when a link locks, `wrong_pin` writes it to the audit log, where the arbiter sees it (`finals log`,
`finals table-links`, the window's phone-entry page) and from where `lift` takes it
away. The log is the one record both sides share: a server in another process learns of
the lifting there (`lifted_since`), and a server started later of the lock (`held`): a
restart never unlocks a link.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from app.errors import FinalsError
from app.services.audit import record
from app.services.lookup import find_round
from app.services.remote_entry.decision import _target
from app.services.remote_entry.phone import _lookup
from app.services.remote_entry.writing import _writing
from app.services.tournament import get_event
from app.store.database import Database
from app.store.models import AuditEntry
from app.store.submissions import PinFailure

PIN_LOCKED = "现场录入链接锁定"
PIN_UNLOCKED = "解除现场录入链接锁定"


@dataclass(frozen=True)
class Lock:
    event: str
    round: int
    table: int
    entry: int  # the audit entry that locked it

    @property
    def target(self) -> str:
        return f"{self.event} 第{self.round}轮 第{self.table}台"


def wrong_pin(
    db: Database, token: str, tries: int, window: float, operator: str
) -> tuple[int, Lock | None]:
    """Note a wrong PIN for a table's link in the file: how many there were within `window`
    seconds (since the arbiter last lifted its lock), and the lock recorded now if that
    reaches `tries` (None: not locked now, or locked already). One transaction; the lock is
    its one audit entry."""
    with _writing(db) as session:
        rnd, event, game = _lookup(session, token, None, complete=True)
        now = datetime.now()
        where = (PinFailure.round_id == rnd.id, PinFailure.table == game.table)
        session.execute(
            delete(PinFailure).where(*where, PinFailure.at < now - timedelta(seconds=window))
        )
        session.add(PinFailure(round_id=rnd.id, table=game.table, at=now))
        session.flush()
        wrong = session.scalar(select(func.count()).select_from(PinFailure).where(*where)) or 0
        target = _target(event, rnd, game.table)
        if wrong < tries or _states(session).get(target, (0, ""))[1] == PIN_LOCKED:
            return wrong, None
        record(session, operator, PIN_LOCKED, target, None, {"wrong": wrong})
        session.flush()
        entry = session.scalar(select(func.max(AuditEntry.id))) or 0
        return wrong, Lock(event.code, rnd.number, game.table, entry)


def _states(session: Session) -> dict[str, tuple[int, str]]:
    """The last lock or lifting of each table link: {target: (audit entry, action)}. A
    lifting names its round and lists its tables."""
    query = select(AuditEntry.id, AuditEntry.action, AuditEntry.target, AuditEntry.after).where(
        AuditEntry.action.in_((PIN_LOCKED, PIN_UNLOCKED))
    )
    last: dict[str, tuple[int, str]] = {}
    for entry, action, target, after in session.execute(query.order_by(AuditEntry.id)):
        if action == PIN_LOCKED:
            last[target or ""] = (entry, action)
            continue
        for table in (after or {}).get("tables", ()):
            last[f"{target} 第{table}台"] = (entry, action)
    return last


def locked(db: Database, event_code: str, round_number: int | None = None) -> list[int]:
    """The tables of a round (the latest by default) whose links are locked."""
    with db.reading() as session:
        event = get_event(session, event_code)
        rnd = find_round(event, round_number)
        prefix = f"{event.code} 第{rnd.number}轮 第"
        return sorted(
            int(target[len(prefix) : -1])
            for target, (_entry, action) in _states(session).items()
            if action == PIN_LOCKED and target.startswith(prefix) and target.endswith("台")
        )


@dataclass(frozen=True)
class LockShown:
    """A locked link as the arbiter sees it: since when, after how many wrong PINs."""

    event: str
    round: int
    table: int
    since: datetime
    wrong: int


def still_locked(db: Database, links: list[tuple[str, int, int]]) -> list[LockShown]:
    """Of these table links (event, round, table), the ones the audit log still has locked
    (not lifted meanwhile, here or by another program), in table order."""
    with db.reading() as session:
        states = _states(session)
        held: dict[int, tuple[str, int, int]] = {}
        for event, number, table in links:
            entry, action = states.get(f"{event} 第{number}轮 第{table}台", (0, ""))
            if action == PIN_LOCKED:
                held[entry] = (event, number, table)
        if not held:
            return []
        query = select(AuditEntry.id, AuditEntry.time, AuditEntry.after).where(
            AuditEntry.id.in_(held)
        )
        shown = [
            LockShown(*held[entry], time, int((after or {}).get("wrong", 0)))
            for entry, time, after in session.execute(query)
        ]
        return sorted(shown, key=lambda lock: (lock.event, lock.round, lock.table))


def held(db: Database, token: str) -> Lock | None:
    """The lock the file holds on this table link (None: not locked, or no such link)."""
    with db.reading() as session:
        try:
            rnd, event, game = _lookup(session, token, None, complete=True)
        except FinalsError:
            return None
        entry, action = _states(session).get(_target(event, rnd, game.table), (0, ""))
        if action != PIN_LOCKED:
            return None
        return Lock(event.code, rnd.number, game.table, entry)


def lifted_since(db: Database, held: Lock) -> bool:
    """Whether the arbiter lifted this lock (anywhere) since it was recorded."""
    with db.reading() as session:
        entry, action = _states(session).get(held.target, (0, ""))
        return action == PIN_UNLOCKED and entry > held.entry


def lift(
    db: Database, event_code: str, round_number: int | None, tables: list[int], operator: str
) -> list[int]:
    """Unlock these tables' links (one audit entry), their wrong PINs forgotten (the count
    starts afresh); each must be locked, else nothing changes."""
    with _writing(db) as session:
        event = get_event(session, event_code)
        rnd = find_round(event, round_number)
        targets = {table: _target(event, rnd, table) for table in tables}
        states = _states(session)
        free = [t for t, target in targets.items() if states.get(target, (0, ""))[1] != PIN_LOCKED]
        if free:
            raise FinalsError(
                f"{event.code} 第{rnd.number}轮 第{'、'.join(map(str, free))}台的链接没有被锁定，"
                "未做任何改动。锁定的台见 finals table-links 的提示。",
                window=f"第{'、'.join(map(str, free))}台的链接没有被锁定，未做任何改动。",
            )
        session.execute(
            delete(PinFailure).where(PinFailure.round_id == rnd.id, PinFailure.table.in_(targets))
        )
        record(
            session,
            operator,
            PIN_UNLOCKED,
            f"{event.code} 第{rnd.number}轮",
            None,
            {"tables": sorted(targets)},
        )
        return sorted(targets)
