"""The files Go arbiters exchange (issue 18): an event out as OpenGotha XML or EGF h9, an
OpenGotha tournament in as a new event.

Each use case is one transaction and one audit entry.  An import is checked whole before
anything is written: a bad file, an event code already taken or a result the program cannot
hold changes nothing.  An output file is written beside its place and moved in
(`write_output`), never onto the tournament file nor any other (`app.services.outputs`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.domain import EntrantStatus, EventKind, Result, RoundState, RoundStatus
from app.errors import FinalsError
from app.event_codes import check_event_code
from app.io.h9 import H9Options, event_h9, write_h9
from app.io.opengotha import (
    KEPT_KEY,
    MIN_RATING,
    NO_GRADE_RANK,
    GothaError,
    GothaResult,
    GothaTournament,
    describe_unsupported,
    event_tournament,
    grade_of_rank,
    join_name,
    kept_parameter_set,
    parse_opengotha,
    parse_rank,
    player_key,
    result_of,
    split_name,
    strip_seed_suffix,
    write_opengotha,
)
from app.pairing.model import McMahonPairing
from app.pairing.opengotha_engine import event_parameters
from app.readmodel.model import Final, FinalEvent
from app.services.audit import record
from app.services.outputs import check_output, written_output
from app.services.read_model import load_final
from app.services.results import draw_refusal
from app.services.tournament import get_event
from app.store.database import Database
from app.store.models import (
    Entrant,
    EntrantRoundStatus,
    Event,
    Game,
    Player,
    Round,
    Tournament,
)
from app.text import NAME_MAX, clean_text


@dataclass(frozen=True)
class GothaExport:
    code: str
    players: int
    rounds: int
    games: int


@dataclass(frozen=True)
class GothaImport:
    code: str
    name: str
    players: int
    rounds: int
    games: int
    system: str  # the pairing system's Chinese name
    notes: tuple[str, ...]  # what the file has that the event does not keep


# -- output files ---------------------------------------------------------------------------


def write_output(text: str, out: Path, kind: str, tournament_file: Path) -> None:
    """Write `text` to `out` whole or not at all, never onto the tournament file or any
    other (`app.services.outputs`: the command line has checked `--force` before)."""
    check_output(out, reading=[tournament_file], force=True)
    with written_output(out) as temp:
        temp.write_bytes(text.encode("utf-8"))


# -- export ---------------------------------------------------------------------------------


def _go_event(db: Database, code: str) -> tuple[Final, FinalEvent]:
    with db.reading() as session:
        found = get_event(session, code).code  # the house's message for an unknown code
    final = load_final(db)
    if final.tournament.game != "go":
        raise FinalsError("OpenGotha 与 EGF h9 文件只用于围棋比赛；本比赛不是围棋。")
    event = final.event(found)
    assert event is not None
    return final, event


def export_opengotha(db: Database, code: str, out: Path, operator: str = "") -> GothaExport:
    """Write one event as an OpenGotha XML file."""
    final, event = _go_event(db, code)
    try:
        tournament = event_tournament(final.tournament, event)
    except GothaError as exc:
        raise FinalsError(str(exc)) from None
    text = write_opengotha(tournament)
    rounds = len(event.rounds)
    with db.transaction() as session:
        write_output(text, Path(out), "xml", Path(db.path))
        record(
            session,
            operator,
            "导出OpenGotha",
            event.code,
            after={"file": str(out), "players": len(tournament.players), "rounds": rounds},
        )
    return GothaExport(event.code, len(tournament.players), rounds, len(tournament.games))


def export_h9(
    db: Database, code: str, out: Path, operator: str = "", options: H9Options | None = None
) -> GothaExport:
    """Write one event's results as an EGF h9 file (standings order)."""
    final, event = _go_event(db, code)
    try:
        table = event_h9(final.tournament, event, options or H9Options())
    except GothaError as exc:
        raise FinalsError(str(exc)) from None
    text = write_h9(table)
    with db.transaction() as session:
        write_output(text, Path(out), "h9", Path(db.path))
        record(
            session,
            operator,
            "导出EGF h9",
            event.code,
            after={"file": str(out), "players": len(table.players), "rounds": table.rounds},
        )
    games = sum(1 for r in event.rounds for g in r.games if g.second is not None)
    return GothaExport(event.code, len(table.players), table.rounds, games)


# -- import ---------------------------------------------------------------------------------


