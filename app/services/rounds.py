"""Pairing use cases: pair the next round, re-pair, manual edits with checks, undo."""

from __future__ import annotations

import zlib
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from app.domain import EntrantId, EntrantStatus, EventKind, RoundState, RoundStatus
from app.errors import FinalsError
from app.pairing import edits
from app.pairing.availability import FORFEITS, SitOut, forfeit_reason, forfeit_withdrawals
from app.pairing.checker import check_round, colour_notes
from app.pairing.engine import pair_round
from app.pairing.mcmahon import VIEW_MEANWHILE
from app.pairing.model import Finding, PairedGame, Pairing, PairingRequest, TableNote
from app.pairing.opengotha_engine import gives_handicaps
from app.pairing.openings import draw_opening
from app.pairing.progress import PairingStep, Progress, throttled
from app.pairing.report import explain, format_report
from app.services.audit import last_change_by, record
from app.services.backup import backup_warning
from app.services.remote_entry import add_missing_tokens, void_changed_tables
from app.services.snapshots import (
    availability,
    event_settings_of,
    is_team_match,
    mcmahon_standings_notes,
    mcmahon_start_points,
    pairing_request,
)
from app.services.tournament import get_event
from app.standings.team_match import board_seats
from app.store.database import Database
from app.store.models import Board, Entrant, Event, Game, Round

EDIT_ACTION = "编排调整"
BY_HAND_ACTION = "手工编排"  # a round started with no table, paired by hand


@dataclass(frozen=True)
class RoundView:
    event: str
    event_name: str
    number: int
    status: str
    opening: str | None
    lot_seed: int | None
    opening_seed: int | None
    games: tuple[PairedGame, ...]
    results: dict[int, str | None]
    notes: tuple[TableNote, ...]
    findings: tuple[Finding, ...]
    relaxations: tuple[str, ...]
    report: str
    names: dict[int, str]
    seeds: dict[int, int]
    units: dict[int, str | None]
    warnings: tuple[str, ...] = ()  # what half-succeeded, e.g. paired but not backed up
    mcmahon: bool = False  # the scores are McMahon scores (麦克马洪分), not points (积分)
    # What the round was paired from (scores, colours, opponents, units before it): a pair
    # picked by hand is checked against it before it is made.
    request: PairingRequest | None = None
    # Who is not paired in the round and why (请假, 退赛, 连续弃权取消资格, 迟到未入).
    sitting_out: tuple[SitOut, ...] = ()
    withdraw_after_forfeits: int = 0  # the forfeit rule in force (0: off)
    # Go events whose games may carry a handicap (an imported OpenGotha file's): shown.
    handicaps: bool = False
    # Colour imbalances where the event's colour limits are a preference (pairing.colour_limits
    # =preference, a McMahon event paired by OpenGotha's engine): notes, not breaches.
    colour_notes: tuple[Finding, ...] = ()


def default_seed(event: Event, round_number: int, what: str) -> int:
    """A reproducible lot seed: the same file and command give the same lot."""
    return zlib.crc32(f"{event.code}:{round_number}:{what}".encode())


def _round(event: Event, number: int) -> Round:
    if number < 1:
        raise FinalsError(f"轮次应为 1 或更大的整数（收到 {number}）。")
    for rnd in event.rounds:
        if rnd.number == number:
            return rnd
    raise FinalsError(f"{event.name}第{number}轮还没有编排。")


def _games_of(rnd: Round) -> tuple[PairedGame, ...]:
    return tuple(
        PairedGame(
            g.table,
            EntrantId(g.first_id),
            None if g.second_id is None else EntrantId(g.second_id),
            g.handicap or 0,
        )
        for g in rnd.games
    )


def _has_results(rnd: Round) -> bool:
    return any(
        (g.result is not None or any(b.result for b in g.boards)) and g.second_id is not None
        for g in rnd.games
    )


