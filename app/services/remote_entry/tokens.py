"""Table tokens: a secret per table of a paired round (`ensure_tokens`), read back as phone
URLs (`tokens_for_round`) for the result slips' QR codes (`slip_links`), and the address
the server last ran on (`remembered_base_url`).
"""

from __future__ import annotations

import secrets
from datetime import datetime
from typing import TYPE_CHECKING

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.domain import RoundState
from app.services.audit import record
from app.services.lookup import find_round
from app.services.remote_entry.writing import _writing
from app.services.tournament import get_event
from app.store.database import Database
from app.store.models import Game, Round, Tournament
from app.store.submissions import TableToken

if TYPE_CHECKING:
    from app.readmodel.model import Final


TOKEN_BYTES = 16  # 128 random bits (the issue asks for at least 96)
BASE_URL_SETTING = "remote_entry_url"
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


def ensure_tokens(
    db: Database, event_code: str, round_number: int | None = None, operator: str = ""
) -> int:
    """Create the missing table tokens of a round (the latest by default); how many were made."""
    with _writing(db) as session:
        event = get_event(session, event_code)
        rnd = find_round(event, round_number)
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
        rnd = find_round(event, round_number)
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
    without QR codes; returns None then (but {} when no slip printed wants one: every round
    printed is complete, so nothing is missed).  Only the events printed get links, each for the
    round asked for (its latest by default); a round without tokens yet gets them (unless the
    file is read-only); a complete round gets none (its phone pages take no more results);
    an event that has not reached that round is left to the report to name.
    """
    printed = []
    for ev in final.events:
        if event is not None and event.lower() not in (ev.code.lower(), ev.name):
            continue
        number = round_number or (ev.rounds[-1].number if ev.rounds else None)
        rnd = next((r for r in ev.rounds if r.number == number), None)
        if rnd is None or number is None or rnd.status == RoundState.COMPLETE:
            continue  # a complete round's phone pages take no more results: no QR codes
        printed.append((ev.code, rnd))
    if not printed:
        return {}  # no slip wants a QR code: the address is not missed
    base = base_url or remembered_base_url(db)
    if not base:
        return None
    links: dict[tuple[str, int, int], str] = {}
    for code, rnd in printed:
        tables = tokens_for_round(db, code, rnd.number, base)
        if not tables and not db.read_only:
            ensure_tokens(db, code, rnd.number)
            tables = tokens_for_round(db, code, rnd.number, base)
        links.update(
            {(code, rnd.number, g.table): tables[g.table] for g in rnd.games if g.table in tables}
        )
    return links
