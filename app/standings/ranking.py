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
from dataclasses import replace

from app.domain import EntrantId, GameRecord, Outcome, Result, outcome_for, points_for
from app.standings._resolve import Criterion, Resolved, fmt, resolve
from app.standings.criteria import (
    MCMAHON_ONLY,
    VALUES,
    Tally,
    direct,
    draw_lots,
)
from app.standings.model import NOTE, Standing, Standings, StandingsRequest, StandingsRules
from app.standings.tiebreaks import Tiebreak

# The individual criteria in the order a standing row lists them.
INDIVIDUAL: tuple[Tiebreak, ...] = (
    Tiebreak.POINTS,
    Tiebreak.SOS,
    Tiebreak.MEDIAN,
    Tiebreak.SOS_CUT1,
    Tiebreak.PROGRESSIVE,
    Tiebreak.SOS_PROGRESSIVE,
    Tiebreak.WINS,
    Tiebreak.SECOND_WINS,
    Tiebreak.SECOND_GAMES,
    Tiebreak.DIRECT,
    Tiebreak.FOULS,
    Tiebreak.RATING,
    Tiebreak.BOARD_POINTS,
    Tiebreak.LOT,
    Tiebreak.MMS,
    Tiebreak.MMS_SOS,
    Tiebreak.SOSOS,
    Tiebreak.SODOS,
)
ALL_TIEBREAKS: tuple[str, ...] = tuple(t.zh for t in INDIVIDUAL)

# Tie-breaks where the smaller value ranks higher.
ASCENDING: frozenset[str] = frozenset(t.zh for t in INDIVIDUAL if t.ascending)


class StandingsError(ValueError):
    """A request the standings cannot be computed from; the message says what to fix."""


_SHARES: dict[Outcome | None, float] = {
    Outcome.WIN: 1.0,
    Outcome.FORFEIT_WIN: 1.0,
    Outcome.DRAW: 0.5,
}
"""What a game against an opponent counts in the direct encounter and SODOS-like sums."""


def _second_mover(game: GameRecord, by_colour: bool) -> int | None:
    if game.second is None:
        return None
    if by_colour and game.seat_swapped:
        return game.first
    return game.second


def order_of(names: tuple[str, ...]) -> tuple[Tiebreak, ...]:
    """The settings' tie-break names (ids or Chinese labels) as criteria; a name that is
    no individual criterion is refused."""
    found: list[Tiebreak] = []
    for name in names:
        criterion = Tiebreak.named(name)
        if criterion is None or criterion not in INDIVIDUAL:
            raise StandingsError(f"未知的小分名称“{name}”；可用：{'、'.join(ALL_TIEBREAKS)}")
        found.append(criterion)
    return tuple(found)


def _tally(request: StandingsRequest) -> Tally:
    """Read the games once: points, opponents, wins, fouls, meetings (the conventions)."""
    settings = request.settings
    scoring = request.scoring
    after = request.after_round
    entrants = {e.id: e for e in request.entrants}
    by_colour = settings.second_mover_by == "colour"
    bye_is_win = settings.bye_counts_as_win
    ids = list(entrants)
    t = Tally(
        request=request,
        entrants=entrants,
        points={i: entrants[i].initial_points for i in ids},
        per_round={i: {} for i in ids},
        opponents={i: [] for i in ids},
        wins=dict.fromkeys(ids, 0.0),
        second_wins=dict.fromkeys(ids, 0.0),
        second_games=dict.fromkeys(ids, 0.0),
        fouls=dict.fromkeys(ids, 0.0),
        board_points=dict.fromkeys(ids, 0.0),
        beaten={i: [] for i in ids},
        meetings={i: [] for i in ids},
    )
    counting = request.mcmahon
    for game in request.games:
        if game.round > after:
            continue
        players = (game.first,) if game.second is None else (game.first, game.second)
        for p in players:
            if p not in entrants:
                raise StandingsError(
                    f"第{game.round}轮第{game.table}台的棋手（编号 {p}）不在参赛名单中"
                )
        t.fouls[game.first] += game.fouls_first
        if game.second is not None:
            t.fouls[game.second] += game.fouls_second
        result = game.result
        if result is None or result is Result.NOT_PLAYED:
            continue
        t.board_points[game.first] += game.first_board_points
        if game.second is not None:
            t.board_points[game.second] += game.second_board_points
        second = _second_mover(game, by_colour)
        for p in players:
            earned = points_for(game, p, scoring)
            t.points[p] += earned
            t.per_round[p][game.round] = t.per_round[p].get(game.round, 0.0) + earned
            outcome = outcome_for(game, p)
            if outcome is Outcome.WIN or (
                outcome is Outcome.FORFEIT_WIN and settings.forfeit_wins_count
            ):
                t.wins[p] += 1
                if p == second:
                    t.second_wins[p] += 1
            elif outcome is Outcome.BYE and bye_is_win:
                t.wins[p] += 1
            if outcome is not None and outcome.is_played and p == second:
                t.second_games[p] += 1
        if game.second is None:
            if settings.bye_in_sos != "none":
                t.opponents[game.first].append(None)
            continue
        a, b = game.first, game.second
        if result.is_played or settings.forfeit_opponents_count:
            t.opponents[a].append(b)
            t.opponents[b].append(a)
            stones = game.handicap * counting.stone_points  # White gives, Black takes
            for me, other, adjust in ((a, b, -stones), (b, a, stones)):
                share = _SHARES.get(outcome_for(game, me), 0.0)
                t.meetings[me].append((game.round, other, adjust, share))
                if share:
                    t.beaten[me].append((other, share))
            key = (a, b) if a < b else (b, a)
            got = t.met.setdefault(key, [0.0, 0.0])
            got[0] += points_for(game, key[0], scoring)
            got[1] += points_for(game, key[1], scoring)
        elif settings.bye_in_sos != "none":
            t.opponents[a].append(None)
            t.opponents[b].append(None)

    for i in ids:  # a requested bye's points count in 积分 and in its round's running total
        for r, awarded in entrants[i].requested_byes.items():
            if r <= after:
                t.points[i] += awarded
                t.per_round[i][r] = t.per_round[i].get(r, 0.0) + awarded
    return t


