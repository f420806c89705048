"""Result entry per table: single, bulk (all or nothing), corrections audited."""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from app.domain import RESULT_HELP, Result, RoundState, parse_result, result_help
from app.errors import FinalsError, first_few
from app.services.audit import PAIRING_ACTIONS, last_change_by, last_change_within, record
from app.services.backup import backup_warning
from app.services.lookup import find_round
from app.services.snapshots import session_file, settings_in_force
from app.services.tournament import get_event, tournament_settings_of
from app.settings import parse_komi, tournament_settings_lenient
from app.store.database import Database
from app.store.models import Entrant, Event, Game, Round, Tournament
from app.text import clean_text

MAX_MANNER = 60

BOARD_RESULTS = (
    Result.FIRST_WINS,
    Result.SECOND_WINS,
    Result.DRAW,
    Result.FIRST_WINS_BY_FORFEIT,
    Result.SECOND_WINS_BY_FORFEIT,
)


class Unseen:
    """What the caller saw is not known (the command line): no stale-view check."""


UNSEEN = Unseen()


class ResultChanged(FinalsError):
    """The table's result is no longer what the person saw: someone else changed it."""


class SeatsChanged(ResultChanged):
    """The table holds other players, or the same players in other seats, than the person
    saw: someone changed the pairing meanwhile (another window, another station)."""


# The players a desk showed at a table, first mover (Black) first: entrant ids, as in the
# round's view (`RoundView.games`); the second is None for a bye.
Seats = tuple[int, int | None]


class DrawRefused(FinalsError):
    """A draw (=) for a game of a final that has none: Go with komi 3又3/4子, or the setting."""


@dataclass(frozen=True)
class DrawRefusal:
    """Why no game of this final may be recorded as a draw, and how the arbiter allows one."""

    why: str  # 围棋贴3又3/4子（7.5目），对局不会出现和棋
    fix: str  # finals settings FILE --set draws=allowed
    game: str = "go"  # the wins' words: 黑胜/白胜 in Go, 先手胜/后手胜 in Gomoku

    @property
    def wins(self) -> str:
        return "黑胜或白胜" if self.game == "go" else "先手胜或后手胜"

    def message(self, where: str) -> str:
        """For the arbiter on the command line (and a CSV of results)."""
        return (
            f"{where}：{self.why}，成绩不能记为“=”（和棋）。请录入{self.wins}；"
            f"如裁判长判和（如三劫循环），先改设置：{self.fix}。"
        )

    def window_message(self, where: str) -> str:
        """For the arbiter in the window: its own way to allow a draw, no command."""
        return (
            f"{where}：{self.why}，成绩不能记为“=”（和棋）。请录入{self.wins}；"
            "如裁判长判和（如三劫循环），在提示中选择允许和棋，或在“编辑 → 设置”的“比赛信息”中"
            "把“和棋”改为“可以记和棋”。"
        )

    @property
    def phone(self) -> str:
        """For a table referee's phone: no file name, nothing they cannot do."""
        return (
            f"成绩无效：{self.why}，不能提交和棋。请选择{self.wins}；"
            "如确为和棋（如三劫循环），请报告裁判长。"
        )


def draw_refusal(session: Session, strict: bool = True) -> DrawRefusal | None:
    """Why no game of this final may be recorded as a draw; None when one may.

    The rule (`TournamentSettings.refuses_draws`): the tournament setting `draws`, whose
    default `auto` refuses a draw in Go when the komi has a half point (3又3/4子 = 7.5目).
    A team match as a whole may still be drawn (equal board points): only games are refused.
    `strict`: a stored komi or rule the program cannot read raises SettingError with its fix
    (recording a draw); not strict (a phone's page), the defaults stand in for it.
    """
    tournament = session.scalars(select(Tournament)).first()
    if tournament is None:
        return None
    file = session_file(session)
    settings = (
        tournament_settings_of(session, file, ("komi", "draws"))
        if strict
        else tournament_settings_lenient(tournament.settings or {})[0]
    )
    if not settings.refuses_draws(tournament.game):
        return None
    komi = parse_komi(settings.komi)
    if settings.draws == "refused" or komi is None:
        why = "本比赛设置为不记和棋（draws=refused）"
    else:
        why = f"围棋贴{settings.komi}（{komi.points_text}），对局不会出现和棋"
    target = f'"{file}"' if re.search(r"\s", file) else file
    return DrawRefusal(why, f"finals settings {target} --set draws=allowed", tournament.game)


