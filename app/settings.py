"""Settings: one typed, validated object per event and per tournament.

Every key the program reads is declared here once (`EVENT_SETTINGS`, `TOURNAMENT_SETTINGS`,
`TOURNAMENT_FIELDS`) with its type, its allowed values or range, its default and the kinds
of event it applies to.  A change is checked whole before anything is stored: an unknown
key, a value of the wrong type, an unknown name (a tie-break, a pairing system) or an
impossible number is refused with a Chinese message that names the key and what it allows
(`SettingError`).

A file written by an older version may already hold a bad value.  It still opens: reading
is lenient (`event_settings_lenient`), and a reader that needs the bad key gets a
`SettingError` naming the event, the key, the allowed values and the `finals settings`
command that fixes it (`read_event_settings`, `read_tournament_settings`).

Pure: no store, no SQL, no Qt.  The services (`app.services.tournament`,
`app.services.snapshots`) apply it to what the store holds.
"""

from __future__ import annotations

import difflib
import math
import re
import zlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any, Literal, get_args

from app.domain import Scoring
from app.errors import FinalsError
from app.pairing.model import FirstRound, OpeningMode, PairingSettings, SameUnit, System
from app.standings.categories import grade_order, normalize_gender
from app.standings.model import ByeInSos, SecondMoverBy, StandingsSettings, Ties
from app.standings.ranking import ALL_TIEBREAKS
from app.standings.teams import TEAM_TIEBREAKS

EventKind = Literal["individual", "pair", "team"]
TeamFormat = Literal["sum", "match"]
Gender = Literal["M", "F"]
PairRule = Literal["MM", "FF", "MF", "parent_child"]
PrizeSplit = Literal["equal", "tiebreak"]
ValueType = Literal["int", "float", "bool", "choice", "tiebreaks", "date", "grade", "text",
                    "names", "url"]

KINDS: tuple[EventKind, ...] = get_args(EventKind)
KIND_NAMES = {"individual": "个人", "pair": "双人", "team": "团体"}
GROUPS = ("scoring", "pairing", "standings", "eligibility")

# A team match ranks on match points, then these (the sum model's 队员… mean nothing there).
TEAM_MATCH_TIEBREAKS: tuple[str, ...] = ("局分", "对手分", "直胜")
# Names an individual (or pair) event may rank by: 局分 exists only in team matches.
INDIVIDUAL_TIEBREAKS: tuple[str, ...] = tuple(n for n in ALL_TIEBREAKS if n != "局分")
MAX_TEXT = 2000


class SettingError(FinalsError):
    """A setting that cannot be used; the message names the key, the values allowed and the fix."""

    def __init__(self, message: str, problems: Sequence[Problem] = (),
                 details: list[str] | None = None) -> None:
        super().__init__(message, details)
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
            text = "应为段位或级位，如 1级、5段、初段"
        elif self.type == "names":
            text = "应为一个或多个名称，用逗号分隔"
        elif self.type == "url":
            text = "应为以 http:// 或 https:// 开头的网址"
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


def _int(key: str, label: str, default: int | None, lo: int, hi: int, *, optional: bool = False,
         kinds: tuple[EventKind, ...] = KINDS, note: str = "") -> Setting:
    return Setting(key, label, "int", default, minimum=lo, maximum=hi, optional=optional,
                   kinds=kinds, note=note)


def _bool(key: str, label: str, default: bool) -> Setting:
    return Setting(key, label, "bool", default)


def _choice(key: str, label: str, literal: Any, labels: Mapping[str, str], default: str | None,
            *, optional: bool = False, kinds: tuple[EventKind, ...] = KINDS) -> Setting:
    return Setting(key, label, "choice", default, choices=_choices(literal, labels),
                   optional=optional, kinds=kinds)


_SCORING_DEFAULTS = Scoring()
_PAIRING_DEFAULTS = PairingSettings()
_STANDINGS_DEFAULTS = StandingsSettings()
POINTS_RANGE = (-100, 100)

