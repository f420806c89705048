"""Composing teams and pairs by hand, with the same eligibility checks as the import."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.errors import FinalsError
from app.io.registration import PlayerRow, RowError, check_pair, check_team
from app.services.audit import record
from app.services.players import find_entrant
from app.services.registration import event_rules
from app.services.tournament import get_event
from app.store.database import Database
from app.store.models import Entrant, EntrantMember, Event, Player, Tournament


def _row(player: Player, events: tuple[str, ...] = ()) -> PlayerRow:
    return PlayerRow(
        row=0, name=player.name, gender=player.gender, birth_date=player.birth_date,
        unit=player.unit, region=player.region, grade=player.grade, rating=player.rating,
        source=player.source, qualifier_rank=player.qualifier_rank, id_number=None, phone=None,
        seed=None, events=events, group=None,
    )


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


def compose(
    db: Database, event_code: str, name: str | None, members: list[str], operator: str = ""
) -> dict[str, Any]:
    """A team (members by seed or name in its source event) or a pair (by name)."""
    with db.transaction() as session:
        event = get_event(session, event_code)
        if event.kind not in ("team", "pair"):
            raise FinalsError(f"{event.name}是个人项目，不需要组队。")
        if event.kind == "pair" and event.rounds:
            raise FinalsError(f"{event.name}已经开赛，不能再增加组合。")
        rules = next(r for r in event_rules(session) if r.code == event.code)
        if event.kind == "team":
            source = get_event(session, event.source_event)
            players = [p for p in (find_entrant(session, source, who).player for who in members) if p]
            team_name = (name or "").strip()
            if not team_name:
                raise FinalsError("请给出队名。")
            if any(e.name == team_name for e in event.entrants):
                raise FinalsError(f"{event.name}已有名为“{team_name}”的队伍。请换一个队名。")
            errors: list[RowError] = []
            check_team((event.code, team_name), [_row(p) for p in players], rules, errors)
        else:
            if len(members) != 2:
                raise FinalsError("双人组合须为两名选手。")
            players = [_player_by_name(session, who) for who in members]
            team_name = name or f"{players[0].name}/{players[1].name}"
            tournament = session.scalars(select(Tournament)).one()
            errors = []
            check_pair(rules, _row(players[0]), _row(players[1]), tournament.start_date, errors)
        problems = _messages(errors) + _already_in(event, players)
        if len({p.id for p in players}) != len(players):
            problems.append("同一名选手不能重复列入。")
        if problems:
            raise FinalsError(f"不能组成“{team_name}”：", problems)
        units = [p.unit for p in players if p.unit]
        entrant = Entrant(
            event=event, seed=max((e.seed for e in event.entrants), default=0) + 1,
            name=team_name, unit=max(set(units), key=units.count) if units else None,
        )
        entrant.members = [EntrantMember(position=i, player=p) for i, p in enumerate(players)]
        session.add(entrant)
        session.flush()
        record(session, operator, "组队", f"{event.code} {team_name}",
               after={"members": [p.name for p in players], "seed": entrant.seed})
        return {"event": event.code, "seed": entrant.seed, "name": team_name,
                "members": [p.name for p in players]}


def dissolve(db: Database, event_code: str, who: str, operator: str = "") -> str:
    """Remove a team or pair (a pair only before its event has started)."""
    with db.transaction() as session:
        event = get_event(session, event_code)
        if event.kind == "pair" and event.rounds:
            raise FinalsError(f"{event.name}已经开赛，组合只能退赛（finals withdraw），不能删除。")
        if event.kind not in ("team", "pair"):
            raise FinalsError(f"{event.name}是个人项目。")
        entrant = find_entrant(session, event, who)
        record(session, operator, "解散组合", f"{event.code} {entrant.name}",
               {"members": [m.player.name for m in entrant.members], "seed": entrant.seed}, None)
        session.delete(entrant)
        return entrant.name


def problems(db: Database) -> list[dict[str, Any]]:
    """Every eligibility problem of the teams and pairs as they stand now."""
    out: list[dict[str, Any]] = []
    with db.reading() as session:
        tournament = session.scalars(select(Tournament)).one()
        rules = {r.code: r for r in event_rules(session)}
        for event in session.scalars(select(Event).where(Event.kind.in_(("team", "pair")))):
            for entrant in event.entrants:
                players = [m.player for m in entrant.members]
                errors: list[RowError] = []
                if event.kind == "team":
                    check_team((event.code, entrant.name), [_row(p) for p in players],
                               rules[event.code], errors)
                    source = get_event(session, event.source_event)
                    playing = {e.player_id for e in source.entrants if e.status == "playing"}
                    for p in players:
                        if p.id not in playing:
                            out.append({"event": event.code, "entrant": entrant.name,
                                        "message": f"{p.name}不在{source.name}的参赛名单中（或已退赛）"})
                elif len(players) == 2:
                    check_pair(rules[event.code], _row(players[0]), _row(players[1]),
                               tournament.start_date, errors)
                for message in _messages(errors):
                    out.append({"event": event.code, "entrant": entrant.name, "message": message})
    return out