def draws_refused(db: Database) -> DrawRefusal | None:
    """For a view's help line: why this final takes no draws (None when it does)."""
    with db.reading() as session:
        return draw_refusal(session, strict=False)


def refuse_draw(session: Session, result: Result | str, game: Game, where: str) -> None:
    """Raise DrawRefused when `result` is a draw of a single game (not a team match as a
    whole) in a final that has none."""
    if result in (Result.DRAW, Result.DRAW.value) and not game.boards:
        refusal = draw_refusal(session)
        if refusal:
            raise DrawRefused(refusal.message(where), window=refusal.window_message(where))


def _require_seen(
    session: Session,
    event: Event,
    rnd: Round,
    table: int,
    on_file: str | None,
    expected: str | None | Unseen,
) -> None:
    """Refuse a change made over a result someone else changed since it was seen, naming who
    (another station, a phone) and when."""
    if not isinstance(expected, Unseen) and on_file != expected:
        who = last_change_by(session, _target(event, rnd, table))
        by = f"已被 {who} " if who else "刚被"
        raise ResultChanged(
            f"第{rnd.number}轮第{table}台的成绩{by}改为 {on_file or '（无）'}"
            f"（您看到的是 {expected or '（无）'}）。请核对后再录入；未做任何改动。"
        )


def _require_seats(
    session: Session, event: Event, rnd: Round, game: Game, seats: Seats | Unseen
) -> None:
    """Refuse a result for players the person did not see at this table: name who they saw,
    who sits there now, and who changed the pairing (the audit log)."""
    if isinstance(seats, Unseen) or tuple(seats) == (game.first_id, game.second_id):
        return
    change = last_change_within(session, f"{event.code} 第{rnd.number}轮", PAIRING_ACTIONS)
    by = f"已被 {change[0]} 改动（{change[1]}）" if change else "已改动"
    raise SeatsChanged(
        f"第{rnd.number}轮第{game.table}台的对阵{by}：现为 "
        f"{_seats_words(session, game.first_id, game.second_id)}，"
        f"您看到的是 {_seats_words(session, *seats)}。成绩未录入，未做任何改动；"
        "请核对本台选手后再录入。"
    )


def _seats_words(session: Session, first: int | None, second: int | None) -> str:
    """ "3号 张三（执黑）对 12号 李四" in Go, "（先手）" in Gomoku; a bye: "3号 张三 轮空"."""

    def who(entrant_id: int | None) -> str:
        entrant = session.get(Entrant, entrant_id) if entrant_id is not None else None
        return f"{entrant.seed}号 {entrant.name}" if entrant is not None else "？"

    if second is None:
        return f"{who(first)} 轮空"
    game = session.scalars(select(Tournament.game)).first()
    first_word = "执黑" if game == "go" else "先手"
    return f"{who(first)}（{first_word}）对 {who(second)}"


def _target(event: Event, rnd: Round, table: int) -> str:
    """How the audit log names one table of a round."""
    return f"{event.code} 第{rnd.number}轮 第{table}台"


@dataclass(frozen=True)
class ResultEntry:
    table: int
    result: Result
    manner: str | None = None
    fouls: tuple[int, int] | None = None
    seat_swapped: bool | None = None
    opening: str | None = None
    line: int = 0  # the line of a bulk file it came from


MAX_FOULS = 20
MAX_TABLE = 100_000


def parse_fouls(text: str | None) -> tuple[int, int] | None:
    if text is None or text == "":
        return None
    parts = text.replace("，", ",").split(",")
    if len(parts) != 2 or not all(p.strip().isascii() and p.strip().isdigit() for p in parts):
        raise FinalsError(f"犯规次数“{text}”无效。请写成 先手,后手，如 0,1。")
    first, second = (int(p) for p in parts)
    if max(first, second) > MAX_FOULS:
        raise FinalsError(f"犯规次数“{text}”无效：每方 0 到 {MAX_FOULS} 次。")
    return first, second


