"""Disqualification, 取消资格 (issue 38; both regulations: 如被举报，经查实立即取消资格).

A disqualified entrant is stored as the status DISQUALIFIED with the rounds paired when it
was recorded (`disqualified_after_round`: he sits out every later round, and standings
after that round leave him out) and its reason.  A withdrawal made before stays in
`withdrawn_from_round`, so that the undo gives it back.  What his games count for and
whether the places below his move up are the event's settings
`standings.disqualified_games` and `standings.disqualified_places` (app.standings).

Both use cases are one transaction and one audit entry; a refused one changes nothing.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.domain import EntrantStatus, EventKind, RoundStatus
from app.errors import FinalsError
from app.readmodel.withdrawal import disqualification_text
from app.services.audit import record
from app.services.lookup import find_entrant
from app.services.snapshots import is_team_match
from app.services.tournament import get_event
from app.store.database import Database
from app.store.models import CertificateNumber, Entrant, EntrantRoundStatus, Event
from app.text import TEXT_MAX, clean_text

AUDIT_ACTION = "取消资格"
UNDO_ACTION = "撤销取消资格"
REASON_EXAMPLE = "经查实冒名参赛"


def _target(event: Event, entrant: Entrant) -> str:
    return f"{event.code} #{entrant.seed} {entrant.name}"


def _reason(reason: str | None) -> str:
    if reason is None or not reason.strip():
        raise FinalsError(
            f"请写明取消资格的理由（--reason，如 --reason {REASON_EXAMPLE}）：理由印在名次表上并记入日志。未改动。",
            window=f"请写明取消资格的理由（如：{REASON_EXAMPLE}）。未改动。",
        )
    text = clean_text(reason, "取消资格的理由", required=True, max_length=TEXT_MAX)
    assert text is not None
    return text


def _refuse_summed_team(event: Event) -> None:
    if event.kind == EventKind.TEAM and not is_team_match(event):
        raise FinalsError(
            f"{event.name}的成绩由队员在{event.source_event}中的成绩累加，不能在此取消资格："
            f"请在 {event.source_event} 中取消该队员的资格（finals disqualify FILE 队员 "
            f"--event {event.source_event} --reason 理由）。未改动。",
            window=f"{event.name}的成绩由队员的个人成绩累加：请在个人项目中取消该队员的资格。未改动。",
        )


def _void_certificates(session: Session, entrant: Entrant) -> list[str]:
    """Void every live certificate number issued to `entrant` (prize, grade, participation,
    his members' own): the register lists them as void from now on.  An undo does not give
    them back: his next print issues new numbers, as for any award that changed."""
    now = datetime.now().replace(microsecond=0)
    voided = []
    for row in session.scalars(
        select(CertificateNumber)
        .where(CertificateNumber.entrant_id == entrant.id, CertificateNumber.void.is_(False))
        .order_by(CertificateNumber.kind, CertificateNumber.serial)
    ):
        row.void, row.voided_at = True, now
        voided.append(row.number)
    return voided


def disqualify(
    db: Database, event_code: str, who: str, reason: str | None, operator: str = ""
) -> str:
    """Disqualify `who` (seed or name) of `event_code` now: out of every round not yet
    paired, out of the standings after the last round paired, with `reason`."""
    text = _reason(reason)
    with db.transaction() as session:
        event = get_event(session, event_code)
        _refuse_summed_team(event)
        entrant = find_entrant(session, event, who)
        if entrant.status == EntrantStatus.DISQUALIFIED:
            mark = disqualification_text(
                entrant.disqualified_after_round, entrant.disqualified_reason
            )
            raise FinalsError(
                f"{entrant.name}已被{mark}。要改理由，先撤销（finals disqualify FILE "
                f"{entrant.seed} --event {event.code} --undo）再重新取消资格。未改动。",
                window=f"{entrant.name}已被{mark}。要改理由，先撤销再重新取消资格。未改动。",
            )
        after = len(event.rounds)
        before = {
            "status": entrant.status,
            "withdrawn_from_round": entrant.withdrawn_from_round,
        }
        entrant.status = EntrantStatus.DISQUALIFIED
        entrant.disqualified_after_round = after
        entrant.disqualified_reason = text
        voided = _void_certificates(session, entrant)
        record(
            session,
            operator,
            AUDIT_ACTION,
            _target(event, entrant),
            before,
            {
                "status": EntrantStatus.DISQUALIFIED,
                "after_round": after,
                "reason": text,
                **({"voided": voided} if voided else {}),
            },
        )
        when = f"第{after}轮后" if after else "开赛前"
        void = f"已发的证书编号 {'、'.join(voided)} 作废。" if voided else ""
        return (
            f"{entrant.name}（{event.name}{entrant.seed}号）{when}取消资格：{text}。"
            f"此后各轮不再编排，名次、奖项、等级和证书中不再列出。{void}"
        )


def undo_disqualification(db: Database, event_code: str, who: str, operator: str = "") -> str:
    """Reinstate a disqualified entrant (audited): back to playing, or withdrawn as he was.

    Rounds paired after the disqualification (he was not paired in them) are recorded as
    sat out (退赛, no points: 请假 may carry the event's absence points) for him: that is
    what happened, and each past round stays as it was."""
    with db.transaction() as session:
        event = get_event(session, event_code)
        entrant = find_entrant(session, event, who)
        return _undo(session, event, entrant, operator)


def _undo(session: Session, event: Event, entrant: Entrant, operator: str) -> str:
    if entrant.status != EntrantStatus.DISQUALIFIED:
        raise FinalsError(
            f"{entrant.name}没有被取消资格（状态：{entrant.status.zh}），无需撤销。未改动。"
        )
    after = entrant.disqualified_after_round or 0
    reason = entrant.disqualified_reason
    before = {"status": entrant.status, "after_round": after, "reason": reason}
    entrant.status = (
        EntrantStatus.WITHDRAWN
        if entrant.withdrawn_from_round is not None
        else EntrantStatus.PLAYING
    )
    entrant.disqualified_after_round = None
    entrant.disqualified_reason = None
    missed = [
        r.number
        for r in event.rounds
        if r.number > after
        and not any(g.first_id == entrant.id or g.second_id == entrant.id for g in r.games)
    ]
    have = {s.round_number for s in entrant.round_status}
    for number in missed:
        if number not in have:
            entrant.round_status.append(
                EntrantRoundStatus(
                    entrant_id=entrant.id, round_number=number, status=RoundStatus.WITHDRAWN
                )
            )
    record(
        session,
        operator,
        UNDO_ACTION,
        _target(event, entrant),
        before,
        {
            "status": entrant.status,
            "withdrawn_from_round": entrant.withdrawn_from_round,
            **({"withdrawn_rounds": missed} if missed else {}),
        },
    )
    state = (
        f"恢复为自第{entrant.withdrawn_from_round}轮起退赛"
        if entrant.status == EntrantStatus.WITHDRAWN
        else "恢复参赛"
    )
    rounds = "、".join(f"第{n}轮" for n in missed)
    return f"已撤销{entrant.name}的取消资格，{state}。" + (
        f"其间已编排的{rounds}他未参赛，记为退赛（不计分）。" if missed else ""
    )


def undo_in_session(session: Session, event: Event, entrant: Entrant, operator: str) -> str:
    """The undo inside a use case that already holds the transaction (finals reinstate)."""
    return _undo(session, event, entrant, operator)
