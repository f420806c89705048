"""Team standings as sums of the members' individual results (RULES §7).

The Gomoku final's 男子团体 (3 players) and 女子团体 (2 players) have no team rounds: a
team's score is the sum of its members' individual scores in the open event.  Ties are
broken by the team tie-break order (*setting*), by default the sum of the members'
对手分, then the sum of their 累进分, then the best member rank (smaller ranks higher);
remaining ties are shared (1, 2, 2, 4).

Go board-v-board team matches (board points 2/1/0, match points from board totals, a bye
team with 2 match points and 0 board points) are not modelled here: such an event is
paired and scored as its own event whose entrants are the teams.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from app.domain import EntrantId, Seed
from app.standings._resolve import Criterion, resolve
from app.standings.model import Standing, Standings
from app.standings.tiebreaks import Tiebreak

TEAM_TIEBREAKS: tuple[str, ...] = (
    Tiebreak.MEMBER_SOS,
    Tiebreak.MEMBER_PROGRESSIVE,
    Tiebreak.BEST_RANK,
)


def member_sos(present: Sequence[Standing], counted: Sequence[Standing], worst: int) -> float:
    """队员对手分: the counted members' 对手分 summed."""
    return sum(r.tiebreaks.get(Tiebreak.SOS.zh, 0.0) for r in counted)


def member_progressive(
    present: Sequence[Standing], counted: Sequence[Standing], worst: int
) -> float:
    """队员累进分: the counted members' 累进分 summed."""
    return sum(r.tiebreaks.get(Tiebreak.PROGRESSIVE.zh, 0.0) for r in counted)


def best_rank(present: Sequence[Standing], counted: Sequence[Standing], worst: int) -> float:
    """最好名次: the best rank of any member in the standings (`worst` when none is)."""
    return float(min((r.rank for r in present), default=worst))


# A team criterion from (the members in the standings, those counted, the rank of none).
TEAM_VALUES: dict[Tiebreak, Callable[[Sequence[Standing], Sequence[Standing], int], float]] = {
    Tiebreak.MEMBER_SOS: member_sos,
    Tiebreak.MEMBER_PROGRESSIVE: member_progressive,
    Tiebreak.BEST_RANK: best_rank,
}


@dataclass(frozen=True)
class TeamDef:
    id: EntrantId
    seed: Seed
    name: str
    member_ids: tuple[EntrantId, ...]


def team_standings(
    teams: Sequence[TeamDef],
    individual: Standings,
    best_of: int | None = None,
    tiebreaks: Sequence[str] = TEAM_TIEBREAKS,
) -> Standings:
    """Rank `teams` on their members' rows in `individual`.

    With `best_of` = N only the N best members count (best = more points, then better
    rank), for the points and for both sums; 最好名次 is the best rank of any member.  A
    member missing from `individual` counts 0 and is named in the explanation.
    """
    chosen: list[Tiebreak] = []
    for name in tiebreaks:
        criterion = Tiebreak.named(name)
        if criterion is None or criterion not in TEAM_VALUES:
            known = "、".join(t.zh for t in TEAM_VALUES)
            raise ValueError(f"未知的团体小分“{name}”；可用：{known}")
        chosen.append(criterion)
    if best_of is not None and best_of < 1:
        raise ValueError("best_of 必须至少为 1")
    rows = {row.entrant: row for row in individual.rows}
    worst_rank = len(individual.rows) + 1
    points: dict[EntrantId, float] = {}
    values: dict[Tiebreak, dict[EntrantId, float]] = {t: {} for t in TEAM_VALUES}
    notes: list[str] = []
    if len({t.id for t in teams}) != len(teams):
        raise ValueError("团体编号重复")
    for team in teams:
        present = [rows[m] for m in team.member_ids if m in rows]
        missing = [m for m in team.member_ids if m not in rows]
        if missing:
            notes.append(
                f"{team.name}：队员（编号 {'、'.join(map(str, missing))}）不在个人成绩中，按 0 分计"
            )
        present.sort(key=lambda r: (-r.points, r.rank))
        counted = present if best_of is None else present[:best_of]
        points[team.id] = sum(r.points for r in counted)
        for criterion, compute in TEAM_VALUES.items():
            values[criterion][team.id] = compute(present, counted, worst_rank)

    names = {t.id: t.name or f"{t.seed}号队" for t in teams}
    criteria = [Criterion(t.zh, ascending=t.ascending, values=values[t]) for t in chosen]
    order = [t.id for t in sorted(teams, key=lambda t: (t.seed, t.id))]
    resolved = resolve(order, points, criteria, lambda i: names[i], points_name="团体积分")

    out: list[Standing] = []
    position = 1
    for group in resolved.groups:
        for team_id in group:
            out.append(
                Standing(
                    rank=position,
                    entrant=team_id,
                    points=points[team_id],
                    tiebreaks={t.zh: values[t][team_id] for t in TEAM_VALUES},
                    shared=len(group) > 1,
                )
            )
        position += len(group)
    counted_text = "全部队员" if best_of is None else f"最好的 {best_of} 名队员"
    header = (
        f"团体成绩：第{individual.after_round}轮后{counted_text}个人积分之和；"
        f"小分 {' → '.join(t.zh for t in chosen)}；余者并列。"
    )
    return Standings(
        after_round=individual.after_round,
        rows=tuple(out),
        tiebreak_order=(Tiebreak.POINTS.zh, *(t.zh for t in chosen)),
        explanation=(header, *notes, *resolved.explanation),
    )


def member_points(team: TeamDef, individual: Standings) -> Mapping[EntrantId, float]:
    """Each member's individual points (0 when absent from the standings)."""
    rows = {row.entrant: row.points for row in individual.rows}
    return {m: rows.get(m, 0.0) for m in team.member_ids}