def compute_standings(request: StandingsRequest) -> Standings:
    settings = request.settings
    entrants = {e.id: e for e in request.entrants}
    if len(entrants) != len(request.entrants):
        raise StandingsError("参赛者编号重复：每名棋手只能出现一次")
    order = order_of(settings.tiebreaks)
    for field, value, allowed in (
        ("bye_in_sos", settings.bye_in_sos, ("none", "zero", "lowest")),
        ("ties", settings.ties, ("shared", "lot")),
        ("second_mover_by", settings.second_mover_by, ("seat", "colour")),
    ):
        if value not in allowed:
            raise StandingsError(f"排名设置 {field} 的值“{value}”无效；可用：{'、'.join(allowed)}")
    uses_lot = settings.ties == "lot" or Tiebreak.LOT in order
    if uses_lot and settings.lot_seed is None:
        raise StandingsError("抽签需要一个记录在案的随机种子（lot_seed），以便公开复现")

    after = request.after_round
    out = frozenset(e.id for e in request.entrants if e.disqualified_by(after))
    if out and settings.disqualified_games == "annul":  # his games count for nobody
        request = replace(
            request,
            games=tuple(g for g in request.games if g.first not in out and g.second not in out),
        )
    tally = _tally(request)
    ids = tally.ids
    shown = [t for t in VALUES if t not in MCMAHON_ONLY]
    if set(order) & MCMAHON_ONLY:  # a McMahon event's: shown only there
        shown += [t for t in VALUES if t in MCMAHON_ONLY]
    fixed = {t: VALUES[t](tally) for t in shown}
    by_mms = bool(order) and order[0] is Tiebreak.MMS
    primary_tb = Tiebreak.MMS if by_mms else Tiebreak.POINTS
    primary = fixed[primary_tb]

    def label(i: EntrantId) -> str:
        e = entrants[i]
        return e.name or f"{e.seed}号"

    def ranked(
        field: list[EntrantId],
        head_to_head: dict[EntrantId, float],
        lots: dict[EntrantId, float],
    ) -> Resolved:
        """`field` ordered by the criteria (直胜 and 抽签 write into the two dicts)."""
        rng = random.Random(settings.lot_seed)

        def direct_group(group: tuple[EntrantId, ...]) -> dict[EntrantId, float] | str:
            scored = direct(tally, group, label)
            if isinstance(scored, str):
                return scored
            head_to_head.update(scored)
            return dict(scored)

        def lot_group(group: tuple[EntrantId, ...]) -> dict[EntrantId, float]:
            drawn = draw_lots(rng, group)
            lots.update(drawn)
            return dict(drawn)

        lot = Criterion(f"抽签（种子 {settings.lot_seed}）", ascending=True, per_group=lot_group)
        criteria: list[Criterion] = []
        for tb in order[1:] if by_mms else order:
            if tb is Tiebreak.POINTS and not by_mms:
                continue
            if tb is Tiebreak.DIRECT:
                criteria.append(Criterion(tb.zh, per_group=direct_group))
            elif tb is Tiebreak.LOT:
                criteria.append(lot)
            else:
                criteria.append(Criterion(tb.zh, ascending=tb.ascending, values=fixed[tb]))
        if settings.ties == "lot" and Tiebreak.LOT not in order:
            criteria.append(lot)
        return resolve(field, primary, criteria, label, primary_tb.zh)

    ordered = sorted(ids, key=lambda i: (entrants[i].seed, i))
    head_to_head: dict[EntrantId, float] = {}
    lots: dict[EntrantId, float] = {}
    # 不顺延: everyone is ranked and the disqualified leave their places empty; 顺延: the
    # field is ranked without them (their places, for the record, from a ranking with them).
    vacated = settings.disqualified_places == "empty"
    kept = ordered if vacated else [i for i in ordered if i not in out]
    resolved = ranked(kept, head_to_head, lots)
    with_them = resolved if vacated or not out else ranked(ordered, {}, {})
    held = _places(with_them)

    def row(i: EntrantId, rank: int, shared: bool) -> Standing:
        values = {tb: float(fixed[tb][i]) for tb in fixed}
        values[Tiebreak.DIRECT] = head_to_head.get(i, 0.0)
        values[Tiebreak.LOT] = lots.get(i, 0.0)
        return Standing(
            rank=rank,
            entrant=i,
            points=tally.points[i],
            tiebreaks={tb.zh: values[tb] for tb in INDIVIDUAL if tb in values},
            shared=shared,
        )

    rows: list[Standing] = []
    position = 1
    for group in resolved.groups:
        staying = [i for i in group if i not in out]
        for i in staying:
            rows.append(row(i, position, len(staying) > 1))
        position += len(group)
    left_out = tuple(row(i, held[i][0], held[i][1]) for i in ordered if i in out)

    rules = StandingsRules(
        after_round=request.after_round,
        order=_order(order),
        ties=settings.ties,
        lot_seed=settings.lot_seed,
        scoring=request.scoring,
        bye_in_sos=settings.bye_in_sos,
        forfeit_opponents_count=settings.forfeit_opponents_count,
        forfeit_wins_count=settings.forfeit_wins_count,
        disqualified_games=settings.disqualified_games,
        disqualified_places=settings.disqualified_places,
        disqualified=bool(out),
    )
    return Standings(
        after_round=request.after_round,
        rows=tuple(rows),
        tiebreak_order=tuple(t.zh for t in rules.order),
        explanation=(
            rules_line(rules),
            *(f"{NOTE}{n}" for n in request.notes),
            *resolved.explanation,
        ),
        rules=rules,
        disqualified=tuple(sorted(left_out, key=lambda r: (r.rank, entrants[r.entrant].seed))),
        vacated=vacated and bool(out),
    )


