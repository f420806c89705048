"""Inputs and outputs of the pairing engines: plain frozen data, no store."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from app.domain import EntrantId, GameRecord, Scoring, Seed
from app.pairing.availability import SitOut

System = Literal["swiss", "split", "monrad", "round_robin", "dutch", "mcmahon"]
FirstRound = Literal["split", "adjacent", "lot"]
SameUnit = Literal["never", "first_k", "always"]
OpeningMode = Literal["none", "lot", "opener"]
# Whether 禁连三 and 先后手差上限 are absolute rules the engine keeps (relaxed only when
# unavoidable, and reported) or a preference its cost weighs and the checker only notes.
ColourLimits = Literal["absolute", "preference"]


@dataclass(frozen=True)
class PairingSettings:
    """Every pairing rule of RULES §2–§5 and §8 that the arbiter can change."""

    system: System = "swiss"
    first_round: FirstRound = "split"
    same_unit: SameUnit = "first_k"
    same_unit_rounds: int = 3
    no_three_in_row: bool = True
    max_colour_surplus: int = 2
    colour_limits: ColourLimits = "absolute"  # the settings layer: "preference" for OpenGotha
    last_round_scores_over_colour: bool = True
    forfeit_counts_as_met: bool = True
    opening_mode: OpeningMode = "none"
    opening_no_repeat: bool = True

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PairingSettings:
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        return cls(**known)

    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__dataclass_fields__}

    def lines(self) -> tuple[str, ...]:
        """Every setting in force, in words, one per line (编排：…, 首轮：…, 禁连三：是):
        the one rendering the pairing list's 编排设置, `finals pairing` and the window's
        pairing report print, defaults included."""
        if self.system == "mcmahon":  # round 1 pairs inside the McMahon groups
            half = "1对2、3对4" if self.first_round == "adjacent" else "上下半区配对"
            first = f"麦克马洪组内{half}"
        else:
            first = FIRST_ROUND_WORDS[self.first_round]
        same_unit = {
            "never": "不回避",
            "first_k": f"前{self.same_unit_rounds}轮回避",
            "always": "全程回避",
        }[self.same_unit]
        out = [
            f"编排：{SYSTEM_WORDS[self.system]}",
            f"首轮：{first}",
            f"同单位回避：{same_unit}",
            f"禁连三：{_yes(self.no_three_in_row)}",
            f"先后手差上限：{self.max_colour_surplus}",
            "先后手限制："
            + (
                "绝对规则（无法满足时放宽并报告）"
                if self.colour_limits == "absolute"
                else "编排偏好（检查只作提示，不算违规）"
            ),
            f"末轮积分优先于先后手：{_yes(self.last_round_scores_over_colour)}",
            f"弃权视为已相遇：{_yes(self.forfeit_counts_as_met)}",
        ]
        if self.opening_mode != "none":  # Gomoku's designated openings
            opening = OPENING_WORDS[self.opening_mode]
            if self.opening_mode == "lot" and self.opening_no_repeat:
                opening += "，相邻轮次不重复"
            out.append(f"开局：{opening}")
        return tuple(out)


SYSTEM_WORDS: dict[str, str] = {
    "swiss": "积分编排（同分段内相邻配对）",
    "split": "积分编排（同分段内上下半区配对）",
    "monrad": "积分编排（蒙拉德制）",
    "dutch": "积分编排（荷兰制）",
    "round_robin": "循环赛（贝格尔表）",
    "mcmahon": "麦克马洪制（按麦克马洪分分组：起始分按段级位 + 积分）",
}
FIRST_ROUND_WORDS: dict[str, str] = {
    "split": "序号对半（1对n/2+1）",
    "adjacent": "序号相邻（1对2）",
    "lot": "抽签",
}
OPENING_WORDS: dict[str, str] = {
    "none": "不指定",
    "lot": "每轮抽签指定开局（全场统一）",
    "opener": "开局方自选",
}


def _yes(value: bool) -> str:
    return "是" if value else "否"


@dataclass(frozen=True)
class PairingEntrant:
    id: EntrantId
    seed: Seed
    name: str = ""
    unit: str | None = None
    rating: int = 0
    initial_points: float = 0.0


@dataclass(frozen=True)
class McMahonPairing:
    """What OpenGotha's McMahon pairing needs beyond the scores (issue 29 §3): the bar and the
    floor as rank values (1段 = 0, 1级 = −1), each entrant's rank, start correction (grades)
    and country, the wins a round on leave adds (and whether their total is rounded down),
    and which engine pairs (setting mcmahon.engine)."""

    bar: int
    floor: int
    ranks: dict[EntrantId, int] = field(default_factory=dict)
    corrections: dict[EntrantId, int] = field(default_factory=dict)
    countries: dict[EntrantId, str] = field(default_factory=dict)
    absent_score: float = 0.5
    absent_round_down: bool = True
    engine: str = "opengotha"
    # An event imported from OpenGotha: the file's `TournamentParameterSet` as the import
    # kept it ([tag, attributes, children]); its pairing, handicap and placement sets pair.
    file_parameters: list[Any] | None = None


@dataclass(frozen=True)
class PairingRequest:
    """Everything needed to pair `round_number` of one event."""

    round_number: int
    rounds_planned: int
    entrants: tuple[PairingEntrant, ...]
    active: frozenset[EntrantId]
    history: tuple[GameRecord, ...]
    scoring: Scoring = field(default_factory=Scoring)
    settings: PairingSettings = field(default_factory=PairingSettings)
    lot_seed: int | None = None
    # Who is not paired in the round and why (请假, 退赛, 连续弃权取消资格, 迟到未入), and the
    # forfeit rule in force (pairing.withdraw_after_forfeits; 0 = off): the report names both.
    sitting_out: tuple[SitOut, ...] = ()
    withdraw_after_forfeits: int = 0
    # McMahon events: what OpenGotha's evaluation function reads (None elsewhere).
    mcmahon: McMahonPairing | None = None


@dataclass(frozen=True)
class PairedGame:
    table: int
    first: EntrantId
    second: EntrantId | None
    handicap: int = 0  # Go: the stones the second mover (White) gives the first (Black)


@dataclass(frozen=True)
class TableNote:
    """Why a table is what it is, for the pairing report."""

    table: int
    first_score: float
    second_score: float | None
    first_group: float
    second_group: float | None
    first_float: str = ""
    second_float: str = ""
    colour_reason: str = ""
    same_unit: bool = False


@dataclass(frozen=True)
class Finding:
    """One breach of an absolute rule found by the checker (or, from `colour_notes`, a
    colour imbalance where the event's colour limits are a preference)."""

    rule: str
    message: str
    tables: tuple[int, ...] = ()
    entrants: tuple[EntrantId, ...] = ()


@dataclass(frozen=True)
class Pairing:
    round_number: int
    games: tuple[PairedGame, ...]
    notes: tuple[TableNote, ...] = ()
    relaxations: tuple[str, ...] = ()
    lot_seed: int | None = None