_EVENT_SPECS: tuple[Setting, ...] = (
    _int("rounds_planned", "计划轮数", 0, 0, 99, note="0 表示不定（按需加轮）"),
    *(Setting(f"scoring.{name}", label, "float", getattr(_SCORING_DEFAULTS, name),
              minimum=POINTS_RANGE[0], maximum=POINTS_RANGE[1])
      for name, label in (("win", "胜"), ("draw", "和"), ("loss", "负"), ("bye", "轮空"),
                          ("forfeit_win", "不战胜"), ("forfeit_loss", "弃权负"))),
    _choice("pairing.system", "编排方法", System, {
        "swiss": "积分编排，同分段内相邻配对", "split": "积分编排，同分段内上下半区配对",
        "monrad": "蒙拉德制", "round_robin": "循环赛，贝格尔表", "dutch": "荷兰制，FIDE",
    }, _PAIRING_DEFAULTS.system),
    _choice("pairing.first_round", "首轮配对", FirstRound, {
        "split": "序号对半，1对n/2+1", "adjacent": "序号相邻，1对2", "lot": "抽签",
    }, _PAIRING_DEFAULTS.first_round),
    _choice("pairing.same_unit", "同单位回避", SameUnit, {
        "never": "不回避", "first_k": "前 same_unit_rounds 轮回避", "always": "全程回避",
    }, _PAIRING_DEFAULTS.same_unit),
    _int("pairing.same_unit_rounds", "同单位回避轮数", _PAIRING_DEFAULTS.same_unit_rounds, 0, 99),
    _bool("pairing.no_three_in_row", "禁连三，不连续三轮同色", _PAIRING_DEFAULTS.no_three_in_row),
    _int("pairing.max_colour_surplus", "先后手差上限", _PAIRING_DEFAULTS.max_colour_surplus, 1, 9),
    _bool("pairing.last_round_scores_over_colour", "末轮分数优先于先后手",
          _PAIRING_DEFAULTS.last_round_scores_over_colour),
    _bool("pairing.forfeit_counts_as_met", "弃权视为已相遇", _PAIRING_DEFAULTS.forfeit_counts_as_met),
    _choice("pairing.opening_mode", "指定开局", OpeningMode, {
        "none": "不指定", "lot": "每轮抽签指定开局（全场统一）", "opener": "开局方自选",
    }, _PAIRING_DEFAULTS.opening_mode),
    _bool("pairing.opening_no_repeat", "相邻轮次开局不重复", _PAIRING_DEFAULTS.opening_no_repeat),
    _int("pairing.withdraw_after_forfeits", "连续弃权几轮后取消资格", 2, 0, 99,
         note="0 表示不取消"),
    _choice("pairing.team_format", "团体赛制", TeamFormat, {
        "sum": "队员个人成绩相加", "match": "团体对抗，逐台对局",
    }, "sum", kinds=("team",)),
    Setting("standings.tiebreaks", "积分之后的小分顺序", "tiebreaks", _STANDINGS_DEFAULTS.tiebreaks),
    _choice("standings.bye_in_sos", "轮空计入对手分", ByeInSos, {
        "none": "不计", "zero": "按0分计", "lowest": "按本项目最低分计",
    }, _STANDINGS_DEFAULTS.bye_in_sos),
    _bool("standings.forfeit_opponents_count", "弃权对手计入对手分",
          _STANDINGS_DEFAULTS.forfeit_opponents_count),
    _bool("standings.forfeit_wins_count", "不战胜计入胜局数", _STANDINGS_DEFAULTS.forfeit_wins_count),
    _choice("standings.ties", "完全同分", Ties, {"shared": "名次并列", "lot": "抽签决定"},
            _STANDINGS_DEFAULTS.ties),
    _int("standings.lot_seed", "抽签种子", None, 0, 2**32 - 1, optional=True,
         note="抽签决定名次时自动生成"),
    _choice("standings.second_mover_by", "后手的认定", SecondMoverBy, {
        "seat": "按编排的座位", "colour": "按三手交换后的实际执子",
    }, _STANDINGS_DEFAULTS.second_mover_by),
    _bool("standings.bye_counts_as_win", "轮空计入胜局数", _STANDINGS_DEFAULTS.bye_counts_as_win),
    _int("standings.best_of", "只计成绩最好的几名队员", None, 1, 20, optional=True, kinds=("team",)),
    _choice("eligibility.gender", "性别限制", Gender, {"M": "男", "F": "女"}, None, optional=True,
            kinds=("individual", "team")),
    Setting("eligibility.born_from", "出生日期不早于", "date", None, optional=True,
            kinds=("individual",)),
    Setting("eligibility.born_to", "出生日期不晚于", "date", None, optional=True,
            kinds=("individual",)),
    Setting("eligibility.min_grade", "最低段位", "grade", None, optional=True, kinds=("individual",)),
    _int("eligibility.team_size", "每队人数", None, 1, 20, optional=True, kinds=("team",)),
    _int("eligibility.team_max", "每队最多人数，含替补", None, 1, 20, optional=True, kinds=("team",)),
    _choice("eligibility.pair", "双人组合", PairRule, {
        "MM": "两名男子", "FF": "两名女子", "MF": "一男一女",
        "parent_child": "亲子：一名成年人与一名未成年人",
    }, None, optional=True, kinds=("pair",)),
    _int("eligibility.adult_age", "亲子组合的成年年龄", 18, 1, 99, kinds=("pair",)),
)
EVENT_SETTINGS: dict[str, Setting] = {s.key: s for s in _EVENT_SPECS}
# Stored with the settings but not a setting: the event's other names in registration sheets.
INTERNAL_KEYS = frozenset({"eligibility.aliases"})

