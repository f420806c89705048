"""McMahon (麦克马洪制) rules: a player's starting score from his grade, a bar and a floor.

Pure and strictly typed.  Conventions (EGF, as OpenGotha and Pairgoth count):

* Rank value: 1段 = 0, 2段 = 1, … n段 = n − 1; 1级 = −1, … k级 = −k.  So one grade is one
  step everywhere, 1级 is one step below 1段 (there is no "0级"), and grades are read
  with `app.standings.categories.grade_order` (业余3段, 三段, 3d, 20级, 20k …).
* The bar (上限) and the floor (下限) are grades.  A player at or above the bar starts as
  the bar; at or below the floor, as the floor.  The floor group starts at 0 (as OpenGotha
  does), each grade above it one step more: start = (min(max(rank, floor), bar) − floor).
* One step is one win: the start in points is the steps times the points of a win
  (`scoring.win`, 2 in the finals' 2/1/0; 1 with EGF-style 1/½/0 scoring).
* McMahon score (麦克马洪分) = start + the points scored; pairing and standings use it.
* OpenGotha's zero (issue 29, setting mcmahon.zero): the grade whose start is 0, at or
  below the floor (OpenGotha's default 30级).  Unset, the floor is the zero (the floor
  group starts at 0); either way the differences between starts are the same.
* A player's correction (OpenGotha's smmsCorrection, `McMahonPlayer.correction`): grades
  added to his start, after the bar and the floor (setting mcmahon.corrections).
* A grade that is not an amateur grade (empty, 职业五段, P2, a typo) is refused: pairing a
  McMahon event names those players and the fix; nobody is put at the floor silently.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from app.domain import EntrantId, Seed
from app.errors import FinalsError
from app.standings.categories import grade_order

# Defaults (settings mcmahon.bar and mcmahon.floor).  Bar 5段: in a Chinese amateur final
# 5段 and above (业余5段 is the provincial-champion level, 6–8段 national titles) are the
# few contenders for the title, and 6–7 rounds separate a top group of that size; a higher
# bar splits them into groups that cannot all meet.  Floor 20级: the lowest grade EGF events
# commonly distinguish; below it (a child's first 25级–21级) grades say little about
# strength, so those players start together.
DEFAULT_BAR = "5段"
DEFAULT_FLOOR = "20级"

# How a McMahon round is paired (setting mcmahon.engine): "opengotha" — OpenGotha 3.51's
# evaluation function and matching (`app.pairing.opengotha_engine`), the default;
# "swiss" — the program's own swiss engine on McMahon scores, as before issue 29.
McMahonEngine = Literal["opengotha", "swiss"]

TOP_GROUP = "上限组"
BOTTOM_GROUP = "下限组"


class McMahonError(FinalsError):
    """A McMahon start that cannot be computed; the message names the players and the fix."""


@dataclass(frozen=True)
class McMahonBounds:
    """The bar and the floor as rank values (bar > floor); the zero (≤ floor; None: the
    floor) is the rank whose start is 0."""

    bar: int
    floor: int
    zero: int | None = None

    @property
    def offset(self) -> int:
        """Steps the floor group starts at: the grades from the zero up to the floor."""
        return 0 if self.zero is None else self.floor - self.zero


@dataclass(frozen=True)
class McMahonSettings:
    """An event's mcmahon settings, as typed.

    Besides the bar and the floor, how the standings count (issue 29; OpenGotha's rules
    are the defaults): `sos_handicap` — SOS counts each opponent's 麦克马洪分 adjusted by
    the handicap of the game (+stones for White, −stones for Black); `unpaired_as_start` —
    a round without a game (a bye, a leave, not paired) counts the player's own start as
    the opponent in SOS and start × rounds in SOSOS; `absent_score` — the wins a 麦克马洪分
    gets for each round on leave, `absent_round_down` — their total rounded down to whole
    wins; `corrections` — each player's start correction counts."""

    bar: str = DEFAULT_BAR
    floor: str = DEFAULT_FLOOR
    zero: str | None = None
    sos_handicap: bool = True
    unpaired_as_start: bool = True
    absent_score: float = 0.5
    absent_round_down: bool = True
    corrections: bool = True
    engine: McMahonEngine = "opengotha"

    def bounds(self) -> McMahonBounds:
        return bounds(self.bar, self.floor, self.zero)

    def to_dict(self) -> dict[str, Any]:
        return {
            "bar": self.bar,
            "floor": self.floor,
            "zero": self.zero,
            "sos_handicap": self.sos_handicap,
            "unpaired_as_start": self.unpaired_as_start,
            "absent_score": self.absent_score,
            "absent_round_down": self.absent_round_down,
            "corrections": self.corrections,
            "engine": self.engine,
        }

    def absent_points(self, absent: int, win: float) -> float:
        """What `absent` rounds on leave add to 麦克马洪分, in points."""
        wins = absent * self.absent_score
        if self.absent_round_down:
            wins = math.floor(wins + 1e-9)
        return wins * step_points(win)


