"""The settings schema: every key the program reads, its type, allowed values and default.

One `Setting` per key (`EVENT_SETTINGS`, `TOURNAMENT_SETTINGS`, `TOURNAMENT_FIELDS`), the
check of one value against it (`check_value`), the reading of `KEY=text` from the command
line (`parse_text`), and the Chinese wording of what a key allows.  Pure.
"""

from __future__ import annotations

import difflib
import json
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, Literal, get_args

from app.domain import EventKind as EventKind  # re-exported: the kinds the settings name
from app.domain import Scoring
from app.errors import FinalsError
from app.pairing.colours import COLOUR_LIMITS_KEY, COLOUR_LIMITS_WORDS
from app.pairing.mcmahon import DEFAULT_BAR, DEFAULT_FLOOR, McMahonEngine, McMahonSettings
from app.pairing.model import (
    ColourLimits,
    FirstRound,
    OpeningMode,
    PairingSettings,
    SameUnit,
    System,
)
from app.phone_access import BASE_URL_EXAMPLE, base_url_problem
from app.settings.komi import KOMI_EXAMPLES, parse_komi
from app.standings.categories import grade_order, normalize_gender
from app.standings.model import (
    ByeInSos,
    DisqualifiedGames,
    DisqualifiedPlaces,
    SecondMoverBy,
    StandingsSettings,
    Ties,
)
from app.standings.prizes import PrizeRemainder as PrizeRemainder  # re-exported
from app.standings.prizes import PrizeSplit as PrizeSplit
from app.standings.prizes import PrizeUnit as PrizeUnit
from app.standings.ranking import ALL_TIEBREAKS
from app.standings.teams import TEAM_TIEBREAKS
from app.standings.tiebreaks import Tiebreak
from app.standings.tiebreaks import label as tiebreak_label
from app.standings.tiebreaks import labels as tiebreak_labels
from app.text import invisible_character

TeamFormat = Literal["sum", "match"]
Gender = Literal["M", "F"]
PairRule = Literal["MM", "FF", "MF", "parent_child"]
IneligiblePrizes = Literal["pay", "withhold"]  # a team that fails its eligibility rules
ValueType = Literal[
    "int",
    "float",
    "bool",
    "choice",
    "tiebreaks",
    "date",
    "grade",
    "text",
    "names",
    "url",
    "komi",
    "schedule",
]
DrawRule = Literal["auto", "allowed", "refused"]  # may a game be recorded as a draw (=)?

KINDS: tuple[EventKind, ...] = tuple(EventKind)
KIND_NAMES: dict[str, str] = {kind: kind.zh for kind in EventKind}
# "mcmahon" (issue 18) is stored inside the file's pairing settings, under "mcmahon".
GROUPS = ("scoring", "pairing", "standings", "eligibility", "mcmahon")

# A team match ranks on match points, then these (the sum model's 队员… mean nothing there).
TEAM_MATCH_TIEBREAKS: tuple[str, ...] = (Tiebreak.BOARD_POINTS, Tiebreak.SOS, Tiebreak.DIRECT)
# Names an individual (or pair) event may rank by: 局分 exists only in team matches.
INDIVIDUAL_TIEBREAKS: tuple[str, ...] = tuple(n for n in ALL_TIEBREAKS if n != "局分")
MAX_TEXT = 2000


# How the window says where a bad setting is fixed (the command line names the command).
FIX_IN_WINDOW = "请先在“编辑 → 设置”中改正。"


class SettingError(FinalsError):
    """A setting that cannot be used; the message names the key, the values allowed and the fix."""

    def __init__(
        self,
        message: str,
        problems: Sequence[Problem] = (),
        details: list[str] | None = None,
        *,
        window: str | None = None,
    ) -> None:
        super().__init__(message, details, window=window)
        self.problems = tuple(problems)


