"""Deciding a submission, shared by the phone's side (auto-accept) and the arbiter's: a
submission's result recorded as one typed by hand (`_accept_in`), rivals set aside, and
the submissions a pairing edit voids (`void_changed_tables`).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.errors import FinalsError
from app.services.audit import DEFAULT_OPERATOR
from app.services.backup import backup_warning
from app.services.results import write_result_in
from app.store.database import Database
from app.store.models import Entrant, Event, Game, Round
from app.store.submissions import ACCEPTED, PENDING, REJECTED, VOID, Submission


def _target(event: Event, rnd: Round, table: int) -> str:
    return f"{event.code} 第{rnd.number}轮 第{table}台"


def _fouls(sub: Submission) -> tuple[int, int]:
    return (sub.fouls_first or 0, sub.fouls_second or 0)


def _game_fouls(game: Game) -> tuple[int, int]:
    return (game.fouls_first or 0, game.fouls_second or 0)


def _same_outcome(
    result: str, fouls: tuple[int, int], other_result: str | None, other_fouls: tuple[int, int]
) -> bool:
    return result == other_result and fouls == other_fouls


def _decide(sub: Submission, status: str, operator: str, note: str | None = None) -> None:
    sub.status = status
    sub.decided_at = datetime.now().replace(microsecond=0)
    sub.decided_by = operator or DEFAULT_OPERATOR
    sub.note = note


def _accept_in(
    session: Session,
    event: Event,
    rnd: Round,
    game: Game,
    sub: Submission,
    operator: str,
    force: bool,
    auto: bool = False,
) -> bool:
    """Record the submission's result as typed by hand; rivals are set aside.

    True when this completed the round (the caller backs the file up after its commit).
    """
    _require_same_players(sub, game)
    completed = False
    unchanged = (
        game.result == sub.result
        and _game_fouls(game) == _fouls(sub)
        and (sub.manner is None or sub.manner == game.manner)
    )
    if not unchanged:
        fouls = "{},{}".format(*_fouls(sub))
        _written, completed = write_result_in(
            session,
            event.code,
            rnd.number,
            sub.table,
            sub.result,
            sub.manner,
            fouls,
            force,
            operator,
        )
    _decide(sub, ACCEPTED, operator, "自动采用" if auto else None)
    sub.auto = auto
    rivals = session.scalars(
        select(Submission).where(
            Submission.round_id == rnd.id,
            Submission.table == sub.table,
            Submission.status == PENDING,
            Submission.id != sub.id,
        )
    )
    for rival in rivals:
        _decide(rival, REJECTED, operator, f"已采用第{sub.id}号提交")
    return completed


def _pairing_words(session: Session, first_id: int | None, second_id: int | None) -> str:
    names = {
        e.id: f"{e.seed}号{e.name}"
        for e in session.scalars(
            select(Entrant).where(Entrant.id.in_([i for i in (first_id, second_id) if i]))
        )
    }
    if first_id is None:
        return "（无对局）"
    return f"{names.get(first_id, '?')}（先手）对 {names.get(second_id or 0, '轮空')}"


def _require_same_players(sub: Submission, game: Game) -> None:
    if (sub.first_id, sub.second_id) != (game.first_id, game.second_id):
        raise FinalsError(
            f"第{sub.id}号提交发出后，第{sub.table}台的编排已调整，不能采用：成绩只能记在台裁"
            "当时看到的选手名下。该提交已作废；请台裁刷新页面后重新提交，或由您直接录入。"
        )


def void_changed_tables(session: Session, rnd: Round) -> list[int]:
    """Inside a pairing edit: void the pending submissions whose table now holds other
    players or seats than the referee saw. Returns their ids (for the edit's audit entry)."""
    pending = list(
        session.scalars(
            select(Submission).where(Submission.round_id == rnd.id, Submission.status == PENDING)
        )
    )
    if not pending:
        return []
    games = {g.table: g for g in session.scalars(select(Game).where(Game.round_id == rnd.id))}
    voided = []
    for sub in pending:
        game = games.get(sub.table)
        now = (game.first_id, game.second_id) if game else (None, None)
        if (sub.first_id, sub.second_id) == now:
            continue
        reason = (
            f"编排已调整：提交时为 {_pairing_words(session, sub.first_id, sub.second_id)}，"
            f"现为 {_pairing_words(session, *now)}"
        )
        _decide(sub, VOID, DEFAULT_OPERATOR, reason[:200])
        voided.append(sub.id)
    return voided


def _backup_if(db: Database, completed: bool, round_number: int) -> tuple[str, ...]:
    """After the commit, the copy of a round just completed; its failure is a warning only."""
    if not completed:
        return ()
    warning = backup_warning(db, f"round{round_number}-complete", "成绩已保存")
    return (warning,) if warning else ()
