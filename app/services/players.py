"""Single-player registration changes: add, edit, withdraw, absent, seed numbers."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.domain import EntrantId, EntrantStatus, EventKind, RoundStatus, Seed
from app.errors import FinalsError
from app.io.dates import birth_date_problem, parse_date
from app.io.registration import (
    EventRules,
    RowError,
    check_individual,
    check_pair,
    check_team,
    exclusive_warning,
)
from app.services.audit import record
from app.services.lookup import event_rules, find_entrant, player_row
from app.services.seeding import apply_order
from app.services.snapshots import disqualified_after
from app.services.tournament import get_event
from app.standings.categories import normalize_gender
from app.store.database import Database
from app.store.models import Entrant, EntrantMember, EntrantRoundStatus, Event, Player, Tournament
from app.text import NAME_MAX, clean_text

EDITABLE = (
    "name",
    "gender",
    "birth_date",
    "unit",
    "region",
    "grade",
    "rating",
    "source",
    "qualifier_rank",
    "id_number",
    "phone",
    "platform_account",
)
PRIVATE = ("id_number", "phone", "platform_account")  # stored for checks, never shown
PUBLIC = (
    "name",
    "gender",
    "birth_date",
    "unit",
    "region",
    "grade",
    "rating",
    "source",
    "qualifier_rank",
)
FIELD_WORDS = {
    "name": "姓名",
    "gender": "性别",
    "birth_date": "出生日期",
    "unit": "单位",
    "region": "地区",
    "grade": "段位",
    "rating": "等级分",
    "source": "来源",
    "qualifier_rank": "名次",
    "id_number": "身份证号",
    "phone": "电话",
    "platform_account": "平台账号",
}
NUMBER_RANGES = {"rating": (0, 4000), "qualifier_rank": (1, 100_000)}
MAX_INITIAL_POINTS = 1000


def _public(player: Player) -> dict[str, Any]:
    data = {k: getattr(player, k) for k in PUBLIC}
    data["birth_date"] = player.birth_date.isoformat() if player.birth_date else None
    return data


def _clean(field: str, value: Any) -> Any:
    """A field as typed, checked and stored: text without invisible characters, numbers in
    range, a birth date that can be one. Raises FinalsError naming the field."""
    words = FIELD_WORDS.get(field, field)
    if field == "name":
        return clean_text(value, words, required=True, max_length=NAME_MAX)
    if field == "gender" and isinstance(value, str) and not value.strip():
        raise FinalsError("性别不能为空。请填写“男”或“女”（不修改性别时不要给出这一项）。")
    if isinstance(value, str):
        value = clean_text(value, words, max_length=NAME_MAX)
    if value is None:
        return None
    if field == "gender":
        gender = normalize_gender(str(value))
        if gender is None:
            raise FinalsError(f"性别“{value}”无法识别。请填写“男”或“女”。")
        return gender
    if field == "birth_date":
        day = parse_date(value)
        if day is None:
            raise FinalsError(f"出生日期“{value}”无效。请写成 2010-05-03 或 2010年5月3日。")
        problem = birth_date_problem(day)
        if problem:
            raise FinalsError(f"{problem}，不可能是出生日期。请核对后重新输入。")
        return day
    if field in NUMBER_RANGES:
        low, high = NUMBER_RANGES[field]
        try:
            number = int(value)
        except (TypeError, ValueError) as exc:
            raise FinalsError(f"{words}“{value}”不是整数。请填写数字。") from exc
        if not low <= number <= high:
            raise FinalsError(f"{words}应在 {low} 到 {high} 之间（收到 {value}）。")
        return number
    return value


def _initial_points(value: float) -> float:
    import math

    if not math.isfinite(value) or abs(value) > MAX_INITIAL_POINTS:
        raise FinalsError(
            f"初始积分应是 -{MAX_INITIAL_POINTS} 到 {MAX_INITIAL_POINTS} 之间的数（收到 {value}）。"
        )
    return float(value)


def add_player(
    db: Database,
    event_code: str,
    fields: dict[str, Any],
    operator: str = "",
    initial_points: float = 0.0,
) -> int:
    """Register one player in an individual event; after round 1 a late entrant."""
    with db.transaction() as session:
        event = get_event(session, event_code)
        if event.kind != EventKind.INDIVIDUAL:
            raise FinalsError(f"{event.name}是{event.kind}项目，请用报名表导入队伍或双人组合。")
        initial_points = _initial_points(initial_points)
        values = {k: _clean(k, fields.get(k)) for k in EDITABLE}
        if values["id_number"] and session.scalar(
            select(Player).where(Player.id_number == values["id_number"])
        ):
            raise FinalsError("该身份证号已经登记。同一选手只能登记一次。")
        _refuse_taken_account(session, values["platform_account"], None)
        if any(
            e.name == values["name"] and e.player and e.player.birth_date == values["birth_date"]
            for e in event.entrants
        ):
            raise FinalsError(f"{values['name']}已在{event.name}中。同一选手只能登记一次。")
        errors: list[RowError] = []
        rules = next(r for r in event_rules(session) if r.code == event.code)
        check_individual(player_row(Player(**values)), rules, errors)
        if errors:
            raise FinalsError("不能加入：" + "；".join(_named(e) for e in errors))
        player = Player(**values)
        session.add(player)
        seed = max((e.seed for e in event.entrants), default=0) + 1
        entrant = Entrant(
            event=event,
            seed=seed,
            name=player.name,
            player=player,
            unit=player.unit,
            joined_round=len(event.rounds) + 1,
            initial_points=float(initial_points),
        )
        session.add(entrant)
        session.flush()
        record(
            session,
            operator,
            "添加选手",
            f"{event.code} #{seed} {player.name}",
            after={
                **_public(player),
                "seed": seed,
                "joined_round": entrant.joined_round,
                "initial_points": initial_points,
            },
        )
        return seed


def edit_player(
    db: Database, event_code: str, who: str, fields: dict[str, Any], operator: str = ""
) -> None:
    with db.transaction() as session:
        event = get_event(session, event_code)
        entrant = find_entrant(session, event, who)
        player = entrant.player
        if player is None:
            raise FinalsError("队伍和双人组合请编辑其队员。")
        before = _public(player)
        private = {k: getattr(player, k) for k in PRIVATE}
        rules = {r.code: r for r in event_rules(session)}
        start = session.scalars(select(Tournament.start_date)).first()
        was = {_where(e) for e in player_problems(session, player, rules, start)}
        for key, value in fields.items():
            if key not in EDITABLE:
                raise FinalsError(f"不能修改“{key}”。可修改：{', '.join(EDITABLE)}。")
            setattr(player, key, _clean(key, value))
        if "platform_account" in fields:
            _refuse_taken_account(session, player.platform_account, player.id)
        # Every rule of every event the player is in, as at import: what this edit breaks is
        # refused (a problem the file already had is left to `finals eligibility`).
        new = [e for e in player_problems(session, player, rules, start) if _where(e) not in was]
        if new:
            raise FinalsError("不能修改：" + "；".join(_named(e[1]) for e in new))
        for same in session.scalars(select(Entrant).where(Entrant.player_id == player.id)):
            same.name, same.unit = player.name, player.unit  # every event the player is in
        # Private fields are never written into the log: only that they changed.
        changed = [FIELD_WORDS[k] for k in PRIVATE if getattr(player, k) != private[k]]
        record(
            session,
            operator,
            "修改选手",
            f"{event.code} #{entrant.seed}",
            before,
            {**_public(player), **({"已修改（不公开）": changed} if changed else {})},
        )


def _named(error: RowError) -> str:
    return f"【{error.column}】{error.message}" if error.column else error.message


def _where(problem: tuple[str, RowError]) -> tuple[str, int, str]:
    return problem[0], problem[1].row, problem[1].column


def _refuse_taken_account(session: Session, account: str | None, own: int | None) -> None:
    if not account:
        return
    other = session.scalars(
        select(Player).where(Player.platform_account == account, Player.id != (own or 0))
    ).first()
    if other is not None:
        raise FinalsError(
            f"【平台账号】“{account}”已属于已登记的选手{other.name}。"
            "每名选手填写自己的弈战账号，请核对。"
        )


def player_problems(
    session: Session,
    player: Player,
    rules: dict[str, EventRules],
    start: date | None,
) -> list[tuple[str, RowError]]:
    """(event code, problem) for every eligibility rule the player breaks, in every event
    they are in: alone (individual), in a team or in a pair. The player's own problems
    carry row 1, a team- or pair-mate's row 0."""
    out: list[tuple[str, RowError]] = []
    for entrant in session.scalars(select(Entrant).where(Entrant.player_id == player.id)):
        errors: list[RowError] = []
        if entrant.event.kind == EventKind.INDIVIDUAL:
            check_individual(player_row(player, 1), rules[entrant.event.code], errors)
        out += [(entrant.event.code, e) for e in errors]
    groups = session.scalars(
        select(Entrant)
        .join(EntrantMember, EntrantMember.entrant_id == Entrant.id)
        .where(EntrantMember.player_id == player.id)
    )
    for entrant in groups:
        event = entrant.event
        members = [
            player_row(m.player, 1 if m.player_id == player.id else 0) for m in entrant.members
        ]
        errors = []
        if event.kind == EventKind.TEAM:
            check_team((event.code, entrant.name), members, rules[event.code], errors)
        elif event.kind == EventKind.PAIR and len(members) == 2:
            check_pair(rules[event.code], members[0], members[1], start, errors)
        out += [(event.code, e) for e in errors]
    return out