def _write_games(session: Session, rnd: Round, games: tuple[PairedGame, ...]) -> list[int]:
    """Replace the round's tables; returns the phone submissions this voided (tables whose
    players or seats changed after the referee sent a result)."""
    for game in list(rnd.games):
        session.delete(game)
    session.flush()
    rnd.games = [
        Game(
            table=g.table,
            first_id=g.first,
            second_id=g.second,
            result="bye" if g.second is None else None,
            opening=rnd.opening,
            handicap=g.handicap,
        )
        for g in sorted(games, key=lambda g: g.table)
    ]
    session.flush()
    if is_team_match(rnd.event):
        _add_boards(session, rnd)
    add_missing_tokens(session, rnd)  # the QR code of each result slip
    return void_changed_tables(session, rnd)


def _add_boards(session: Session, rnd: Round) -> None:
    """Team v team: member k of one team plays member k of the other; colours alternate."""
    teams = {e.id: e for e in rnd.event.entrants}
    size = event_settings_of(rnd.event, "eligibility.team_size").eligibility.team_size
    for game in rnd.games:
        if game.second_id is None:
            continue
        first = [m.player_id for m in teams[game.first_id].members]
        second = [m.player_id for m in teams[game.second_id].members]
        game.boards = [
            Board(board=k, first_player_id=a, second_player_id=b)
            for k, a, b in board_seats(first, second, size)
        ]
    session.flush()


def _games_dump(games: tuple[PairedGame, ...]) -> list[list[int | None]]:
    """[table, first, second], and the handicap after them in a handicap game."""
    return [[g.table, g.first, g.second, *([g.handicap] if g.handicap else [])] for g in games]


def _edit_after(games: tuple[PairedGame, ...], voided: list[int]) -> dict[str, Any]:
    after: dict[str, Any] = {"games": _games_dump(games)}
    if voided:
        after["voided_submissions"] = voided
    return after


def _open_tables(rnd: Round) -> list[int]:
    return [g.table for g in rnd.games if g.result is None]


def _request_for(event: Event, number: int, lot_seed: int | None = None) -> PairingRequest:
    return pairing_request(event, number, lot_seed)


def _draw_opening(event: Event, number: int, seed: int | None) -> tuple[str | None, int | None]:
    settings = event.pairing or {}
    if settings.get("opening_mode", "none") != "lot":
        return None, None
    seed = seed if seed is not None else default_seed(event, number, "opening")
    previous = next((r.opening for r in event.rounds if r.number == number - 1), None)
    return draw_opening(seed, previous, bool(settings.get("opening_no_repeat", True))), seed


def pair_next(
    db: Database,
    event_code: str,
    operator: str = "",
    lot_seed: int | None = None,
    opening_seed: int | None = None,
    extra_round: bool = False,
    round_number: int | None = None,
    progress: Progress | None = None,
) -> RoundView:
    """Pair the next round. A round past the planned number (加赛) only with `extra_round`.

    `round_number`: the round the station means to pair (the window's, `pair --round`): if
    another station paired it meanwhile, nothing is done and the message names who.
    `progress` hears the stages (reading, pairing with the share done, saving), at most
    every 0.1 s; it never changes the pairing."""
    return _start_round(
        db,
        event_code,
        operator,
        lot_seed,
        opening_seed,
        extra_round,
        round_number,
        False,
        throttled(progress) if progress is not None else None,
    )


def pair_by_hand(
    db: Database,
    event_code: str,
    operator: str = "",
    extra_round: bool = False,
    round_number: int | None = None,
) -> RoundView:
    """Start the next round with no table, to pair by hand (手工编排): the arbiter then adds
    the tables (`edit_round(..., "pair", a, b)`), each checked, audited and undoable. The
    same checks, backup and opening lot as `pair_next`; one transaction, one audit entry."""
    return _start_round(db, event_code, operator, None, None, extra_round, round_number, True)


