"""Individual standings: points, every tie-break of RULES §6, ranks and explanations.

Conventions (the ones marked *setting* are fields of `StandingsSettings`):

* Only games with ``round <= after_round`` are read.  An unfinished game (result None)
  and a 0-0 "not played" game give no points and no opponent.
* 积分 = ``initial_points`` + the points of every finished game (`points_for`).
* Opponent list (对手分, 中间分, 去一最低对手分, 对手累进分): every opponent met over
  the board.  A forfeit (either side, or a double forfeit) counts as a meeting when
  ``forfeit_opponents_count`` (*setting*, default True); otherwise it contributes like a
  bye.  A bye contributes per ``bye_in_sos`` (*setting*): "none" nothing (default),
  "zero" a virtual opponent with 0, "lowest" a virtual opponent with the lowest final
  score in the event (and, in 对手累进分, the lowest 累进分 in the event).
* 中间分 = 对手分 minus the highest and the lowest entry of the opponent list; with fewer
  than three entries it is 0.  去一最低对手分 = 对手分 minus the lowest entry (0 with
  none).  Virtual bye opponents are entries of the list like any other.
* 累进分 = the sum over rounds 1..after_round of the running total after that round.  The
  running total starts at ``initial_points`` (so the last term always equals 积分) and a
  round without a game for the entrant adds the running total unchanged.
* 胜局数: wins over the board, plus forfeit wins when ``forfeit_wins_count`` (*setting*),
  plus byes when ``bye_counts_as_win`` (*setting*, default False).
* 后手胜局数: those wins (byes excluded) taken as the second mover; 后手局数: games played
  over the board as the second mover.  The second mover is the pairing's second seat by
  default; ``second_mover_by="colour"`` follows the final colours after a Gomoku
  三手交换 (`GameRecord.seat_swapped`).
* 犯规: the fouls recorded for the entrant in the games read (fewer ranks higher).
* 等级分: `StandingsEntrant.rating` (higher ranks higher).
* 直胜: applied once to exactly the group tied at that point, only if every pair of the
  group has met (a meeting as defined for the opponent list); the value is the sum of the
  points the entrant scored in those games.  0 for entrants never resolved by it.
* 局分: team matches only — the board points a team scored over its matches.
* 抽签: a lot drawn from ``random.Random(lot_seed)``; lot 1 ranks first.  Drawn for the
  groups still tied after the whole order when ``ties == "lot"``, or wherever "抽签" is
  named in the order.  0 for entrants who drew no lot.
* McMahon (issue 18; OpenGotha's MMS, SOS, SOSOS, SODOS).  麦克马洪分 = 积分 +
  `StandingsEntrant.mcmahon_start` (the start from the grade; 0 outside McMahon events).
  Named first in the order, it replaces 积分 as the primary score.  SOS = the sum of the
  opponents' 麦克马洪分 over the opponent list above (virtual bye opponents: 0, or the
  lowest 麦克马洪分 with ``bye_in_sos="lowest"``); SOSOS = the sum of the opponents' SOS
  (virtual: 0, or the lowest SOS); SODOS = the sum of the 麦克马洪分 of the opponents
  beaten (forfeit wins included when the forfeit counts as a meeting) plus half of those
  drawn.  Byes never count in SODOS.
  OpenGotha's rules (issue 29; `StandingsRequest.mcmahon`, from the mcmahon settings, on by
  default in McMahon events): 麦克马洪分 adds `absent_points` per round on leave (rounded
  down to whole wins); in SOS and SODOS an opponent's 麦克马洪分 is adjusted by the handicap
  (White adds the stones, Black subtracts them); with `unpaired_as_start` every round
  1..after without an opponent (a bye, a leave, not paired) counts the player's own start
  in SOS, and start × after_round in SOSOS (bye_in_sos is then not used).
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from app.domain import GameRecord, Result, outcome_for, points_for
from app.standings._resolve import Criterion, fmt, resolve
from app.standings.model import (
    MCMAHON_SCORE,
    MCMAHON_TIEBREAKS,
    NOTE,
    Standing,
    Standings,
    StandingsRequest,
)

ALL_TIEBREAKS: tuple[str, ...] = (
    "积分",
    "对手分",
    "中间分",
    "去一最低对手分",
    "累进分",
    "对手累进分",
    "胜局数",
    "后手胜局数",
    "后手局数",
    "直胜",
    "犯规",
    "等级分",
    "局分",
    "抽签",
    MCMAHON_SCORE,
    "SOS",
    "SOSOS",
    "SODOS",
)

# Tie-breaks where the smaller value ranks higher.
ASCENDING: frozenset[str] = frozenset({"犯规"})


class StandingsError(ValueError):
    """A request the standings cannot be computed from; the message says what to fix."""


def _second_mover(game: GameRecord, by_colour: bool) -> int | None:
    if game.second is None:
        return None
    if by_colour and game.seat_swapped:
        return game.first
    return game.second


def compute_standings(request: StandingsRequest) -> Standings:
    settings = request.settings
    scoring = request.scoring
    after = request.after_round
    entrants = {e.id: e for e in request.entrants}
    if len(entrants) != len(request.entrants):
        raise StandingsError("参赛者编号重复：每名棋手只能出现一次")
    for name in settings.tiebreaks:
        if name not in ALL_TIEBREAKS:
            raise StandingsError(f"未知的小分名称“{name}”；可用：{'、'.join(ALL_TIEBREAKS)}")
    for field, value, allowed in (
        ("bye_in_sos", settings.bye_in_sos, ("none", "zero", "lowest")),
        ("ties", settings.ties, ("shared", "lot")),
        ("second_mover_by", settings.second_mover_by, ("seat", "colour")),
    ):
        if value not in allowed:
            raise StandingsError(f"排名设置 {field} 的值“{value}”无效；可用：{'、'.join(allowed)}")
    uses_lot = settings.ties == "lot" or "抽签" in settings.tiebreaks
    if uses_lot and settings.lot_seed is None:
        raise StandingsError("抽签需要一个记录在案的随机种子（lot_seed），以便公开复现")
    by_colour = settings.second_mover_by == "colour"
    bye_is_win = settings.bye_counts_as_win

    ids = list(entrants)
    points: dict[int, float] = {i: entrants[i].initial_points for i in ids}
    per_round: dict[int, dict[int, float]] = {i: {} for i in ids}
    # Opponent list entries: an opponent id, or None for a virtual (bye-like) opponent.
    opponents: dict[int, list[int | None]] = {i: [] for i in ids}
    wins = dict.fromkeys(ids, 0.0)
    second_wins = dict.fromkeys(ids, 0.0)
    second_games = dict.fromkeys(ids, 0.0)
    fouls = dict.fromkeys(ids, 0.0)
    board_points = dict.fromkeys(ids, 0.0)
    met: dict[tuple[int, int], list[float]] = {}  # (a, b) a<b -> [points a, points b]
    beaten: dict[int, list[tuple[int, float]]] = {i: [] for i in ids}  # (opponent, 1 or ½)
    # McMahon: each counted meeting's round, opponent and handicap adjustment (issue 29).
    counting = request.mcmahon
    # (round, opponent, adjustment, share won: 1, ½ or 0)
    meetings: dict[int, list[tuple[int, int, float, float]]] = {i: [] for i in ids}

    for game in request.games:
        if game.round > after:
            continue
        players = (game.first,) if game.second is None else (game.first, game.second)
        for p in players:
            if p not in entrants:
                raise StandingsError(
                    f"第{game.round}轮第{game.table}台的棋手（编号 {p}）不在参赛名单中"
                )
        fouls[game.first] += game.fouls_first
        if game.second is not None:
            fouls[game.second] += game.fouls_second
        result = game.result
        if result is None or result is Result.NOT_PLAYED:
            continue
        board_points[game.first] += game.first_board_points
        if game.second is not None:
            board_points[game.second] += game.second_board_points
        second = _second_mover(game, by_colour)
        for p in players:
            earned = points_for(game, p, scoring)
            points[p] += earned
            per_round[p][game.round] = per_round[p].get(game.round, 0.0) + earned
            outcome = outcome_for(game, p)
            if outcome == "W" or (outcome == "FW" and settings.forfeit_wins_count):
                wins[p] += 1
                if p == second:
                    second_wins[p] += 1
            elif outcome == "BYE" and bye_is_win:
                wins[p] += 1
            if outcome in ("W", "D", "L") and p == second:
                second_games[p] += 1
        if game.second is None:
            if settings.bye_in_sos != "none":
                opponents[game.first].append(None)
            continue
        a, b = game.first, game.second
        if result.is_played or settings.forfeit_opponents_count:
            opponents[a].append(b)
            opponents[b].append(a)
            stones = game.handicap * counting.stone_points  # White gives, Black takes
            for me, other, adjust in ((a, b, -stones), (b, a, stones)):
                share = {"W": 1.0, "FW": 1.0, "D": 0.5}.get(outcome_for(game, me) or "", 0.0)
                meetings[me].append((game.round, other, adjust, share))
                if share:
                    beaten[me].append((other, share))
            key = (a, b) if a < b else (b, a)
            got = met.setdefault(key, [0.0, 0.0])
            got[0] += points_for(game, key[0], scoring)
            got[1] += points_for(game, key[1], scoring)
        elif settings.bye_in_sos != "none":
            opponents[a].append(None)
            opponents[b].append(None)

    for i in ids:  # a requested bye's points count in 积分 and in its round's running total
        for r, awarded in entrants[i].requested_byes.items():
            if r <= after:
                points[i] += awarded
                per_round[i][r] = per_round[i].get(r, 0.0) + awarded

    progressive: dict[int, float] = {}
    for i in ids:
        running = entrants[i].initial_points
        total = 0.0
        rounds = per_round[i]
        for r in range(1, after + 1):
            running += rounds.get(r, 0.0)
            total += running
        progressive[i] = total

    virtual_score = 0.0
    virtual_progressive = 0.0
    if settings.bye_in_sos == "lowest" and ids:
        virtual_score = min(points.values())
        virtual_progressive = min(progressive.values())

    sos: dict[int, float] = {}
    median: dict[int, float] = {}
    cut1: dict[int, float] = {}
    sos_progressive: dict[int, float] = {}
    for i in ids:
        scores = sorted(virtual_score if o is None else points[o] for o in opponents[i])
        total = sum(scores)
        sos[i] = total
        cut1[i] = total - scores[0] if scores else 0.0
        median[i] = total - scores[0] - scores[-1] if len(scores) >= 3 else 0.0
        sos_progressive[i] = sum(
            virtual_progressive if o is None else progressive[o] for o in opponents[i]
        )

    mms = {
        i: points[i]
        + entrants[i].mcmahon_start
        + counting.absent_bonus(sum(1 for r in entrants[i].absent_rounds if r <= after))
        for i in ids
    }

    fixed: dict[str, Mapping[int, float]] = {
        "积分": points,
        "对手分": sos,
        "中间分": median,
        "去一最低对手分": cut1,
        "累进分": progressive,
        "对手累进分": sos_progressive,
        "胜局数": wins,
        "后手胜局数": second_wins,
        "后手局数": second_games,
        "犯规": fouls,
        "等级分": {i: float(entrants[i].rating) for i in ids},
        "局分": board_points,
    }
    if set(settings.tiebreaks) & set(MCMAHON_TIEBREAKS):  # a McMahon event's: shown only there
        if counting.unpaired_as_start or counting.stone_points:
            virtuals = {i: sum(1 for o in opponents[i] if o is None) for i in ids}
            mms_sos, mms_sosos, mms_sodos = _opengotha_tiebreaks(request, mms, meetings, virtuals)
        else:
            mms_sos, mms_sosos, mms_sodos = _mcmahon_tiebreaks(
                ids, mms, opponents, beaten, settings.bye_in_sos
            )
        fixed |= {MCMAHON_SCORE: mms, "SOS": mms_sos, "SOSOS": mms_sosos, "SODOS": mms_sodos}
    by_mms = bool(settings.tiebreaks) and settings.tiebreaks[0] == MCMAHON_SCORE
    primary, primary_name = (mms, MCMAHON_SCORE) if by_mms else (points, "积分")
    head_to_head: dict[int, float] = {}
    lots: dict[int, float] = {}
    rng = random.Random(settings.lot_seed)

    def label(i: int) -> str:
        e = entrants[i]
        return e.name or f"{e.seed}号"

    def direct(group: tuple[int, ...]) -> Mapping[int, float] | str:
        scored = dict.fromkeys(group, 0.0)
        missing: list[str] = []
        for x, a in enumerate(group):
            for b in group[x + 1 :]:
                key = (a, b) if a < b else (b, a)
                got = met.get(key)
                if got is None:
                    missing.append(f"{label(a)}与{label(b)}")
                    continue
                scored[key[0]] += got[0]
                scored[key[1]] += got[1]
        if missing:
            return (
                "未全部相遇："
                + "、".join(missing[:3])
                + ("等" if len(missing) > 3 else "")
                + "未交手"
            )
        head_to_head.update(scored)
        return scored

    def draw_lots(group: tuple[int, ...]) -> Mapping[int, float]:
        numbers = list(range(1, len(group) + 1))
        rng.shuffle(numbers)
        drawn = {e: float(n) for e, n in zip(group, numbers, strict=True)}
        lots.update(drawn)
        return drawn

    criteria: list[Criterion] = []
    for name in settings.tiebreaks[1:] if by_mms else settings.tiebreaks:
        if name == "积分" and not by_mms:
            continue
        if name == "直胜":
            criteria.append(Criterion(name, per_group=direct))
        elif name == "抽签":
            criteria.append(
                Criterion(f"抽签（种子 {settings.lot_seed}）", ascending=True, per_group=draw_lots)
            )
        else:
            criteria.append(Criterion(name, ascending=name in ASCENDING, values=fixed[name]))
    if settings.ties == "lot" and "抽签" not in settings.tiebreaks:
        criteria.append(
            Criterion(f"抽签（种子 {settings.lot_seed}）", ascending=True, per_group=draw_lots)
        )

    order = sorted(ids, key=lambda i: (entrants[i].seed, i))
    resolved = resolve(order, primary, criteria, label, primary_name)

    rows: list[Standing] = []
    position = 1
    for group in resolved.groups:
        shared = len(group) > 1
        for i in group:
            tiebreaks = {name: float(fixed[name][i]) for name in fixed}
            tiebreaks["直胜"] = head_to_head.get(i, 0.0)
            tiebreaks["抽签"] = lots.get(i, 0.0)
            rows.append(
                Standing(
                    rank=position,
                    entrant=i,
                    points=points[i],
                    tiebreaks={
                        name: tiebreaks[name] for name in ALL_TIEBREAKS if name in tiebreaks
                    },
                    shared=shared,
                )
            )
        position += len(group)

    header = _settings_line(request)
    return Standings(
        after_round=after,
        rows=tuple(rows),
        tiebreak_order=_order(settings.tiebreaks),
        explanation=(header, *(f"{NOTE}{n}" for n in request.notes), *resolved.explanation),
    )


def _order(tiebreaks: tuple[str, ...]) -> tuple[str, ...]:
    """The ranking order: 积分 first, or 麦克马洪分 when the order starts with it."""
    if tiebreaks and tiebreaks[0] == MCMAHON_SCORE:
        return tiebreaks
    return ("积分", *(n for n in tiebreaks if n != "积分"))


def _mcmahon_tiebreaks(
    ids: list[int],
    mms: Mapping[int, float],
    opponents: Mapping[int, list[int | None]],
    beaten: Mapping[int, list[tuple[int, float]]],
    bye_in_sos: str,
) -> tuple[dict[int, float], dict[int, float], dict[int, float]]:
    """SOS, SOSOS and SODOS on 麦克马洪分 (see the module's conventions)."""
    lowest = bye_in_sos == "lowest" and bool(ids)
    virtual = min(mms.values()) if lowest else 0.0
    sos = {i: sum(virtual if o is None else mms[o] for o in opponents[i]) for i in ids}
    virtual_sos = min(sos.values()) if lowest else 0.0
    sosos = {i: sum(virtual_sos if o is None else sos[o] for o in opponents[i]) for i in ids}
    sodos = {i: sum(share * mms[o] for o, share in beaten[i]) for i in ids}
    return sos, sosos, sodos


def _opengotha_tiebreaks(
    request: StandingsRequest,
    mms: Mapping[int, float],
    meetings: Mapping[int, list[tuple[int, int, float, float]]],
    virtuals: Mapping[int, int],
) -> tuple[dict[int, float], dict[int, float], dict[int, float]]:
    """SOS, SOSOS and SODOS as OpenGotha counts them (`McMahonCounting`): an opponent's
    麦克马洪分 adjusted by the handicap of the game; with `unpaired_as_start`, each round
    1..after without an opponent counts the player's own start (start × rounds in SOSOS),
    otherwise the `virtuals` entries count as `bye_in_sos` says (0 or the lowest)."""
    counting, after = request.mcmahon, request.after_round
    starts = {e.id: e.mcmahon_start for e in request.entrants}
    lowest = request.settings.bye_in_sos == "lowest" and bool(mms)

    def unpaired(i: int) -> int:
        if counting.unpaired_as_start:
            return after - len({r for r, _, _, _ in meetings[i]})
        return virtuals[i]

    def alone(i: int, per_round: float, lowest_value: float) -> float:
        if counting.unpaired_as_start:
            return unpaired(i) * per_round
        return unpaired(i) * (lowest_value if lowest else 0.0)

    low = min(mms.values()) if mms else 0.0
    sos = {
        i: sum(mms[o] + adjust for _, o, adjust, _ in meetings[i]) + alone(i, starts[i], low)
        for i in starts
    }
    low_sos = min(sos.values()) if sos else 0.0
    sosos = {
        i: sum(sos[o] for _, o, _, _ in meetings[i]) + alone(i, starts[i] * after, low_sos)
        for i in starts
    }
    sodos = {
        i: sum(share * (mms[o] + adjust) for _, o, adjust, share in meetings[i]) for i in starts
    }
    return sos, sosos, sodos


_MCMAHON_WORDS = (
    "麦克马洪分 = 起始分（按段级位）+ 积分；SOS = 对手麦克马洪分之和；"
    "SOSOS = 对手的 SOS 之和；SODOS = 所胜对手麦克马洪分之和（和棋计一半）。"
)


def _settings_line(request: StandingsRequest) -> str:
    s = request.settings
    bye = {"none": "不计", "zero": "按0分计", "lowest": "按全场最低分计"}[s.bye_in_sos]
    order = " → ".join(_order(s.tiebreaks))
    mcmahon = any(n in s.tiebreaks for n in (MCMAHON_SCORE, "SOS", "SOSOS", "SODOS"))
    ties = f"抽签（种子 {s.lot_seed}）" if s.ties == "lot" else "并列"
    sc = request.scoring
    return (
        f"第{request.after_round}轮后排名：{order}；余者{ties}。"
        f"胜{fmt(sc.win)} 和{fmt(sc.draw)} 负{fmt(sc.loss)} 轮空{fmt(sc.bye)}；"
        f"对手分中轮空{bye}，弃权对手{'计入' if s.forfeit_opponents_count else '视同轮空'}，"
        f"弃权胜{'计入' if s.forfeit_wins_count else '不计入'}胜局数。"
        + (_MCMAHON_WORDS if mcmahon else "")
    )