@dataclass(frozen=True, slots=True)
class PlayerProblem:
    """One individual entrant against their event's rules (`finals eligibility --json`: this,
    as a dict)."""

    event: str
    entrant: str
    level: str  # error | warning
    message: str


def eligibility_problems(db: Database) -> list[PlayerProblem]:
    """What `finals eligibility` adds to the teams' and pairs': every individual entrant who
    breaks their event's rules now (e.g. data an older version let in), as errors; a player
    in two events that exclude each other (eligibility.exclusive_with), as a warning."""
    out: list[PlayerProblem] = []
    with db.reading() as session:
        rules = {r.code: r for r in event_rules(session)}
        events = list(
            session.scalars(
                select(Event).where(Event.kind == EventKind.INDIVIDUAL).order_by(Event.position)
            )
        )
        for event in events:
            for entrant in event.entrants:
                if entrant.player is None:
                    continue
                errors: list[RowError] = []
                check_individual(player_row(entrant.player), rules[event.code], errors)
                out += [PlayerProblem(event.code, entrant.name, "error", _named(e)) for e in errors]
        out += _exclusive_warnings(events, rules)
    return out


def _person_keys(player: Player) -> set[tuple[Any, ...]]:
    """What identifies one person across events (players added twice by hand included)."""
    keys: set[tuple[Any, ...]] = {("id", player.id)}
    if player.birth_date:
        keys.add(("name", player.name, player.birth_date))
    if player.id_number:
        keys.add(("id_number", player.id_number))
    return keys


