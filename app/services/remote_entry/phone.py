"""The phone's side: what a table's token may see (`table_page`) and what it sends
(`validate_entry`, `submit`: queued, or accepted at once when auto-accept may).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.domain import ENTERED_RESULTS, Result, RoundState, parse_result, result_help
from app.errors import FinalsError
from app.services.audit import DEFAULT_OPERATOR, record
from app.services.remote_entry.decision import (
    _accept_in,
    _backup_if,
    _fouls,
    _game_fouls,
    _pairing_words,
    _same_outcome,
    _target,
)
from app.services.remote_entry.writing import _writing
from app.services.results import MAX_FOULS, MAX_MANNER, draw_refusal
from app.store.database import Database
from app.store.models import Entrant, Event, Game, Round, Tournament
from app.store.submissions import PENDING, Submission, TableToken
from app.text import clean_text

# What a table's phone may send: every result but "not played" (the arbiter's call).
RESULT_CHOICES = tuple(r for r in ENTERED_RESULTS if r is not Result.NOT_PLAYED)
REFEREE = "台裁"
Scope = Iterable[tuple[str, int]] | None  # (event code, round number) pairs; None = all rounds


class TokenNotFound(FinalsError):
    """Unknown, expired or out-of-scope token: the caller answers 404 and says nothing more."""

    def __init__(self) -> None:
        super().__init__("该链接无效或已过期。")


class TableChanged(FinalsError):
    """The table's players or seats changed after the phone's page was loaded (answer 409)."""


@dataclass(frozen=True)
class Side:
    name: str
    unit: str | None
    seed: int


@dataclass(frozen=True)
class TablePage:
    """Everything a table's phone page shows (and nothing else)."""

    title: str
    game: str  # go | gomoku
    event: str
    event_name: str
    round: int
    table: int
    first: Side  # first mover: Black
    second: Side
    opening: str | None
    recorded: str | None  # the result on file, if any
    pending: int  # submissions waiting for the arbiter
    draws: bool = True  # a draw may be sent (not in Go with komi 3又3/4子: no button)

    @property
    def seats(self) -> str:
        """The pairing as the page shows it ("seed-seed", first mover first): sent back with
        a submission so that it lands only on these players in these seats."""
        return f"{self.first.seed}-{self.second.seed}"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class SubmitOutcome:
    status: str  # accepted | pending | conflict | duplicate
    submission: int | None
    message: str  # for the phone, in Chinese
    event: str = ""
    round: int = 0
    table: int = 0
    result: str = ""
    client: str = ""
    round_complete: bool = False
    warnings: tuple[str, ...] = ()  # for the arbiter: e.g. saved, but the backup failed

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Entry:
    result: str
    manner: str | None
    fouls: tuple[int, int]


# --- the phone's side ----------------------------------------------------------------------


def _scope_set(scope: Scope) -> set[tuple[str, int]] | None:
    return None if scope is None else {(code.upper(), int(number)) for code, number in scope}


def _lookup(
    session: Session, token: str, scope: set[tuple[str, int]] | None, complete: bool = False
) -> tuple[Round, Event, Game]:
    """The token's round, event and table; a complete round only when `complete` is asked
    (a resend of what is on file: see `submit`)."""
    if not isinstance(token, str) or not 16 <= len(token) <= 64:
        raise TokenNotFound()
    row = session.execute(
        select(TableToken.round_id, TableToken.table).where(TableToken.token == token)
    ).first()
    if row is None:
        raise TokenNotFound()
    rnd = session.get(Round, row.round_id)
    if rnd is None or (rnd.status == RoundState.COMPLETE and not complete):
        raise TokenNotFound()
    event = rnd.event
    if scope is not None and (event.code.upper(), rnd.number) not in scope:
        raise TokenNotFound()
    game = session.scalars(
        select(Game).where(Game.round_id == rnd.id, Game.table == row.table)
    ).first()
    if game is None or game.second_id is None:
        raise TokenNotFound()
    return rnd, event, game


def table_page(db: Database, token: str, scope: Scope = None) -> TablePage:
    with db.reading() as session:
        rnd, event, game = _lookup(session, token, _scope_set(scope))
        first = session.get(Entrant, game.first_id)
        second = session.get(Entrant, game.second_id)
        tournament = session.scalars(select(Tournament)).first()
        pending = len(
            list(
                session.scalars(
                    select(Submission.id).where(
                        Submission.round_id == rnd.id,
                        Submission.table == game.table,
                        Submission.status == PENDING,
                    )
                )
            )
        )
        assert first is not None and second is not None
        return TablePage(
            title=tournament.title if tournament else "",
            game=tournament.game if tournament else "go",
            event=event.code,
            event_name=event.name,
            round=rnd.number,
            table=game.table,
            first=Side(first.name, first.unit, first.seed),
            second=Side(second.name, second.unit, second.seed),
            opening=game.opening,
            recorded=game.result,
            pending=pending,
            draws=bool(game.boards) or draw_refusal(session, strict=False) is None,
        )


def validate_entry(result: Any, manner: Any = None, fouls: Any = None) -> Entry:
    """Server-side validation of what a phone sent; each error names the field.

    The result is read by the core's parser (`1-0`, `1:0`, 黑胜, full-width forms...) and
    stored in its one spelling.
    """
    parsed = parse_result(result) if isinstance(result, str) else None
    if parsed is None or parsed not in RESULT_CHOICES:
        raise FinalsError("成绩无效：可用 " + result_help(RESULT_CHOICES) + "。")
    if manner is not None and not isinstance(manner, str):
        raise FinalsError("胜负方式无效：应为文字。")
    clean = clean_text(manner, "胜负方式", max_length=MAX_MANNER)
    if fouls is None:
        pair = (0, 0)
    elif (
        isinstance(fouls, list | tuple)
        and len(fouls) == 2
        and all(type(v) is int and 0 <= v <= MAX_FOULS for v in fouls)
    ):
        pair = (int(fouls[0]), int(fouls[1]))
    else:
        raise FinalsError(f"犯规次数无效：应为两个 0 到 {MAX_FOULS} 的整数（先手、后手）。")
    return Entry(parsed.value, clean, pair)