def read_opengotha(source: Path) -> GothaTournament:
    """The file, parsed and checked; FinalsError naming the file, the line and the fix."""
    source = Path(source)
    if source.is_dir():
        raise FinalsError(f"“{source}”是文件夹，不是文件。请给出 OpenGotha 导出的 XML 文件。")
    try:
        data = source.read_bytes()
    except OSError as exc:
        raise FinalsError(f"无法读取 OpenGotha 文件 {source}：{exc.strerror or exc}。") from None
    try:
        tournament = parse_opengotha(data)
    except GothaError as exc:
        raise FinalsError(f"OpenGotha 文件 {source} 有误：{exc}") from None
    unsupported = describe_unsupported(tournament)
    if unsupported:
        more = f"等 {len(unsupported)} 处" if len(unsupported) > 3 else ""
        raise FinalsError(
            f"OpenGotha 文件 {source} 有误：{'；'.join(unsupported[:3])}{more}。"
            "请在 OpenGotha 中改为黑胜、白胜、和棋或弃权后重新导出，再导入。"
        )
    return tournament


def _check_code(code: str) -> str:
    return check_event_code(code)


def _mcmahon_pairing(
    code: str, name: str, bar: str, floor: str, notes: list[str], rules: dict[str, Any]
) -> dict[str, Any] | None:
    """The pairing settings of a McMahon event, as `app.settings` stores them; None when
    this version has no McMahon settings."""
    from app.settings import schema
    from app.settings.events import StoredEvent, apply_event_changes

    if "mcmahon.bar" not in schema.EVENT_SETTINGS:
        notes.append("文件为麦克马洪制，本版本尚不支持，已按积分编排导入")
        return None
    stored = StoredEvent(code=code, name=name, kind=EventKind.INDIVIDUAL)
    after = apply_event_changes(
        stored,
        {"pairing.system": "mcmahon", "mcmahon.bar": bar, "mcmahon.floor": floor, **rules},
    )
    pairing = dict(after.group("pairing"))
    extra = after.group("mcmahon") if hasattr(after, "mcmahon") else {}
    if extra and "mcmahon" not in pairing:
        pairing["mcmahon"] = dict(extra)
    return pairing


# OpenGotha's McMahon placement criteria and our tie-breaks of the same name.
_MCMAHON_TIEBREAK_OF = {"MMS": "麦克马洪分", "SOSM": "SOS", "SOSOSM": "SOSOS", "SODOSM": "SODOS"}


def _mcmahon_rules(t: GothaTournament) -> dict[str, Any]:
    """The file's McMahon zero and its counting of rounds not played, as mcmahon settings."""
    params = t.parameters
    return {
        "mcmahon.zero": grade_of_rank(parse_rank(params.mm_zero)),
        "mcmahon.absent_score": params.mms2_absent / 2,
        "mcmahon.absent_round_down": params.round_down,
    }


# OpenGotha's Swiss placement criteria after NBW (the score) and our tie-breaks for them.
_SWISS_TIEBREAK_OF = {
    "SOSW": "对手分",
    "SOSW-1": "去一最低对手分",
    "SOSW-2": "中间分",
    "CUSSW": "累进分",
    "SOSOSW": "SOSOS",
    "SODOSW": "SODOS",
    "DC": "直胜",
    "Rating": "等级分",
}


def _swiss_order(t: GothaTournament, notes: list[str]) -> dict[str, Any]:
    """A Swiss file's placement criteria (NBW first) as the event's tie-break order; the
    ones this program has not are named, and the rest kept in their order."""
    criteria = t.parameters.placement
    order = [_SWISS_TIEBREAK_OF[c] for c in criteria[1:] if c in _SWISS_TIEBREAK_OF]
    missing = [c for c in criteria[1:] if c not in _SWISS_TIEBREAK_OF]
    if criteria[:1] != ("NBW",):
        missing.insert(0, criteria[0] if criteria else "（无）")
    if missing:
        notes.append(
            f"文件的名次依据（{'、'.join(criteria)}）中 {'、'.join(missing)} 本程序不支持，"
            f"已按 积分{''.join('、' + o for o in order)} 排名"
        )
    return {"tiebreaks": order} if order else {}


def _mcmahon_order(t: GothaTournament, notes: list[str]) -> dict[str, Any]:
    """The file's placement criteria as the event's tie-break order, when each one is ours."""
    criteria = t.parameters.placement
    order = [_MCMAHON_TIEBREAK_OF.get(c) for c in criteria]
    if not criteria or criteria[0] != "MMS" or None in order:
        missing = "、".join(c for c in criteria if c not in _MCMAHON_TIEBREAK_OF)
        notes.append(
            f"文件的名次依据（{'、'.join(criteria)}）中 {missing or criteria[0]} 本程序不支持，"
            "已按 麦克马洪分、SOS、SOSOS、SODOS 排名"
        )
        return {}
    return {"tiebreaks": order}