def _exclusive_warnings(events: list[Event], rules: dict[str, EventRules]) -> list[PlayerProblem]:
    by_code = {e.code: e for e in events}
    out: list[PlayerProblem] = []
    said: set[tuple[frozenset[str], int]] = set()
    for event in events:
        for other_code in rules[event.code].eligibility.get("exclusive_with") or ():
            other = by_code.get(other_code)
            if other is None:
                continue
            playing = {
                key
                for e in other.entrants
                if e.player and e.status != EntrantStatus.WITHDRAWN
                for key in _person_keys(e.player)
            }
            for entrant in event.entrants:
                pair = (frozenset((event.code, other.code)), entrant.player_id or 0)
                if (
                    entrant.player is None
                    or entrant.status == EntrantStatus.WITHDRAWN
                    or pair in said
                    or not _person_keys(entrant.player) & playing
                ):
                    continue
                said.add(pair)
                out.append(
                    PlayerProblem(
                        event.code,
                        entrant.name,
                        "warning",
                        exclusive_warning(entrant.name, other.name, event.name),
                    )
                )
    return out


def _require_unpaired_round(event: Event, number: int) -> None:
    """A status takes effect from a round not yet paired and within the plan: a round already
    paired or played is changed through its results (a forfeit), never behind them."""
    paired = len(event.rounds)
    planned = max(event.rounds_planned or 0, paired)
    if number < 1:
        raise FinalsError(f"轮次应为 1 或更大的整数（收到 {number}）。")
    if number <= paired:
        raise FinalsError(
            f"{event.name}第{number}轮已编排{'并已赛完' if event.rounds[number - 1].status == 'complete' else ''}，"
            "不能再改该轮的参赛状态。该轮未到场请录入弃权成绩（如 -+ 或 +-）；"
            f"退赛或请假从第{paired + 1}轮起。"
        )
    if planned and number > planned:
        raise FinalsError(
            f"{event.name}共 {planned} 轮，没有第{number}轮"
            f"{'：比赛已全部编排，不能再退赛或请假' if paired >= planned else ''}。"
        )