@dataclass(frozen=True)
class McMahonPlayer:
    """What the start needs to know of an entrant."""

    id: EntrantId
    seed: Seed
    name: str
    grade: str | None
    correction: int = 0  # grades added to the start (OpenGotha's smmsCorrection)


@dataclass(frozen=True)
class McMahonStart:
    """One entrant's place before round 1."""

    id: EntrantId
    seed: Seed
    name: str
    grade: str
    rank: int
    steps: int  # grades above the floor (0 for the floor group)
    start: float  # steps × the points of a win
    group: str  # 上限组, 3段组, 5级组, 下限组


def rank_value(grade: str | None) -> int | None:
    """EGF rank value of a grade (1段 = 0, 1级 = −1), None when it is not a grade."""
    order = grade_order(grade)
    if order is None:
        return None
    return order - 1 if order > 0 else order


def grade_name(rank: int) -> str:
    """The grade of a rank value, written the Chinese way: 0 → 1段, −1 → 1级."""
    return f"{rank + 1}段" if rank >= 0 else f"{-rank}级"


def bounds(bar: str, floor: str, zero: str | None = None) -> McMahonBounds:
    """The bar, floor (and zero) grades as rank values; McMahonError when unreadable or
    crossed."""
    high, low = rank_value(bar), rank_value(floor)
    if high is None:
        raise McMahonError(f"麦克马洪上限 mcmahon.bar 的值“{bar}”不是段级位：应如 5段、3d、1级。")
    if low is None:
        raise McMahonError(
            f"麦克马洪下限 mcmahon.floor 的值“{floor}”不是段级位：应如 20级、20k、1级。"
        )
    if high <= low:
        raise McMahonError(
            f"麦克马洪上限 mcmahon.bar（{bar}）应高于下限 mcmahon.floor（{floor}）。"
        )
    if zero is None:
        return McMahonBounds(high, low)
    nought = rank_value(zero)
    if nought is None or nought > low:
        raise McMahonError(
            f"麦克马洪零分段位 mcmahon.zero 的值“{zero}”无效：应为不高于下限 mcmahon.floor"
            f"（{floor}）的段级位，如 30级（OpenGotha 的默认）；不设（null）则下限起始分为 0。"
        )
    return McMahonBounds(high, low, nought)


def steps(rank: int, limits: McMahonBounds) -> int:
    """Grades above the floor, counted between the floor and the bar."""
    return min(max(rank, limits.floor), limits.bar) - limits.floor


def group_name(rank: int, limits: McMahonBounds) -> str:
    if rank >= limits.bar:
        return TOP_GROUP
    if rank <= limits.floor:
        return BOTTOM_GROUP
    return f"{grade_name(rank)}组"


def start_score(rank: int, limits: McMahonBounds, win: float, correction: int = 0) -> float:
    """The McMahon start in points: steps above the zero (the floor unless set), plus the
    player's correction, times the points of a win."""
    return (steps(rank, limits) + limits.offset + correction) * step_points(win)


