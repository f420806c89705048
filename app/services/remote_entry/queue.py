"""The arbiter's side: the queue of submissions (`list_submissions`, `arbiter_queue`) and
its decisions (`accept`, `reject`, `accept_all`); the rounds still open (`open_rounds`).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.domain import RoundState
from app.errors import FinalsError
from app.services.audit import record
from app.services.remote_entry.decision import (
    _accept_in,
    _backup_if,
    _decide,
    _fouls,
    _game_fouls,
    _same_outcome,
    _target,
)
from app.services.remote_entry.phone import Scope, _scope_set
from app.services.remote_entry.writing import _writing
from app.services.tournament import get_event
from app.store.database import Database
from app.store.models import Entrant, Event, Game, Round
from app.store.submissions import ACCEPTED, PENDING, REJECTED, VOID, Submission
from app.text import clean_text


@dataclass(frozen=True)
class SubmissionView:
    id: int
    event: str
    event_name: str
    round: int
    table: int
    first_name: str
    second_name: str
    result: str
    manner: str | None
    fouls: tuple[int, int]
    client: str
    received_at: str
    status: str  # pending | accepted | rejected
    auto: bool
    conflict: bool
    conflict_reason: str | None
    recorded: str | None  # the table's result on file now
    decided_at: str | None
    decided_by: str | None
    note: str | None
    warnings: tuple[str, ...] = ()  # after a decision: e.g. saved, but the backup failed

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["fouls"] = list(self.fouls)
        data["warnings"] = list(self.warnings)
        return data


# --- the arbiter's side --------------------------------------------------------------------


def list_submissions(
    db: Database,
    status: str | None = PENDING,
    event_code: str | None = None,
    round_number: int | None = None,
    after_id: int = 0,
) -> list[SubmissionView]:
    """The queue (pending by default; status=None for all), oldest first, conflicts marked.

    `after_id` returns only newer submissions: poll with the last id you have seen.
    """
    with db.reading() as session:
        query = (
            select(Submission, Round, Event)
            .join(Round, Submission.round_id == Round.id)
            .join(Event, Round.event_id == Event.id)
            .where(Submission.id > after_id)
        )
        if status is not None:
            query = query.where(Submission.status == status)
        if event_code is not None:
            event = get_event(session, event_code)
            query = query.where(Event.id == event.id)
            if round_number is not None:
                query = query.where(Round.number == round_number)
        rows = list(session.execute(query.order_by(Submission.id)))
        keys = {(sub.round_id, sub.table) for sub, _r, _e in rows}
        pending: dict[tuple[int, int], list[Submission]] = {}
        games: dict[tuple[int, int], Game] = {}
        round_ids = {k[0] for k in keys}
        if round_ids:
            for other in session.scalars(
                select(Submission).where(
                    Submission.round_id.in_(round_ids), Submission.status == PENDING
                )
            ):
                pending.setdefault((other.round_id, other.table), []).append(other)
            for one in session.scalars(select(Game).where(Game.round_id.in_(round_ids))):
                games[(one.round_id, one.table)] = one
        entrant_ids = {i for sub, _r, _e in rows for i in (sub.first_id, sub.second_id) if i}
        names: dict[int, str] = {}
        if entrant_ids:
            rows_names = session.execute(
                select(Entrant.id, Entrant.name).where(Entrant.id.in_(entrant_ids))
            )
            names = {entrant_id: name for entrant_id, name in rows_names}
        views = []
        for sub, rnd, event in rows:
            game = games.get((sub.round_id, sub.table))
            reason = None
            if sub.status == PENDING:
                rivals = [
                    o
                    for o in pending.get((sub.round_id, sub.table), [])
                    if o.id != sub.id
                    and not _same_outcome(o.result, _fouls(o), sub.result, _fouls(sub))
                ]
                if (
                    game is not None
                    and game.result is not None
                    and not _same_outcome(sub.result, _fouls(sub), game.result, _game_fouls(game))
                ):
                    reason = f"与已录入的成绩 {game.result} 不同"
                elif rivals:
                    reason = "与第" + "、".join(str(o.id) for o in rivals) + "号提交不同"
            views.append(
                SubmissionView(
                    id=sub.id,
                    event=event.code,
                    event_name=event.name,
                    round=rnd.number,
                    table=sub.table,
                    # The players the referee saw (the table may hold others since: then it is void).
                    first_name=names.get(sub.first_id or 0, ""),
                    second_name=names.get(sub.second_id or 0, ""),
                    result=sub.result,
                    manner=sub.manner,
                    fouls=_fouls(sub),
                    client=sub.client,
                    received_at=sub.received_at.isoformat(sep=" "),
                    status=sub.status,
                    auto=bool(sub.auto),
                    conflict=reason is not None,
                    conflict_reason=reason,
                    recorded=game.result if game else None,
                    decided_at=sub.decided_at.isoformat(sep=" ") if sub.decided_at else None,
                    decided_by=sub.decided_by,
                    note=sub.note,
                )
            )
        return views


def arbiter_queue(db: Database) -> list[SubmissionView]:
    """What waits for the arbiter: pending submissions, and those voided by a pairing edit
    in a round still open (shown with the reason until dismissed), oldest first."""
    open_round = set(open_rounds(db))
    void = [v for v in list_submissions(db, VOID) if (v.event.upper(), v.round) in open_round]
    return sorted(list_submissions(db, PENDING) + void, key=lambda v: v.id)


def _pending(
    session: Session, submission_id: int, dismissing: bool = False
) -> tuple[Submission, Round, Event, Game | None]:
    """A submission still to decide; a void one only to dismiss (reject), never to accept."""
    sub = session.get(Submission, submission_id)
    if sub is None:
        raise FinalsError(
            f"没有第{submission_id}号现场提交。请用 finals submissions 查看待确认的提交。",
            window=f"没有第{submission_id}号现场提交（可能已被处理）。请刷新“现场录入”页。",
        )
    if sub.status == VOID and not dismissing:
        raise FinalsError(
            f"第{submission_id}号提交已作废，不能采用（{sub.note}）。"
            "请台裁刷新页面后重新提交，或由您直接录入该台成绩。"
        )
    if sub.status not in (PENDING, VOID):
        done = {ACCEPTED: "已采用", REJECTED: "已拒绝"}.get(sub.status, sub.status)
        raise FinalsError(
            f"第{submission_id}号提交{done}（{sub.decided_by}，{sub.decided_at}），不能再处理。"
        )
    rnd = session.get(Round, sub.round_id)
    assert rnd is not None
    game = session.scalars(
        select(Game).where(Game.round_id == rnd.id, Game.table == sub.table)
    ).first()
    if not dismissing and (game is None or game.second_id is None):
        raise FinalsError(
            f"第{rnd.number}轮已没有第{sub.table}台（编排已调整）。请拒绝第{submission_id}号提交。"
        )
    return sub, rnd, rnd.event, game


def accept(
    db: Database, submission_id: int, operator: str = "", force: bool = False
) -> SubmissionView:
    """The arbiter takes a submission: its result is recorded (a correction if one was on file)."""
    with _writing(db) as session:
        sub, rnd, event, game = _pending(session, submission_id)
        assert game is not None
        completed = _accept_in(session, event, rnd, game, sub, operator, force)
        record(
            session,
            operator,
            "采用现场成绩",
            _target(event, rnd, sub.table),
            None,
            {"submission": sub.id, "result": sub.result, "client": sub.client},
        )
        number = rnd.number
    warnings = _backup_if(db, completed, number)
    return replace(_view(db, submission_id), warnings=warnings)


def reject(
    db: Database, submission_id: int, operator: str = "", reason: str | None = None
) -> SubmissionView:
    """Set a submission aside (a void one is dismissed from the queue the same way)."""
    reason = clean_text(reason, "拒绝原因", max_length=200)
    with _writing(db) as session:
        sub, rnd, event, _game = _pending(session, submission_id, dismissing=True)
        note = reason or (sub.note if sub.status == VOID else None)
        _decide(sub, REJECTED, operator, note)
        record(
            session,
            operator,
            "拒绝现场成绩",
            _target(event, rnd, sub.table),
            None,
            {"submission": sub.id, "result": sub.result, "client": sub.client, "reason": sub.note},
        )
    return _view(db, submission_id)


@dataclass(frozen=True, slots=True)
class AcceptedAll:
    """What `accept_all` did: the submissions taken, those left in conflict for the arbiter,
    and what went wrong after saving (a backup that failed)."""

    accepted: tuple[int, ...]
    conflicts: tuple[int, ...]
    warnings: tuple[str, ...]

    def as_json(self) -> dict[str, list[Any]]:
        """`finals submissions --accept-all --json`: the same document as before it was typed."""
        return {
            "accepted": list(self.accepted),
            "conflicts": list(self.conflicts),
            "warnings": list(self.warnings),
        }


def accept_all(
    db: Database, operator: str = "", event_code: str | None = None, round_number: int | None = None
) -> AcceptedAll:
    """Accept every pending submission that is not in conflict, all or none."""
    queue = list_submissions(db, PENDING, event_code, round_number)
    chosen = [v.id for v in queue if not v.conflict]
    completed: set[int] = set()
    with _writing(db) as session:
        accepted = []
        for submission_id in chosen:
            sub = session.get(Submission, submission_id)
            if sub is None or sub.status != PENDING:
                continue  # decided meanwhile
            sub, rnd, event, game = _pending(session, submission_id)
            assert game is not None
            if game.result is not None and not _same_outcome(
                sub.result, _fouls(sub), game.result, _game_fouls(game)
            ):
                continue  # became a conflict meanwhile
            if (sub.first_id, sub.second_id) != (game.first_id, game.second_id):
                continue  # the table changed meanwhile (it is void by then)
            if _accept_in(session, event, rnd, game, sub, operator, False):
                completed.add(rnd.number)
            accepted.append(sub.id)
        if accepted:
            record(
                session, operator, "批量采用现场成绩", event_code, None, {"submissions": accepted}
            )
    warnings = [w for number in sorted(completed) for w in _backup_if(db, True, number)]
    return AcceptedAll(
        accepted=tuple(accepted),
        conflicts=tuple(v.id for v in queue if v.conflict),
        warnings=tuple(warnings),
    )


def _view(db: Database, submission_id: int) -> SubmissionView:
    return list_submissions(db, None, after_id=submission_id - 1)[0]


def open_rounds(db: Database, scope: Scope = None) -> list[tuple[str, int]]:
    """The rounds a phone may still enter results for: paired, not complete, in scope."""
    wanted = _scope_set(scope)
    with db.reading() as session:
        rows = session.execute(
            select(Event.code, Round.number)
            .join(Round.event)
            .where(Round.status != RoundState.COMPLETE)
            .order_by(Event.position, Round.number)
        )
        return [
            (code, number)
            for code, number in rows
            if wanted is None or (code.upper(), number) in wanted
        ]
