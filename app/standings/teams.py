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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from app.standings._resolve import Criterion, resolve
from app.standings.model import Standing, Standings

TEAM_TIEBREAKS: tuple[str, ...] = ("队员对手分", "队员累进分", "最好名次")
_ASCENDING = frozenset({"最好名次"})


@dataclass(frozen=True)
class TeamDef:
    id: int
    seed: int
    name: str
    member_ids: tuple[int, ...]


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
    for name in tiebreaks:
        if name not in TEAM_TIEBREAKS:
            raise ValueError(f"未知的团体小分“{name}”；可用：{'、'.join(TEAM_TIEBREAKS)}")
    if best_of is not None and best_of < 1:
        raise ValueError("best_of 必须至少为 1")
    rows = {row.entrant: row for row in individual.rows}
    worst_rank = len(individual.rows) + 1
    points: dict[int, float] = {}
    values: dict[str, dict[int, float]] = {name: {} for name in TEAM_TIEBREAKS}
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
        values["队员对手分"][team.id] = sum(r.tiebreaks.get("对手分", 0.0) for r in counted)
        values["队员累进分"][team.id] = sum(r.tiebreaks.get("累进分", 0.0) for r in counted)
        values["最好名次"][team.id] = float(min((r.rank for r in present), default=worst_rank))

    names = {t.id: t.name or f"{t.seed}号队" for t in teams}
    criteria = [
        Criterion(name, ascending=name in _ASCENDING, values=values[name]) for name in tiebreaks
    ]
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
                    tiebreaks={name: values[name][team_id] for name in TEAM_TIEBREAKS},
                    shared=len(group) > 1,
                )
            )
        position += len(group)
    counted_text = "全部队员" if best_of is None else f"最好的 {best_of} 名队员"
    header = (
        f"团体成绩：第{individual.after_round}轮后{counted_text}个人积分之和；"
        f"小分 {' → '.join(tiebreaks)}；余者并列。"
    )
    return Standings(
        after_round=individual.after_round,
        rows=tuple(out),
        tiebreak_order=("积分", *tiebreaks),
        explanation=(header, *notes, *resolved.explanation),
    )


def member_points(team: TeamDef, individual: Standings) -> Mapping[int, float]:
    """Each member's individual points (0 when absent from the standings)."""
    rows = {row.entrant: row.points for row in individual.rows}
    return {m: rows.get(m, 0.0) for m in team.member_ids}
