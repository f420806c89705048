"""Result entry by table referees from their phones: table tokens, the queue, the decision.

The use cases behind `app.web` (the local web server) and `finals serve`/`finals submissions`:

- `ensure_tokens` gives every table of a paired round a secret token (128 random bits);
  `tokens_for_round` reads them back (or the phone URLs) for the result slips' QR codes.
- `table_page` is what a phone may see for one token; `submit` queues what it sends.
- `list_submissions`, `accept`, `reject`, `accept_all` are the arbiter's side.

Rules: a token reaches its own table only and stops working when its round completes (or is
out of the server's scope): every such case is the same `TokenNotFound`. Two different
submissions for one table are a conflict and neither overwrites the other; a recorded result
is only ever changed by the arbiter accepting a submission (auto-accept only fills a table
that has no result and no rival submission). Accepting goes through
`app.services.results.record_result`, inside the same transaction that marks the submission
accepted, so a result is audited exactly as one typed by hand and is never half-accepted.

Writers serialise on a per-file lock and take SQLite's write lock up front (BEGIN
IMMEDIATE): the check "does this table have a result or a rival?" and the write that follows
are one atomic step, also against the window writing results at the same moment.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.domain import ENTERED_RESULTS, Result, parse_result, result_help
from app.errors import FinalsError
from app.services.audit import DEFAULT_OPERATOR, record
from app.services.backup import backup_warning
from app.services.results import MAX_FOULS, MAX_MANNER, draw_refusal, record_result_in
from app.services.tournament import get_event
from app.store.database import Database
from app.store.models import Entrant, Event, Game, Round, Tournament
from app.store.submissions import ACCEPTED, PENDING, REJECTED, VOID, Submission, TableToken
from app.text import clean_text

if TYPE_CHECKING:
    from app.readmodel.model import Final

TOKEN_BYTES = 16  # 128 random bits (the issue asks for at least 96)
# What a table's phone may send: every result but "not played" (the arbiter's call).
RESULT_CHOICES = tuple(r for r in ENTERED_RESULTS if r is not Result.NOT_PLAYED)
REFEREE = "台裁"
BASE_URL_SETTING = "remote_entry_url"

Scope = Iterable[tuple[str, int]] | None  # (event code, round number) pairs; None = all rounds


class TokenNotFound(FinalsError):
    """Unknown, expired or out-of-scope token: the caller answers 404 and says nothing more."""

    def __init__(self) -> None:
        super().__init__("该链接无效或已过期。")


class TableChanged(FinalsError):
    """The table's players or seats changed after the phone's page was loaded (answer 409)."""


# --- views -------------------------------------------------------------------------------


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


# --- writing: one lock per file, SQLite's write lock taken first ---------------------------

_locks: dict[str, threading.Lock] = {}
_locks_guard = threading.Lock()


def _lock_for(db: Database) -> threading.Lock:
    key = db.key
    with _locks_guard:
        return _locks.setdefault(key, threading.Lock())


@contextmanager
def _writing(db: Database) -> Iterator[Session]:
    with _lock_for(db), db.transaction() as session:
        yield session


# --- tokens --------------------------------------------------------------------------------


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def add_missing_tokens(session: Session, rnd: Round) -> int:
    """Inside a caller's transaction (e.g. pairing): a token for each table that lacks one."""
    have = set(session.scalars(select(TableToken.table).where(TableToken.round_id == rnd.id)))
    tables = session.scalars(
        select(Game.table).where(Game.round_id == rnd.id, Game.second_id.is_not(None))
    )
    now = datetime.now().replace(microsecond=0)
    created = 0
    for table in tables:
        if table not in have:
            session.add(TableToken(round_id=rnd.id, table=table, token=new_token(), created_at=now))
            created += 1
    session.flush()
    return created


def _find_round(event: Event, number: int | None) -> Round:
    if number is not None and number < 1:
        raise FinalsError(f"轮次应为 1 或更大的整数（收到 {number}）。不写轮次即为最近一轮。")
    if not event.rounds:
        raise FinalsError(f"{event.name}还没有编排任何轮次。")
    number = number or event.rounds[-1].number
    for rnd in event.rounds:
        if rnd.number == number:
            return rnd
    raise FinalsError(f"{event.name}第{number}轮还没有编排（已编排到第{len(event.rounds)}轮）。")


def ensure_tokens(
    db: Database, event_code: str, round_number: int | None = None, operator: str = ""
) -> int:
    """Create the missing table tokens of a round (the latest by default); how many were made."""
    with _writing(db) as session:
        event = get_event(session, event_code)
        rnd = _find_round(event, round_number)
        created = add_missing_tokens(session, rnd)
        if created:
            # The tokens themselves stay out of the log: it is printed and exported.
            record(
                session,
                operator,
                "生成台次二维码",
                f"{event.code} 第{rnd.number}轮",
                None,
                {"tables": created},
            )
        return created