def _check_seats(session: Session, game: Game, seats: Any) -> None:
    """The seats the phone's page showed must be the table's seats now."""
    if seats is None:
        return
    if not isinstance(seats, str) or len(seats) > 40:
        raise FinalsError("提交缺少本台对阵信息。请刷新页面后重新提交。")
    first = session.get(Entrant, game.first_id)
    second = session.get(Entrant, game.second_id) if game.second_id else None
    now = f"{first.seed if first else '?'}-{second.seed if second else '?'}"
    if seats != now:
        raise TableChanged(
            f"本台对阵已调整（现为 {_pairing_words(session, game.first_id, game.second_id)}），"
            "成绩未提交。请刷新页面，核对选手后重新提交。"
        )


def submit(
    db: Database,
    token: str,
    result: Any,
    manner: Any = None,
    fouls: Any = None,
    client: str = "",
    auto_accept: bool = False,
    scope: Scope = None,
    operator: str = "",
    seats: Any = None,
) -> SubmitOutcome:
    """Queue a phone's result for its table (or accept it at once when auto-accept may).

    `seats` is the pairing the phone's page showed (`TablePage.seats`); the server always
    sends it, so a result typed on a page loaded before a pairing edit is refused
    (TableChanged: answer 409). `operator` is the arbiter who runs the server: auto-accepted
    results are in their name. Raises TokenNotFound (answer 404) or FinalsError (a field is
    invalid: answer 400).
    """
    entry = validate_entry(result, manner, fouls)
    client = (client or "?")[:64]
    referee = f"{REFEREE}@{client}"[:60]
    completed = False
    with _writing(db) as session:
        rnd, event, game = _lookup(session, token, _scope_set(scope), complete=True)
        _check_seats(session, game, seats)
        on_file = (
            game.result is not None
            and _same_outcome(entry.result, entry.fouls, game.result, _game_fouls(game))
            and (entry.manner is None or entry.manner == game.manner)
        )
        if rnd.status == RoundState.COMPLETE and not on_file:
            # The round is over: only the result on file may be sent again (a phone whose
            # first answer was lost), anything else finds a dead link.
            raise TokenNotFound()
        if entry.result == Result.DRAW.value and not game.boards:
            # Go with komi 3又3/4子: no draw (a komi the program cannot read: the arbiter's
            # acceptance says how to fix it)
            refusal = draw_refusal(session, strict=False)
            if refusal:
                raise FinalsError(refusal.phone)
        target = _target(event, rnd, game.table)
        # Only what still waits, or the result on file, makes a submission a repeat: after
        # the arbiter clears a table, the same result sent again is a new submission.
        waiting = list(
            session.scalars(
                select(Submission)
                .where(
                    Submission.round_id == rnd.id,
                    Submission.table == game.table,
                    Submission.status == PENDING,
                )
                .order_by(Submission.id)
            )
        )
        payload = {
            "result": entry.result,
            "manner": entry.manner,
            "fouls": list(entry.fouls),
            "client": client,
        }
        same = next(
            (
                s
                for s in waiting
                if s.result == entry.result
                and _fouls(s) == entry.fouls
                and s.manner == entry.manner
            ),
            None,
        )
        if same is not None or on_file:
            record(
                session,
                referee,
                "现场提交成绩（重复）",
                target,
                None,
                {**payload, "same_as": same.id if same else "已录入成绩"},
            )
            message = (
                "本台成绩已录入，与此次提交相同。"
                if on_file or same is None
                else f"已收到（与第{same.id}号提交相同），无需重复提交。"
            )
            return SubmitOutcome(
                "duplicate",
                same.id if same else None,
                message,
                event.code,
                rnd.number,
                game.table,
                entry.result,
                client,
            )
        sub = Submission(
            round_id=rnd.id,
            table=game.table,
            first_id=game.first_id,
            second_id=game.second_id,
            result=entry.result,
            manner=entry.manner,
            fouls_first=entry.fouls[0],
            fouls_second=entry.fouls[1],
            client=client,
            received_at=datetime.now().replace(microsecond=0),
            status=PENDING,
        )
        session.add(sub)
        session.flush()
        conflict = (
            game.result is not None
            and not _same_outcome(entry.result, entry.fouls, game.result, _game_fouls(game))
        ) or any(not _same_outcome(s.result, _fouls(s), entry.result, entry.fouls) for s in waiting)
        status = "conflict" if conflict else "pending"
        if auto_accept and game.result is None and not waiting:
            completed = _accept_in(
                session,
                event,
                rnd,
                game,
                sub,
                f"{operator or DEFAULT_OPERATOR}（自动采用）"[:60],
                False,
                auto=True,
            )
            status = "accepted"
        record(
            session,
            referee,
            "现场提交成绩",
            target,
            None,
            {**payload, "submission": sub.id, "status": status},
        )
        sub_id, where = sub.id, (event.code, rnd.number, game.table)
    warnings = _backup_if(db, completed, where[1])
    messages = {
        "accepted": "成绩已录入。",
        "pending": f"已提交（第{sub_id}号），等待裁判长确认。",
        "conflict": f"已提交（第{sub_id}号），但与本台已有的成绩或提交不同，裁判长将核对。",
    }
    return SubmitOutcome(
        status, sub_id, messages[status], *where, entry.result, client, completed, warnings
    )