TOURNAMENT_FIELDS: dict[str, Setting] = {s.key: s for s in (
    Setting("title", "比赛名称", "text"),
    Setting("venue", "比赛地点", "text", None, optional=True),
    Setting("start_date", "开始日期", "date", None, optional=True),
    Setting("end_date", "结束日期", "date", None, optional=True),
    Setting("organisers", "主办单位", "names", ()),
    Setting("operators", "操作员", "names", ()),
)}
TOURNAMENT_SETTINGS: dict[str, Setting] = {s.key: s for s in (
    _choice("prize_split", "并列名次奖金", PrizeSplit, {"equal": "平分", "tiebreak": "按小分"}, "equal"),
    _int("backups_keep", "保留的备份份数", 20, 0, 1000, note="0 表示全部保留"),
    Setting("komi", "贴目", "text", None, optional=True),
    Setting("certificate.issuer", "证书落款（主办单位）", "text", None, optional=True),
    Setting("certificate.template", "证书文字模板", "text", None, optional=True),
    Setting("certificate.background", "证书背景图片路径", "text", None, optional=True),
    Setting("certificate.number_prefix", "证书编号前缀", "text", None, optional=True),
    Setting("remote_entry_url", "现场录入网址", "url", None, optional=True),
)}


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
    return str(value)


def value_text(value: Any) -> str:
    """A value as `--set KEY=…` takes it."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return _shown(value)


def _similar(word: str, candidates: Iterable[str]) -> str | None:
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
        unknown = [v for v in value if v not in names]
        if unknown:
            hints = [f"“{u}”（您是不是要写“{h}”？）" if (h := _similar(u, names)) else f"“{u}”"
                     for u in unknown]
            return (f"{spec.title()}中的{'、'.join(hints)}不是本项目可用的小分。"
                    f"{spec.allowed(names)}。")
        twice = sorted({v for v in value if list(value).count(v) > 1}, key=list(value).index)
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
        return None if isinstance(value, str) and grade_order(value) is not None else _bad_value(spec, value)
    if t == "names":
        if not isinstance(value, list | tuple) or not all(isinstance(v, str) and _clean_text(v)
                                                           for v in value):
            return _bad_value(spec, value, "名称不能为空，也不能含控制字符")
        return None
    if not isinstance(value, str):
        return _bad_value(spec, value)
    if not _clean_text(value):
        why = "不能为空" if not value.strip() else f"不能含控制字符，长度不超过 {MAX_TEXT} 字"
        return _bad_value(spec, value, why)
    if t == "url" and not re.match(r"https?://[^\s/]+", value):
        return _bad_value(spec, value)
    return None


def _clean_text(text: str) -> bool:
    return bool(text.strip()) and len(text) <= MAX_TEXT and not any(
        ord(ch) < 0x20 or 0x7F <= ord(ch) < 0xA0 for ch in text)


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
    if spec.type in ("tiebreaks", "names"):
        return [p.strip() for p in re.split(r"[,，、;；]", raw) if p.strip()]
    if spec.key == "eligibility.gender":
        return normalize_gender(raw) or raw
    if spec.type == "text":
        return text if raw else None if spec.optional else ""
    return raw


def _number_or_text(raw: str) -> Any:
    try:
        number = float(raw)
    except ValueError:
        return raw
    return int(number) if number.is_integer() and re.fullmatch(r"[+-]?\d+", raw) else number


# -- the typed objects ------------------------------------------------------------------------

@dataclass(frozen=True)
class Eligibility:
    """Who may enter (checked at registration, composing and `finals eligibility`)."""

    gender: Gender | None = None
    born_from: str | None = None  # ISO date, inclusive
    born_to: str | None = None
    min_grade: str | None = None
    team_size: int | None = None
    team_max: int | None = None  # with reserves: team_size .. team_max members
    pair: PairRule | None = None
    adult_age: int = 18


@dataclass(frozen=True)
class EventSettings:
    """Every setting in force for one event, typed; defaults filled in."""

    kind: EventKind = "individual"
    rounds_planned: int = 0
    scoring: Scoring = field(default_factory=Scoring)
    pairing: PairingSettings = field(default_factory=PairingSettings)
    standings: StandingsSettings = field(default_factory=StandingsSettings)
    withdraw_after_forfeits: int = 2  # consecutive forfeit losses; 0 = never
    team_format: TeamFormat = "sum"
    best_of: int | None = None  # team: only the N best members count
    eligibility: Eligibility = field(default_factory=Eligibility)

    @property
    def is_team_match(self) -> bool:
        return self.kind == "team" and self.team_format == "match"

    @property
    def plays_rounds(self) -> bool:
        return self.kind != "team" or self.is_team_match

    def groups(self) -> dict[str, Any]:
        """The settings as `finals settings --event X --json` shows them."""
        team = self.kind == "team"
        eligibility = {k: v for k, v in vars(self.eligibility).items()
                       if self.kind in EVENT_SETTINGS[f"eligibility.{k}"].kinds}
        return {
            "rounds_planned": self.rounds_planned,
            "scoring": self.scoring.to_dict(),
            "pairing": {**self.pairing.to_dict(),
                        "withdraw_after_forfeits": self.withdraw_after_forfeits,
                        **({"team_format": self.team_format} if team else {})},
            "standings": {**self.standings.to_dict(),
                          **({"best_of": self.best_of} if team else {})},
            "eligibility": eligibility,
        }


@dataclass(frozen=True)
class Certificate:
    issuer: str | None = None
    template: str | None = None
    background: str | None = None
    number_prefix: str | None = None


@dataclass(frozen=True)
class TournamentSettings:
    prize_split: PrizeSplit = "equal"
    backups_keep: int = 20  # 0 = keep every copy
    komi: str | None = None
    certificate: Certificate = field(default_factory=Certificate)
    remote_entry_url: str | None = None


# -- events: checking what is stored -------------------------------------------------------

@dataclass(frozen=True)
class StoredEvent:
    """An event's settings exactly as the file holds them (any JSON)."""

    code: str
    name: str
    kind: str
    rounds_planned: Any = 0
    scoring: Mapping[str, Any] = field(default_factory=dict)
    pairing: Mapping[str, Any] = field(default_factory=dict)
    standings: Mapping[str, Any] = field(default_factory=dict)
    eligibility: Mapping[str, Any] = field(default_factory=dict)

    def group(self, name: str) -> Mapping[str, Any]:
        data = getattr(self, name)
        return data if isinstance(data, Mapping) else {}

    def flat(self) -> dict[str, Any]:
        """{"pairing.system": "swiss", ...}: every key the file holds."""
        out: dict[str, Any] = {"rounds_planned": self.rounds_planned}
        for group in GROUPS:
            for key, value in self.group(group).items():
                out[f"{group}.{key}"] = value
        return out

    def with_flat(self, flat: Mapping[str, Any]) -> StoredEvent:
        groups: dict[str, dict[str, Any]] = {g: {} for g in GROUPS}
        for key, value in flat.items():
            group, _, name = key.partition(".")
            if group in groups and name:
                groups[group][name] = value
        return replace(self, rounds_planned=flat.get("rounds_planned", 0),
                       scoring=groups["scoring"], pairing=groups["pairing"],
                       standings=groups["standings"], eligibility=groups["eligibility"])