def require_result(text: str) -> Result:
    result = parse_result(text)
    if result is None or result is Result.BYE:
        raise FinalsError(f"成绩“{text}”无法识别。可用：{RESULT_HELP}。")
    return result


def _known_opening(text: str) -> str:
    from app.pairing.openings import opening

    text = text.strip()
    try:
        return opening(int(text) if text.isdigit() else text).name
    except (KeyError, ValueError, LookupError) as exc:
        raise FinalsError(
            f"没有名为“{text}”的指定开局。请用 1–26 的编号或名称，如 花月、浦月。"
        ) from exc


def _game(session: Session, rnd: Round, table: int) -> Game:
    # One row by key: a round of 400 tables is not loaded for every keystroke.
    game = session.scalar(select(Game).where(Game.round_id == rnd.id, Game.table == table))
    if game is None:
        count = session.scalar(select(func.count()).where(Game.round_id == rnd.id))
        raise FinalsError(f"第{rnd.number}轮没有第{table}台（共 {count} 台）。")
    return game


def _game_state(game: Game) -> dict[str, Any]:
    return {
        "result": game.result,
        "manner": game.manner,
        "fouls": [game.fouls_first or 0, game.fouls_second or 0],
        "seat_swapped": bool(game.seat_swapped),
        "opening": game.opening,
    }


def _apply(
    session: Session, event: Event, rnd: Round, entry: ResultEntry, force: bool, operator: str
) -> tuple[dict[str, Any], dict[str, Any]]:
    game = _game(session, rnd, entry.table)
    if game.second_id is None:
        raise FinalsError(f"第{entry.table}台是轮空，无需录入成绩。")
    later = [r for r in event.rounds if r.number > rnd.number]
    if game.result is not None and later and not force:
        head = (
            f"第{rnd.number}轮第{entry.table}台已有成绩 {game.result}，且第{later[0].number}轮已编排。"
            "更正会改变已编排轮次的依据；"
        )
        raise FinalsError(
            head + "确认要更正请加 --force。",
            window=head + "确认要更正，请在提示中选择“仍要更正”。",
        )
    before = _game_state(game)
    game.result = entry.result.value
    if entry.manner is not None:
        game.manner = entry.manner or None
    if entry.fouls is not None:
        game.fouls_first, game.fouls_second = entry.fouls
    if entry.seat_swapped is not None:
        game.seat_swapped = entry.seat_swapped
    if entry.opening is not None:
        game.opening = entry.opening or None
    after = _game_state(game)
    return before, after


def _close_round_if_complete(session: Session, rnd: Round) -> bool:
    open_tables = session.scalar(
        select(func.count()).where(Game.round_id == rnd.id, Game.result.is_(None))
    )
    complete = open_tables == 0
    was = rnd.status
    rnd.status = RoundState.COMPLETE if complete else RoundState.PAIRED
    return complete and was != RoundState.COMPLETE


def record_result(
    db: Database,
    event_code: str,
    round_number: int | None,
    table: int,
    result_text: str,
    manner: str | None = None,
    fouls: str | None = None,
    force: bool = False,
    operator: str = "",
    seat_swapped: bool | None = None,
    opening: str | None = None,
    expected: str | None | Unseen = UNSEEN,
    seats: Seats | Unseen = UNSEEN,
) -> RecordedResult:
    """Record or correct one table's result (with manner, fouls, Gomoku swap and opening).

    `expected` is the result the person saw on the table before typing (None: no result):
    if someone else changed it meanwhile, nothing is written and the message says so.
    `seats` are the players the person saw at the table (first mover first): if the pairing
    was changed meanwhile, nothing is written (SeatsChanged names who changed it).
    The outcome's `revision` is the file's revision this change made.
    """
    with db.transaction() as session:
        written, completed = write_result_in(
            session,
            event_code,
            round_number,
            table,
            result_text,
            manner,
            fouls,
            force,
            operator,
            seat_swapped,
            opening,
            expected,
            seats,
        )
    return replace(
        written,
        warnings=written.warnings
        + _backup_if_completed(db, written.round, completed, "成绩已保存"),
        revision=db.committed_revision(session),
    )


@dataclass(frozen=True, slots=True)
class RecordedResult:
    """One table's result as `record_result` wrote it."""

    event: str
    round: int
    table: int
    result: str
    corrected: bool  # the table had a result before
    round_complete: bool
    warnings: tuple[str, ...]  # an opening other than the drawn one; a backup that failed
    revision: int | None = None  # the file's revision this change made (None: not known)