def _places(resolved: Resolved) -> dict[EntrantId, tuple[int, bool]]:
    """Each entrant's place in `resolved` and whether it is shared."""
    out: dict[EntrantId, tuple[int, bool]] = {}
    position = 1
    for group in resolved.groups:
        for i in group:
            out[i] = (position, len(group) > 1)
        position += len(group)
    return out


def _order(order: tuple[Tiebreak, ...]) -> tuple[Tiebreak, ...]:
    """The ranking order: 积分 first, or 麦克马洪分 when the order starts with it."""
    if order and order[0] is Tiebreak.MMS:
        return order
    return (Tiebreak.POINTS, *(t for t in order if t is not Tiebreak.POINTS))


_MCMAHON_WORDS = (
    "麦克马洪分 = 起始分（按段级位）+ 积分；SOS = 对手麦克马洪分之和；"
    "SOSOS = 对手的 SOS 之和；SODOS = 所胜对手麦克马洪分之和（和棋计一半）。"
)


def rules_line(rules: StandingsRules) -> str:
    """The rules in the core's words: the first line of the standings' explanation."""
    bye = {"none": "不计", "zero": "按0分计", "lowest": "按全场最低分计"}[rules.bye_in_sos]
    order = " → ".join(t.zh for t in rules.order)
    ties = f"抽签（种子 {rules.lot_seed}）" if rules.ties == "lot" else "并列"
    sc = rules.scoring
    return (
        f"第{rules.after_round}轮后排名：{order}；余者{ties}。"
        f"胜{fmt(sc.win)} 和{fmt(sc.draw)} 负{fmt(sc.loss)} 轮空{fmt(sc.bye)}；"
        f"对手分中轮空{bye}，弃权对手{'计入' if rules.forfeit_opponents_count else '视同轮空'}，"
        f"弃权胜{'计入' if rules.forfeit_wins_count else '不计入'}胜局数。"
        + (_MCMAHON_WORDS if rules.mcmahon else "")
        + (disqualified_words(rules) if rules.disqualified else "")
    )


def disqualified_note(standings: Standings) -> str:
    """The disqualification rules of `standings` ("" when nobody was left out)."""
    rules = standings.rules
    if rules is None or not standings.disqualified:
        return ""
    return disqualified_words(rules)


def disqualified_words(rules: StandingsRules) -> str:
    """The disqualification rules in force (standings.disqualified_games and
    .disqualified_places), printed with standings that leave someone out."""
    games = (
        "其对局保留，对手照计得分与对手分"
        if rules.disqualified_games == "keep"
        else "其对局作废，对手该轮不计得分与对手分"
    )
    places = (
        "其名次空缺不顺延，该名次奖项、等级不授"
        if rules.disqualified_places == "empty"
        else "其后名次依次顺延"
    )
    return f"取消资格者不列名次：{games}；{places}。"