def _start_round(
    db: Database,
    event_code: str,
    operator: str,
    lot_seed: int | None,
    opening_seed: int | None,
    extra_round: bool,
    round_number: int | None,
    by_hand: bool,
    progress: Progress | None = None,
) -> RoundView:
    if progress is not None:
        progress(PairingStep("reading"))
    with db.reading() as session:
        _refuse_unpairable(session, get_event(session, event_code), extra_round, round_number)
    backup_failed = backup_warning(db, "before-pairing", "本轮已编排")
    with db.transaction() as session:
        event = get_event(session, event_code, with_games=True)
        # Again under the write lock: another station may have paired since the check above.
        _refuse_unpairable(session, event, extra_round, round_number)
        number = len(event.rounds) + 1
        extra_note = None
        if beyond_plan(event.rounds_planned, number - 1):
            # An extra round (加赛) is the arbiter's call: allowed, recorded and shown.
            extra_note = (
                f"第{number}轮超出计划轮数（{event.rounds_planned}轮），计划轮数改为{number}轮"
            )
            event.rounds_planned = number
        first_round = event_settings_of(event, "pairing.first_round").pairing.first_round
        if number == 1 and lot_seed is None and first_round == "lot":
            lot_seed = default_seed(event, number, "lot")
        request = _request_for(event, number, lot_seed)
        if len(request.active) < 2:
            raise FinalsError(f"{event.name}第{number}轮参赛者不足两名，无法编排。请先导入选手。")
        if by_hand:  # no table yet: the arbiter adds them
            pairing = Pairing(number, (), (), (), None)
        else:
            pairing = pair_round(request, progress)
        if progress is not None:
            progress(PairingStep("saving"))
        withdrawn = _withdraw_by_forfeits(session, event, number, request, operator)
        opening, used_opening_seed = _draw_opening(event, number, opening_seed)
        notes = ([extra_note] if extra_note else []) + list(pairing.relaxations)
        rnd = Round(
            number=number,
            status=RoundState.PAIRED,
            opening=opening,
            opening_seed=used_opening_seed,
            lot_seed=pairing.lot_seed,
            relaxations=notes,
            paired_at=datetime.now(),
            pairing_settings=request.settings.to_dict(),
        )
        event.rounds.append(rnd)
        session.flush()
        _write_games(session, rnd, pairing.games)
        after: dict[str, Any] = {
            "games": _games_dump(pairing.games),
            "opening": opening,
            "lot_seed": pairing.lot_seed,
            "relaxations": list(pairing.relaxations),
        }
        if by_hand:
            after["by_hand"] = True
        record(
            session,
            operator,
            BY_HAND_ACTION if by_hand else "编排",
            f"{event.code} 第{number}轮",
            after={**after, **({"withdrawn": withdrawn} if withdrawn else {})},
        )
        # The round as written, from the request it was paired from (read once).
        view = _view(event, rnd, replace(request, lot_seed=pairing.lot_seed))
    return replace(view, warnings=(backup_failed,)) if backup_failed else view


def _withdraw_by_forfeits(
    session: Session,
    event: Event,
    number: int,
    request: PairingRequest,
    operator: str,
    only: frozenset[int] | None = None,
) -> list[str]:
    """Withdraw from round `number` on everyone the forfeit rule removes from it (RULES §1,
    pairing.withdraw_after_forfeits): a status change with its own audit entry (reason
    连续弃权N轮), in the pairing's transaction.  `only`: the entrants it may withdraw.

    Returns the players withdrawn ("3号 张三"), for the pairing's own audit entry."""
    limit = request.withdraw_after_forfeits
    ids = forfeit_withdrawals(
        (availability(e) for e in sorted(event.entrants, key=lambda e: e.seed)),
        number,
        request.history,
        limit,
    )
    by_id = {e.id: e for e in event.entrants}
    named = []
    for entrant_id in ids:
        if only is not None and entrant_id not in only:
            continue
        entrant = by_id[entrant_id]
        before = {"status": entrant.status, "withdrawn_from_round": entrant.withdrawn_from_round}
        entrant.status, entrant.withdrawn_from_round = EntrantStatus.WITHDRAWN, number
        record(
            session,
            operator,
            "选手状态",
            _status_target(event, entrant),
            before,
            {
                "status": EntrantStatus.WITHDRAWN,
                "round": number,
                "reason": forfeit_reason(limit),
                "by": f"{event.code} 第{number}轮 编排",
            },
        )
        named.append(f"{entrant.seed}号 {entrant.name}（{forfeit_reason(limit)}）")
    session.flush()
    return named