def write_result_in(
    session: Session,
    event_code: str,
    round_number: int | None,
    table: int,
    result_text: str,
    manner: str | None = None,
    fouls: str | None = None,
    force: bool = False,
    operator: str = "",
    seat_swapped: bool | None = None,
    opening: str | None = None,
    expected: str | None | Unseen = UNSEEN,
    seats: Seats | Unseen = UNSEEN,
) -> tuple[RecordedResult, bool]:
    """The result written in `session`, and whether it completed the round."""
    if opening:
        opening = _known_opening(opening)
    if manner is not None:
        manner = clean_text(manner, "胜负方式", max_length=MAX_MANNER) or ""
    entry = ResultEntry(
        table, require_result(result_text), manner, parse_fouls(fouls), seat_swapped, opening
    )
    event = get_event(session, event_code)
    rnd = find_round(event, round_number)
    _require_seats(session, event, rnd, _game(session, rnd, table), seats)
    if not isinstance(expected, Unseen):
        _require_seen(session, event, rnd, table, _game(session, rnd, table).result, expected)
    refuse_draw(session, entry.result, _game(session, rnd, table), f"第{rnd.number}轮第{table}台")
    before, after = _apply(session, event, rnd, entry, force, operator)
    action = "更正成绩" if before["result"] is not None else "录入成绩"
    completed = _close_round_if_complete(session, rnd)
    record(session, operator, action, _target(event, rnd, table), before, after)
    warnings = []
    override = _opening_override(event, rnd, table, entry.opening, before["opening"])
    if override:  # a lot-drawn opening replaced at one table: said, and audited as such
        warnings.append(override)
        record(
            session,
            operator,
            OPENING_OVERRIDE,
            _target(event, rnd, table),
            {"opening": before["opening"] or rnd.opening, "drawn": rnd.opening},
            {"opening": entry.opening, "drawn": rnd.opening},
        )
    written = RecordedResult(
        event=event.code,
        round=rnd.number,
        table=table,
        result=entry.result.value,
        corrected=before["result"] is not None,
        round_complete=rnd.status == RoundState.COMPLETE,
        warnings=tuple(warnings),
    )
    return written, completed


OPENING_OVERRIDE = "改用开局"


def _opening_override(
    event: Event, rnd: Round, table: int, opening: str | None, was: str | None
) -> str | None:
    """The warning when a table's opening differs from the one drawn by lot for its round
    (pairing.opening_mode=lot); None when it is the drawn one, unchanged or not drawn."""
    drawn = rnd.opening
    if not opening or not drawn or opening == drawn or opening == was:
        return None
    if settings_in_force(event).pairing.opening_mode != "lot":
        return None
    return (
        f"第{rnd.number}轮第{table}台的开局记为“{opening}”，与本轮抽签开局“{drawn}”不同："
        f"已作为改用开局记入操作日志（{OPENING_OVERRIDE}）。如是笔误，请改正为“{drawn}”。"
    )


def _backup_if_completed(
    db: Database, round_number: int, completed: bool, saved: str
) -> tuple[str, ...]:
    """After the commit: the copy of a round just completed; its failure is the warning
    returned."""
    if not completed:
        return ()
    warning = backup_warning(db, f"round{round_number}-complete", saved)
    return (warning,) if warning else ()


def clear_result(
    db: Database,
    event_code: str,
    round_number: int | None,
    table: int,
    force: bool = False,
    operator: str = "",
    expected: str | None | Unseen = UNSEEN,
) -> ClearedResult:
    """Take a table's result back to 'not yet played' (audited; --force after the next pairing).

    `expected`: the result the person saw (see `record_result`)."""
    with db.transaction() as session:
        event = get_event(session, event_code)
        rnd = find_round(event, round_number)
        game = _game(session, rnd, table)
        _require_seen(session, event, rnd, table, game.result, expected)
        if game.second_id is None:
            raise FinalsError(f"第{table}台是轮空，没有可清除的成绩。")
        later = [r for r in event.rounds if r.number > rnd.number]
        if game.result is not None and later and not force:
            head = f"第{rnd.number}轮第{table}台的成绩已被第{later[0].number}轮编排使用。"
            raise FinalsError(
                head + "确认要清除请加 --force。",
                window=head + "确认要清除，请在提示中选择“仍要清除”。",
            )
        before = _game_state(game)
        game.result, game.manner = None, None
        game.fouls_first = game.fouls_second = 0
        rnd.status = RoundState.PAIRED
        record(
            session,
            operator,
            "清除成绩",
            _target(event, rnd, table),
            before,
            _game_state(game),
        )
        return ClearedResult(event=event.code, round=rnd.number, table=table)


