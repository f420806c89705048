"""What OpenGotha's pairing engine needs from a tournament, read from its XML file.

The engine (issue 29 §3, `opengotha_cost` and `opengotha_pairing`) works on this model
only; nothing here touches the store.  Players, games and byes come from
`app.io.opengotha.parse_opengotha` (its checks and messages); the rest that reader does not
keep — each player's `smmsCorrection`, the general, handicap, placement and pairing
parameter sets — is read here from the same bytes, with OpenGotha's own defaults where an
attribute is missing (as `ExternalDocument.importTournamentParameterSetFromXMLFile` does).

Conventions, as OpenGotha's inside:
* rounds are numbered from 0 (round 1 of the file is 0);
* ranks are integers, 30K = −30 … 1K = −1, 1D = 0 … 9D = 8;
* scores are kept doubled (a win is 2), as OpenGotha keeps them.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeVar

from app.io.opengotha import (
    PLACEMENT_NAMES,
    GothaError,
    GothaResult,
    parse_opengotha,
    parse_rank,
    player_key,
)

MIN_RANK = -30  # Gotha.MIN_RANK (30K)
SMMS_CORRECTION_MAX = 2  # PlacementParameterSet.PLA_SMMS_CORR_MAX
SMMS_CORRECTION_MIN = -1  # PlacementParameterSet.PLA_SMMS_CORR_MIN


class SeedSystem(StrEnum):
    SPLIT_AND_RANDOM = "SPLITANDRANDOM"
    SPLIT_AND_FOLD = "SPLITANDFOLD"
    SPLIT_AND_SLIP = "SPLITANDSLIP"


class DuddMode(StrEnum):
    TOP = "TOP"
    MID = "MID"
    BOT = "BOT"


@dataclass(frozen=True)
class GeneralParams:
    number_of_rounds: int = 5
    mm_floor: int = -20  # 20K
    mm_bar: int = 3  # 4D
    mm_zero: int = MIN_RANK
    nbw2_absent: int = 0
    nbw2_bye: int = 0
    mms2_absent: int = 0
    mms2_bye: int = 0
    round_down: bool = True
    category_limits: tuple[int, ...] = ()  # lower rank of categories 1 .. n−1 (n categories)

    @property
    def number_of_categories(self) -> int:
        return len(self.category_limits) + 1


@dataclass(frozen=True)
class HandicapParams:
    based_on_mms: bool = True
    no_handicap_threshold: int = 0  # 1D
    correction: int = 1
    ceiling: int = 9


@dataclass(frozen=True)
class PairingParams:
    """PairingParameterSet, its weights and switches (OpenGotha's defaults)."""

    nx1_factor: float = 0.5
    avoid_duplicate: int = 500_000_000_000_000
    random: int = 0
    deterministic: bool = True
    balance_wb: int = 1000
    avoid_mixing_categories: int = 20_000_000_000_000
    minimize_score_difference: int = 100_000_000_000
    dudd_weight: int = 100_000_000
    compensate_dudd: bool = True
    dudd_upper: DuddMode = DuddMode.MID
    dudd_lower: DuddMode = DuddMode.MID
    maximize_seeding: int = 5_000_000
    last_round_seed_system_1: int = 1  # 0-based: the file's value − 1
    seed_system_1: SeedSystem = SeedSystem.SPLIT_AND_RANDOM
    seed_system_2: SeedSystem = SeedSystem.SPLIT_AND_FOLD
    additional_criterion_1: str = "Rating"
    additional_criterion_2: str = "NULL"
    rank_threshold: int = 3  # 4D
    nbw_threshold_active: bool = True
    bar_threshold_active: bool = True
    minimize_handicap: int = 0
    avoid_same_geo: int = 100_000_000_000
    country_factor: int = 1  # paiSePreferMMSDiffRatherThanSameCountry
    club_factor: int = 3  # paiSePreferMMSDiffRatherThanSameClub


@dataclass(frozen=True)
class Player:
    key: str
    name: str
    first_name: str
    rank: int
    rating: int
    club: str
    country: str
    smms_correction: int
    participating: tuple[bool, ...]
    registered: bool  # FIN (PRE players are never paired)

    @property
    def full_name(self) -> str:
        return f"{self.name} {self.first_name}"


@dataclass(frozen=True)
class Game:
    round: int  # from 0
    white: str  # player keys
    black: str
    result: GothaResult
    handicap: int


@dataclass(frozen=True)
class Tournament:
    players: tuple[Player, ...]
    games: tuple[Game, ...]
    byes: dict[int, str]  # round (from 0) -> player key
    general: GeneralParams
    handicap: HandicapParams
    pairing: PairingParams
    placement: tuple[str, ...]  # criteria long names, NULL dropped
    club_groups: dict[str, str] = field(default_factory=dict)  # club -> its group

    @property
    def mcmahon(self) -> bool:
        """OpenGotha's main criterion: MMS if it comes before NBW among the criteria."""
        for crit in self.placement:
            if crit == "NBW":
                return False
            if crit == "MMS":
                return True
        return False

    def before(self, round_: int) -> Tournament:
        """The state before `round_` (from 0): the games and byes of earlier rounds only."""
        return Tournament(
            players=self.players,
            games=tuple(g for g in self.games if g.round < round_),
            byes={r: k for r, k in self.byes.items() if r < round_},
            general=self.general,
            handicap=self.handicap,
            pairing=self.pairing,
            placement=self.placement,
            club_groups=self.club_groups,
        )


_E = TypeVar("_E", SeedSystem, DuddMode)


def _attrs(root: ET.Element, tag: str) -> dict[str, str]:
    el = root.find(f".//{tag}")
    return dict(el.attrib) if el is not None else {}


def _rank(attrs: dict[str, str], name: str, default: str) -> int:
    text = attrs.get(name, default)
    try:
        return parse_rank(text)
    except ValueError:
        raise GothaError(
            f"参数 {name}=“{text}”不是段级位。请改为 5D（5段）、10K（10级）这样的写法。"
        ) from None


def _number(attrs: dict[str, str], name: str, default: str) -> int:
    text = attrs.get(name, default).strip()
    try:
        return int(text)
    except ValueError:
        raise GothaError(f"参数 {name}=“{text}”应为整数，请改正。") from None


def _flag(attrs: dict[str, str], name: str, default: str) -> bool:
    return attrs.get(name, default).strip().lower() == "true"


def _choice(attrs: dict[str, str], name: str, default: _E) -> _E:
    kind = type(default)
    text = attrs.get(name, default.value).strip()
    try:
        return kind(text)
    except ValueError:
        allowed = "、".join(e.value for e in kind)
        raise GothaError(f"参数 {name}=“{text}”无法识别，应为 {allowed} 之一。") from None


def _general(root: ET.Element) -> GeneralParams:
    a = _attrs(root, "GeneralParameterSet")
    categories = _number(a, "numberOfCategories", "1")
    limits = [MIN_RANK] * max(categories - 1, 0)
    for el in root.iter("Category"):
        number = _number(dict(el.attrib), "number", "1")
        if 1 <= number <= len(limits):
            limits[number - 1] = _rank(dict(el.attrib), "lowerLimit", "30K")
    return GeneralParams(
        number_of_rounds=_number(a, "numberOfRounds", "5"),
        mm_floor=_rank(a, "genMMFloor", "20K"),
        mm_bar=_rank(a, "genMMBar", "4D"),
        mm_zero=_rank(a, "genMMZero", "30K"),
        nbw2_absent=_number(a, "genNBW2ValueAbsent", "0"),
        nbw2_bye=_number(a, "genNBW2ValueBye", "0"),
        mms2_absent=_number(a, "genMMS2ValueAbsent", "0"),
        mms2_bye=_number(a, "genMMS2ValueBye", "0"),
        round_down=_flag(a, "genRoundDownNBWMMS", "true"),
        category_limits=tuple(limits),
    )


def _handicap(root: ET.Element) -> HandicapParams:
    a = _attrs(root, "HandicapParameterSet")
    return HandicapParams(
        based_on_mms=_flag(a, "hdBasedOnMMS", "true"),
        no_handicap_threshold=_rank(a, "hdNoHdRankThreshold", "1D"),
        correction=_number(a, "hdCorrection", "1"),
        ceiling=_number(a, "hdCeiling", "9"),
    )


def _pairing(root: ET.Element) -> PairingParams:
    a = _attrs(root, "PairingParameterSet")
    d = PairingParams()
    try:
        nx1 = float(a.get("paiStandardNX1Factor", "0.5"))
    except ValueError:
        raise GothaError("参数 paiStandardNX1Factor 应为 0 到 1 之间的小数，请改正。") from None
    return PairingParams(
        nx1_factor=nx1,
        avoid_duplicate=_number(a, "paiBaAvoidDuplGame", str(d.avoid_duplicate)),
        random=_number(a, "paiBaRandom", "0"),
        deterministic=_flag(a, "paiBaDeterministic", "true"),
        balance_wb=_number(a, "paiBaBalanceWB", str(d.balance_wb)),
        avoid_mixing_categories=_number(
            a, "paiMaAvoidMixingCategories", str(d.avoid_mixing_categories)
        ),
        minimize_score_difference=_number(
            a, "paiMaMinimizeScoreDifference", str(d.minimize_score_difference)
        ),
        dudd_weight=_number(a, "paiMaDUDDWeight", str(d.dudd_weight)),
        compensate_dudd=_flag(a, "paiMaCompensateDUDD", "true"),
        dudd_upper=_choice(a, "paiMaDUDDUpperMode", DuddMode.MID),
        dudd_lower=_choice(a, "paiMaDUDDLowerMode", DuddMode.MID),
        maximize_seeding=_number(a, "paiMaMaximizeSeeding", str(d.maximize_seeding)),
        last_round_seed_system_1=_number(a, "paiMaLastRoundForSeedSystem1", "2") - 1,
        seed_system_1=_choice(a, "paiMaSeedSystem1", SeedSystem.SPLIT_AND_RANDOM),
        seed_system_2=_choice(a, "paiMaSeedSystem2", SeedSystem.SPLIT_AND_FOLD),
        additional_criterion_1=_criterion(a.get("paiMaAdditionalPlacementCritSystem1", "Rating")),
        additional_criterion_2=_criterion(a.get("paiMaAdditionalPlacementCritSystem2", "NULL")),
        rank_threshold=_rank(a, "paiSeRankThreshold", "4D"),
        nbw_threshold_active=_flag(a, "paiSeNbWinsThresholdActive", "true"),
        bar_threshold_active=_flag(a, "paiSeBarThresholdActive", "true"),
        minimize_handicap=_number(a, "paiSeMinimizeHandicap", "0"),
        avoid_same_geo=_number(a, "paiSeAvoidSameGeo", str(d.avoid_same_geo)),
        country_factor=_number(a, "paiSePreferMMSDiffRatherThanSameCountry", "1"),
        club_factor=_number(a, "paiSePreferMMSDiffRatherThanSameClub", "3"),
    )


def _criterion(name: str) -> str:
    """A criterion as OpenGotha reads one (`PlacementParameterSet.criterionUID`, and the
    additional criteria in `ExternalDocument`): by its long name, NULL for a name it does not
    know."""
    return name if name in PLACEMENT_NAMES else "NULL"


def _placement(root: ET.Element) -> tuple[str, ...]:
    pps = root.find(".//TournamentParameterSet/PlacementParameterSet")
    if pps is None:
        return ("NBW", "SOSW", "SOSOSW")
    numbered = []
    for el in pps.iter("PlacementCriterion"):
        name = _criterion(el.attrib.get("name", "NULL"))
        numbered.append((_number(dict(el.attrib), "number", "1"), name))
    return tuple(name for _, name in sorted(numbered) if name != "NULL")


@dataclass(frozen=True)
class FileParameters:
    """What an OpenGotha file's `TournamentParameterSet` says about pairing a round: the
    handicap, pairing and placement sets, the categories and the McMahon zero rank."""

    handicap: HandicapParams
    pairing: PairingParams
    placement: tuple[str, ...]
    category_limits: tuple[int, ...]
    mm_zero: int


def _element(node: Sequence[Any]) -> ET.Element:
    """A kept tree ([tag, attributes, children], `app.io.opengotha.KeptNode`) as an element."""
    tag, attrs, children = node
    el = ET.Element(str(tag), {str(k): str(v) for k, v in dict(attrs).items()})
    el.extend(_element(child) for child in children)
    return el


def file_parameters(tree: Sequence[Any]) -> FileParameters:
    """The parameter sets of a `TournamentParameterSet` an import kept (OpenGotha's defaults
    for what it lacks, as OpenGotha reads a file); GothaError (Chinese, naming the attribute)
    for a value that cannot be read."""
    root = ET.Element("Tournament")
    root.append(_element(tree))
    general = _general(root)
    return FileParameters(
        handicap=_handicap(root),
        pairing=_pairing(root),
        placement=_placement(root),
        category_limits=general.category_limits,
        mm_zero=general.mm_zero,
    )


def read_tournament(data: bytes) -> Tournament:
    """The engine's model of an OpenGotha XML file; GothaError (Chinese) on bad input."""
    base = parse_opengotha(data)  # refuses DOCTYPE/ENTITY before ElementTree sees the bytes
    root = ET.fromstring(data)
    corrections: dict[str, int] = {}
    for el in root.iter("Player"):
        a = dict(el.attrib)
        if "name" in a and "firstName" in a:
            corrections[player_key(a["name"], a["firstName"])] = _number(a, "smmsCorrection", "0")
    players = tuple(
        Player(
            key=p.key,
            name=p.name,
            first_name=p.first_name,
            rank=parse_rank(p.rank),
            rating=p.rating,
            club=p.club,
            country=p.country,
            smms_correction=corrections.get(p.key, 0),
            participating=p.participating,
            registered=p.registered,
        )
        for p in base.players
    )
    games = tuple(Game(g.round - 1, g.white, g.black, g.result, g.handicap) for g in base.games)
    return Tournament(
        players=players,
        games=games,
        byes={b.round - 1: b.player for b in base.byes},
        general=_general(root),
        handicap=_handicap(root),
        pairing=_pairing(root),
        placement=_placement(root),
    )