def _status_target(event: Event, entrant: Entrant) -> str:
    """The audit target of a player's status (as `finals withdraw` writes it)."""
    return f"{event.code} #{entrant.seed} {entrant.name}"


def _undo_forfeit_withdrawals(
    session: Session, event: Event, rnd: Round, operator: str
) -> list[str]:
    """Deleting round N's pairing gives back the withdrawals its forfeit rule made (pairing
    the round again makes them again): each with its own audit entry."""
    request = pairing_request(event, rnd.number, rnd.lot_seed, strict=False, as_paired=True)
    by_forfeits = {s.id for s in request.sitting_out if s.reason == FORFEITS}
    named = []
    for entrant in sorted(event.entrants, key=lambda e: e.seed):
        if (
            entrant.id in by_forfeits
            and entrant.status == EntrantStatus.WITHDRAWN
            and entrant.withdrawn_from_round == rnd.number
        ):
            entrant.status, entrant.withdrawn_from_round = EntrantStatus.PLAYING, None
            record(
                session,
                operator,
                "选手状态",
                _status_target(event, entrant),
                {"status": EntrantStatus.WITHDRAWN, "withdrawn_from_round": rnd.number},
                {
                    "status": EntrantStatus.PLAYING,
                    "reason": f"删除第{rnd.number}轮编排",
                    "by": f"{event.code} 第{rnd.number}轮 删除编排",
                },
            )
            named.append(f"{entrant.seed}号 {entrant.name}")
    return named


def _refuse_unpairable(
    session: Session, event: Event, extra_round: bool, round_number: int | None
) -> None:
    """Why the next round of `event` cannot be paired now, as a FinalsError."""
    _ensure_playable(event)
    number = len(event.rounds) + 1
    if round_number is not None and round_number != number:
        if round_number < number:
            who = last_change_by(session, f"{event.code} 第{round_number}轮")
            by = f"已由 {who} 编排" if who else "已经编排"
            raise FinalsError(
                f"{event.name}第{round_number}轮{by}（可能是另一个站点）。未做任何改动；"
                "请查看该轮的对阵。"
            )
        raise FinalsError(
            f"{event.name}下一轮是第{number}轮，不是第{round_number}轮。未做任何改动。"
        )
    beyond = beyond_plan(event.rounds_planned, len(event.rounds))
    if beyond and not extra_round:
        head = f"{event.name}计划 {event.rounds_planned} 轮，已全部编排。{beyond}"
        raise FinalsError(
            head + "确需加赛请加 --extra-round（窗口中会请您确认）；或先修改计划轮数："
            f"finals settings FILE --event {event.code} --set rounds_planned=N。",
            window=head + "确需加赛，请在提示中确认加赛；或先在“设置”中修改计划轮数。",
        )
    if event.rounds:
        last = event.rounds[-1]
        if not last.games:
            raise FinalsError(
                f"{event.name}第{last.number}轮还没有任何对阵（手工编排尚未完成）。"
                "请先编完该轮并录入成绩，或删除该轮的编排。"
            )
        missing = _open_tables(last)
        if missing:
            shown = "、".join(str(t) for t in missing[:20])
            raise FinalsError(
                f"{event.name}第{last.number}轮还有 {len(missing)} 台未录入成绩（第{shown}台）。"
                "请先录入全部成绩，再编排下一轮。"
            )


def beyond_plan(rounds_planned: int, rounds_paired: int) -> str | None:
    """Why pairing one more round goes past the plan (None when it does not)."""
    if rounds_planned and rounds_paired >= rounds_planned:
        return f"第{rounds_paired + 1}轮将超出计划轮数。"
    return None


def _ensure_playable(event: Event) -> None:
    if event.kind == EventKind.TEAM and not is_team_match(event):
        raise FinalsError(
            f"{event.name}不单独编排：团体成绩由队员在 {event.source_event} 的个人成绩相加。"
            "如按团体对抗（每轮队对队、逐台计分）进行，请设置 pairing.team_format=match。"
        )