def _refuse_draws(session: Session, source: Path, t: GothaTournament) -> None:
    """A drawn game (jigo) in a final that records no draw: refused whole, with the file's
    komi, the final's rule and the two fixes (allow draws, or correct the file)."""
    drawn = [g for g in t.games if g.result is GothaResult.EQUAL]
    refusal = draw_refusal(session, strict=False) if drawn else None
    if refusal is None:
        return
    g = drawn[0]
    more = f"（共 {len(drawn)} 盘和棋）" if len(drawn) > 1 else ""
    raise FinalsError(
        f"OpenGotha 文件 {source} 第{g.line}行 <Game>：第{g.round}轮第{g.table}台是和棋"
        f"（RESULT_EQUAL；文件贴目 komi=“{t.parameters.komi}”）{more}，而本比赛不记和棋："
        f"{refusal.why}。未导入任何内容。如这些对局确为和棋（整数贴目）："
        f"{refusal.fix}，再导入；否则请在 OpenGotha 中改正结果后重新导出。"
    )


def _kept(t: GothaTournament, title: str, names: list[str]) -> dict[str, Any]:
    """What the export writes back and no setting holds (`app.io.opengotha.KEPT_KEY`): the
    file's parameter sets, the event's name as imported, and by the key the export gives
    each player his licences, rating origin and the file's split of his name."""
    players: dict[str, dict[str, str]] = {}
    for p, person in zip(t.players, names, strict=True):
        split = split_name(person)
        extra: dict[str, str] = dict(p.extra)
        flags = "".join("1" if f else "0" for f in p.participating)
        if "0" in flags[max(t.parameters.number_of_rounds, t.last_round) :]:
            extra["rounds"] = flags  # rounds after the planned ones, as the file had them
        if split != (" ".join(p.name.split()), " ".join(p.first_name.split())):
            extra |= {"name": p.name, "firstName": strip_seed_suffix(p.first_name)}
        if extra:
            players[player_key(*split)] = extra
    return {"title": title, "parameters": dict(t.kept), "players": players}


def _unpairable_parameters(kept: dict[str, Any]) -> list[str]:
    """Said at import (the event is made all the same): a parameter of the file that the
    OpenGotha engine cannot pair with stops each pairing until it is fixed."""
    tree = kept_parameter_set(kept)
    if tree is None:
        return []
    try:
        event_parameters(McMahonPairing(bar=0, floor=0, file_parameters=tree))
    except FinalsError as e:
        return [f"编排前须处理：{e}"]
    return []