_KIND_OF: dict[str, EventKind] = {k: k for k in KINDS}


def _kind(stored: StoredEvent) -> EventKind:
    return _KIND_OF.get(stored.kind, "individual")


def team_format_of(stored: StoredEvent) -> TeamFormat:
    value = stored.group("pairing").get("team_format", "sum")
    return "match" if stored.kind == "team" and value == "match" else "sum"


def tiebreak_names(kind: str, team_format: str = "sum") -> tuple[str, ...]:
    """The tie-breaks an event of this kind may rank by."""
    if kind == "team":
        return TEAM_TIEBREAKS if team_format == "sum" else ALL_TIEBREAKS
    return INDIVIDUAL_TIEBREAKS


def default_tiebreaks(kind: str, team_format: str = "sum") -> tuple[str, ...]:
    if kind == "team":
        return TEAM_TIEBREAKS if team_format == "sum" else TEAM_MATCH_TIEBREAKS
    return _STANDINGS_DEFAULTS.tiebreaks


def default_value(key: str, stored: StoredEvent | None = None) -> Any:
    spec = EVENT_SETTINGS[key]
    if key == "standings.tiebreaks" and stored is not None:
        return list(default_tiebreaks(stored.kind, team_format_of(stored)))
    if key == "standings.lot_seed" and stored is not None and _uses_lot(stored.group("standings")):
        return lot_seed_for(stored.code)
    return list(spec.default) if isinstance(spec.default, tuple) else spec.default


def lot_seed_for(code: str) -> int:
    """The recorded seed of a standings lot: drawn once from the event code, printed."""
    return zlib.crc32(f"{code}:standings-lot".encode())


def _uses_lot(standings: Mapping[str, Any]) -> bool:
    tiebreaks = standings.get("tiebreaks")
    return standings.get("ties") == "lot" or (
        isinstance(tiebreaks, list | tuple) and "抽签" in tiebreaks)