def table_url(base_url: str, token: str) -> str:
    return f"{base_url.rstrip('/')}/t/{token}"


def remembered_base_url(db: Database) -> str | None:
    """The address the server last ran on, so slips printed before it starts carry URLs."""
    with db.reading() as session:
        tournament = session.scalars(select(Tournament)).first()
        value = (tournament.settings or {}).get(BASE_URL_SETTING) if tournament else None
        return str(value) if value else None


def remember_base_url(db: Database, base_url: str, operator: str = "") -> None:
    with _writing(db) as session:
        tournament = session.scalars(select(Tournament)).one()
        settings = dict(tournament.settings or {})
        if settings.get(BASE_URL_SETTING) == base_url:
            return
        before = {BASE_URL_SETTING: settings.get(BASE_URL_SETTING)}
        settings[BASE_URL_SETTING] = base_url
        tournament.settings = settings
        record(
            session,
            operator,
            "设置现场录入地址",
            tournament.title,
            before,
            {BASE_URL_SETTING: base_url},
        )


def tokens_for_round(
    db: Database, event_code: str, round_number: int | None = None, base_url: str | None = None
) -> dict[int, str]:
    """{table: phone URL} for a round's tables (bare tokens when no server address is known).

    `base_url` defaults to the address the server last ran on. Tables without a token
    (byes, or a round not yet given tokens: see `ensure_tokens`) are absent.
    """
    base = base_url or remembered_base_url(db)
    with db.reading() as session:
        event = get_event(session, event_code)
        rnd = _find_round(event, round_number)
        rows = session.execute(
            select(TableToken.table, TableToken.token)
            .where(TableToken.round_id == rnd.id)
            .order_by(TableToken.table)
        )
        return {table: table_url(base, token) if base else token for table, token in rows}


def slip_links(
    db: Database,
    final: Final,
    event: str | None = None,
    round_number: int | None = None,
    base_url: str | None = None,
) -> dict[tuple[str, int, int], str] | None:
    """Each result slip's QR code: that table's phone page (secret per table; never exported),
    by (event code, round, table) — for `finals report … slips` and the window's Print menu.

    The address is `base_url` (the command's `--base-url`, the window's running server),
    else the one the server last ran on (tournament setting `remote_entry_url`).  With none,
    no game gets a link: a bare token opens nothing on a phone, so the slips are printed
    without QR codes; returns None then.  Only the events printed get links, each for the
    round asked for (its latest by default); a round without tokens yet gets them (unless the
    file is read-only); a complete round gets none (its phone pages take no more results);
    an event that has not reached that round is left to the report to name.
    """
    base = base_url or remembered_base_url(db)
    if not base:
        return None
    links: dict[tuple[str, int, int], str] = {}
    for ev in final.events:
        if event is not None and event.lower() not in (ev.code.lower(), ev.name):
            continue
        number = round_number or (ev.rounds[-1].number if ev.rounds else None)
        rnd = next((r for r in ev.rounds if r.number == number), None)
        if rnd is None or number is None or rnd.status == "complete":
            continue  # a complete round's phone pages take no more results: no QR codes
        tables = tokens_for_round(db, ev.code, number, base)
        if not tables and not db.read_only:
            ensure_tokens(db, ev.code, number)
            tables = tokens_for_round(db, ev.code, number, base)
        links.update(
            {(ev.code, number, g.table): tables[g.table] for g in rnd.games if g.table in tables}
        )
    return links


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
    if rnd is None or (rnd.status == "complete" and not complete):
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
        outcome = record_result_in(
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
        completed = bool(outcome["completed_now"])
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
        if rnd.status == "complete" and not on_file:
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


def _backup_if(db: Database, completed: bool, round_number: int) -> tuple[str, ...]:
    """After the commit, the copy of a round just completed; its failure is a warning only."""
    if not completed:
        return ()
    warning = backup_warning(db, f"round{round_number}-complete", "成绩已保存")
    return (warning,) if warning else ()


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


def accept_all(
    db: Database, operator: str = "", event_code: str | None = None, round_number: int | None = None
) -> dict[str, list[Any]]:
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
    return {
        "accepted": accepted,
        "conflicts": [v.id for v in queue if v.conflict],
        "warnings": warnings,
    }


def _view(db: Database, submission_id: int) -> SubmissionView:
    return list_submissions(db, None, after_id=submission_id - 1)[0]


def open_rounds(db: Database, scope: Scope = None) -> list[tuple[str, int]]:
    """The rounds a phone may still enter results for: paired, not complete, in scope."""
    wanted = _scope_set(scope)
    with db.reading() as session:
        rows = session.execute(
            select(Event.code, Round.number)
            .join(Round.event)
            .where(Round.status != "complete")
            .order_by(Event.position, Round.number)
        )
        return [
            (code, number)
            for code, number in rows
            if wanted is None or (code.upper(), number) in wanted
        ]