def step_points(win: float) -> float:
    """The points one grade is worth: a win's (1 when a win is worth nothing or less)."""
    return win if win > 0 else 1.0


def unreadable(players: Iterable[McMahonPlayer]) -> tuple[McMahonPlayer, ...]:
    """Players whose grade the McMahon start cannot read, in seed order."""
    return tuple(
        sorted(
            (p for p in players if rank_value(p.grade) is None),
            key=lambda p: (p.seed, p.id),
        )
    )


PAIR_AFTER_FIX = "改正后再编排。"
# The standings rank a McMahon event even so (every document of the final is built from
# them), but say so on the rules line: the start they count is 0 until the grade is fixed.
STANDINGS_MEANWHILE = (
    "改正之前，排名按这些选手的起始分为 0（与下限组相同）计算，他们的名次、麦克马洪分"
    "以及对手的 SOS、SOSOS、SODOS 可能不准，请勿据此发布名次或发奖。"
)

# A paired round is still shown (its results must be entered): its McMahon scores say so.
VIEW_MEANWHILE = "改正之前，本轮对阵表中这些选手的麦克马洪分按起始分 0 显示，检查结果可能不准。"


def missing_grades_error(
    players: Sequence[McMahonPlayer], event: str = "", then: str = PAIR_AFTER_FIX
) -> McMahonError:
    """The refusal naming the players whose grade cannot be read and the fix; `then` is
    what follows the fix (pairing: pair again; the standings: what they count meanwhile)."""
    where = f"项目 {event} " if event else ""
    shown = [
        f"{p.seed}号{p.name}（段位“{p.grade}”）" if p.grade else f"{p.seed}号{p.name}（未填段位）"
        for p in players
    ]
    head = "、".join(shown[:10]) + (f"等 {len(shown)} 人" if len(shown) > 10 else "")
    problem = (
        f"{where}是麦克马洪制，按段级位定起始分，但 {head}没有可用的业余段级位（如 3段、5级、"
        "3d、20k；职业段位不能用）。请先改正这些选手的段位："
    )
    floor = f"不能确定段位的，可填下限（mcmahon.floor）的级位。{then}"
    return McMahonError(
        f"{problem}finals edit-player FILE 序号 --event {event or '项目'} --grade 5级"
        f"（或在窗口的选手表中填写）；{floor}",
        [p.name for p in players] if len(players) > 10 else None,
        window=f"{problem}在“选手”页选中该选手，点“修改…”填写段位（如 5级）；"
        f"{floor.replace('（mcmahon.floor）', '（设置中的麦克马洪下限）')}",
    )


def mcmahon_starts(
    players: Iterable[McMahonPlayer], limits: McMahonBounds, win: float, event: str = ""
) -> tuple[McMahonStart, ...]:
    """Every player's start and group, in seed order; McMahonError naming the players
    whose grade cannot be read."""
    field = sorted(players, key=lambda p: (p.seed, p.id))
    bad = unreadable(field)
    if bad:
        raise missing_grades_error(bad, event)
    out: list[McMahonStart] = []
    for p in field:
        rank = rank_value(p.grade)
        assert rank is not None and p.grade is not None
        n = steps(rank, limits)
        out.append(
            McMahonStart(
                id=p.id,
                seed=p.seed,
                name=p.name,
                grade=p.grade,
                rank=rank,
                steps=n,
                start=start_score(rank, limits, win, p.correction),
                group=group_name(rank, limits),
            )
        )
    return tuple(out)


__all__ = [
    "BOTTOM_GROUP",
    "DEFAULT_BAR",
    "DEFAULT_FLOOR",
    "PAIR_AFTER_FIX",
    "STANDINGS_MEANWHILE",
    "VIEW_MEANWHILE",
    "McMahonBounds",
    "McMahonError",
    "McMahonPlayer",
    "McMahonSettings",
    "McMahonStart",
    "TOP_GROUP",
    "bounds",
    "grade_name",
    "group_name",
    "mcmahon_starts",
    "missing_grades_error",
    "rank_value",
    "start_score",
    "step_points",
    "steps",
    "unreadable",
]