def repair(
    db: Database,
    event_code: str,
    number: int | None,
    operator: str = "",
    lot_seed: int | None = None,
    progress: Progress | None = None,
) -> RoundView:
    """Pair the round again (only while it has no result); `progress` as in `pair_next`."""
    report = throttled(progress) if progress is not None else None
    if report is not None:
        report(PairingStep("reading"))
    with db.transaction() as session:
        event = get_event(session, event_code)
        rnd = _round(event, number or len(event.rounds))
        if rnd.number != len(event.rounds):
            raise FinalsError(f"只能重新编排最后一轮（第{len(event.rounds)}轮）。")
        if _has_results(rnd):
            raise FinalsError(f"第{rnd.number}轮已有成绩，不能重新编排。请先删除该轮成绩。")
        before = _games_dump(_games_of(rnd))
        request = _request_for(
            event, rnd.number, lot_seed if lot_seed is not None else rnd.lot_seed
        )
        pairing = pair_round(request, report)
        if report is not None:
            report(PairingStep("saving"))
        # A result corrected since the round was paired may complete a run of forfeits: the
        # rule withdraws a player it now removes who was paired before (one who sat out and
        # is playing again was reinstated by the arbiter, and stays so).
        was_paired = frozenset(
            who for g in _games_of(rnd) for who in (g.first, g.second) if who is not None
        )
        withdrawn = _withdraw_by_forfeits(
            session, event, rnd.number, request, operator, only=was_paired
        )
        rnd.relaxations, rnd.lot_seed = list(pairing.relaxations), pairing.lot_seed
        rnd.pairing_settings = request.settings.to_dict()
        voided = _write_games(session, rnd, pairing.games)
        record(
            session,
            operator,
            "重新编排",
            f"{event.code} 第{rnd.number}轮",
            {"games": before},
            {
                **_edit_after(pairing.games, voided),
                **({"withdrawn": withdrawn} if withdrawn else {}),
            },
        )
        code, num = event.code, rnd.number
    return round_view(db, code, num)


def _forget_rounds_sat_out(event: Event, number: int) -> list[str]:
    """A round sat out as withdrawn by one reinstated since is kept only while it stays
    paired: with its pairing gone the player is back for it."""
    named = []
    for entrant in sorted(event.entrants, key=lambda e: e.seed):
        for status in list(entrant.round_status):
            if status.round_number == number and status.status == RoundStatus.WITHDRAWN:
                entrant.round_status.remove(status)
                named.append(f"{entrant.seed}号 {entrant.name}（第{number}轮不再记为退赛）")
    return named


def _date_disqualifications_back(event: Event, number: int) -> list[str]:
    """One disqualified while round `number` was paired stays out of it when it is paired
    again: with its pairing gone the disqualification dates from the round before."""
    named = []
    for entrant in sorted(event.entrants, key=lambda e: e.seed):
        after = entrant.disqualified_after_round
        if entrant.status == EntrantStatus.DISQUALIFIED and after is not None and after >= number:
            entrant.disqualified_after_round = number - 1
            named.append(f"{entrant.seed}号 {entrant.name}（取消资格改为第{number - 1}轮后）")
    return named


def unpair(db: Database, event_code: str, operator: str = "") -> int:
    """Delete the last round's pairing (only while it has no result)."""
    with db.transaction() as session:
        event = get_event(session, event_code)
        if not event.rounds:
            raise FinalsError(f"{event.name}还没有编排任何轮次。")
        rnd = event.rounds[-1]
        if _has_results(rnd):
            raise FinalsError(f"第{rnd.number}轮已有成绩，不能删除编排。")
        reinstated = _undo_forfeit_withdrawals(session, event, rnd, operator)
        reinstated += _forget_rounds_sat_out(event, rnd.number)
        reinstated += _date_disqualifications_back(event, rnd.number)
        record(
            session,
            operator,
            "删除编排",
            f"{event.code} 第{rnd.number}轮",
            {"games": _games_dump(_games_of(rnd))},
            {"reinstated": reinstated} if reinstated else None,
        )
        session.delete(rnd)
        return rnd.number


