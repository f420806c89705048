"""TRF-16 use cases: export an event, import a file as a new event, pair a TRF file.

Export and import are one transaction and one audit entry each.  TRF "white" is the
first mover (`Game.first_id`).  Pairing a TRF file needs no tournament file.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import select

from app.domain import EventKind, GameRecord, Result, RoundState, RoundStatus, points_for
from app.errors import FinalsError
from app.event_codes import check_event_code
from app.io.trf import (
    TrfError,
    TrfFile,
    TrfPlayer,
    TrfRound,
    pair_trf,
    parse_trf,
    write_pairs,
    write_trf,
)
from app.pairing.dutch_core import NoValidPairing
from app.pairing.state import fmt_score
from app.services.audit import record
from app.services.outputs import check_output, written_output
from app.services.snapshots import event_games, requested_byes, scoring
from app.services.tournament import get_event
from app.store.database import Database
from app.store.models import Entrant, EntrantRoundStatus, Event, Game, Player, Round
from app.text import clean_text

CHESS_SCORING = {
    "win": 1.0,
    "draw": 0.5,
    "loss": 0.0,
    "bye": 1.0,
    "forfeit_win": 1.0,
    "forfeit_loss": 0.0,
}


# TRF's requested byes and their points (FIDE: half-point, full-point, zero-point bye)
REQUESTED_BYES = {"H": CHESS_SCORING["draw"], "F": CHESS_SCORING["win"], "Z": 0.0}


def _bye_code(points: float, win: float) -> str:
    return "F" if points >= win else "H" if points > 0 else "Z"


def _read(path: Path) -> TrfFile:
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise FinalsError(f"无法读取 TRF 文件 {path}：{exc.strerror}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    try:
        return parse_trf(text)
    except TrfError as exc:
        raise FinalsError(f"TRF 文件 {path} 有误：{exc}") from None


def event_trf(event: Event) -> TrfFile:
    """The event as a TRF file: pairing numbers are the seed order (1..n)."""
    entrants = sorted(event.entrants, key=lambda e: (e.seed, e.id))
    number = {e.id: k for k, e in enumerate(entrants, 1)}
    games = event_games(event)
    rules = scoring(event)
    rounds = sorted({g.round for g in games})
    last = max(rounds, default=0)
    by_key: dict[tuple[int, int], GameRecord] = {}
    for game in games:
        by_key[(game.round, game.first)] = game
        if game.second is not None:
            by_key[(game.round, game.second)] = game
    byes_of = {e.id: requested_byes(e) for e in entrants}
    # A bye requested for the next round goes in its column, as TRF has it (one further
    # ahead cannot be written: the blank column before it would read as a round played).
    ahead = any(last + 1 in byes for byes in byes_of.values())
    end = last + 1 if ahead else last
    players: list[TrfPlayer] = []
    for e in entrants:
        blocks: list[TrfRound] = []
        points = e.initial_points or 0.0
        byes = byes_of[e.id]
        for r in range(1, end + 1):
            g = by_key.get((r, e.id))
            if g is None:
                if r in byes:  # a requested bye: H ½, F a win's points, Z nothing
                    points += byes[r]
                    blocks.append(TrfRound(None, "-", _bye_code(byes[r], rules.win)))
                else:
                    blocks.append(TrfRound(None, "-", "Z" if r <= last else " "))
                continue
            points += points_for(g, e.id, rules)
            if g.second is None:
                blocks.append(TrfRound(None, "-", "U"))
                continue
            first = g.first == e.id
            opponent = number[g.second if first else g.first]
            code = " "
            if g.result is not None:
                code = g.result.trf_code(first)
            blocks.append(TrfRound(opponent, "w" if first else "b", code))
        player = e.player
        players.append(
            TrfPlayer(
                number=number[e.id],
                name=e.name,
                rating=(player.rating or 0) if player else 0,
                sex={"M": "m", "F": "w"}.get(player.gender or "", " ") if player else " ",
                points=points,
                rounds=tuple(blocks),
            )
        )
    ranked = sorted(players, key=lambda p: (-p.points, p.number))
    rank = {p.number: k for k, p in enumerate(ranked, 1)}
    players = [TrfPlayer(**{**p.__dict__, "rank": rank[p.number]}) for p in players]
    return TrfFile(
        players=tuple(players),
        name=event.name,
        total_rounds=event.rounds_planned or None,
        initial_colour="white",
        other_lines=(f"012 {event.name}", "092 FIDE_DUTCH_2025"),
    )


def export_trf(db: Database, event_code: str | None, out: Path, operator: str = "") -> int:
    """Write the event as TRF-16 to `out`; the number of players written. Never onto the
    final or another (`check_output`; whether an existing file may go is the caller's)."""
    check_output(out, reading=[db.path], force=True)
    with db.transaction() as session:
        event = get_event(session, event_code)
        trf = event_trf(event)
        with written_output(out) as temp:
            temp.write_text(write_trf(trf), encoding="utf-8")
        record(
            session,
            operator,
            "导出TRF",
            event.code,
            after={"file": str(out), "players": len(trf.players)},
        )
        return len(trf.players)


@dataclass(frozen=True)
class TrfImport:
    code: str
    players: int
    rounds: int
    skipped: tuple[str, ...]  # what TRF has that the event cannot hold
    requested_byes: tuple[str, ...] = ()  # kept: "第2轮 3号 H（0.5分）"


def _result(white: str, black: str) -> Result:
    if white in "1W" and black in "0L":
        return Result.FIRST_WINS
    if white in "0L" and black in "1W":
        return Result.SECOND_WINS
    if white in "=D":
        return Result.DRAW
    if white == "+":
        return Result.FIRST_WINS_BY_FORFEIT
    if black == "+":
        return Result.SECOND_WINS_BY_FORFEIT
    return Result.DOUBLE_FORFEIT


def import_trf(
    db: Database, source: Path, code: str = "TRF", name: str | None = None, operator: str = ""
) -> TrfImport:
    """A new event from a TRF file: players, rounds, results; pairing system `dutch`."""
    code = check_event_code(code)
    if name is not None:  # the one rule for a typed name: no control character, not blank
        name = clean_text(name, "项目名称（--name）", required=True, max_length=100)
    trf = _read(source)
    skipped: list[str] = []
    kept_byes: list[str] = []
    with db.transaction() as session:
        if session.scalar(select(Event).where(Event.code == code)) is not None:
            raise FinalsError(
                f"项目代码 {code} 已存在，请用 --code 换一个",
                window=f"项目代码 {code} 已存在，请换一个项目代码后再导入。",
            )
        position = len(list(session.scalars(select(Event))))
        event = Event(
            code=code,
            name=name or trf.name or "TRF导入",
            kind=EventKind.INDIVIDUAL,
            position=position,
            rounds_planned=trf.total_rounds or trf.rounds_played,
            scoring=dict(CHESS_SCORING),
            pairing={"system": "dutch", "forfeit_counts_as_met": False, "same_unit": "never"},
        )
        session.add(event)
        entrants: dict[int, Entrant] = {}
        for p in trf.players:
            player = Player(
                name=p.name or f"选手{p.number}",
                rating=p.rating or None,
                gender={"m": "M", "w": "F", "f": "F"}.get(p.sex.strip().lower()),
                source="TRF",
            )
            session.add(player)
            entrant = Entrant(seed=p.number, name=p.name or f"选手{p.number}", player=player)
            event.entrants.append(entrant)
            entrants[p.number] = entrant
        session.flush()
        paired = trf.rounds_paired  # later columns: byes requested for rounds to pair
        for r in range(1, trf.rounds_played + 1):
            rnd = Round(number=r, status=RoundState.COMPLETE)
            if r <= paired:
                event.rounds.append(rnd)
            table = 0
            games: list[Game] = []
            for p in trf.players:
                block = p.rounds[r - 1] if r - 1 < len(p.rounds) else TrfRound(None, "-", " ")
                if block.opponent is not None:
                    if block.colour == "b":
                        continue  # the white player's line makes the game
                    other = trf.player(block.opponent)
                    theirs = other.rounds[r - 1] if r - 1 < len(other.rounds) else None
                    code_b = theirs.result if theirs is not None else "-"
                    table += 1
                    result = None if block.result == " " else _result(block.result, code_b)
                    games.append(
                        Game(
                            table=table,
                            first_id=entrants[p.number].id,
                            second_id=entrants[block.opponent].id,
                            result=result.value if result else None,
                        )
                    )
                elif block.result == "U":
                    games.append(
                        Game(
                            table=0,
                            first_id=entrants[p.number].id,
                            second_id=None,
                            result=Result.BYE.value,
                        )
                    )
                elif block.result in REQUESTED_BYES:  # kept: not paired, its points
                    kept_byes.append(
                        f"第{r}轮 {p.number}号 {block.result}"
                        f"（{fmt_score(REQUESTED_BYES[block.result])}分）"
                    )
                    entrants[p.number].round_status.append(
                        EntrantRoundStatus(
                            round_number=r,
                            status=RoundStatus.ABSENT,
                            points=REQUESTED_BYES[block.result],
                        )
                    )
            for g in games:
                if g.table == 0:
                    table += 1
                    g.table = table
                rnd.games.append(g)
        record(
            session,
            operator,
            "导入TRF",
            code,
            after={
                "file": str(source),
                "players": len(trf.players),
                "rounds": paired,
                "skipped": skipped,
                "requested_byes": kept_byes,
            },
        )
        return TrfImport(code, len(trf.players), paired, tuple(skipped), tuple(kept_byes))


def pair_trf_file(source: Path) -> str:
    """The next round of a TRF file by the Dutch system, in the engines' output form."""
    trf = _read(source)
    try:
        return write_pairs(pair_trf(trf))
    except NoValidPairing as exc:
        raise FinalsError(f"无法编排：{exc}") from None


__all__ = ["TrfImport", "event_trf", "export_trf", "import_trf", "pair_trf_file"]