# set_status's word for undoing a round's absence (请假): the round row goes, no status is stored.
PRESENT = "present"


def set_status(
    db: Database,
    event_code: str,
    who: str,
    status: str,
    round_number: int | None = None,
    operator: str = "",
) -> str:
    """withdraw (from the next round on), absent / present for one round."""
    with db.transaction() as session:
        event = get_event(session, event_code)
        entrant = find_entrant(session, event, who)
        next_round = len(event.rounds) + 1
        if entrant.status == EntrantStatus.DISQUALIFIED:
            from app.services.disqualification import undo_in_session

            if status == EntrantStatus.PLAYING:  # finals reinstate: undo the disqualification
                return undo_in_session(session, event, entrant, operator)
            raise FinalsError(
                f"{entrant.name}已被取消资格，不再编排，无需退赛或请假。"
                f"要让他恢复参赛，请撤销取消资格（finals disqualify FILE {entrant.seed} "
                f"--event {event.code} --undo）。未改动。",
                window=f"{entrant.name}已被取消资格，不再编排。要恢复参赛，请撤销取消资格。未改动。",
            )
        if status in (EntrantStatus.WITHDRAWN, RoundStatus.ABSENT, PRESENT):
            _require_unpaired_round(event, round_number if round_number is not None else next_round)
        target = f"{event.code} #{entrant.seed} {entrant.name}"
        before = {"status": entrant.status, "withdrawn_from_round": entrant.withdrawn_from_round}
        sat_out: list[int] = []
        if status == EntrantStatus.WITHDRAWN:
            entrant.status = EntrantStatus.WITHDRAWN
            entrant.withdrawn_from_round = round_number or next_round
            message = f"{entrant.name}自第{entrant.withdrawn_from_round}轮起退赛。"
        elif status == EntrantStatus.PLAYING:
            sat_out = _keep_rounds_sat_out(entrant, event)
            entrant.status, entrant.withdrawn_from_round = EntrantStatus.PLAYING, None
            message = f"{entrant.name}恢复参赛。"
            if sat_out:
                rounds = "、".join(str(n) for n in sat_out)
                message = f"{entrant.name}自第{next_round}轮起恢复参赛（第{rounds}轮仍记为退赛）。"
        elif status in (RoundStatus.ABSENT, PRESENT):
            number = round_number or next_round
            row = session.get(EntrantRoundStatus, (entrant.id, number))
            if status == RoundStatus.ABSENT:
                if row is None:
                    session.add(
                        EntrantRoundStatus(
                            entrant_id=entrant.id, round_number=number, status=RoundStatus.ABSENT
                        )
                    )
                message = f"{entrant.name}第{number}轮请假（不编排，不轮空）。"
            else:
                if row is not None:
                    session.delete(row)
                message = f"{entrant.name}第{number}轮参赛。"
        else:
            raise FinalsError(f"未知状态 {status}。")
        record(
            session,
            operator,
            "选手状态",
            target,
            before,
            {
                "status": status,
                "round": round_number or next_round,
                **({"withdrawn_rounds": sat_out} if sat_out else {}),
            },
        )
        return message