def _choices(literal: Any, labels: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    """(value, Chinese meaning) for each value of a Literal type, in its order."""
    values = get_args(literal)
    if set(values) != set(labels):  # the vocabulary lives in the Literal: keep them equal
        raise AssertionError(f"labels {sorted(labels)} do not match {values}")
    return tuple((v, labels[v]) for v in values)


@dataclass(frozen=True)
class Setting:
    """One key: what it is, what it may hold, where it applies."""

    key: str  # "pairing.max_colour_surplus"; tournament keys have no group
    label: str  # Chinese, e.g. 先后手差上限
    type: ValueType
    default: Any = None
    choices: tuple[tuple[str, str], ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    optional: bool = False  # None (null) allowed: "不限" / not set
    kinds: tuple[EventKind, ...] = KINDS
    note: str = ""  # what a special value means, e.g. "0 表示不限"

    @property
    def group(self) -> str:
        return self.key.partition(".")[0] if "." in self.key else ""

    @property
    def name(self) -> str:
        return self.key.partition(".")[2] if "." in self.key else self.key

    @property
    def values(self) -> tuple[str, ...]:
        return tuple(v for v, _ in self.choices)

    def title(self) -> str:
        return f"{self.key}（{self.label}）"

    def allowed(self, names: Sequence[str] = ()) -> str:
        """What the key allows, in words."""
        if self.type == "int":
            text = f"应为 {_num(self.minimum)} 到 {_num(self.maximum)} 之间的整数"
        elif self.type == "float":
            text = f"应为 {_num(self.minimum)} 到 {_num(self.maximum)} 之间的数（可带小数，可为负）"
        elif self.type == "bool":
            text = "应为 true（是）或 false（否）"
        elif self.type == "choice":
            text = "可用的值：" + "、".join(f"{v}（{label}）" for v, label in self.choices)
        elif self.type == "tiebreaks":
            text = "可用的小分（按顺序，用逗号分隔）：" + "、".join(names)
        elif self.type == "date":
            text = "应为日期，写成 YYYY-MM-DD，如 2008-09-01"
        elif self.type == "grade":
            text = "应为业余段位或级位，如 1级、5段、初段、3d、20k"
        elif self.type == "names":
            text = "应为一个或多个名称，用逗号分隔"
        elif self.type == "komi":
            text = f"应为贴目，如 {KOMI_EXAMPLES}（1 子 = 2 目；不写单位按目计）"
        elif self.type == "url":
            text = f"应为 http://主机[:端口][/路径]，如 {BASE_URL_EXAMPLE}"
        elif self.type == "schedule":
            text = (
                '应为各项目各轮的开赛时间，如 {"MEN": {"1": "2022-10-28 09:00"}}'
                '（"*" 表示所有项目）；请用 finals schedule FILE --event 项目 --round N '
                '--at "2022-10-28 09:00" 修改'
            )
        else:
            text = "应为一段文字"
        if self.note:
            text += f"；{self.note}"
        if self.optional and self.type not in ("text", "names"):
            text += "；不限时写 null"
        return text


def _num(value: float | None) -> str:
    if value is None:
        return ""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _int(
    key: str,
    label: str,
    default: int | None,
    lo: int,
    hi: int,
    *,
    optional: bool = False,
    kinds: tuple[EventKind, ...] = KINDS,
    note: str = "",
) -> Setting:
    return Setting(
        key,
        label,
        "int",
        default,
        minimum=lo,
        maximum=hi,
        optional=optional,
        kinds=kinds,
        note=note,
    )


def _bool(key: str, label: str, default: bool) -> Setting:
    return Setting(key, label, "bool", default)


def _choice(
    key: str,
    label: str,
    literal: Any,
    labels: Mapping[str, str],
    default: str | None,
    *,
    optional: bool = False,
    kinds: tuple[EventKind, ...] = KINDS,
) -> Setting:
    return Setting(
        key,
        label,
        "choice",
        default,
        choices=_choices(literal, labels),
        optional=optional,
        kinds=kinds,
    )


_SCORING_DEFAULTS = Scoring()
_PAIRING_DEFAULTS = PairingSettings()
_STANDINGS_DEFAULTS = StandingsSettings()
_MCMAHON_DEFAULTS = McMahonSettings()
POINTS_RANGE = (-100, 100)

_EVENT_SPECS: tuple[Setting, ...] = (
    _int("rounds_planned", "计划轮数", 0, 0, 99, note="0 表示不定（按需加轮）"),
    *(
        Setting(
            f"scoring.{name}",
            label,
            "float",
            getattr(_SCORING_DEFAULTS, name),
            minimum=POINTS_RANGE[0],
            maximum=POINTS_RANGE[1],
        )
        for name, label in (
            ("win", "胜"),
            ("draw", "和"),
            ("loss", "负"),
            ("bye", "轮空"),
            ("forfeit_win", "不战胜"),
            ("forfeit_loss", "弃权负"),
        )
    ),
    _choice(
        "pairing.system",
        "编排方法",
        System,
        {
            "swiss": "积分编排，同分段内相邻配对",
            "split": "积分编排，同分段内上下半区配对",
            "monrad": "蒙拉德制",
            "round_robin": "循环赛，贝格尔表",
            "dutch": "荷兰制，FIDE",
            "mcmahon": "麦克马洪制，按段级位定起始分（见 mcmahon.bar、mcmahon.floor）",
        },
        _PAIRING_DEFAULTS.system,
    ),
    # McMahon (issue 18): grades at or above the bar start as the bar, at or below the floor
    # as the floor (the floor group at 0).  Defaults and why: app.pairing.mcmahon.
    Setting(
        "mcmahon.bar",
        "麦克马洪上限（此段级位及以上起始分相同）",
        "grade",
        DEFAULT_BAR,
        kinds=(EventKind.INDIVIDUAL,),
        note="应高于 mcmahon.floor；只在 pairing.system=mcmahon 时使用",
    ),
    Setting(
        "mcmahon.floor",
        "麦克马洪下限（此段级位及以下起始分为 0）",
        "grade",
        DEFAULT_FLOOR,
        kinds=(EventKind.INDIVIDUAL,),
        note="应低于 mcmahon.bar；只在 pairing.system=mcmahon 时使用",
    ),
    # Issue 29: OpenGotha's zero and the rules its McMahon standings count by (its values
    # are the defaults; app.pairing.mcmahon.McMahonSettings says what each one does).
    Setting(
        "mcmahon.zero",
        "麦克马洪零分段位（此段级位起始分为 0）",
        "grade",
        None,
        optional=True,
        kinds=(EventKind.INDIVIDUAL,),
        note="不高于 mcmahon.floor，OpenGotha 默认 30级；不设则下限起始分为 0",
    ),
    Setting(
        "mcmahon.sos_handicap",
        "SOS 按让子调整对手的麦克马洪分（执白加让子数，执黑减）",
        "bool",
        _MCMAHON_DEFAULTS.sos_handicap,
        kinds=(EventKind.INDIVIDUAL,),
    ),
    Setting(
        "mcmahon.unpaired_as_start",
        "轮空、请假或未编排的一轮以本人起始分作对手分（SOSOS 计起始分×轮数）",
        "bool",
        _MCMAHON_DEFAULTS.unpaired_as_start,
        kinds=(EventKind.INDIVIDUAL,),
    ),
    Setting(
        "mcmahon.absent_score",
        "每轮请假计入麦克马洪分的胜局数",
        "float",
        _MCMAHON_DEFAULTS.absent_score,
        minimum=0,
        maximum=1,
        kinds=(EventKind.INDIVIDUAL,),
        note="OpenGotha 默认 0.5（半胜）",
    ),
    Setting(
        "mcmahon.absent_round_down",
        "请假所得麦克马洪分合计向下取整为整胜",
        "bool",
        _MCMAHON_DEFAULTS.absent_round_down,
        kinds=(EventKind.INDIVIDUAL,),
    ),
    Setting(
        "mcmahon.corrections",
        "计入每名棋手的起始分修正（OpenGotha 的 smmsCorrection）",
        "bool",
        _MCMAHON_DEFAULTS.corrections,
        kinds=(EventKind.INDIVIDUAL,),
    ),
    _choice(
        "mcmahon.engine",
        "麦克马洪制编排方式",
        McMahonEngine,
        {
            "opengotha": "按 OpenGotha 的编排评价函数（与 OpenGotha 3.51 配对相同）",
            "swiss": "本程序原有的积分编排引擎（按麦克马洪分配对）",
        },
        _MCMAHON_DEFAULTS.engine,
        kinds=(EventKind.INDIVIDUAL,),
    ),
    _choice(
        "pairing.first_round",
        "首轮配对",
        FirstRound,
        {
            "split": "序号对半，1对n/2+1",
            "adjacent": "序号相邻，1对2",
            "lot": "抽签",
        },
        _PAIRING_DEFAULTS.first_round,
    ),
    _choice(
        "pairing.same_unit",
        "同单位回避",
        SameUnit,
        {
            "never": "不回避",
            "first_k": "前 same_unit_rounds 轮回避",
            "always": "全程回避",
        },
        _PAIRING_DEFAULTS.same_unit,
    ),
    _int("pairing.same_unit_rounds", "同单位回避轮数", _PAIRING_DEFAULTS.same_unit_rounds, 0, 99),
    _bool("pairing.no_three_in_row", "禁连三，不连续三轮同色", _PAIRING_DEFAULTS.no_three_in_row),
    _int("pairing.max_colour_surplus", "先后手差上限", _PAIRING_DEFAULTS.max_colour_surplus, 1, 9),
    # Issue 38 §3: whether the two limits above bind the engine and the checker.  Default
    # absolute; "preference" for a McMahon event paired by OpenGotha's engine
    # (app.pairing.colours.default_colour_limits, filled in by default_value).
    _choice(
        COLOUR_LIMITS_KEY,
        "禁连三与先后手差上限的效力",
        ColourLimits,
        COLOUR_LIMITS_WORDS,
        _PAIRING_DEFAULTS.colour_limits,
    ),
    _bool(
        "pairing.last_round_scores_over_colour",
        "末轮分数优先于先后手",
        _PAIRING_DEFAULTS.last_round_scores_over_colour,
    ),
    _bool(
        "pairing.forfeit_counts_as_met", "弃权视为已相遇", _PAIRING_DEFAULTS.forfeit_counts_as_met
    ),
    _choice(
        "pairing.opening_mode",
        "指定开局",
        OpeningMode,
        {
            "none": "不指定",
            "lot": "每轮抽签指定开局（全场统一）",
            "opener": "开局方自选",
        },
        _PAIRING_DEFAULTS.opening_mode,
    ),
    _bool("pairing.opening_no_repeat", "相邻轮次开局不重复", _PAIRING_DEFAULTS.opening_no_repeat),
    _int(
        "pairing.withdraw_after_forfeits", "连续弃权几轮后取消资格", 2, 0, 99, note="0 表示不取消"
    ),
    _choice(
        "pairing.team_format",
        "团体赛制",
        TeamFormat,
        {
            "sum": "队员个人成绩相加",
            "match": "团体对抗，逐台对局",
        },
        "sum",
        kinds=(EventKind.TEAM,),
    ),
    Setting(
        "standings.tiebreaks", "积分之后的小分顺序", "tiebreaks", _STANDINGS_DEFAULTS.tiebreaks
    ),
    _choice(
        "standings.bye_in_sos",
        "轮空计入对手分",
        ByeInSos,
        {
            "none": "不计",
            "zero": "按0分计",
            "lowest": "按本项目最低分计",
        },
        _STANDINGS_DEFAULTS.bye_in_sos,
    ),
    _bool(
        "standings.forfeit_opponents_count",
        "弃权对手计入对手分",
        _STANDINGS_DEFAULTS.forfeit_opponents_count,
    ),
    _bool(
        "standings.forfeit_wins_count", "不战胜计入胜局数", _STANDINGS_DEFAULTS.forfeit_wins_count
    ),
    _choice(
        "standings.ties",
        "完全同分",
        Ties,
        {"shared": "名次并列", "lot": "抽签决定"},
        _STANDINGS_DEFAULTS.ties,
    ),
    _int(
        "standings.lot_seed",
        "抽签种子",
        None,
        0,
        2**32 - 1,
        optional=True,
        note="抽签决定名次时自动生成",
    ),
    _choice(
        "standings.second_mover_by",
        "后手的认定",
        SecondMoverBy,
        {
            "seat": "按编排的座位",
            "colour": "按三手交换后的实际执子",
        },
        _STANDINGS_DEFAULTS.second_mover_by,
    ),
    _bool("standings.bye_counts_as_win", "轮空计入胜局数", _STANDINGS_DEFAULTS.bye_counts_as_win),
    _choice(
        "standings.disqualified_games",
        "取消资格者的对局",
        DisqualifiedGames,
        {
            "keep": "保留（对手照计得分与对手分，中国规则的做法）",
            "annul": "作废（对手该轮不计得分与对手分）",
        },
        _STANDINGS_DEFAULTS.disqualified_games,
    ),
    _choice(
        "standings.disqualified_places",
        "取消资格者之后的名次",
        DisqualifiedPlaces,
        {
            "empty": "不顺延（名次空缺，该名次奖项、等级不授）",
            "move_up": "顺延（其后名次依次递补）",
        },
        _STANDINGS_DEFAULTS.disqualified_places,
    ),
    _int(
        "standings.best_of",
        "只计成绩最好的几名队员",
        None,
        1,
        20,
        optional=True,
        kinds=(EventKind.TEAM,),
    ),
    _choice(
        "eligibility.gender",
        "性别限制",
        Gender,
        {"M": "男", "F": "女"},
        None,
        optional=True,
        kinds=(EventKind.INDIVIDUAL, EventKind.TEAM),
    ),
    Setting(
        "eligibility.born_from",
        "出生日期不早于",
        "date",
        None,
        optional=True,
        kinds=(EventKind.INDIVIDUAL,),
    ),
    Setting(
        "eligibility.born_to",
        "出生日期不晚于",
        "date",
        None,
        optional=True,
        kinds=(EventKind.INDIVIDUAL,),
    ),
    Setting(
        "eligibility.min_grade",
        "最低段位",
        "grade",
        None,
        optional=True,
        kinds=(EventKind.INDIVIDUAL,),
    ),
    _int("eligibility.team_size", "每队人数", None, 1, 20, optional=True, kinds=(EventKind.TEAM,)),
    _int(
        "eligibility.team_max",
        "每队最多人数，含替补",
        None,
        1,
        20,
        optional=True,
        kinds=(EventKind.TEAM,),
    ),
    _choice(
        "eligibility.pair",
        "双人组合",
        PairRule,
        {
            "MM": "两名男子",
            "FF": "两名女子",
            "MF": "一男一女",
            "parent_child": "亲子：家长与孩子（见 child_under、parent_older_by）",
        },
        None,
        optional=True,
        kinds=(EventKind.PAIR,),
    ),
    _int(
        "eligibility.adult_age",
        "亲子组合中家长的最低年龄（开赛日）",
        18,
        1,
        99,
        kinds=(EventKind.PAIR,),
    ),
    # Players (issue 13): Go §六.2 no professionals; 亲子 = parent and child; the Go youth
    # clause's 弈战 platform username; events a player should not play both of; grades held.
    Setting(
        "eligibility.professionals",
        "职业棋手可以参赛",
        "bool",
        True,
        kinds=(EventKind.INDIVIDUAL, EventKind.PAIR),
        note="false：段位为职业段位（职业五段、P2、2p）的选手不能报名",
    ),
    _int(
        "eligibility.child_under",
        "亲子组合中孩子在开赛日未满的年龄",
        18,
        1,
        99,
        kinds=(EventKind.PAIR,),
    ),
    _int(
        "eligibility.parent_older_by",
        "亲子组合中家长至少比孩子年长的岁数",
        18,
        1,
        99,
        kinds=(EventKind.PAIR,),
    ),
    Setting(
        "eligibility.platform_account_required",
        "报名须填写平台账号（弈战平台用户名）",
        "bool",
        False,
        kinds=(EventKind.INDIVIDUAL,),
    ),
    Setting(
        "eligibility.exclusive_with",
        "不宜同时报名的项目",
        "names",
        (),
        kinds=(EventKind.INDIVIDUAL,),
        note="项目代码，如 OPEN；同时报了这些项目的选手在资格检查中列为警告；写空值表示不限",
    ),
    Setting(
        "standings.grades_include_held",
        "等级申报表列入已有该等级（或更高）的选手",
        "bool",
        False,
        kinds=(EventKind.INDIVIDUAL,),
    ),
    # Teams (issue 13): who may be a member, and what a team that fails its rules is paid.
    Setting(
        "eligibility.team_excluded_sources",
        "不能入队的来源",
        "names",
        (),
        kinds=(EventKind.TEAM,),
        note="来源含其中任一词的选手不能入队，如 外卡；写空值表示不限",
    ),
    _choice(
        "eligibility.ineligible_team_prizes",
        "不符合参赛条件的队伍",
        IneligiblePrizes,
        {
            "pay": "照常排名发奖，名单和奖金表上标注",
            "withhold": "照常排名并标注，奖金不发（该名次空缺，不顺延）",
        },
        "pay",
        kinds=(EventKind.TEAM,),
    ),
    # Issue 25: a team composed by force after its source event's round 1 was paired.
    _choice(
        "eligibility.late_team_prizes",
        "开赛后强制组成的队伍",
        IneligiblePrizes,
        {
            "pay": "照常排名发奖，名单和奖金表上标注并警告",
            "withhold": "照常排名并标注，奖金不发（该名次空缺，不顺延）",
        },
        "pay",
        kinds=(EventKind.TEAM,),
    ),
)
EVENT_SETTINGS: dict[str, Setting] = {s.key: s for s in _EVENT_SPECS}
# Stored with the settings but not a setting: the event's other names in registration sheets;
# what an OpenGotha import keeps for the export and no setting holds (app.io.opengotha).
INTERNAL_KEYS = frozenset({"eligibility.aliases", "pairing.opengotha"})

TOURNAMENT_FIELDS: dict[str, Setting] = {
    s.key: s
    for s in (
        Setting("title", "比赛名称", "text"),
        Setting("venue", "比赛地点", "text", None, optional=True),
        Setting("start_date", "开始日期", "date", None, optional=True),
        Setting("end_date", "结束日期", "date", None, optional=True),
        Setting("organisers", "主办单位", "names", ()),
        Setting("operators", "操作员", "names", ()),
    )
}
TOURNAMENT_SETTINGS: dict[str, Setting] = {
    s.key: s
    for s in (
        _choice(
            "prize_split",
            "并列名次奖金",
            PrizeSplit,
            {"equal": "平分", "tiebreak": "按小分"},
            "equal",
        ),
        # Shared prize places (issue 13): the unit a share is rounded to, what is left over.
        _choice("prize_unit", "奖金取整单位", PrizeUnit, {"yuan": "元", "jiao": "角"}, "yuan"),
        _choice(
            "prize_remainder",
            "并列分奖金的余额",
            PrizeRemainder,
            {
                "unpaid": "不发放（奖金表上注明）",
                "first": "按名单顺序（并列者按序号）每人多发一个单位，直至分完",
            },
            "unpaid",
        ),
        _int("backups_keep", "保留的备份份数", 20, 0, 1000, note="0 表示全部保留"),
        # Draws and komi (issue 13): 3又3/4子 (7.5目) leaves no jigo, so "=" is refused for Go.
        Setting("komi", "贴目", "komi", None, optional=True),
        _choice(
            "draws",
            "和棋",
            DrawRule,
            {
                "auto": "按贴目：围棋贴目不是整目（如 3又3/4子）时不能记和棋，其余可以",
                "allowed": "可以记和棋（如围棋三劫循环判和）",
                "refused": "不能记和棋",
            },
            "auto",
        ),
        Setting("certificate.issuer", "证书落款（主办单位）", "text", None, optional=True),
        Setting("certificate.template", "证书文字模板", "text", None, optional=True),
        Setting("certificate.background", "证书背景图片路径", "text", None, optional=True),
        Setting("certificate.number_prefix", "证书编号前缀", "text", None, optional=True),
        _bool("certificate.per_member", "团体、双人奖每名队员各一张证书", True),
        # Issue 14: the dashed seal circle and （盖章处） on a certificate, for a desk that stamps
        # plain paper; off by default (the printed paper or the real seal needs no guide).
        _bool("certificate.seal", "证书印盖章位置（虚线圆圈和“盖章处”）", False),
        Setting("remote_entry_url", "现场录入网址", "url", None, optional=True),
        # Issue 14: each round's scheduled date and start time (the regulation's timetable),
        # printed on pairing lists, slips and standings: {event code or "*": {round: time}}.
        Setting("schedule", "赛程（各轮开赛时间）", "schedule", {}),
        # Issue 39: the officials the 秩序册 lists, and the venue's network on the poster.
        Setting("chief_arbiter", "裁判长", "text", None, optional=True),
        Setting("deputy_arbiters", "副裁判长", "names", ()),
        Setting("arbiters", "裁判员", "names", ()),
        Setting("venue_wifi", "赛场无线网络名称（Wi-Fi）", "text", None, optional=True),
    )
}


# -- problems -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Problem:
    """One key that cannot be used as it is.

    `fix` is the `--set` text that would make it right (None: `--unset` the key).
    `unused` marks a key nothing reads (unknown, or not for this kind of event): a reader
    ignores it; a change that brings one in is refused.
    """

    key: str
    value: Any
    message: str
    fix: str | None = None
    unused: bool = False

    def fix_argument(self) -> str:
        return f"--unset {self.key}" if self.fix is None else f"--set {self.key}={self.fix}"


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, list | tuple):
        return ",".join(_shown(v) for v in value)
    if isinstance(value, Mapping):
        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    return str(value)


def value_text(value: Any) -> str:
    """A value as `--set KEY=…` takes it."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return _shown(value)


def similar(word: str, candidates: Iterable[str]) -> str | None:
    found = difflib.get_close_matches(word, list(candidates), n=1, cutoff=0.6)
    return found[0] if found else None


def _bad_value(spec: Setting, value: Any, why: str = "", names: Sequence[str] = ()) -> str:
    reason = f"{why}；" if why else ""
    return f"{spec.title()}的值“{_shown(value)}”无效：{reason}{spec.allowed(names)}。"


def check_value(spec: Setting, value: Any, names: Sequence[str] = ()) -> str | None:
    """Why `value` cannot be stored under `spec`, or None when it can.

    `names`: the tie-break names allowed in this event (for "tiebreaks" keys).
    """
    if value is None:
        return None if spec.optional else _bad_value(spec, value, "不能为空")
    t = spec.type
    if t in ("int", "float"):
        if isinstance(value, bool) or not isinstance(value, int | float):
            return _bad_value(spec, value)
        if t == "int" and not isinstance(value, int):
            return _bad_value(spec, value, "不是整数")
        if not math.isfinite(value):
            return _bad_value(spec, value)
        assert spec.minimum is not None and spec.maximum is not None
        if not spec.minimum <= value <= spec.maximum:
            return _bad_value(spec, value, "超出范围")
        return None
    if t == "bool":
        return None if isinstance(value, bool) else _bad_value(spec, value)
    if t == "choice":
        return None if isinstance(value, str) and value in spec.values else _bad_value(spec, value)
    if t == "tiebreaks":
        if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
            return _bad_value(spec, value, names=names)
        # ids ("sos") and Chinese labels (对手分) name the same criterion
        allowed = set(tiebreak_labels(names))
        unknown = [v for v in value if tiebreak_label(v) not in allowed]
        if unknown:
            hints = [
                f"“{u}”（您是不是要写“{h}”？）" if (h := similar(u, names)) else f"“{u}”"
                for u in unknown
            ]
            return (
                f"{spec.title()}中的{'、'.join(hints)}不是本项目可用的小分。{spec.allowed(names)}。"
            )
        named = [tiebreak_label(v) for v in value]
        twice = sorted({v for v in named if named.count(v) > 1}, key=named.index)
        if twice:
            return _bad_value(spec, value, f"“{'、'.join(twice)}”重复", names)
        return None
    if t == "date":
        if not isinstance(value, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
            return _bad_value(spec, value)
        try:
            date.fromisoformat(value)
        except ValueError:
            return _bad_value(spec, value, "没有这一天")
        return None
    if t == "grade":
        return (
            None
            if isinstance(value, str) and grade_order(value) is not None
            else _bad_value(spec, value)
        )
    if t == "names":
        if not isinstance(value, list | tuple) or not all(
            isinstance(v, str) and _clean_text(v) for v in value
        ):
            return _bad_value(spec, value, "名称不能为空，也不能含控制字符或不可见字符")
        return None
    if t == "schedule":
        return _schedule_error(spec, value)
    if not isinstance(value, str):
        return _bad_value(spec, value)
    if not _clean_text(value):
        why = (
            "不能为空"
            if not value.strip()
            else f"不能含控制字符或不可见字符，长度不超过 {MAX_TEXT} 字"
        )
        return _bad_value(spec, value, why)
    if t == "komi" and parse_komi(value) is None:
        return _bad_value(spec, value)
    if t == "url" and base_url_problem(value):
        return _bad_value(spec, value, base_url_problem(value) or "")
    return None


SCHEDULE_TIME = re.compile(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}")


def parse_schedule_time(text: str) -> datetime | None:
    """ "2022-10-28 09:00" (also 2022-10-28T09:00, 2022-10-28 9:00) as a time, else None."""
    raw = text.strip().replace("T", " ")
    match = re.fullmatch(r"(\d{4}-\d{1,2}-\d{1,2})\s+(\d{1,2})[:：](\d{2})", raw)
    if not match:
        return None
    try:
        day = date.fromisoformat(
            "-".join(f"{int(p):02d}" if i else p for i, p in enumerate(match.group(1).split("-")))
        )
        return datetime(day.year, day.month, day.day, int(match.group(2)), int(match.group(3)))
    except ValueError:
        return None


def _schedule_error(spec: Setting, value: Any) -> str | None:
    if not isinstance(value, Mapping):
        return _bad_value(spec, value)
    for event, rounds in value.items():
        if not isinstance(event, str) or not isinstance(rounds, Mapping):
            return _bad_value(spec, value)
        for number, at in rounds.items():
            if not (isinstance(number, str) and number.isdigit() and 1 <= int(number) <= 99):
                return _bad_value(spec, value, f"{event} 的轮次“{number}”应为 1 到 99")
            if (
                not isinstance(at, str)
                or not SCHEDULE_TIME.fullmatch(at)
                or parse_schedule_time(at) is None
            ):
                return _bad_value(
                    spec, value, f"{event} 第{number}轮的时间“{at}”应写成 YYYY-MM-DD HH:MM"
                )
    return None


def _clean_text(text: str) -> bool:
    """Not blank, not too long, and no control (line breaks included), bidi or other
    invisible character: the rules of app.text."""
    return bool(text.strip()) and len(text) <= MAX_TEXT and invisible_character(text) is None


# -- reading a typed value from the command line ------------------------------------------

_TRUE = frozenset({"true", "yes", "y", "on", "1", "是", "对", "开"})
_FALSE = frozenset({"false", "no", "n", "off", "0", "否", "不", "关"})
_NULL = frozenset({"null", "none", "不限", "无"})


def parse_text(spec: Setting, text: str) -> Any:
    """The value `KEY=text` means for `spec` (checked later by `check_value`).

    Text that cannot be read as the key's type is returned unchanged, so the message names
    it as the person typed it.
    """
    raw = text.strip()
    if spec.optional and (raw.lower() in _NULL or (raw == "" and spec.type != "text")):
        return None
    if spec.type == "int":
        return int(raw) if re.fullmatch(r"[+-]?\d+", raw) else _number_or_text(raw)
    if spec.type == "float":
        return _number_or_text(raw)
    if spec.type == "bool":
        lowered = raw.lower()
        return True if lowered in _TRUE else False if lowered in _FALSE else raw
    if spec.type == "schedule":
        try:
            return json.loads(raw) if raw else {}
        except ValueError:
            return raw
    if spec.type in ("tiebreaks", "names"):
        return [p.strip() for p in re.split(r"[,，、;；]", raw) if p.strip()]
    if spec.key == "eligibility.gender":
        return normalize_gender(raw) or raw
    if spec.type == "text":
        return raw if raw else None if spec.optional else ""
    return raw


def _number_or_text(raw: str) -> Any:
    try:
        number = float(raw)
    except ValueError:
        return raw
    return int(number) if number.is_integer() and re.fullmatch(r"[+-]?\d+", raw) else number


# -- shared wording ---------------------------------------------------------------------------


def tiebreak_names(kind: str, team_format: str = "sum") -> tuple[str, ...]:
    """The tie-breaks an event of this kind may rank by."""
    if kind == EventKind.TEAM:
        return tiebreak_labels(TEAM_TIEBREAKS) if team_format == "sum" else ALL_TIEBREAKS
    return INDIVIDUAL_TIEBREAKS


def unknown_key(key: str, known: Iterable[str], where: str) -> str:
    known = list(known)
    group, _, name = key.partition(".")
    same_group = {k.partition(".")[2]: k for k in known if name and k.startswith(f"{group}.")}
    if same_group:  # compare the names, not the shared "pairing." prefix
        short = similar(name, same_group)
        hint = same_group[short] if short else None
    else:
        hint = similar(key, known)
    text = f"未知设置 {key}。"
    if hint:
        text += f"您是不是要写 {hint}？"
    return text + f"{where}可用的设置：{'、'.join(known)}。"


def fix_command(file: str, event: str | None, problems: Sequence[Problem]) -> str:
    target = f'"{file}"' if re.search(r"\s", file) else file
    where = f" --event {event}" if event else ""
    return f"finals settings {target}{where} " + " ".join(p.fix_argument() for p in problems)


def change_error(problems: Sequence[Problem], where: str = "比赛") -> SettingError:
    """Why a change was refused, whole: nothing of it is stored."""
    if len(problems) == 1:
        return SettingError(f"未修改{where}设置：{problems[0].message}", problems)
    return SettingError(
        f"未修改{where}设置：有 {len(problems)} 处不能使用。",
        problems,
        [p.message for p in problems],
    )