def _unknown_key(key: str, known: Iterable[str], where: str) -> str:
    known = list(known)
    group, _, name = key.partition(".")
    same_group = {k.partition(".")[2]: k for k in known if name and k.startswith(f"{group}.")}
    if same_group:  # compare the names, not the shared "pairing." prefix
        short = _similar(name, same_group)
        hint = same_group[short] if short else None
    else:
        hint = _similar(key, known)
    text = f"未知设置 {key}。"
    if hint:
        text += f"您是不是要写 {hint}？"
    return text + f"{where}可用的设置：{'、'.join(known)}。"


def event_keys(kind: str) -> list[str]:
    return [k for k, s in EVENT_SETTINGS.items() if kind in s.kinds]


def _kind_mismatch(spec: Setting, stored: StoredEvent) -> str:
    kinds = "、".join(KIND_NAMES[k] for k in spec.kinds)
    return (f"{spec.title()}只适用于{kinds}项目；{stored.code}（{stored.name}）是"
            f"{KIND_NAMES.get(stored.kind, stored.kind)}项目。")


def _tiebreak_fix(value: Any, names: Sequence[str], default: Sequence[str]) -> str:
    """The tie-break list with typos corrected and unknown names dropped."""
    fixed: list[str] = []
    for item in value if isinstance(value, list | tuple) else []:
        name = item if item in names else _similar(str(item), names)
        if name and name not in fixed:
            fixed.append(name)
    return ",".join(fixed or default)


def event_problems(stored: StoredEvent) -> list[Problem]:
    """Everything wrong with an event's stored settings (empty when all is well)."""
    problems: list[Problem] = []
    kind = _kind(stored)
    team_format = team_format_of(stored)
    names = tiebreak_names(kind, team_format)
    flat = stored.flat()
    for key, value in flat.items():
        if key in INTERNAL_KEYS:
            continue
        spec = EVENT_SETTINGS.get(key)
        if spec is None:
            group = key.partition(".")[0]
            where = f"{group} 组" if group in GROUPS else "项目"
            known = [k for k in event_keys(kind) if k.startswith(f"{group}.")] if group in GROUPS \
                else event_keys(kind)
            problems.append(Problem(key, value, _unknown_key(key, known, where), None, unused=True))
            continue
        if kind not in spec.kinds:
            problems.append(Problem(key, value, _kind_mismatch(spec, stored), None, unused=True))
            continue
        allowed = names
        if key == "standings.tiebreaks" and team_format == "match" and isinstance(value, list | tuple) \
                and value and all(v in TEAM_TIEBREAKS for v in value):
            allowed = TEAM_TIEBREAKS  # the sum model's order, replaced by the match order
        message = check_value(spec, value, allowed)
        if message:
            fix = (_tiebreak_fix(value, names, default_tiebreaks(kind, team_format))
                   if spec.type == "tiebreaks" else _default_fix(key, stored))
            problems.append(Problem(key, value, message, fix))
    problems.extend(_cross_problems(stored, {p.key for p in problems}))
    return problems


def _default_fix(key: str, stored: StoredEvent) -> str | None:
    value = default_value(key, stored)
    return None if value is None else value_text(value)


def _cross_problems(stored: StoredEvent, bad: set[str]) -> list[Problem]:
    """Settings that are each fine but impossible together."""
    out: list[Problem] = []
    elig, standings = stored.group("eligibility"), stored.group("standings")
    kind = _kind(stored)

    def fine(key: str) -> bool:
        return key not in bad and kind in EVENT_SETTINGS[key].kinds

    size, most = elig.get("team_size"), elig.get("team_max")
    if fine("eligibility.team_size") and fine("eligibility.team_max") and size is not None \
            and most is not None and most < size:
        out.append(Problem("eligibility.team_max", most,
                           f"{EVENT_SETTINGS['eligibility.team_max'].title()}为 {most}，少于每队人数 "
                           f"eligibility.team_size（{size}）：应不少于 {size}，不设替补时写 null。",
                           str(size)))
    largest = most if fine("eligibility.team_max") and most is not None else size
    best = standings.get("best_of")
    if fine("standings.best_of") and best is not None and largest is not None \
            and (fine("eligibility.team_size") or fine("eligibility.team_max")) and best > largest:
        out.append(Problem("standings.best_of", best,
                           f"{EVENT_SETTINGS['standings.best_of'].title()}为 {best}，多于每队最多"
                           f"人数（{largest}）：应为 1 到 {largest} 之间的整数，全部队员都计时写 null。",
                           None))
    start, end = elig.get("born_from"), elig.get("born_to")
    if fine("eligibility.born_from") and fine("eligibility.born_to") and start and end and start > end:
        out.append(Problem("eligibility.born_to", end,
                           f"{EVENT_SETTINGS['eligibility.born_to'].title()}（{end}）早于 "
                           f"eligibility.born_from（{start}）：出生日期范围为空。", None))
    if fine("standings.lot_seed") and "standings.ties" not in bad and "standings.tiebreaks" not in bad \
            and _uses_lot(standings) and standings.get("lot_seed") is None:
        out.append(Problem("standings.lot_seed", None,
                           f"{EVENT_SETTINGS['standings.lot_seed'].title()}缺失：抽签决定名次需要"
                           "一个记录在案的随机种子，以便公开复现。", str(lot_seed_for(stored.code))))
    return out