def _keep_rounds_sat_out(entrant: Entrant, event: Event) -> list[int]:
    """A reinstatement undoes a withdrawal from the next round on: the paired rounds the
    player sat out as withdrawn stay so (a round's status row each), so that a past round
    is still read as it was paired.  Returns those rounds."""
    since = entrant.withdrawn_from_round
    if entrant.status != EntrantStatus.WITHDRAWN or since is None:
        return []
    kept = {s.round_number for s in entrant.round_status}
    played = {
        rnd.number
        for rnd in event.rounds
        for game in rnd.games
        if entrant.id in (game.first_id, game.second_id)
    }
    rounds = [
        rnd.number
        for rnd in event.rounds
        if rnd.number >= since and rnd.number not in played and rnd.number not in kept
    ]
    for number in rounds:
        entrant.round_status.append(
            EntrantRoundStatus(round_number=number, status=RoundStatus.WITHDRAWN)
        )
    return rounds


def set_seed(db: Database, event_code: str, who: str, new_seed: int, operator: str = "") -> None:
    """Move an entrant to seed `new_seed`, shifting the others (before round 1 only)."""
    with db.transaction() as session:
        event = get_event(session, event_code)
        if event.rounds:
            raise FinalsError("第1轮已编排，序号不能再改。如需改动，请先删除第1轮的编排。")
        entrant = find_entrant(session, event, who)
        ordered = [e for e in sorted(event.entrants, key=lambda e: e.seed) if e is not entrant]
        if not 1 <= new_seed <= len(ordered) + 1:
            raise FinalsError(f"序号应在 1 到 {len(ordered) + 1} 之间。")
        before = entrant.seed
        ordered.insert(new_seed - 1, entrant)
        apply_order(session, ordered)
        record(
            session,
            operator,
            "修改序号",
            f"{event.code} {entrant.name}",
            {"seed": before},
            {"seed": new_seed},
        )


@dataclass(frozen=True, slots=True)
class EntrantRow:
    """One entrant as the players list shows it (`finals players --json`: this, as a dict;
    the fields in this order)."""

    event: str
    id: EntrantId
    seed: Seed
    name: str
    gender: str | None
    unit: str | None
    region: str | None
    birth_date: str | None  # ISO date
    grade: str | None
    rating: int | None
    source: str | None
    status: EntrantStatus
    members: tuple[str, ...]  # a team's or pair's players; () for a single player
    # Private: shown to the arbiter here, never exported or printed.
    platform_account: str | None
    # 取消资格: the rounds paired when it was recorded, and the reason (None otherwise).
    disqualified_after_round: int | None = None
    disqualified_reason: str | None = None


def list_entrants(db: Database, event_code: str | None = None) -> list[EntrantRow]:
    with db.reading() as session:
        events = (
            [get_event(session, event_code)]
            if event_code
            else list(session.scalars(select(Event).order_by(Event.position)))
        )
        rows = []
        for event in events:
            for e in event.entrants:
                p = e.player
                rows.append(
                    EntrantRow(
                        event=event.code,
                        id=EntrantId(e.id),
                        seed=Seed(e.seed),
                        name=e.name,
                        gender=p.gender if p else None,
                        unit=e.unit,
                        region=p.region if p else None,
                        birth_date=p.birth_date.isoformat() if p and p.birth_date else None,
                        grade=p.grade if p else None,
                        rating=p.rating if p else None,
                        source=p.source if p else None,
                        status=e.status,
                        members=tuple(m.player.name for m in e.members),
                        platform_account=p.platform_account if p else None,
                        disqualified_after_round=disqualified_after(e),
                        disqualified_reason=e.disqualified_reason
                        if e.status == EntrantStatus.DISQUALIFIED
                        else None,
                    )
                )
        return rows