@dataclass(frozen=True, slots=True)
class ClearedResult:
    """The table `clear_result` took back to 'not yet played'."""

    event: str
    round: int
    table: int


def record_board_result(
    db: Database,
    event_code: str,
    round_number: int | None,
    table: int,
    board: int,
    result_text: str,
    manner: str | None = None,
    force: bool = False,
    operator: str = "",
) -> RecordedBoard:
    """One board of a team match; the match result follows from the board points."""
    from app.services.snapshots import board_points

    result = require_result(result_text)
    if result in (Result.DOUBLE_FORFEIT, Result.NOT_PLAYED):
        raise FinalsError("单台成绩只能是：" + result_help(BOARD_RESULTS) + "。")
    with db.transaction() as session:
        event = get_event(session, event_code)
        rnd = find_round(event, round_number)
        game = _game(session, rnd, table)
        target = next((b for b in game.boards if b.board == board), None)
        if target is None:
            raise FinalsError(
                f"第{rnd.number}轮第{table}台不是团体对抗赛，或没有第{board}板（共 {len(game.boards)} 板）。"
            )
        if result is Result.DRAW:
            refusal = draw_refusal(session)
            if refusal:
                raise DrawRefused(refusal.message(f"第{rnd.number}轮第{table}台第{board}板"))
        later = [r for r in event.rounds if r.number > rnd.number]
        if target.result is not None and later and not force:
            head = f"第{rnd.number}轮第{table}台第{board}板已有成绩，且下一轮已编排；"
            raise FinalsError(
                head + "确认要更正请加 --force。",
                window=head + "确认要更正，请在提示中选择“仍要更正”。",
            )
        before = {"board": board, "result": target.result, "match": game.result}
        target.result, target.manner = result.value, manner
        if all(b.result for b in game.boards):
            first, second = board_points(game)
            game.result = (
                Result.FIRST_WINS
                if first > second
                else Result.SECOND_WINS
                if second > first
                else Result.DRAW
            ).value
        else:
            game.result = None
        completed = _close_round_if_complete(session, rnd)
        record(
            session,
            operator,
            "录入单板成绩",
            f"{event.code} 第{rnd.number}轮 第{table}台",
            before,
            {"board": board, "result": target.result, "match": game.result},
        )
        written = RecordedBoard(
            event=event.code,
            round=rnd.number,
            table=table,
            board=board,
            result=result.value,
            match_result=game.result,
            board_points=board_points(game),
            round_complete=rnd.status == RoundState.COMPLETE,
            warnings=(),
        )
    return replace(
        written,
        warnings=_backup_if_completed(db, written.round, completed, "成绩已保存"),
        revision=db.committed_revision(session),
    )


@dataclass(frozen=True, slots=True)
class RecordedBoard:
    """One board of a team match as `record_board_result` wrote it."""

    event: str
    round: int
    table: int
    board: int
    result: str
    match_result: str | None  # None: boards still open
    board_points: tuple[float, float]  # first team, second team
    round_complete: bool
    warnings: tuple[str, ...]  # a backup that failed
    revision: int | None = None  # the file's revision this change made (None: not known)


MAX_RESULTS_BYTES = 4 * 1024 * 1024  # a results CSV: a line per table, a few KB