def _typed(stored: StoredEvent, skip: set[str]) -> EventSettings:
    """The typed object, with the default wherever a key is missing or in `skip`."""
    kind = _kind(stored)

    def get(key: str) -> Any:
        group, _, name = key.partition(".")
        source = stored.group(group) if name else {"rounds_planned": stored.rounds_planned}
        name = name or key
        if key in skip or name not in source or kind not in EVENT_SETTINGS[key].kinds:
            return default_value(key, stored)
        return source[name]

    team_format: TeamFormat = "match" if kind == "team" and get("pairing.team_format") == "match" \
        else "sum"
    tiebreaks = tuple(get("standings.tiebreaks"))
    if kind == "team" and team_format == "match" and any(t in TEAM_TIEBREAKS for t in tiebreaks):
        tiebreaks = TEAM_MATCH_TIEBREAKS
    standings: dict[str, Any] = {n: get(f"standings.{n}") for n in StandingsSettings.__dataclass_fields__}
    standings["tiebreaks"] = tiebreaks
    return EventSettings(
        kind=kind,
        rounds_planned=get("rounds_planned"),
        scoring=Scoring(**{n: float(get(f"scoring.{n}")) for n in Scoring.__dataclass_fields__}),
        pairing=PairingSettings(**{n: get(f"pairing.{n}") for n in PairingSettings.__dataclass_fields__}),
        standings=StandingsSettings(**standings),
        withdraw_after_forfeits=get("pairing.withdraw_after_forfeits"),
        team_format=team_format,
        best_of=get("standings.best_of"),
        eligibility=Eligibility(**{n: get(f"eligibility.{n}") for n in Eligibility.__dataclass_fields__}),
    )


def event_settings_lenient(stored: StoredEvent) -> tuple[EventSettings, list[Problem]]:
    """The typed settings (defaults in place of bad values) and what is wrong: never raises."""
    problems = event_problems(stored)
    return _typed(stored, {p.key for p in problems}), problems


def read_event_settings(stored: StoredEvent, keys: Sequence[str] = (), file: str = "FILE") -> EventSettings:
    """The typed settings of an event, for a reader that needs `keys` (prefixes; all if empty).

    A bad value among them raises `SettingError` saying which key of which event, what it
    allows and the command that fixes it.  Keys nothing reads are ignored.
    """
    settings, problems = event_settings_lenient(stored)
    wanted = [p for p in problems if not p.unused
              and (not keys or any(p.key == k or p.key.startswith(f"{k}.") for k in keys))]
    if wanted:
        raise stored_event_error(stored, wanted, file)
    return settings


def fix_command(file: str, event: str | None, problems: Sequence[Problem]) -> str:
    target = f'"{file}"' if re.search(r"\s", file) else file
    where = f" --event {event}" if event else ""
    return f"finals settings {target}{where} " + " ".join(p.fix_argument() for p in problems)


def stored_event_error(stored: StoredEvent, problems: Sequence[Problem], file: str) -> SettingError:
    command = fix_command(file, stored.code, problems)
    head = f"项目 {stored.code}（{stored.name}）的设置有误，无法继续"
    if len(problems) == 1:
        return SettingError(f"{head}：{problems[0].message}请先改正：{command}", problems)
    return SettingError(f"{head}。请先改正：{command}", problems, [p.message for p in problems])


# -- events: changing ------------------------------------------------------------------------

def _key_problem(stored: StoredEvent, key: str, value: Any) -> Problem | None:
    """Why `key` cannot be set on this event (unknown, or not for its kind), or None."""
    spec = EVENT_SETTINGS.get(key)
    kind = _kind(stored)
    if spec is None:
        group = key.partition(".")[0]
        if group in GROUPS:
            known = [k for k in event_keys(kind) if k.startswith(f"{group}.")]
            return Problem(key, value, _unknown_key(key, known, f"{group} 组"), unused=True)
        return Problem(key, value, _unknown_key(key, event_keys(kind), "项目"), unused=True)
    if kind not in spec.kinds:
        return Problem(key, value, _kind_mismatch(spec, stored), unused=True)
    return None