EDITS: dict[str, Callable[..., tuple[PairedGame, ...]]] = {
    "swap": edits.swap_players,
    "colours": edits.exchange_colours,
    "against": edits.set_against,
    "move": edits.move_table,
    "bye": edits.give_bye,
    "pair": edits.add_pair,
    "remove": edits.remove_table,
    "clear": edits.clear_tables,
}
EDIT_NAMES = {
    "swap": "交换选手",
    "colours": "交换先后手",
    "against": "指定对阵",
    "move": "调整台号",
    "bye": "指定轮空",
    "pair": "手工配对",
    "remove": "拆台",
    "clear": "清空对阵",
}


PLAYER_EDITS = (
    "swap",
    "against",
    "bye",
    "pair",
)  # the edits that name players; the rest name tables


def edit_round(
    db: Database, event_code: str, number: int, edit: str, *args: int, operator: str = ""
) -> RoundView:
    """Apply one manual edit naming entrants by id (the window's picks); breaches are
    reported as warnings, never blocked."""
    with db.transaction() as session:
        event = get_event(session, event_code)
        _apply_edit(session, event, number, edit, args, args, operator)
        code = event.code
    return round_view(db, code, number)


def edit_round_by_seed(
    db: Database, event_code: str, number: int, edit: str, *values: int, operator: str = ""
) -> RoundView:
    """The same edit as a person types it: players by seed number (序号), tables by number."""
    with db.transaction() as session:
        event = get_event(session, event_code)
        args = values
        if edit in PLAYER_EDITS:
            by_seed = {e.seed: e.id for e in event.entrants}
            missing = [v for v in values if v not in by_seed]
            if missing:
                head = f"{event.name}没有序号{missing[0]}的参赛者（序号为 1–{max(by_seed, default=0)}）。"
                raise FinalsError(
                    head + f"请用 finals players FILE --event {event.code} 查看序号。",
                    window=head + "序号见“选手”页。",
                )
            args = tuple(by_seed[v] for v in values)
        _apply_edit(session, event, number, edit, args, values, operator)
        code = event.code
    return round_view(db, code, number)


def _apply_edit(
    session: Session,
    event: Event,
    number: int,
    edit: str,
    args: tuple[int, ...],
    shown: tuple[int, ...],
    operator: str,
) -> None:
    rnd = _round(event, number)
    if _has_results(rnd):
        raise FinalsError(f"第{number}轮已有成绩，不能再调整编排。")
    before = _games_of(rnd)
    try:
        after = EDITS[edit](before, *args)
    except edits.EditError as exc:
        who = next((f"{e.seed}号 {e.name}" for e in event.entrants if e.id == exc.entrant), "")
        raise FinalsError(exc.message(who)) from exc
    voided = _write_games(session, rnd, after)
    record(
        session,
        operator,
        EDIT_ACTION,
        f"{event.code} 第{number}轮 {EDIT_NAMES[edit]} {shown}",
        {"games": _games_dump(before)},
        _edit_after(after, voided),
    )


def undo_edit(db: Database, event_code: str, number: int, operator: str = "") -> RoundView:
    """Restore the round as it was before its latest manual edit or re-pairing."""
    from sqlalchemy import select

    from app.store.models import AuditEntry

    with db.transaction() as session:
        event = get_event(session, event_code)
        rnd = _round(event, number)
        if _has_results(rnd):
            raise FinalsError(f"第{number}轮已有成绩，不能撤销编排调整。")
        prefix = f"{event.code} 第{number}轮"
        entries = session.scalars(
            select(AuditEntry)
            .where(AuditEntry.target.like(f"{prefix}%"))
            .order_by(AuditEntry.id.desc())
        )
        current = _games_dump(_games_of(rnd))
        for entry in entries:
            if (
                entry.action in (EDIT_ACTION, "重新编排")
                and entry.before
                and entry.after
                and entry.after.get("games") == current
            ):
                games = tuple(PairedGame(*row) for row in entry.before["games"])
                voided = _write_games(session, rnd, games)
                record(
                    session,
                    operator,
                    "撤销调整",
                    prefix,
                    {"games": current},
                    _edit_after(games, voided),
                )
                break
        else:
            raise FinalsError(f"第{number}轮没有可撤销的编排调整。")
        code = event.code
    return round_view(db, code, number)


