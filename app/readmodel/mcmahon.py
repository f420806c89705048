"""The McMahon start list of an event (issue 18): every player's start and group before
round 1, and the settings in force.  Read by `finals mcmahon` and the report `mcmahon`.

Pure: built from the read model's event (`FinalEvent`), no store.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.domain import EntrantId, Seed
from app.pairing.mcmahon import (
    McMahonBounds,
    McMahonError,
    McMahonPlayer,
    McMahonSettings,
    grade_name,
    group_name,
    rank_value,
    start_score,
    step_points,
    steps,
)
from app.readmodel.model import FinalEvent
from app.standings._resolve import fmt

UNREADABLE = "段位无法识别"


@dataclass(frozen=True)
class McMahonLine:
    """One player on the list; `start` and `steps` are None when his grade is unreadable."""

    id: EntrantId
    seed: Seed
    name: str
    unit: str
    grade: str
    start: float | None
    steps: int | None
    group: str


@dataclass(frozen=True)
class McMahonTable:
    code: str
    name: str
    is_mcmahon: bool
    settings: McMahonSettings
    bounds: McMahonBounds
    step: float  # points per grade (a win's)
    lines: tuple[McMahonLine, ...]  # by start (highest first), then seed
    unreadable: tuple[McMahonPlayer, ...]  # in seed order: pairing is refused until fixed

    def settings_lines(self, *, keys: bool = True) -> tuple[str, ...]:
        """The settings in force, in words (printed under the list); `keys`: with the
        setting keys the arbiters type (mcmahon.bar), which a list for players leaves out."""
        s, b = self.settings, self.bounds
        top = (steps(b.bar, b) + b.offset) * self.step
        bottom = b.offset * self.step

        def key(name: str) -> str:  # " mcmahon.bar =" for the arbiters, nothing for players
            return f" {name} =" if keys else ""

        zero = (
            f"零分段位{key('mcmahon.zero')} {s.zero}（{grade_name(b.zero)}起始分为 0）"
            if b.zero is not None
            else f"零分段位{key('mcmahon.zero').removesuffix(' =')} 未设（下限起始分为 0）"
        )
        yes = {True: "是", False: "否"}
        system = "（pairing.system）" if keys else ""
        return (
            f"编排方法：{'麦克马洪制' if self.is_mcmahon else f'不是麦克马洪制{system}'}",
            f"上限{key('mcmahon.bar')} {s.bar}（{grade_name(b.bar)}及以上起始分 {fmt(top)}，上限组）",
            f"下限{key('mcmahon.floor')} {s.floor}（{grade_name(b.floor)}及以下起始分 {fmt(bottom)}，"
            "下限组）",
            zero,
            f"每差一个段级位起始分差 {fmt(self.step)}（一局胜的分）；"
            "麦克马洪分 = 起始分 + 积分，按它分组编排和排名",
            f"排名（OpenGotha 规则）：SOS 按让子调整{key('mcmahon.sos_handicap')} "
            f"{yes[s.sos_handicap]}；无对手的一轮按本人起始分计"
            f"{key('mcmahon.unpaired_as_start')} {yes[s.unpaired_as_start]}；每轮请假计"
            f"{key('mcmahon.absent_score')} {fmt(s.absent_score)} 胜（向下取整"
            f"{key('mcmahon.absent_round_down')} {yes[s.absent_round_down]}）；起始分修正"
            f"{key('mcmahon.corrections')} {yes[s.corrections]}",
        )

    def groups(self) -> tuple[tuple[str, int], ...]:
        """(group, players) from the top group down."""
        counts: dict[str, int] = {}
        for line in self.lines:
            counts[line.group] = counts.get(line.group, 0) + 1
        return tuple(counts.items())


def mcmahon_table(event: FinalEvent) -> McMahonTable:
    """The start list of `event`.  Bad settings fall back to the defaults here (the
    settings commands name them); unreadable grades are listed, not refused."""
    typed = event.settings
    settings = typed.mcmahon
    try:
        limits = settings.bounds()
    except McMahonError:  # both stored and crossed: the defaults, as for any bad setting
        settings = McMahonSettings()
        limits = settings.bounds()
    win = typed.scoring.win
    lines: list[McMahonLine] = []
    unreadable: list[McMahonPlayer] = []
    for e in event.entrants:
        rank = rank_value(e.grade)
        if rank is None:
            unreadable.append(McMahonPlayer(e.id, e.seed, e.name, e.grade))
        lines.append(
            McMahonLine(
                id=e.id,
                seed=e.seed,
                name=e.name,
                unit=e.unit or "",
                grade=e.grade or "",
                start=None
                if rank is None
                else start_score(
                    rank, limits, win, e.mcmahon_correction if settings.corrections else 0
                ),
                steps=None if rank is None else steps(rank, limits),
                group=UNREADABLE if rank is None else group_name(rank, limits),
            )
        )
    lines.sort(key=lambda x: (x.start is None, -(x.start or 0.0), x.seed, x.id))
    return McMahonTable(
        code=event.code,
        name=event.name,
        is_mcmahon=typed.is_mcmahon,
        settings=settings,
        bounds=limits,
        step=step_points(win),
        lines=tuple(lines),
        unreadable=tuple(sorted(unreadable, key=lambda p: (p.seed, p.id))),
    )