def apply_event_changes(stored: StoredEvent, changes: Mapping[str, Any], unset: Iterable[str] = (),
                        rounds_paired: int = 0) -> StoredEvent:
    """The settings after `changes` (set) and `unset` (back to the default), or SettingError.

    Refused whole when any change names an unknown key or a key not for this kind of event,
    holds a bad value, or makes the settings impossible together.  A bad value the file held
    before and that the change leaves alone does not block it (fix one key at a time).
    """
    before = event_problems(stored)
    flat = stored.flat()
    touched: set[str] = set()
    refused: list[Problem] = []
    for key in unset:
        problem = _key_problem(stored, key, None)
        if key == "rounds_planned":
            flat[key] = 0
        elif key in flat or problem is None:
            flat.pop(key, None)  # back to the default; or a key an older version left behind
        else:
            refused.append(problem)
        touched.add(key)
    for key, value in changes.items():
        problem = _key_problem(stored, key, value)
        if problem is not None:
            refused.append(problem)
        flat[key] = list(value) if isinstance(value, tuple) else value
        touched.add(key)
    if refused:
        raise change_error(refused, stored)
    after_stored = stored.with_flat(flat)
    standings = dict(after_stored.group("standings"))
    if _uses_lot(standings) and standings.get("lot_seed") is None \
            and "standings.lot_seed" not in changes:
        # A lot must be replayable: its seed is drawn once, recorded and printed.
        standings["lot_seed"] = lot_seed_for(stored.code)
        after_stored = replace(after_stored, standings=standings)
    old = {(p.key, p.message) for p in before}
    new = [p for p in event_problems(after_stored)
           if p.key in touched or (p.key, p.message) not in old]
    planned = after_stored.rounds_planned
    if "rounds_planned" in touched and isinstance(planned, int) and not isinstance(planned, bool) \
            and 0 < planned < rounds_paired:
        new.append(Problem("rounds_planned", planned,
                           f"{EVENT_SETTINGS['rounds_planned'].title()}不能为 {planned}：已编排 "
                           f"{rounds_paired} 轮，应不少于 {rounds_paired}（0 表示不定）。"))
    if new:
        raise change_error(new, stored)
    return after_stored


def change_error(problems: Sequence[Problem], stored: StoredEvent | None = None) -> SettingError:
    where = f"项目 {stored.code}（{stored.name}）的" if stored is not None else "比赛"
    if len(problems) == 1:
        return SettingError(f"未修改{where}设置：{problems[0].message}", problems)
    return SettingError(f"未修改{where}设置：有 {len(problems)} 处不能使用。", problems,
                        [p.message for p in problems])


# -- the tournament ---------------------------------------------------------------------------

