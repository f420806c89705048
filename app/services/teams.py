"""Composing teams and pairs by hand, with the same eligibility checks as the import.

Teams are registered before the final (Gomoku §十二(四)4 「在总决赛前由各参赛队统一报名」):
once the source event's round 1 is paired, composing or dissolving a team needs the
arbiter's `force`; the forced change is audited (强制组队 / 强制解散) and read back from
the audit log as `LateChange`s, shown with the team wherever the team list is shown.
A team that fails its rules later (a member withdrawn, a source edited) is still ranked;
`entrant_problems` says why, for the team list, the prizes and the prize sheet.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from app.domain import EntrantId, EntrantStatus, EventKind, LateChangeAction
from app.errors import FinalsError
from app.io.registration import RowError, check_pair, check_team
from app.readmodel.model import LateChange
from app.services.audit import record
from app.services.lookup import event_rules, find_entrant, player_row
from app.services.snapshots import is_team_match
from app.services.tournament import get_event
from app.store.database import Database
from app.store.models import AuditEntry, Entrant, EntrantMember, Event, Player, Tournament
from app.text import NAME_MAX, clean_text

FORCED_COMPOSE = "强制组队"
FORCED_DISSOLVE = "强制解散"
_COMPOSE_ACTIONS = ("组队", FORCED_COMPOSE)
_DISSOLVE_ACTIONS = ("解散组合", FORCED_DISSOLVE)
FORCE_HINT = "确需变更请加 --force（记入操作日志，并在队伍名单上标注为强制变更）。"
FORCE_HINT_WINDOW = "确需变更，请在提示中选择强制变更（记入操作日志，并在队伍名单上标注）。"


def _player_by_name(session: Session, who: str) -> Player:
    matches = list(session.scalars(select(Player).where(Player.name == who.strip())))
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise FinalsError(f"没有名为“{who}”的选手。请先登记该选手。")
    raise FinalsError(f"有{len(matches)}名“{who}”。请在其所在项目中用序号指定。")


def _already_in(event: Event, players: list[Player]) -> list[str]:
    taken = {m.player_id: e.name for e in event.entrants for m in e.members}
    return [f"{p.name}已在{event.name}的“{taken[p.id]}”中" for p in players if p.id in taken]


def _messages(errors: list[RowError]) -> list[str]:
    return [error.message for error in errors]


# -- the lock: teams are registered before the final ---------------------------------------


def _source_rounds(session: Session, event: Event) -> tuple[Event | None, int]:
    """The event a team is scored from and how many of its rounds are paired (a team match
    event plays its own rounds: it starts with them, see `compose`)."""
    if event.kind != EventKind.TEAM or not event.source_event or is_team_match(event):
        return None, 0
    source = get_event(session, event.source_event)
    return source, len(source.rounds)


def lock_reason(session: Session, event: Event) -> str | None:
    """Why a team of `event` can no longer be composed or dissolved without force, or None."""
    source, paired = _source_rounds(session, event)
    if source is None or not paired:
        return None
    return (
        f"{event.name}的成绩来自{source.name}，{source.name}已编排到第{paired}轮。"
        "队伍应在总决赛前（第1轮编排前）统一报名，之后不能再组队或解散。"
    )


def team_lock(db: Database, event_code: str) -> str | None:
    """Why composing or dissolving a team of this event now needs force (None: it does not)."""
    with db.reading() as session:
        return lock_reason(session, get_event(session, event_code))


LATE_TEAM_FORCE = "确需加入请在导入后用 finals compose --force 组队。"
LATE_TEAM_FORCE_WINDOW = "确需加入请在导入后在“团体与双人”页点“组建…”（强制组队）。"


def late_team_rows(session: Session, teams: Iterable[tuple[str, str, int]]) -> list[str]:
    """The import's refusal of teams registered after their source event started:
    (event code, team name, first sheet row) → one message per team (the command line's
    words; `late_rows_for_window` gives the window's)."""
    out: list[str] = []
    for code, team, row in teams:
        reason = lock_reason(session, get_event(session, code))
        if reason:
            out.append(
                f"第{row}行【队名/搭档】“{team}”：{reason}请删去该队的团体项目后重新导入；"
                + LATE_TEAM_FORCE
            )
    return out


def late_rows_for_window(rows: list[str]) -> list[str]:
    """`late_team_rows` as the window says them: its compose page, no command."""
    return [row.replace(LATE_TEAM_FORCE, LATE_TEAM_FORCE_WINDOW) for row in rows]


def _refuse_late(reason: str | None, force: bool, what: str) -> None:
    if reason and not force:
        raise FinalsError(
            f"{what}：{reason}{FORCE_HINT}", window=f"{what}：{reason}{FORCE_HINT_WINDOW}"
        )


# -- composing and dissolving --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ComposedTeam:
    """The team or pair `compose` made."""

    event: str
    seed: int
    name: str
    members: tuple[str, ...]
    forced: bool  # composed after its source event's round 1 was paired
    after_round: int  # the source event's rounds paired then (0: not forced)


def compose(
    db: Database,
    event_code: str,
    name: str | None,
    members: list[str],
    operator: str = "",
    force: bool = False,
) -> ComposedTeam:
    """A team (members by seed or name in its source event) or a pair (by name).

    A team after its source event's round 1 is paired only with `force` (audited)."""
    with db.transaction() as session:
        event = get_event(session, event_code)
        if event.kind not in (EventKind.TEAM, EventKind.PAIR):
            raise FinalsError(f"{event.name}是个人项目，不需要组队。")
        if name is not None:  # checked as every name is: no control or invisible character
            what = "组合名称" if event.kind == EventKind.PAIR else "队名"
            name = clean_text(name, what, required=True, max_length=NAME_MAX)
        if event.rounds:
            raise FinalsError(
                f"{event.name}已经开赛，不能再增加{'组合' if event.kind == EventKind.PAIR else '队伍'}。"
            )
        rules = next(r for r in event_rules(session) if r.code == event.code)
        late = lock_reason(session, event)
        if event.kind == EventKind.TEAM:
            team_name = (name or "").strip()
            _refuse_late(late, force, f"不能组成“{team_name or '新队'}”")
            source = get_event(session, event.source_event)
            players = [
                p for p in (find_entrant(session, source, who).player for who in members) if p
            ]
            if not team_name:
                raise FinalsError("请给出队名。")
            if any(e.name == team_name for e in event.entrants):
                raise FinalsError(f"{event.name}已有名为“{team_name}”的队伍。请换一个队名。")
            errors: list[RowError] = []
            check_team((event.code, team_name), [player_row(p) for p in players], rules, errors)
        else:
            if len(members) != 2:
                raise FinalsError("双人组合须为两名选手。")
            players = [_player_by_name(session, who) for who in members]
            team_name = name or f"{players[0].name}/{players[1].name}"
            tournament = session.scalars(select(Tournament)).one()
            errors = []
            check_pair(
                rules, player_row(players[0]), player_row(players[1]), tournament.start_date, errors
            )
        problems = _messages(errors) + _already_in(event, players)
        if len({p.id for p in players}) != len(players):
            problems.append("同一名选手不能重复列入。")
        if problems:
            raise FinalsError(f"不能组成“{team_name}”：", problems)
        units = [p.unit for p in players if p.unit]
        entrant = Entrant(
            event=event,
            seed=max((e.seed for e in event.entrants), default=0) + 1,
            name=team_name,
            unit=max(set(units), key=units.count) if units else None,
        )
        entrant.members = [EntrantMember(position=i, player=p) for i, p in enumerate(players)]
        session.add(entrant)
        session.flush()
        after: dict[str, Any] = {
            "members": [p.name for p in players],
            "seed": entrant.seed,
            "entrant": entrant.id,
        }
        paired = _source_rounds(session, event)[1] if late else 0
        if late:
            after.update(forced=True, after_round=paired)
        record(
            session,
            operator,
            FORCED_COMPOSE if late else "组队",
            f"{event.code} {team_name}",
            after=after,
        )
        return ComposedTeam(
            event=event.code,
            seed=entrant.seed,
            name=team_name,
            members=tuple(p.name for p in players),
            forced=bool(late),
            after_round=paired,
        )


def dissolve(
    db: Database, event_code: str, who: str, operator: str = "", force: bool = False
) -> str:
    """Remove a team or pair (a pair only before its event has started; a team only before
    its source event's round 1 is paired, unless forced)."""
    with db.transaction() as session:
        event = get_event(session, event_code)
        if event.kind not in (EventKind.TEAM, EventKind.PAIR):
            raise FinalsError(f"{event.name}是个人项目。")
        if event.rounds:
            who_kind = "组合" if event.kind == EventKind.PAIR else "队伍"
            raise FinalsError(
                f"{event.name}已经开赛，{who_kind}只能退赛（finals withdraw），不能删除。",
                window=f"{event.name}已经开赛，{who_kind}只能退赛，不能解散或删除。",
            )
        entrant = find_entrant(session, event, who)
        late = lock_reason(session, event)
        _refuse_late(late, force, f"不能解散“{entrant.name}”")
        before = {
            "members": [m.player.name for m in entrant.members],
            "seed": entrant.seed,
            "entrant": entrant.id,
        }
        after = (
            {"dissolved": True, "forced": True, "after_round": _source_rounds(session, event)[1]}
            if late
            else None
        )
        record(
            session,
            operator,
            FORCED_DISSOLVE if late else "解散组合",
            f"{event.code} {entrant.name}",
            before,
            after,
        )
        session.delete(entrant)
        return entrant.name


# -- forced late changes, read back from the audit log ---------------------------------------


@dataclass(frozen=True)
class LateChanges:
    """Every forced late change per event, and the one each existing team carries."""

    by_event: dict[str, tuple[LateChange, ...]]
    by_entrant: dict[EntrantId, LateChange]


def late_changes(session: Session) -> LateChanges:
    entries = session.scalars(
        select(AuditEntry)
        .where(AuditEntry.action.in_(_COMPOSE_ACTIONS + _DISSOLVE_ACTIONS))
        .order_by(AuditEntry.id)
    )
    by_event: dict[str, list[LateChange]] = {}
    last: dict[
        EntrantId, tuple[str, str, LateChange | None]
    ] = {}  # entrant id → action, name, change
    for entry in entries:
        code, _, team = (entry.target or "").partition(" ")
        data = (entry.after if entry.action in _COMPOSE_ACTIONS else entry.before) or {}
        entrant = EntrantId(data["entrant"]) if isinstance(data.get("entrant"), int) else None
        change = None
        if entry.action in (FORCED_COMPOSE, FORCED_DISSOLVE):
            extra = entry.after or {}
            change = LateChange(
                event=code,
                action=LateChangeAction.COMPOSED
                if entry.action == FORCED_COMPOSE
                else LateChangeAction.DISSOLVED,
                team=team,
                entrant=entrant,
                members=tuple(str(m) for m in data.get("members", [])),
                after_round=int(extra.get("after_round") or 0),
                operator=entry.operator,
                time=entry.time.isoformat(sep=" "),
            )
            by_event.setdefault(code, []).append(change)
        if entrant is not None:
            last[entrant] = (entry.action, team, change)
    by_entrant = {
        entrant: change
        for entrant, (action, _, change) in last.items()
        if action == FORCED_COMPOSE and change is not None
    }
    return LateChanges({k: tuple(v) for k, v in by_event.items()}, by_entrant)


def late_marks(session: Session, entrants: Iterable[Entrant]) -> dict[int, LateChange]:
    """The forced late composition each of `entrants` carries (its name must still match)."""
    marks = late_changes(session).by_entrant
    found = ((e, marks.get(EntrantId(e.id))) for e in entrants)
    return {e.id: mark for e, mark in found if mark is not None and mark.team == e.name}


@dataclass(frozen=True, slots=True)
class LateChangeLine:
    """A forced late change as the teams view lists it."""

    event: str
    team: str
    members: tuple[str, ...]
    entrant: EntrantId | None  # the team it made, while that team still exists under its name
    text: str  # e.g. 第9轮编排后强制组队（张裁判，2022-10-20 15:02:11）


def late_change_list(db: Database) -> list[LateChangeLine]:
    """Every forced late change, oldest first, with its event code."""
    with db.reading() as session:
        changes = late_changes(session)
        existing = {e.id: e.name for e in session.scalars(select(Entrant))}
        return [
            LateChangeLine(
                event=c.event,
                team=c.team,
                members=c.members,
                entrant=c.entrant
                if c.action is LateChangeAction.COMPOSED
                and c.entrant is not None
                and existing.get(c.entrant) == c.team
                else None,
                text=c.describe(),
            )
            for items in changes.by_event.values()
            for c in items
        ]


# -- eligibility: what is wrong with the teams and pairs now ----------------------------------


def entrant_problems(session: Session) -> dict[int, list[str]]:
    """Every team's and pair's eligibility problems as they stand now, by entrant id."""
    out: dict[int, list[str]] = {}
    tournament = session.scalars(select(Tournament)).one()
    rules = {r.code: r for r in event_rules(session)}
    events = list(
        session.scalars(
            select(Event)
            .where(Event.kind.in_((EventKind.TEAM, EventKind.PAIR)))
            .order_by(Event.position)
            .options(
                selectinload(Event.entrants)
                .selectinload(Entrant.members)
                .selectinload(EntrantMember.player)
            )
        )
    )
    sources: dict[str, tuple[str, dict[int, Entrant]]] = {}  # code → name, player → entrant
    for event in events:
        if (
            event.kind == EventKind.TEAM
            and event.source_event
            and event.source_event not in sources
        ):
            source = get_event(session, event.source_event)
            sources[source.code] = (
                source.name,
                {e.player_id: e for e in source.entrants if e.player_id is not None},
            )
        for entrant in event.entrants:
            players = [m.player for m in entrant.members]
            errors: list[RowError] = []
            found: list[str] = []
            if event.kind == EventKind.TEAM:
                check_team(
                    (event.code, entrant.name),
                    [player_row(p) for p in players],
                    rules[event.code],
                    errors,
                )
                source_name, in_source = sources.get(event.source_event or "", ("", {}))
                for p in players:
                    member = in_source.get(p.id)
                    if member is None and source_name:
                        found.append(f"{p.name}不在{source_name}的参赛名单中")
                    elif member is not None and member.status == EntrantStatus.WITHDRAWN:
                        since = (
                            f"第{member.withdrawn_from_round}轮起"
                            if member.withdrawn_from_round
                            else ""
                        )
                        found.append(f"{p.name}已退赛（{source_name}{since}），不再为队伍得分")
            elif len(players) == 2:
                check_pair(
                    rules[event.code],
                    player_row(players[0]),
                    player_row(players[1]),
                    tournament.start_date,
                    errors,
                )
            found += _messages(errors)
            if found:
                out[entrant.id] = found
    return out


@dataclass(frozen=True, slots=True)
class TeamProblem:
    """One eligibility problem of a team or pair (`finals eligibility --json`: this, as a dict,
    with "level": "error" added)."""

    event: str
    entrant: str  # the team's or pair's name
    entrant_id: int
    message: str


def problems(db: Database) -> list[TeamProblem]:
    """Every eligibility problem of the teams and pairs as they stand now."""
    with db.reading() as session:
        found = entrant_problems(session)
        entrants = session.scalars(select(Entrant).where(Entrant.id.in_(found)))
        where = {e.id: (e.event.code, e.name) for e in entrants}
        return [
            TeamProblem(
                event=where[entrant][0],
                entrant=where[entrant][1],
                entrant_id=entrant,
                message=message,
            )
            for entrant, messages in found.items()
            for message in messages
        ]