def import_opengotha(
    db: Database, source: Path, code: str, name: str | None = None, operator: str = ""
) -> GothaImport:
    """A new event in the final from an OpenGotha tournament: players, rounds, games,
    results, byes, who sits out which round; McMahon bar and floor when it is McMahon."""
    code = _check_code(code)
    title = clean_text(name, "项目名称", max_length=100) if name is not None else None
    t = read_opengotha(source)
    notes: list[str] = []
    params = t.parameters
    rounds_planned = max(params.number_of_rounds, t.last_round)
    by_key = {p.key: k for k, p in enumerate(t.players, 1)}
    people: list[tuple[str, str | None, int | None, str | None]] = []
    for p in t.players:
        full = join_name(p.name, strip_seed_suffix(p.first_name))
        person = clean_text(full, f"第{p.line}行选手姓名", required=True, max_length=NAME_MAX)
        assert person is not None
        no_grade = p.rank == NO_GRADE_RANK and p.rating == MIN_RATING
        value = parse_rank(p.rank)
        grade = None if no_grade else grade_of_rank(value)
        rating = None if no_grade or p.rating_origin == "INI" else p.rating
        unit = clean_text(p.club, f"第{p.line}行俱乐部", max_length=200)
        people.append((person, grade, rating, unit))
    notes.extend(t.lost)
    if any(not g.known_colour for g in t.games):
        notes.append("部分对局颜色未定（knownColor=false），按文件中的黑白导入")
    with db.transaction() as session:
        for event in session.scalars(select(Event)):
            if event.code.lower() == code.lower() or event.name == code:
                raise FinalsError(
                    f"项目代码 {code} 已被项目 {event.code}（{event.name}）使用，请换一个。"
                )
        facts = session.scalars(select(Tournament)).first()
        if facts is None or facts.game != "go":
            raise FinalsError("OpenGotha 文件只能导入围棋比赛；本比赛不是围棋。")
        _refuse_draws(session, source, t)
        if title is None:
            # An export of ours names the tournament, then the event: keep the event's name.
            named = params.name.strip()
            if facts.title and named.startswith(facts.title + " "):
                named = named[len(facts.title) + 1 :]
            title = clean_text(named[:100], "项目名称", max_length=100) or "OpenGotha导入"
        # OpenGotha's own rules: no Chinese forfeit rule (a McMahon event has it off by
        # default; the arbiter may set pairing.withdraw_after_forfeits to turn it on).
        pairing: dict[str, Any] = {"system": "swiss", "withdraw_after_forfeits": 0}
        standings: dict[str, Any] = {}
        system = "积分编排"
        if params.system != "mcmahon":
            standings = _swiss_order(t, notes)
        if params.system == "mcmahon":
            bar, floor = (
                grade_of_rank(parse_rank(params.mm_bar)),
                grade_of_rank(parse_rank(params.mm_floor)),
            )
            mm = _mcmahon_pairing(code, title, bar, floor, notes, _mcmahon_rules(t))
            if mm is not None:
                pairing, system = mm, f"麦克马洪制（上限 {bar}，下限 {floor}）"
                standings = _mcmahon_order(t, notes)
        pairing[KEPT_KEY] = _kept(t, title, [person for person, *_ in people])
        if params.system == "mcmahon":
            notes.extend(_unpairable_parameters(pairing[KEPT_KEY]))
        notes.append(
            "按 OpenGotha 的规则，不执行“连续弃权取消资格”（pairing.withdraw_after_forfeits=0）；"
            f"如需执行：finals settings FILE --event {code} --set pairing.withdraw_after_forfeits=2"
        )
        position = len(list(session.scalars(select(Event.id))))
        event = Event(
            code=code,
            name=title,
            kind=EventKind.INDIVIDUAL,
            position=position,
            rounds_planned=rounds_planned,
            scoring={},
            pairing=pairing,
            standings=standings,
        )
        session.add(event)
        playing = {(g.round, key) for g in t.games for key in (g.white, g.black)}
        playing |= {(b.round, b.player) for b in t.byes}
        entrants: list[Entrant] = []
        for seed, (p, (person, grade, rating, unit)) in enumerate(
            zip(t.players, people, strict=True), 1
        ):
            player = Player(
                name=person,
                grade=grade,
                rating=rating,
                unit=unit,
                source="OpenGotha",
                country=clean_text(p.country, f"第{p.line}行国家", max_length=60),
            )
            session.add(player)
            entrant = Entrant(
                seed=seed,
                name=person,
                player=player,
                unit=unit,
                mcmahon_correction=p.smms_correction,
            )
            if not p.registered and not any(k == p.key for _, k in playing):
                # Pre-registered (PRE) and never paired: not in this event's rounds.
                entrant.status, entrant.withdrawn_from_round = EntrantStatus.WITHDRAWN, 1
            event.entrants.append(entrant)
            entrants.append(entrant)
        session.flush()
        for p, entrant in zip(t.players, entrants, strict=True):
            if entrant.status == EntrantStatus.WITHDRAWN:
                continue
            for r in range(1, rounds_planned + 1):
                if not p.participating[r - 1] and (r, p.key) not in playing:
                    session.add(
                        EntrantRoundStatus(
                            entrant_id=entrant.id, round_number=r, status=RoundStatus.ABSENT
                        )
                    )
        count = 0
        for r in range(1, t.last_round + 1):
            games = [g for g in t.games if g.round == r]
            byes = [b for b in t.byes if b.round == r]
            done = all(g.result.value != "RESULT_UNKNOWN" for g in games)
            rnd = Round(number=r, status=RoundState.COMPLETE if done else RoundState.PAIRED)
            event.rounds.append(rnd)
            table = 0
            for g in games:
                result = result_of(g.result)
                rnd.games.append(
                    Game(
                        table=g.table,
                        first_id=entrants[by_key[g.black] - 1].id,
                        second_id=entrants[by_key[g.white] - 1].id,
                        result=result.value if result else None,
                        handicap=g.handicap,
                    )
                )
                table = max(table, g.table)
                count += 1
            for b in byes:
                table += 1
                rnd.games.append(
                    Game(
                        table=table,
                        first_id=entrants[by_key[b.player] - 1].id,
                        second_id=None,
                        result=Result.BYE.value,
                    )
                )
        record(
            session,
            operator,
            "导入OpenGotha",
            code,
            after={
                "file": str(source),
                "name": title,
                "players": len(t.players),
                "rounds": t.last_round,
                "games": count,
                "pairing": pairing,
                "notes": notes,
            },
        )
    return GothaImport(code, title, len(t.players), t.last_round, count, system, tuple(notes))


__all__ = [
    "GothaExport",
    "GothaImport",
    "export_h9",
    "export_opengotha",
    "import_opengotha",
    "read_opengotha",
    "write_output",
]
