"""Setting an event's prize and grade tables in a final in progress (issue 25 §4).

The regulations' tables come with the preset; the Go regulation publishes no grade bands
(补充规则另行通知) and a prize table may need correcting. Each change replaces one table
(an event's own ranking, or one of its categories) whole, is checked first (`app.io.tables`),
is one transaction and one audit entry (修改奖金表 / 修改等级表, before → after), and can be
undone (撤销奖金表修改 / 撤销等级表修改 restores the table the change replaced).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.domain import EventKind
from app.errors import FinalsError
from app.services.audit import record
from app.services.tournament import get_event
from app.standings.grades import GradeBand
from app.standings.prizes import PrizePlace
from app.store.database import Database
from app.store.models import AuditEntry, Event, GradeTable, PrizeTable
from app.text import clean_text

TableKind = Literal["prize", "grade"]
WORDS: dict[TableKind, str] = {"prize": "奖金表", "grade": "等级表"}
SET_ACTION: dict[TableKind, str] = {"prize": "修改奖金表", "grade": "修改等级表"}
UNDO_ACTION: dict[TableKind, str] = {"prize": "撤销奖金表修改", "grade": "撤销等级表修改"}


@dataclass(frozen=True)
class TableChange:
    event: str
    event_name: str
    category: str | None
    kind: TableKind
    before: dict[str, Any] | None
    after: dict[str, Any] | None

    def describe(self) -> str:
        where = self.event_name + (f"（{self.category}）" if self.category else "")
        word = WORDS[self.kind]
        if self.after is None:
            return f"已删除{where}的{word}。"
        verb = "已设置" if self.before is None else "已更新"
        return f"{verb}{where}的{word}“{self.after['name']}”（{_count(self.kind, self.after)}）。"


def _count(kind: TableKind, stored: dict[str, Any]) -> str:
    rows = stored["places"] if kind == "prize" else stored["bands"]
    last = max((int(r["to"]) for r in rows), default=0)
    return f"{len(rows)} 行，至第{last}名"


def _category(event: Event, category: str | None) -> tuple[str | None, str]:
    """The category code (None: the event's own ranking) and its name."""
    if category in (None, ""):
        return None, event.name
    for c in event.categories or ():
        if category in (c["code"], c["name"]):
            return str(c["code"]), str(c["name"])
    known = "、".join(f"{c['code']}（{c['name']}）" for c in event.categories or ()) or "无"
    raise FinalsError(
        f"{event.name}没有组别 {category}。可用的组别：{known}；不写 --category 为本项目的名次。",
        window=f"{event.name}没有组别 {category}。可用的组别：{known}。",
    )


def _row(session: Session, kind: TableKind, code: str, category: str | None) -> Any:
    model = PrizeTable if kind == "prize" else GradeTable
    return session.scalars(
        select(model).where(model.event_code == code, model.category.is_(None))
        if category is None
        else select(model).where(model.event_code == code, model.category == category)
    ).first()


def _stored(kind: TableKind, row: Any) -> dict[str, Any] | None:
    if row is None:
        return None
    if kind == "prize":
        return {"name": row.name, "places": list(row.places), "shrink": list(row.shrink or [])}
    return {"name": row.name, "bands": list(row.bands)}


def _target(kind: TableKind, code: str, category: str | None) -> str:
    return f"{code}{' ' + category if category else ''} {WORDS[kind]}"


def _write(
    session: Session,
    kind: TableKind,
    event: Event,
    category: str | None,
    new: dict[str, Any] | None,
) -> None:
    row = _row(session, kind, event.code, category)
    if new is None:
        if row is not None:
            session.delete(row)
        return
    if row is None:
        row = (
            PrizeTable(event_code=event.code, category=category, name=new["name"])
            if kind == "prize"
            else GradeTable(event_code=event.code, category=category, name=new["name"])
        )
        session.add(row)
    row.name = new["name"]
    if kind == "prize":
        row.places = list(new["places"])
        row.shrink = list(new.get("shrink") or [])
    else:
        row.bands = list(new["bands"])


def set_table(
    db: Database,
    kind: TableKind,
    event_code: str,
    rows: tuple[PrizePlace, ...] | tuple[GradeBand, ...] | None,
    category: str | None = None,
    operator: str = "",
    name: str | None = None,
) -> TableChange:
    """Replace the prize (or grade) table of an event or one of its categories with `rows`
    (already checked by `app.io.tables`); None removes it. Audited; `undo_table` undoes it."""
    if name is not None:  # the one rule for a typed name: no control character, not blank
        name = clean_text(name, f"{WORDS[kind]}名称", required=True, max_length=100)
    with db.transaction() as session:
        event = get_event(session, event_code)
        code, category_name = _category(event, category)
        if kind == "grade" and event.kind == EventKind.TEAM and rows:
            raise FinalsError(
                f"{event.name}是团体项目：等级（段级位）按个人名次申报，请给个人项目设置等级表。"
            )
        before = _stored(kind, _row(session, kind, event.code, code))
        new: dict[str, Any] | None = None
        if rows:
            title = name or (before or {}).get("name") or category_name
            if kind == "prize":
                new = {
                    "name": title,
                    "places": [
                        {
                            "from": p.place_from,
                            "to": p.place_to,
                            "title": p.title,
                            "amount": p.amount,
                        }
                        for p in rows
                        if isinstance(p, PrizePlace)
                    ],
                    "shrink": list((before or {}).get("shrink") or []),
                }
            else:
                new = {
                    "name": title,
                    "bands": [
                        {"from": b.rank_from, "to": b.rank_to, "grade": b.grade}
                        for b in rows
                        if isinstance(b, GradeBand)
                    ],
                }
        elif before is None:
            raise FinalsError(f"{category_name}没有{WORDS[kind]}，无需删除。")
        if new == before:
            raise FinalsError(f"{category_name}的{WORDS[kind]}已经是这样，未作修改。")
        _write(session, kind, event, code, new)
        record(session, operator, SET_ACTION[kind], _target(kind, event.code, code), before, new)
        return TableChange(event.code, event.name, code, kind, before, new)


def undo_table(
    db: Database, kind: TableKind, event_code: str, category: str | None = None, operator: str = ""
) -> TableChange:
    """Undo the latest change of the table not yet undone (earlier ones, one by one): the
    table it replaced comes back. Refused when the table changed since in another way."""
    with db.transaction() as session:
        event = get_event(session, event_code)
        code, category_name = _category(event, category)
        target = _target(kind, event.code, code)
        entries = session.scalars(
            select(AuditEntry)
            .where(
                AuditEntry.target == target,
                AuditEntry.action.in_((SET_ACTION[kind], UNDO_ACTION[kind])),
            )
            .order_by(AuditEntry.id.desc())
        )
        undone: set[int] = set()
        change = None
        for entry in entries:
            if entry.action == UNDO_ACTION[kind]:
                undone.add(int((entry.after or {}).get("undoes", 0)))
            elif entry.id not in undone:
                change = entry
                break
        if change is None:
            raise FinalsError(f"{category_name}的{WORDS[kind]}没有可撤销的修改。")
        now = _stored(kind, _row(session, kind, event.code, code))
        if now != change.after:
            changed = (
                f"{category_name}的{WORDS[kind]}在那次修改（{change.time:%m-%d %H:%M:%S}）"
                "之后又有变动，不能撤销。"
            )
            raise FinalsError(
                changed + "请用 --set 直接设置需要的表。",
                window=changed + "请直接导入需要的表。",
            )
        restored = change.before
        _write(session, kind, event, code, restored)
        record(
            session,
            operator,
            UNDO_ACTION[kind],
            target,
            now,
            {**(restored or {}), "undoes": change.id},
        )
        return TableChange(event.code, event.name, code, kind, now, restored)