def flat_tournament_settings(settings: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in settings.items():
        if key == "certificate" and isinstance(value, Mapping):
            out.update({f"certificate.{k}": v for k, v in value.items()})
        else:
            out[key] = value
    return out


def nest_tournament_settings(flat: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in flat.items():
        group, _, name = key.partition(".")
        if group == "certificate" and name:
            out.setdefault("certificate", {})[name] = value
        else:
            out[key] = value
    return out


def tournament_problems(settings: Mapping[str, Any], fields: Mapping[str, Any] | None = None
                        ) -> list[Problem]:
    """What is wrong with the tournament's stored settings (and, if given, its fields)."""
    problems: list[Problem] = []
    for key, value in flat_tournament_settings(settings).items():
        spec = TOURNAMENT_SETTINGS.get(key)
        if key == "certificate":
            continue  # not an object: below
        if spec is None:
            problems.append(Problem(key, value, _unknown_tournament_key(key), None, unused=True))
            continue
        message = check_value(spec, value)
        if message:
            fix = None if spec.default is None else value_text(spec.default)
            problems.append(Problem(key, value, message, fix))
    if "certificate" in settings and not isinstance(settings["certificate"], Mapping):
        problems.append(Problem("certificate", settings["certificate"],
                                "certificate 应为证书设置（issuer、template、background、number_prefix）。",
                                None))
    for key, value in (fields or {}).items():
        wrong = check_value(TOURNAMENT_FIELDS[key], value)
        if wrong:
            problems.append(Problem(key, value, wrong, None))
    if fields:
        start, end = fields.get("start_date"), fields.get("end_date")
        if isinstance(start, str) and isinstance(end, str) and not any(
                p.key in ("start_date", "end_date") for p in problems) and end < start:
            problems.append(Problem("end_date", end,
                                    f"{TOURNAMENT_FIELDS['end_date'].title()}（{end}）早于 "
                                    f"start_date（{start}）：结束日期应不早于开始日期。", None))
    return problems


def _unknown_tournament_key(key: str) -> str:
    if key in EVENT_SETTINGS or key.partition(".")[0] in GROUPS:
        return (f"{key} 是项目的设置，不是比赛的设置：请用 --event 指定项目，如 "
                f"finals settings FILE --event 项目代码 --set {key}=…。")
    known = list(TOURNAMENT_FIELDS) + list(TOURNAMENT_SETTINGS)
    return _unknown_key(key, known, "比赛")


def tournament_settings_lenient(settings: Mapping[str, Any]) -> tuple[TournamentSettings, list[Problem]]:
    problems = tournament_problems(settings)
    bad = {p.key for p in problems}
    flat = flat_tournament_settings(settings)

    def get(key: str) -> Any:
        return TOURNAMENT_SETTINGS[key].default if key in bad or key not in flat else flat[key]

    certificate = Certificate(**{n: get(f"certificate.{n}") for n in Certificate.__dataclass_fields__})
    return TournamentSettings(
        prize_split=get("prize_split"), backups_keep=get("backups_keep"), komi=get("komi"),
        certificate=certificate, remote_entry_url=get("remote_entry_url"),
    ), problems


def read_tournament_settings(settings: Mapping[str, Any], keys: Sequence[str] = (),
                             file: str = "FILE") -> TournamentSettings:
    """The typed tournament settings; SettingError (with the fixing command) for a bad one."""
    typed, problems = tournament_settings_lenient(settings)
    wanted = [p for p in problems if not p.unused
              and (not keys or any(p.key == k or p.key.startswith(f"{k}.") for k in keys))]
    if wanted:
        command = fix_command(file, None, wanted)
        head = "比赛设置有误，无法继续"
        if len(wanted) == 1:
            raise SettingError(f"{head}：{wanted[0].message}请先改正：{command}", wanted)
        raise SettingError(f"{head}。请先改正：{command}", wanted, [p.message for p in wanted])
    return typed


def apply_tournament_changes(
    fields: Mapping[str, Any], settings: Mapping[str, Any], changes: Mapping[str, Any],
    unset: Iterable[str] = (),
) -> tuple[dict[str, Any], dict[str, Any]]:
    """(fields, settings) after the changes, or SettingError; nothing half-applied.

    `fields` are the tournament's own columns (title, dates, organisers…) as plain values;
    `settings` its settings JSON.  `certificate` may be given whole (an object) or key by key.
    """
    expanded: dict[str, Any] = {}
    for key, value in changes.items():
        if key == "certificate" and isinstance(value, Mapping):
            expanded.update({f"certificate.{k}": v for k, v in value.items()})
        else:
            expanded[key] = value
    new_fields, flat = dict(fields), flat_tournament_settings(settings)
    before = tournament_problems(settings, fields)
    touched: set[str] = set()
    refused: list[Problem] = []
    known = TOURNAMENT_FIELDS.keys() | TOURNAMENT_SETTINGS.keys()
    for key in unset:
        if key == "title":
            refused.append(Problem(key, None, "比赛名称 title 不能删除；可用 --set title=… 修改。"))
        elif key in TOURNAMENT_FIELDS:
            new_fields[key] = TOURNAMENT_FIELDS[key].default
        elif key in flat or key in known:
            flat.pop(key, None)  # back to the default; or a key an older version left behind
        else:
            refused.append(Problem(key, None, _unknown_tournament_key(key), unused=True))
        touched.add(key)
    for key, value in expanded.items():
        value = list(value) if isinstance(value, tuple) else value
        if key in TOURNAMENT_FIELDS:
            new_fields[key] = value
        elif key in TOURNAMENT_SETTINGS:
            flat[key] = value
        else:
            refused.append(Problem(key, value, _unknown_tournament_key(key), unused=True))
        touched.add(key)
    if refused:
        raise change_error(refused)
    new_settings = nest_tournament_settings(flat)
    old = {(p.key, p.message) for p in before}
    new = [p for p in tournament_problems(new_settings, new_fields)
           if p.key in touched or (p.key, p.message) not in old]
    if new:
        raise change_error(new)
    return new_fields, new_settings


# -- presets ----------------------------------------------------------------------------------

def preset_events(preset: Mapping[str, Any]) -> list[StoredEvent]:
    """The events of a preset as a new file will hold them."""
    return [
        StoredEvent(code=str(spec.get("code")), name=str(spec.get("name")), kind=str(spec.get("kind")),
                    rounds_planned=spec.get("rounds_planned", 0),
                    scoring=spec.get("scoring", preset.get("scoring", {})),
                    pairing=spec.get("pairing", {}), standings=spec.get("standings", {}),
                    eligibility={**spec.get("eligibility", {}), "aliases": spec.get("aliases", [])})
        for spec in preset.get("events", [])
    ]


def preset_problems(preset: Mapping[str, Any]) -> list[str]:
    """Every preset value the program could not use, as "EVENT key: message" lines."""
    lines = [f"{event.code}：{p.message}" for event in preset_events(preset)
             for p in event_problems(event)]
    info = preset.get("tournament", {})
    lines += [f"tournament.settings：{p.message}" for p in tournament_problems(info.get("settings", {}))]
    return lines