def read_results_csv(path: Path) -> tuple[list[ResultEntry], list[str]]:
    path = Path(path)
    if not path.exists():
        raise FinalsError(f"找不到成绩文件 {path}。")
    if not path.is_file():
        raise FinalsError(f"{path} 不是文件（是文件夹？）。请给出成绩 CSV 文件的路径。")
    try:
        size = path.stat().st_size
        if size > MAX_RESULTS_BYTES:
            raise FinalsError(
                f"成绩文件 {path.name} 有 {size / (1024 * 1024):.1f} MB，超过上限 "
                f"{MAX_RESULTS_BYTES // (1024 * 1024)} MB：成绩 CSV 每台一行（台号,成绩[,胜负方式]），"
                "不会这么大。请检查是否选错了文件。"
            )
        raw = path.read_bytes()
    except OSError as exc:
        raise FinalsError(f"无法读取成绩文件 {path}：{exc.strerror or exc}。") from exc
    if raw.startswith(b"SQLite format 3\0") or b"\0" in raw[:4096]:
        what = "是比赛文件（SQLite 数据库）" if raw.startswith(b"SQLite") else "不是文本文件"
        raise FinalsError(
            f"{path} {what}，不是成绩 CSV 文件，未读取。请给出每台一行（台号,成绩[,胜负方式]）"
            "的 CSV 文件，如 r1.csv。"
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("gb18030", errors="replace")
    entries: list[ResultEntry] = []
    errors: list[str] = []
    # Lines end in LF, CRLF or CR alone (Excel for Mac's "CSV (Macintosh)"); only those end a
    # row: U+2028 and the like inside a cell stay in it (then refused by the checks).
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    try:
        rows = [(reader.line_num, cells) for cells in reader]
    except csv.Error as exc:
        raise FinalsError(
            f"成绩文件 {path} 第{reader.line_num}行无法读取（引号不成对或格式错误），未录入任何成绩。"
            "请检查引号是否成对，或在 Excel 中另存为“CSV UTF-8（逗号分隔）”后重试。"
        ) from exc
    for number, cells in rows:
        cells = [c.strip() for c in cells]
        if not cells or not any(cells) or cells[0].startswith("#"):
            continue
        if number == 1 and not cells[0].isdigit() and cells[0] in ("table", "台号", "台次"):
            continue
        if len(cells) < 2:
            errors.append(f"第{number}行：应为 台号,成绩[,胜负方式]，实际为“{','.join(cells)}”。")
            continue
        if not (cells[0].isascii() and cells[0].isdigit()) or not 1 <= int(cells[0]) <= MAX_TABLE:
            errors.append(f"第{number}行：台号“{cells[0]}”应为 1 到 {MAX_TABLE} 之间的整数。")
            continue
        result = parse_result(cells[1])
        if result is None or result is Result.BYE:
            errors.append(f"第{number}行：成绩“{cells[1]}”无法识别。可用：{RESULT_HELP}。")
            continue
        try:
            manner = (
                clean_text(cells[2], "胜负方式", max_length=MAX_MANNER) if len(cells) > 2 else None
            )
        except FinalsError as exc:
            errors.append(f"第{number}行：{exc.message}")
            continue
        entries.append(ResultEntry(int(cells[0]), result, manner, line=number))
    return entries, errors


def record_results(
    db: Database,
    event_code: str,
    round_number: int | None,
    path: Path,
    force: bool = False,
    operator: str = "",
) -> RecordedResults:
    """All lines or none: every bad line is named."""
    entries, errors = read_results_csv(Path(path))
    with db.transaction() as session:
        event = get_event(session, event_code)
        rnd = find_round(event, round_number)
        seen: dict[int, int] = {}
        tables = {g.table: g for g in rnd.games}
        refusal = draw_refusal(session) if any(e.result is Result.DRAW for e in entries) else None
        for entry in entries:
            where = f"第{entry.line}行："
            if entry.table in seen:
                errors.append(
                    f"{where}第{entry.table}台重复出现（第{seen[entry.table]}行已有）。每台只能有一个成绩。"
                )
            seen[entry.table] = entry.line
            game = tables.get(entry.table)
            if game is None:
                errors.append(
                    f"{where}第{rnd.number}轮没有第{entry.table}台（共 {len(tables)} 台）。"
                )
            elif game.second_id is None:
                errors.append(f"{where}第{entry.table}台是轮空，无需录入成绩。")
            elif refusal and entry.result is Result.DRAW and not game.boards:
                errors.append(
                    f"{where}第{entry.table}台记为和棋（=）：{refusal.why}，成绩不能记为和棋。"
                )
        errors.sort(
            key=lambda text: (
                int(text[1 : text.index("行")]) if text.startswith("第") and "行" in text[:8] else 0
            )
        )
        if errors:
            head = f"成绩文件 {Path(path).name} 有 {len(errors)} 处错误，未录入任何成绩："
            shown = first_few(errors)
            if len(shown) < len(errors) and len(entries) < len(errors) // 2:
                head += "（大多数行都不是成绩，是否选错了文件？）"
            if refusal and any("记为和棋（=）" in e for e in errors):
                shown.append(
                    f"和棋请改为黑胜或白胜；如裁判长判和（如三劫循环），先改设置：{refusal.fix}。"
                )
            raise FinalsError(head, shown)
        changes = []
        corrected: list[ChangedResult] = []
        names = {e.id: e.name for e in event.entrants}
        for entry in entries:
            before, after = _apply(session, event, rnd, entry, force, operator)
            changes.append(
                {"table": entry.table, "before": before["result"], "after": after["result"]}
            )
            if before["result"] is not None and (
                before["result"] != after["result"] or before["manner"] != after["manner"]
            ):
                game = tables[entry.table]
                corrected.append(
                    ChangedResult(
                        table=entry.table,
                        first=names.get(game.first_id, ""),
                        second=names.get(game.second_id, "") if game.second_id else "",
                        before=before["result"],
                        after=after["result"],
                        before_manner=before["manner"],
                        after_manner=after["manner"],
                    )
                )
        completed = _close_round_if_complete(session, rnd)
        record(
            session,
            operator,
            "批量录入成绩",
            f"{event.code} 第{rnd.number}轮 {Path(path).name}",
            None,
            {"changes": changes},
        )
        summary = RecordedResults(
            event=event.code,
            round=rnd.number,
            recorded=len(entries),
            open_tables=tuple(g.table for g in rnd.games if g.result is None),
            round_complete=rnd.status == RoundState.COMPLETE,
            warnings=(),
            corrected=tuple(corrected),
        )
    return replace(
        summary, warnings=_backup_if_completed(db, summary.round, completed, "成绩已全部保存")
    )


@dataclass(frozen=True, slots=True)
class RecordedResults:
    """A results file as `record_results` wrote it (every line)."""

    event: str
    round: int
    recorded: int  # tables
    open_tables: tuple[int, ...]  # still without a result
    round_complete: bool
    warnings: tuple[str, ...]  # a backup that failed
    corrected: tuple[ChangedResult, ...] = ()  # tables whose recorded result it changed


@dataclass(frozen=True, slots=True)
class ChangedResult:
    """A table of a results file that already had a result, and got another one (or another
    manner): what the arbiter must see was replaced, and by what."""

    table: int
    first: str
    second: str
    before: str
    after: str
    before_manner: str | None
    after_manner: str | None

    def describe(self) -> str:
        """第3台 孔雨 对 唐宇轩：1-0（连五） → 0-1"""

        def shown(result: str, manner: str | None) -> str:
            return f"{result}（{manner}）" if manner else result

        return (
            f"第{self.table}台 {self.first} 对 {self.second}："
            f"{shown(self.before, self.before_manner)} → {shown(self.after, self.after_manner)}"
        )


@dataclass(frozen=True, slots=True)
class OpenTable:
    """A table of the round still without a result."""

    table: int
    first: str | None
    second: str | None  # None: a bye


@dataclass(frozen=True, slots=True)
class RoundProgress:
    """How far a round's results are: `finals round-status` (its JSON is this, as a dict)."""

    event: str
    round: int
    tables: int
    done: int
    open: tuple[OpenTable, ...]
    complete: bool


def round_status(db: Database, event_code: str, round_number: int | None = None) -> RoundProgress:
    with db.reading() as session:
        event = get_event(session, event_code)
        rnd = find_round(event, round_number)
        names = {e.id: e.name for e in event.entrants}
        open_games = [g for g in rnd.games if g.result is None]
        return RoundProgress(
            event=event.code,
            round=rnd.number,
            tables=len(rnd.games),
            done=len(rnd.games) - len(open_games),
            open=tuple(
                OpenTable(
                    table=g.table,
                    first=names.get(g.first_id),
                    second=names.get(g.second_id) if g.second_id else None,
                )
                for g in open_games
            ),
            complete=not open_games,
        )