def round_view(db: Database, event_code: str, number: int | None = None) -> RoundView:
    with db.reading() as session:
        event = get_event(session, event_code, with_games=True)
        if not event.rounds:
            raise FinalsError(
                f"{event.name}还没有编排任何轮次。请先用 finals pair 编排。",
                window=f"{event.name}还没有编排任何轮次。请先在“编排”页编排第1轮。",
            )
        rnd = _round(event, number or len(event.rounds))
        # A paired round is shown even when a McMahon grade has since become unreadable (its
        # results must still be entered): the scores count 0 for it, and the view says so.
        request = pairing_request(event, rnd.number, rnd.lot_seed, strict=False, as_paired=True)
        view = _view(event, rnd, request)
        notes = mcmahon_standings_notes(
            event, mcmahon_start_points(event, strict=False), VIEW_MEANWHILE
        )
        return replace(view, warnings=(*view.warnings, *notes)) if notes else view


def _view(event: Event, rnd: Round, request: PairingRequest) -> RoundView:
    """The round as written, checked and explained against `request` (its pairing's input)."""
    games = _games_of(rnd)
    findings = check_round(request, games)
    colour = colour_notes(request, games)
    notes = explain(request, games)
    report = format_report(
        request,
        Pairing(rnd.number, games, notes, tuple(rnd.relaxations or ()), rnd.lot_seed),
        findings,
        colour,
    )
    return RoundView(
        event=event.code,
        event_name=event.name,
        number=rnd.number,
        status=rnd.status,
        opening=rnd.opening,
        lot_seed=rnd.lot_seed,
        opening_seed=rnd.opening_seed,
        games=games,
        results={g.table: g.result for g in rnd.games},
        notes=notes,
        findings=findings,
        relaxations=tuple(rnd.relaxations or ()),
        report=report,
        names={e.id: e.name for e in event.entrants},
        seeds={e.id: e.seed for e in event.entrants},
        units={e.id: e.unit for e in event.entrants},
        mcmahon=request.settings.system == "mcmahon",
        request=request,
        sitting_out=request.sitting_out,
        withdraw_after_forfeits=request.withdraw_after_forfeits,
        handicaps=any(g.handicap for g in games) or gives_handicaps(request.mcmahon),
        colour_notes=colour,
    )


def view_dict(view: RoundView) -> dict[str, Any]:
    notes = {n.table: n for n in view.notes}
    return {
        "event": view.event,
        "round": view.number,
        "status": view.status,
        "opening": view.opening,
        "lot_seed": view.lot_seed,
        "opening_seed": view.opening_seed,
        "relaxations": list(view.relaxations),
        "games": [
            {
                "table": g.table,
                "first": g.first,
                "second": g.second,
                "first_seed": view.seeds.get(g.first),
                "first_name": view.names.get(g.first),
                "second_seed": view.seeds.get(g.second) if g.second else None,
                "second_name": view.names.get(g.second) if g.second else None,
                "result": view.results.get(g.table),
                "first_score": notes[g.table].first_score if g.table in notes else None,
                "second_score": notes[g.table].second_score if g.table in notes else None,
                "colour_reason": notes[g.table].colour_reason if g.table in notes else None,
                "floats": [notes[g.table].first_float, notes[g.table].second_float]
                if g.table in notes
                else None,
                "same_unit": notes[g.table].same_unit if g.table in notes else False,
                **({"handicap": g.handicap} if view.handicaps else {}),
            }
            for g in view.games
        ],
        "findings": [
            {"rule": f.rule, "message": f.message, "tables": list(f.tables)} for f in view.findings
        ],
        # colour imbalances where colour limits are a preference (pairing.colour_limits)
        "colour_notes": [
            {"rule": f.rule, "message": f.message, "tables": list(f.tables)}
            for f in view.colour_notes
        ],
        "report": view.report,
        # who is not paired in the round and why (请假、退赛、连续弃权取消资格、迟到未入)
        "sitting_out": [
            {
                "id": s.id,
                "seed": view.seeds.get(s.id),
                "name": view.names.get(s.id),
                "reason": s.reason,
                "detail": s.detail,
            }
            for s in view.sitting_out
        ],
        "withdraw_after_forfeits": view.withdraw_after_forfeits,
    }
