"""OpenGotha XML tournament files (issue 18): one event out, a tournament in.

The structure, as OpenGotha 3.x writes and reads it (`info.vannier.gotha.ExternalDocument`:
`generateXMLFile`, `importPlayersFromXMLFile`, `importGamesFromXMLFile`,
`importByePlayersFromXMLFile`, `importTournamentParameterSetFromXMLFile`; `Player`,
`Gotha`, `PlacementParameterSet`):

    <Tournament dataVersion="201" ...>
      <Players>   <Player name firstName country club egfPin ffgLicence ffgLicenceStatus
                          agaId agaExpirationDate rank rating ratingOrigin grade
                          smmsCorrection participating registeringStatus/> ...
      <Games>     <Game roundNumber tableNumber whitePlayer blackPlayer knownColor handicap
                        result/> ...
      <ByePlayers><ByePlayer roundNumber player/> ...        (only when there are byes)
      <TournamentParameterSet>
         <GeneralParameterSet shortName name location director beginDate endDate size komi
              ... numberOfRounds ... genMMFloor genMMBar genMMZero .../>
         <HandicapParameterSet .../> <PlacementParameterSet><PlacementCriteria>
         <PlacementCriterion number name/> ... <PairingParameterSet .../>
         <DPParameterSet .../> <PublishParameterSet .../>
      <TeamTournamentParameterSet> ...

* A player's key (what a game names) is `(name + firstName)` without spaces, upper-cased;
  two players with the same key are one player to OpenGotha.
* `rank` is "5D" (5段) or "10K" (10级), from 30K to 9D; rank value 1D = 0, 1K = −1.
  `rating` runs from −900 to 2949; `ratingOrigin` "INI" means computed from the rank.
* `participating` has one character per round (20 rounds), "0" = does not play that round.
* `registeringStatus` "FIN" (final) or "PRE" (pre-registered, not paired).
* `result` is one of RESULT_UNKNOWN, RESULT_WHITEWINS, RESULT_BLACKWINS, RESULT_EQUAL,
  RESULT_BOTHWIN, RESULT_BOTHLOSE and the same five with _BYDEF (by default = forfeit).
* OpenGotha refuses a player whose name or first name is empty, whose country is not empty
  or two letters, or whose club has more than 4 characters; it needs GeneralParameterSet,
  HandicapParameterSet, PlacementParameterSet and PairingParameterSet to be present.
* It writes `knownColor` and reads back `strKnownColor` (both are read here).
* Pairgoth writes the byes inside a `<ByePlayer>` wrapper instead of `<ByePlayers>`, with
  keys not upper-cased; OpenGotha skips them, this reader takes them as byes.

This program's side: Black moves first in Go, so our first mover (`first`) is
`blackPlayer`.  A Chinese name goes as name = surname (复姓 kept whole), firstName = the
given name, in Chinese; two entrants with one name get their seed number after the given
name ("伟(12)") so that their keys differ, and lose it again on import.  The unit goes to
`club` (its first 4 characters: OpenGotha allows no more), the country is "CN".  A player
without a grade is written as 30K with rating −900 (OpenGotha's own floor) and read back
without a grade.

Reading refuses what is not plain data: a DOCTYPE or an entity declaration is refused
outright (no entity is ever expanded).  The parser is expat, ElementTree's own, used
directly for the line number of every element; writing uses ElementTree.  Pure: no store.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from enum import StrEnum
from typing import Any
from xml.parsers import expat

from app.domain import Result
from app.pairing.mcmahon import McMahonSettings
from app.readmodel.model import FinalEntrant, FinalEvent, TournamentFacts
from app.settings.events import event_settings_lenient
from app.settings.komi import parse_komi
from app.standings.categories import grade_order

GOTHA_ROUNDS = 20  # Gotha.MAX_NUMBER_OF_ROUNDS: `participating` has this many characters
DATA_VERSION = "201"  # Gotha.GOTHA_DATA_VERSION of OpenGotha 3.x
GOTHA_VERSION = "351"
MIN_RANK, MAX_RANK = -30, 8  # 30K .. 9D
MIN_RATING, MAX_RATING = -900, 2949
NO_GRADE_RANK = "30K"
CLUB_MAX = 4
DEFAULT_COUNTRY = "CN"
MAX_BYTES = 20_000_000
MAX_TABLES = 10_000

# Chinese compound surnames (复姓) that are kept whole as `name`.
COMPOUND_SURNAMES = frozenset(
    (
        "欧阳 司马 诸葛 上官 东方 皇甫 尉迟 公孙 慕容 长孙 宇文 司徒 司空 夏侯 令狐 端木 "
        "独孤 南宫 西门 万俟 轩辕 钟离 闻人 赫连 澹台 公冶 宗政 濮阳 太叔 申屠 呼延 淳于 "
        "单于 百里 东郭 南门 羊舌 微生 梁丘 左丘 第五"
    ).split()
)

SWISS_PLACEMENT = ("NBW", "SOSW", "SOSOSW")
MCMAHON_PLACEMENT = ("MMS", "SOSM", "SOSOSM")
# OpenGotha's placement criteria (PlacementParameterSet.allPlacementCriteria long names).
PLACEMENT_NAMES = frozenset(
    "NULL CAT NBW MMS STS Rank Rating CUSSW CUSSM SOSW SOSW-1 SOSW-2 SODOSW SOSM SOSM-1 "
    "SOSM-2 SODOSM SOSTS SOSOSW SOSOSM EXT EXR DC SDC".split()
)
# Our tie-breaks in OpenGotha's words (the first criterion is the score itself).
_TIEBREAK_CRITERIA = {
    "对手分": "SOSW",
    "中间分": "SOSW-2",
    "去一最低对手分": "SOSW-1",
    "累进分": "CUSSW",
    "胜局数": "NBW",
    "直胜": "DC",
    "等级分": "Rating",
    "段位": "Rank",
}

_MCMAHON_CRITERIA = {"麦克马洪分": "MMS", "SOS": "SOSM", "SOSOS": "SOSOSM", "SODOS": "SODOSM"}
_SWISS_MM_CRITERIA = {"SOS": "SOSW", "SOSOS": "SOSOSW", "SODOS": "SODOSW"}

# The parameter trees a file's settings live in, kept whole by an import and written back.
KEPT_TREES = ("TournamentParameterSet", "TeamTournamentParameterSet")
# A player's attributes this program has no field for, kept by key and written back.
PLAYER_EXTRA = (
    "agaExpirationDate",
    "agaId",
    "egfPin",
    "ffgLicence",
    "ffgLicenceStatus",
    "ratingOrigin",  # "EGF : 1762", "FFG : 302", "" (INI and MAN are this program's own)
)
# A kept element: [tag, {attribute: value}, [children]] (JSON as the settings store it).
KeptNode = list[Any]


class GothaError(ValueError):
    """An OpenGotha file that cannot be read; the message (Chinese) names the line and the fix."""


class GothaResult(StrEnum):
    UNKNOWN = "RESULT_UNKNOWN"
    WHITE_WINS = "RESULT_WHITEWINS"
    BLACK_WINS = "RESULT_BLACKWINS"
    EQUAL = "RESULT_EQUAL"
    BOTH_WIN = "RESULT_BOTHWIN"
    BOTH_LOSE = "RESULT_BOTHLOSE"
    WHITE_WINS_BYDEF = "RESULT_WHITEWINS_BYDEF"
    BLACK_WINS_BYDEF = "RESULT_BLACKWINS_BYDEF"
    EQUAL_BYDEF = "RESULT_EQUAL_BYDEF"
    BOTH_WIN_BYDEF = "RESULT_BOTHWIN_BYDEF"
    BOTH_LOSE_BYDEF = "RESULT_BOTHLOSE_BYDEF"


# Our results (first mover = Black) and OpenGotha's; 0-0 (not played) is BOTHLOSE.
_TO_GOTHA: dict[Result | None, GothaResult] = {
    None: GothaResult.UNKNOWN,
    Result.FIRST_WINS: GothaResult.BLACK_WINS,
    Result.SECOND_WINS: GothaResult.WHITE_WINS,
    Result.DRAW: GothaResult.EQUAL,
    Result.NOT_PLAYED: GothaResult.BOTH_LOSE,
    Result.FIRST_WINS_BY_FORFEIT: GothaResult.BLACK_WINS_BYDEF,
    Result.SECOND_WINS_BY_FORFEIT: GothaResult.WHITE_WINS_BYDEF,
    Result.DOUBLE_FORFEIT: GothaResult.BOTH_LOSE_BYDEF,
}
_FROM_GOTHA: dict[GothaResult, Result | None] = {v: k for k, v in _TO_GOTHA.items()}
UNSUPPORTED_RESULTS = {
    GothaResult.BOTH_WIN: "双方均判胜",
    GothaResult.BOTH_WIN_BYDEF: "双方均判胜（弃权）",
    GothaResult.EQUAL_BYDEF: "判和（弃权）",
}


@dataclass(frozen=True)
class GothaPlayer:
    name: str  # surname
    first_name: str  # given name
    rank: str  # "5D", "10K"
    rating: int
    rating_origin: str = "INI"
    country: str = DEFAULT_COUNTRY
    club: str = ""
    participating: tuple[bool, ...] = (True,) * GOTHA_ROUNDS
    registered: bool = True  # FIN; False: PRE
    line: int = 0  # in the file read (0: built here)
    smms_correction: int = 0  # grades added to the McMahon start
    extra: Mapping[str, str] = field(default_factory=dict)  # PLAYER_EXTRA, as the file had them

    @property
    def key(self) -> str:
        return player_key(self.name, self.first_name)


@dataclass(frozen=True)
class GothaGame:
    round: int
    table: int
    white: str  # player keys
    black: str
    result: GothaResult = GothaResult.UNKNOWN
    known_colour: bool = True
    handicap: int = 0
    line: int = 0


@dataclass(frozen=True)
class GothaBye:
    round: int
    player: str
    line: int = 0


@dataclass(frozen=True)
class GothaParameters:
    short_name: str
    name: str
    location: str = ""
    director: str = ""
    begin_date: date | None = None
    end_date: date | None = None
    komi: str = "7.5"
    number_of_rounds: int = 5
    system: str = "swiss"  # swiss | mcmahon (from the placement criteria)
    mm_bar: str = "4D"  # OpenGotha's defaults
    mm_floor: str = "20K"
    placement: tuple[str, ...] = SWISS_PLACEMENT
    mm_zero: str = "30K"  # the rank whose McMahon start is 0
    mms2_absent: int = 1  # half-wins of McMahon score per round not participating
    round_down: bool = True  # genRoundDownNBWMMS: those totals rounded down to whole wins


@dataclass(frozen=True)
class GothaTournament:
    players: tuple[GothaPlayer, ...]
    games: tuple[GothaGame, ...]
    byes: tuple[GothaBye, ...]
    parameters: GothaParameters
    save_time: str = ""  # saveDT, yyyyMMddHHmmss
    # KEPT_TREES as the file had them ({tag: KeptNode}); written back with our values in.
    kept: Mapping[str, KeptNode] = field(default_factory=dict)
    lost: tuple[str, ...] = ()  # what the file holds and nothing here keeps, one line each

    def player(self, key: str) -> GothaPlayer:
        for p in self.players:
            if p.key == key:
                return p
        raise KeyError(key)

    @property
    def last_round(self) -> int:
        rounds = [g.round for g in self.games] + [b.round for b in self.byes]
        return max(rounds, default=0)


# -- names, ranks, results ---------------------------------------------------------------


def player_key(name: str, first_name: str) -> str:
    """OpenGotha's `Player.getKeyString`: name + firstName, spaces removed, upper case."""
    return (name + first_name).replace(" ", "").upper()


def _is_cjk(text: str) -> bool:
    return any("\u3400" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff" for ch in text)


def split_name(name: str) -> tuple[str, str]:
    """(surname, given name): 张三 → (张, 三), 欧阳明宇 → (欧阳, 明宇), "Vannier Luc" →
    (Vannier, Luc).  A one-character name keeps itself as both (OpenGotha needs two)."""
    name = " ".join(name.split())
    if " " in name:
        surname, _, given = name.partition(" ")
        return surname, given
    if _is_cjk(name) and len(name) > 1:
        cut = 2 if name[:2] in COMPOUND_SURNAMES and len(name) > 2 else 1
        return name[:cut], name[cut:]
    return name, name


def join_name(surname: str, given: str) -> str:
    """The name this program stores: 张 + 三 → 张三; Vannier + Luc → "Vannier Luc"."""
    surname, given = " ".join(surname.split()), " ".join(given.split())
    if surname == given:
        return surname
    if _is_cjk(surname) and _is_cjk(given):
        return surname + given
    return f"{surname} {given}".strip()


_SUFFIX = re.compile(r"^(.*)\((\d+)\)$")


def rank_value(grade: str | None) -> int | None:
    """OpenGotha's rank value of a grade: n段 → n − 1, k级 → −k; None for no grade."""
    order = grade_order(grade)
    if order is None:
        return None
    return order - 1 if order > 0 else order


def rank_text(value: int) -> str:
    """`Player.convertIntToKD`: 4 → "5D", −10 → "10K" (kept within 30K .. 9D)."""
    value = max(MIN_RANK, min(MAX_RANK, value))
    return f"{value + 1}D" if value >= 0 else f"{-value}K"


def rank_of_grade(grade: str | None) -> str:
    value = rank_value(grade)
    return NO_GRADE_RANK if value is None else rank_text(value)


_RANK = re.compile(r"^(\d{1,2})\s*([DdKkPp])$")


def parse_rank(text: str) -> int:
    """The rank value of "5D", "10k", "3p" (1–3p → 7D, 4–6p → 8D, 7–9p → 9D, as
    `Player.convertKDPToInt`); ValueError for anything else."""
    match = _RANK.match(text.strip())
    if match is None:
        raise ValueError(text)
    number, unit = int(match.group(1)), match.group(2).upper()
    if number <= 0:
        raise ValueError(text)
    if unit == "K":
        value = -number
    elif unit == "D":
        value = number - 1
    else:
        value = 6 if number <= 3 else 7 if number <= 6 else 8
    if not MIN_RANK <= value <= MAX_RANK:
        raise ValueError(text)
    return value


def grade_of_rank(value: int) -> str:
    """The grade this program stores: 4 → 5段, −10 → 10级."""
    return f"{value + 1}段" if value >= 0 else f"{-value}级"


def rating_of_rank(value: int) -> int:
    """`Player.ratingFromRank`."""
    return (value + 30) * 100 - 900


def result_of(result: GothaResult) -> Result | None:
    """Our result (first mover = Black) of an OpenGotha result; KeyError if we have none."""
    return _FROM_GOTHA[result]


def gotha_result(result: Result | None) -> GothaResult:
    return _TO_GOTHA[result]


# -- the event as an OpenGotha tournament --------------------------------------------------


def _komi_points(text: str | None) -> str:
    komi = parse_komi(text)
    if komi is None:
        return "7.5"
    return f"{float(komi.points):g}"


def _participating(entrant: FinalEntrant, rounds: int, kept: str = "") -> tuple[bool, ...]:
    """Who plays which round: ours up to the rounds planned; after them what the imported
    file said (`kept`, its `participating`), or playing."""
    flags = []
    for r in range(1, GOTHA_ROUNDS + 1):
        if r > rounds:
            flags.append(kept[r - 1 : r] != "0")
            continue
        out = (
            r in entrant.absent_rounds
            or r < entrant.joined_round
            or (entrant.withdrawn_from_round is not None and r >= entrant.withdrawn_from_round)
        )
        flags.append(not out)
    return tuple(flags)


def _clean(text: str | None) -> str:
    """Text XML 1.0 can hold: control characters dropped."""
    return "".join(ch for ch in (text or "") if ch >= " " or ch in "\t\n\r")


def _settings(event: FinalEvent) -> tuple[str, McMahonSettings]:
    """(pairing system, McMahon settings) as the pairing reads them: `app.settings` with
    the defaults filled in (5段/20级 when the event stores none; a value it cannot use gives
    way to the default, as it does when pairing)."""
    typed = event_settings_lenient(event.stored)[0]
    return typed.pairing.system, typed.mcmahon


def _placement(event: FinalEvent, mcmahon: bool) -> tuple[str, ...]:
    """OpenGotha's placement criteria for the event's tie-breaks (the first is the score):
    McMahon criteria for a McMahon event, Swiss (NBW) ones otherwise; OpenGotha warns when
    the two are mixed, so only one kind is written."""
    table = _MCMAHON_CRITERIA if mcmahon else {**_TIEBREAK_CRITERIA, **_SWISS_MM_CRITERIA}
    criteria = [] if mcmahon else ["NBW"]
    for name in event.standings.tiebreak_order:
        crit = table.get(name)
        if crit and crit not in criteria and len(criteria) < 6:
            criteria.append(crit)
    return tuple(criteria) or MCMAHON_PLACEMENT


def event_tournament(facts: TournamentFacts, event: FinalEvent) -> GothaTournament:
    """One individual event of the final as an OpenGotha tournament.

    Players in seed order; games by round and table (first mover = Black); byes; the
    McMahon bar and floor when the event is paired by McMahon (OpenGotha's defaults
    otherwise)."""
    if event.kind != "individual":
        raise GothaError(
            f"项目 {event.code}（{event.name}）不是个人赛：OpenGotha 文件只能保存个人赛。"
            "请换一个个人赛项目导出。"
        )
    entrants = sorted(event.entrants, key=lambda e: (e.seed, e.id))
    rounds = max([event.rounds_planned, *(r.number for r in event.rounds)], default=0)
    if rounds > GOTHA_ROUNDS:
        raise GothaError(
            f"项目 {event.code} 计划 {rounds} 轮，OpenGotha 最多 {GOTHA_ROUNDS} 轮，无法导出。"
            f"请把 rounds_planned 改为 {GOTHA_ROUNDS} 以内后再导出。"
        )
    kept = kept_facts(event)
    found = kept.get("players")
    kept_players: Mapping[str, Any] = found if isinstance(found, Mapping) else {}
    names = {e.id: split_name(_clean(e.name)) for e in entrants}
    for e in entrants:  # the file's own split of a name ("lavielle escoubet" + "julie")
        extra = kept_players.get(player_key(*names[e.id]), {})
        if isinstance(extra, dict) and "name" in extra and "firstName" in extra:
            if player_key(extra["name"], extra["firstName"]) == player_key(*names[e.id]):
                names[e.id] = (str(extra["name"]), str(extra["firstName"]))
    counts: dict[str, int] = {}
    for surname, given in names.values():
        key = player_key(surname, given)
        counts[key] = counts.get(key, 0) + 1
    keys: dict[int, str] = {}
    players: list[GothaPlayer] = []
    for e in entrants:
        surname, given = names[e.id]
        if counts[player_key(surname, given)] > 1:
            given = f"{given}({e.seed})"
        value = rank_value(e.grade)
        if value is None:
            rank, rating, origin = NO_GRADE_RANK, MIN_RATING, "INI"
        else:
            rank = rank_text(value)
            if e.rating is not None:
                rating, origin = max(MIN_RATING, min(MAX_RATING, e.rating)), "MAN"
            else:
                rating, origin = rating_of_rank(parse_rank(rank)), "INI"
        player = GothaPlayer(
            name=surname,
            first_name=given,
            rank=rank,
            rating=rating,
            rating_origin=origin,
            country=_clean(e.country).strip() or DEFAULT_COUNTRY,
            club=_clean(e.unit)[:CLUB_MAX].strip(),
            participating=_participating(
                e, rounds, str(kept_players.get(player_key(surname, given), {}).get("rounds", ""))
            ),
            registered=not (e.withdrawn_from_round == 1 and not _has_games(event, e.id)),
            smms_correction=e.mcmahon_correction,
            extra=_kept_extra(kept_players, player_key(surname, given)),
        )
        keys[e.id] = player.key
        players.append(player)
    games: list[GothaGame] = []
    byes: list[GothaBye] = []
    for rnd in sorted(event.rounds, key=lambda r: r.number):
        for g in sorted(rnd.games, key=lambda g: g.table):
            if g.second is None:
                byes.append(GothaBye(rnd.number, keys[g.first]))
                continue
            result = Result(g.result) if g.result else None
            games.append(
                GothaGame(
                    round=rnd.number,
                    table=g.table,
                    white=keys[g.second],
                    black=keys[g.first],
                    result=gotha_result(result),
                    handicap=g.handicap,
                )
            )
    system, mm = _settings(event)
    bar, floor = mm.bar, mm.floor
    mcmahon = system == "mcmahon"
    # The file's general set when the event was imported: its own header, and what a
    # Swiss event does not use (the McMahon bar, floor and counting) as the file had it.
    general = _kept_general(kept)
    own = bool(general) and kept.get("title") == event.name
    # McMahon: OpenGotha's zero is ours (the floor when unset), so its starts are ours.
    zero = rank_of_grade(mm.zero or floor) if mcmahon else general.get("genMMZero", "30K")
    params = GothaParameters(
        short_name=general.get("shortName", event.code),
        name=general["name"] if own else _clean(f"{facts.title} {event.name}".strip()),
        location=general.get("location", _clean(facts.venue)),
        director=general.get("director", _clean(facts.operators[0] if facts.operators else "")),
        begin_date=_iso_date(general.get("beginDate")) if general else facts.start_date,
        end_date=_iso_date(general.get("endDate")) if general else facts.end_date,
        komi=general.get("komi", _komi_points(facts.komi)),
        number_of_rounds=max(rounds, 1),
        system="mcmahon" if mcmahon else "swiss",
        mm_bar=rank_of_grade(bar) if mcmahon else general.get("genMMBar", "4D"),
        mm_floor=rank_of_grade(floor) if mcmahon else general.get("genMMFloor", "20K"),
        placement=_placement(event, mcmahon),
        mm_zero=zero,
        mms2_absent=(
            max(0, min(2, round(mm.absent_score * 2)))
            if mcmahon
            else _whole(general.get("genMMS2ValueAbsent"), 1)
        ),
        round_down=(
            mm.absent_round_down
            if mcmahon
            else general.get("genRoundDownNBWMMS", "true") != "false"
        ),
    )
    stamp = facts.end_date or facts.start_date
    return GothaTournament(
        players=tuple(players),
        games=tuple(games),
        byes=tuple(byes),
        parameters=params,
        save_time=f"{stamp:%Y%m%d}000000" if stamp else "20190101000000",
        kept={
            tag: tree
            for tag, tree in (kept.get("parameters") or {}).items()
            if tag in KEPT_TREES and isinstance(tree, list) and len(tree) == 3
        },
    )


# Where an import keeps what the file holds and no setting does: pairing["opengotha"],
# {"title": the event's name as imported, "parameters": {tag: KeptNode},
#  "players": {key: {attribute: value}}} (`app.settings.schema.INTERNAL_KEYS`).
KEPT_KEY = "opengotha"


def kept_facts(event: FinalEvent) -> Mapping[str, Any]:
    kept = event.stored.group("pairing").get(KEPT_KEY)
    return kept if isinstance(kept, Mapping) else {}


def kept_parameter_set(kept: Mapping[str, Any]) -> KeptNode | None:
    """The file's `TournamentParameterSet` an import kept (None if it kept none)."""
    tree = (kept.get("parameters") or {}).get("TournamentParameterSet")
    if not isinstance(tree, list) or len(tree) != 3:
        return None
    return tree


def _kept_general(kept: Mapping[str, Any]) -> dict[str, str]:
    tree = kept_parameter_set(kept)
    if tree is None:
        return {}
    for child in tree[2]:
        if child[0] == "GeneralParameterSet":
            return {str(k): str(v) for k, v in child[1].items()}
    return {}


def _kept_extra(players: Mapping[str, Any], key: str) -> dict[str, str]:
    extra = players.get(key)
    if not isinstance(extra, Mapping):
        return {}
    return {k: str(v) for k, v in extra.items() if k in PLAYER_EXTRA}


def _iso_date(text: str | None) -> date | None:
    try:
        return date.fromisoformat((text or "").strip())
    except ValueError:
        return None


def _whole(text: str | None, default: int) -> int:
    try:
        return int((text or "").strip())
    except ValueError:
        return default


def _has_games(event: FinalEvent, entrant: int) -> bool:
    return any(entrant in (g.first, g.second) for r in event.rounds for g in r.games)


# -- writing -------------------------------------------------------------------------------


def _b(value: bool) -> str:
    return "true" if value else "false"


def write_opengotha(t: GothaTournament) -> str:
    """The file's text (UTF-8 declared, LF line ends); the same tournament gives the same
    bytes."""
    root = ET.Element(
        "Tournament",
        {
            "dataVersion": DATA_VERSION,
            "externalIPAddress": "127.0.0.1",
            "fullVersionNumber": "3.51",
            "runningMode": "SAL",
            "saveDT": t.save_time or "20190101000000",
        },
    )
    players = ET.SubElement(root, "Players")
    for p in t.players:
        attrs = {
            "agaExpirationDate": "",
            "agaId": "",
            "club": p.club,
            "country": p.country,
            "egfPin": "",
            "ffgLicence": "",
            "ffgLicenceStatus": "",
            "firstName": p.first_name,
            "grade": p.rank,
            "name": p.name,
            "participating": "".join("1" if f else "0" for f in p.participating),
            "rank": p.rank,
            "rating": str(p.rating),
            "ratingOrigin": p.rating_origin,
            "registeringStatus": "FIN" if p.registered else "PRE",
            "smmsCorrection": str(p.smms_correction),
        }
        attrs.update((k, v) for k, v in p.extra.items() if k in PLAYER_EXTRA)
        ET.SubElement(players, "Player", attrs)
    games = ET.SubElement(root, "Games")
    for g in t.games:
        ET.SubElement(
            games,
            "Game",
            {
                "blackPlayer": g.black,
                "handicap": str(g.handicap),
                "knownColor": _b(g.known_colour),
                "result": g.result.value,
                "roundNumber": str(g.round),
                "tableNumber": str(g.table),
                "whitePlayer": g.white,
            },
        )
    if t.byes:
        byes = ET.SubElement(root, "ByePlayers")
        for b in t.byes:
            ET.SubElement(byes, "ByePlayer", {"player": b.player, "roundNumber": str(b.round)})
    _write_parameters(root, t)
    ET.indent(root, space="    ")
    body = ET.tostring(root, encoding="unicode", short_empty_elements=True)
    return '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + body + "\n"


_GENERAL_DEFAULTS = {
    "basicTime": "60",
    "canByoYomiTime": "300",
    "complementaryTimeSystem": "STDBYOYOMI",
    "fischerTime": "10",
    "genCountNotPlayedGamesAsHalfPoint": "false",
    "genMMS2ValueBye": "2",
    "genNBW2ValueAbsent": "0",
    "genNBW2ValueBye": "2",
    "nbMovesCanTime": "15",
    "numberOfCategories": "1",
    "size": "19",
    "stdByoYomiTime": "30",
}
_HANDICAP_DEFAULTS = {
    "hdBasedOnMMS": "false",
    "hdCeiling": "0",
    "hdCorrection": "0",
    "hdNoHdRankThreshold": "30K",
}
_PAIRING_DEFAULTS = {
    "paiBaAvoidDuplGame": "500000000000000",
    "paiBaBalanceWB": "1000000",
    "paiBaDeterministic": "true",
    "paiBaRandom": "0",
    "paiMaAdditionalPlacementCritSystem1": "Rating",
    "paiMaAdditionalPlacementCritSystem2": "NULL",
    "paiMaAvoidMixingCategories": "0",
    "paiMaCompensateDUDD": "true",
    "paiMaDUDDLowerMode": "MID",
    "paiMaDUDDUpperMode": "MID",
    "paiMaDUDDWeight": "100000000",
    "paiMaLastRoundForSeedSystem1": "1",
    "paiMaMaximizeSeeding": "5000000",
    "paiMaMinimizeScoreDifference": "100000000000",
    "paiMaSeedSystem1": "SPLITANDSLIP",
    "paiMaSeedSystem2": "SPLITANDSLIP",
    "paiSeAvoidSameGeo": "0",
    "paiSeBarThresholdActive": "true",
    "paiSeDefSecCrit": "100000000000",
    "paiSeMinimizeHandicap": "0",
    "paiSeNbWinsThresholdActive": "true",
    "paiSePreferMMSDiffRatherThanSameClub": "3",
    "paiSePreferMMSDiffRatherThanSameClubsGroup": "2",
    "paiSePreferMMSDiffRatherThanSameCountry": "1",
    "paiSeRankThreshold": "4D",
    "paiStandardNX1Factor": "0.5",
}
_DISPLAY_DEFAULTS = {
    "displayClCol": "true",
    "displayCoCol": "true",
    "displayIndGamesInMatches": "true",
    "displayNPPlayers": "false",
    "displayNumCol": "true",
    "displayPlCol": "true",
    "gameFormat": "full",
    "playerSortType": "name",
    "showByePlayer": "true",
    "showNotFinallyRegisteredPlayers": "true",
    "showNotPairedPlayers": "true",
    "showNotParticipatingPlayers": "false",
    "showPlayerClub": "true",
    "showPlayerCountry": "false",
    "showPlayerGrade": "true",
}
_TEAM_CRITERIA = ("TEAMP", "BDW", "BDW3U", "BDW2U", "BDW1U", "MNR")


def _criteria(names: Sequence[str]) -> KeptNode:
    padded = list(names[:6]) + ["NULL"] * (6 - len(names[:6]))
    return [
        "PlacementCriteria",
        {},
        [
            ["PlacementCriterion", {"name": n, "number": str(k)}, []]
            for k, n in enumerate(padded, 1)
        ],
    ]


def _default_trees(mcmahon: bool) -> dict[str, KeptNode]:
    """The parameter trees this program writes for an event no file was imported into."""
    pairing = dict(_PAIRING_DEFAULTS, paiSeAvoidSameGeo="100000000000" if mcmahon else "0")
    publish = {"exportToLocalFile": "true", "htmlAutoScroll": "false", "print": "false"}
    return {
        "TournamentParameterSet": [
            "TournamentParameterSet",
            {},
            [
                ["GeneralParameterSet", dict(_GENERAL_DEFAULTS), []],
                ["HandicapParameterSet", dict(_HANDICAP_DEFAULTS), []],
                ["PlacementParameterSet", {}, [_criteria(())]],
                ["PairingParameterSet", pairing, []],
                ["DPParameterSet", dict(_DISPLAY_DEFAULTS), []],
                ["PublishParameterSet", publish, []],
            ],
        ],
        "TeamTournamentParameterSet": [
            "TeamTournamentParameterSet",
            {},
            [
                ["TeamGeneralParameterSet", {"teamSize": "4"}, []],
                ["TeamPlacementParameterSet", {}, [_criteria(_TEAM_CRITERIA)]],
            ],
        ],
    }


def _general(p: GothaParameters) -> dict[str, str]:
    """What this program says in GeneralParameterSet (the rest is the file's, or defaults)."""
    begin = p.begin_date.isoformat() if p.begin_date else "2019-01-01"
    end = p.end_date.isoformat() if p.end_date else begin
    return {
        "beginDate": begin,
        "director": p.director,
        "endDate": end,
        "genMMBar": p.mm_bar,
        "genMMFloor": p.mm_floor,
        "genMMS2ValueAbsent": str(p.mms2_absent),
        "genMMZero": p.mm_zero,
        "genRoundDownNBWMMS": _b(p.round_down),
        "komi": p.komi,
        "location": p.location,
        "name": p.name,
        "numberOfRounds": str(p.number_of_rounds),
        "shortName": p.short_name,
    }


def _tree_with(tree: KeptNode, defaults: KeptNode, p: GothaParameters) -> KeptNode:
    """`tree` (the file's) with the sets OpenGotha needs and it lacks, and our values in:
    the general set's and the placement criteria."""
    tag, attrs, children = tree
    have = {child[0] for child in children}
    children = list(children) + [c for c in defaults[2] if c[0] not in have]
    out: list[KeptNode] = []
    for child in children:
        if child[0] == "GeneralParameterSet":
            child = [child[0], {**child[1], **_general(p)}, child[2]]
        elif child[0] == "PlacementParameterSet":
            child = [child[0], child[1], [_criteria(p.placement)]]
        out.append(child)
    return [tag, attrs, out]


def _emit(parent: ET.Element, node: KeptNode) -> None:
    tag, attrs, children = node
    el = ET.SubElement(parent, str(tag), {str(k): str(v) for k, v in sorted(attrs.items())})
    for child in children:
        _emit(el, child)


def _write_parameters(root: ET.Element, t: GothaTournament) -> None:
    p = t.parameters
    defaults = _default_trees(p.system == "mcmahon")
    params = t.kept.get("TournamentParameterSet") or defaults["TournamentParameterSet"]
    _emit(root, _tree_with(params, defaults["TournamentParameterSet"], p))
    _emit(root, t.kept.get("TeamTournamentParameterSet") or defaults["TeamTournamentParameterSet"])


# -- reading -------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Element:
    tag: str
    attrs: Mapping[str, str]
    line: int
    parent: str  # the parent's tag ("" for the root)
    depth: int = 0  # 0 for the root


@dataclass
class _Reader:
    elements: list[_Element] = field(default_factory=list)
    stack: list[str] = field(default_factory=list)


def _refuse_declarations(data: bytes) -> None:
    for word in (b"<!DOCTYPE", b"<!ENTITY"):
        at = data.find(word)
        if at >= 0:
            line = data.count(b"\n", 0, at) + 1
            what = "文档类型声明（DOCTYPE）" if word == b"<!DOCTYPE" else "实体声明（ENTITY）"
            raise GothaError(
                f"第{line}行：文件含有{what}。OpenGotha 文件不需要它，为安全起见不予读取；"
                "请用 OpenGotha 重新导出，或删去这一段后再导入。"
            )


def _elements(data: bytes) -> list[_Element]:
    if len(data) > MAX_BYTES:
        raise GothaError(f"文件超过 {MAX_BYTES // 1_000_000} MB，不像 OpenGotha 文件。")
    _refuse_declarations(data)
    reader = _Reader()
    parser = expat.ParserCreate()

    def start(tag: str, attrs: dict[str, str]) -> None:
        parent = reader.stack[-1] if reader.stack else ""
        reader.elements.append(
            _Element(tag, attrs, parser.CurrentLineNumber, parent, len(reader.stack))
        )
        reader.stack.append(tag)

    def end(tag: str) -> None:
        reader.stack.pop()

    def refuse(*_args: object) -> None:
        raise GothaError(
            f"第{parser.CurrentLineNumber}行：文件含有文档类型或实体声明，为安全起见不予读取；"
            "请用 OpenGotha 重新导出。"
        )

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    parser.ExternalEntityRefHandler = refuse  # type: ignore[assignment]
    try:
        parser.Parse(data, True)
    except expat.ExpatError as exc:
        if exc.lineno == 1 and not reader.elements:
            raise GothaError(
                "这不是 XML 文件（OpenGotha 文件以 <?xml 开头，根元素为 <Tournament>）。"
                "请在 OpenGotha 中用“文件 → 导出 → 完整 XML”另存后再导入。"
            ) from None
        raise GothaError(
            f"第{exc.lineno}行第{exc.offset + 1}列：XML 格式错误（{expat.ErrorString(exc.code)}）。"
            "文件可能不完整或被手工改坏，请用 OpenGotha 重新导出。"
        ) from None
    return reader.elements


def _int(
    el: _Element,
    attr: str,
    default: int | None = None,
    low: int | None = None,
    high: int | None = None,
) -> int:
    text = el.attrs.get(attr)
    if text is None or not text.strip():
        if default is None:
            raise GothaError(f"第{el.line}行 <{el.tag}>：缺少属性 {attr}，请补上。")
        return default
    try:
        value = int(text.strip())
    except ValueError:
        raise GothaError(
            f"第{el.line}行 <{el.tag}>：属性 {attr}=“{text}”应为整数，请改正。"
        ) from None
    if low is not None and value < low:
        raise GothaError(f"第{el.line}行 <{el.tag}>：属性 {attr}=“{text}”应不小于 {low}，请改正。")
    if high is not None and value > high:
        raise GothaError(
            f"第{el.line}行 <{el.tag}>：属性 {attr}=“{text}”应不大于 {high}"
            f"（OpenGotha 最多 {GOTHA_ROUNDS} 轮、{MAX_TABLES} 台），请改正。"
        )
    return value


def _player(el: _Element) -> GothaPlayer:
    name = el.attrs.get("name", "").strip()
    first = el.attrs.get("firstName", "").strip()
    if not name or not first:
        raise GothaError(f"第{el.line}行 <Player>：姓（name）和名（firstName）都不能为空，请补上。")
    rank_attr = el.attrs.get("rank", "30K")
    try:
        value = parse_rank(rank_attr)
    except ValueError:
        raise GothaError(
            f"第{el.line}行 <Player name=“{name}” firstName=“{first}”>：段级位 rank=“{rank_attr}”"
            "无法识别。请改为 5D（5段）、10K（10级）这样的写法，从 30K 到 9D。"
        ) from None
    rating = _int(el, "rating", rating_of_rank(value))
    flags = el.attrs.get("participating", "1" * GOTHA_ROUNDS)
    participating = tuple(
        (flags[r] != "0") if r < len(flags) else True for r in range(GOTHA_ROUNDS)
    )
    status = el.attrs.get("registeringStatus", "FIN").strip().upper() or "FIN"
    if status not in ("FIN", "PRE"):
        raise GothaError(
            f"第{el.line}行 <Player name=“{name}”>：registeringStatus=“{status}”应为 FIN（正式报名）"
            "或 PRE（预报名），请改正。"
        )
    return GothaPlayer(
        name=name,
        first_name=first,
        rank=rank_text(value),
        rating=rating,
        rating_origin=el.attrs.get("ratingOrigin", ""),
        country=el.attrs.get("country", ""),
        club=el.attrs.get("club", ""),
        participating=participating,
        registered=status == "FIN",
        line=el.line,
        smms_correction=_int(el, "smmsCorrection", 0, low=-9, high=9),
        extra=_player_extra(el.attrs),
    )


def _player_extra(attrs: Mapping[str, str]) -> dict[str, str]:
    """PLAYER_EXTRA of a <Player>: the ones it fills in, and an empty rating origin (a
    rating of unknown origin, which this program's own INI / MAN would change)."""
    extra = {k: attrs[k] for k in PLAYER_EXTRA if attrs.get(k)}
    if extra.get("ratingOrigin") in ("INI", "MAN"):
        del extra["ratingOrigin"]
    if attrs.get("ratingOrigin") == "":
        extra["ratingOrigin"] = ""
    return extra


def _result(el: _Element) -> GothaResult:
    text = el.attrs.get("result", "RESULT_UNKNOWN").strip()
    try:
        return GothaResult(text)
    except ValueError:
        allowed = "、".join(r.value for r in GothaResult)
        raise GothaError(
            f"第{el.line}行 <Game>：结果 result=“{text}”无法识别。请改为 {allowed} 之一。"
        ) from None


def _key(el: _Element, attr: str, keys: Mapping[str, GothaPlayer]) -> str:
    key = el.attrs.get(attr, "")
    if key not in keys:
        # OpenGotha's own fallback: the key as ASCII upper case.
        folded = key.replace(" ", "").upper()
        if folded in keys:
            return folded
        raise GothaError(
            f"第{el.line}行 <{el.tag}>：{attr}=“{key}”不是 <Players> 中任何一名选手"
            "（选手的键为姓名去掉空格后大写，如 ZHANGSAN 或 张三）。请改正选手名，"
            "或在 <Players> 中补上这名选手。"
        )
    return key


def parse_opengotha(data: bytes) -> GothaTournament:
    """Read an OpenGotha XML file; GothaError (Chinese, naming the line) on bad input."""
    elements = _elements(data)
    if not elements or elements[0].tag != "Tournament":
        root = elements[0].tag if elements else "（无）"
        raise GothaError(
            f"根元素是 <{root}>，不是 OpenGotha 的 <Tournament>：这不是 OpenGotha 比赛文件。"
            "请在 OpenGotha 中导出完整的 XML 比赛文件再导入。"
        )
    players: dict[str, GothaPlayer] = {}
    for el in elements:
        if el.tag == "Player" and el.parent == "Players":
            p = _player(el)
            if p.key in players:
                raise GothaError(
                    f"第{el.line}行 <Player>：选手“{p.name} {p.first_name}”与第"
                    f"{players[p.key].line}行的选手重复（键 {p.key} 相同）。"
                    "OpenGotha 按姓名区分选手，请删去重复的一行或改正姓名。"
                )
            players[p.key] = p
    if not players:
        raise GothaError(
            "文件中没有选手（<Players> 下没有 <Player>），无法导入。请确认导出的是完整的比赛文件。"
        )
    games: list[GothaGame] = []
    seen: dict[tuple[int, str], int] = {}
    tables: dict[tuple[int, int], int] = {}
    for el in elements:
        if el.tag != "Game" or el.parent != "Games":
            continue
        rnd = _int(el, "roundNumber", 1, low=1, high=GOTHA_ROUNDS)
        table = _int(el, "tableNumber", 1, low=1, high=MAX_TABLES)
        white, black = _key(el, "whitePlayer", players), _key(el, "blackPlayer", players)
        if white == black:
            raise GothaError(f"第{el.line}行 <Game>：白方和黑方是同一名选手，请改正。")
        for key in (white, black):
            if (rnd, key) in seen:
                raise GothaError(
                    f"第{el.line}行 <Game>：选手 {key} 在第{rnd}轮已有一盘棋（第"
                    f"{seen[(rnd, key)]}行），同一轮只能下一盘。请删去多余的一盘。"
                )
            seen[(rnd, key)] = el.line
        if (rnd, table) in tables:
            raise GothaError(
                f"第{el.line}行 <Game>：第{rnd}轮第{table}台与第{tables[(rnd, table)]}行重复，"
                "请改正台号。"
            )
        tables[(rnd, table)] = el.line
        known = el.attrs.get("knownColor", el.attrs.get("strKnownColor", "true")) != "false"
        games.append(
            GothaGame(
                round=rnd,
                table=table,
                white=white,
                black=black,
                result=_result(el),
                known_colour=known,
                handicap=_int(el, "handicap", 0, low=0),
                line=el.line,
            )
        )
    byes: list[GothaBye] = []
    for el in elements:
        # In <ByePlayers>; Pairgoth writes them in a <ByePlayer> wrapper of its own.
        if el.tag != "ByePlayer" or el.parent not in ("ByePlayers", "ByePlayer"):
            continue
        rnd = _int(el, "roundNumber", 1, low=1, high=GOTHA_ROUNDS)
        key = _key(el, "player", players)
        if (rnd, key) in seen:
            raise GothaError(
                f"第{el.line}行 <ByePlayer>：选手 {key} 在第{rnd}轮已有对局（第"
                f"{seen[(rnd, key)]}行），不能同时轮空。请删去其一。"
            )
        seen[(rnd, key)] = el.line
        byes.append(GothaBye(rnd, key, el.line))
    return GothaTournament(
        players=tuple(players.values()),
        games=tuple(sorted(games, key=lambda g: (g.round, g.table))),
        byes=tuple(sorted(byes, key=lambda b: b.round)),
        parameters=_parameters(elements),
        save_time=elements[0].attrs.get("saveDT", ""),
        kept=_kept_trees(elements),
        lost=_lost(elements),
    )


_PLAYER_ATTRS = frozenset(
    "name firstName country club rank rating participating registeringStatus smmsCorrection "
    "grade".split()
) | frozenset(PLAYER_EXTRA)
_GAME_ATTRS = frozenset(
    "roundNumber tableNumber whitePlayer blackPlayer knownColor strKnownColor handicap "
    "result".split()
)
_READ_TAGS = {"Players": "Tournament", "Player": "Players", "Games": "Tournament"}
_READ_TAGS |= {"Game": "Games", "ByePlayers": "Tournament", "ByePlayer": "ByePlayers"}


def _lost(elements: Sequence[_Element]) -> tuple[str, ...]:
    """What an import drops, field by field: a player's declared grade other than his rank,
    attributes and elements this program has no place for (KEPT_TREES are kept whole)."""
    lines: list[str] = []
    unknown: dict[tuple[str, str], list[int]] = {}
    elements_lost: dict[str, list[int]] = {}
    inside = -1  # depth of the kept tree being read
    for el in elements:
        if inside >= 0 and el.depth <= inside:
            inside = -1
        if inside >= 0 or el.depth == 0:
            continue
        if el.tag in KEPT_TREES and el.depth == 1:
            inside = el.depth
            continue
        if el.tag == "ByePlayer" and el.parent in ("Tournament", "ByePlayer"):
            continue  # Pairgoth's wrapper and the byes in it
        if _READ_TAGS.get(el.tag) != el.parent:
            if el.depth == 1 or el.parent not in elements_lost:
                elements_lost.setdefault(el.tag, []).append(el.line)
            continue
        known = _PLAYER_ATTRS if el.tag == "Player" else _GAME_ATTRS if el.tag == "Game" else ()
        for attr in el.attrs:
            if known and attr not in known:
                unknown.setdefault((el.tag, attr), []).append(el.line)
        if el.tag == "Player":
            grade, rank = el.attrs.get("grade", "").strip(), el.attrs.get("rank", "").strip()
            if grade and grade.upper() != rank.upper():
                who = f"{el.attrs.get('name', '')} {el.attrs.get('firstName', '')}".strip()
                lines.append(
                    f"第{el.line}行 <Player>：{who} 的申报段级位 grade=“{grade}”与 rank=“{rank}”"
                    "不同，未保存（本程序只存 rank，导出时 grade 写 rank）"
                )
    for (tag, attr), at in unknown.items():
        lines.append(f"<{tag}> 的属性 {attr}（{len(at)} 处，第{at[0]}行起）未保存")
    for tag, at in elements_lost.items():
        lines.append(f"元素 <{tag}>（第{at[0]}行起）本程序不读，未保存")
    return tuple(lines)


def _kept_trees(elements: Sequence[_Element]) -> dict[str, KeptNode]:
    """KEPT_TREES of the file, each element as [tag, attributes, children]."""
    trees: dict[str, KeptNode] = {}
    path: list[KeptNode] = []
    top = -1  # the depth of the tree being read; -1: none
    for el in elements:
        if top >= 0 and el.depth <= top:
            top, path = -1, []
        if top < 0:
            if el.tag in KEPT_TREES and el.depth == 1 and el.tag not in trees:
                node: KeptNode = [el.tag, dict(el.attrs), []]
                trees[el.tag], top, path = node, el.depth, [node]
            continue
        node = [el.tag, dict(el.attrs), []]
        del path[el.depth - top :]
        path[-1][2].append(node)
        path.append(node)
    return trees


def _date(el: _Element | None, attr: str) -> date | None:
    if el is None:
        return None
    try:
        return date.fromisoformat(el.attrs.get(attr, "").strip())
    except ValueError:
        return None


def _parameters(elements: Sequence[_Element]) -> GothaParameters:
    gps = next((e for e in elements if e.tag == "GeneralParameterSet"), None)
    attrs: Mapping[str, str] = gps.attrs if gps is not None else {}
    placement = tuple(
        e.attrs.get("name", "NULL")
        for e in elements
        if e.tag == "PlacementCriterion"
        and e.parent == "PlacementCriteria"
        and e.attrs.get("name", "NULL") in PLACEMENT_NAMES
        and _in_individual_placement(elements, e)
    )
    criteria = tuple(c for c in placement if c != "NULL")
    mm = ("MMS", "STS", "SOSM", "SODOSM", "SOSOSM", "CUSSM", "SOSTS")
    system = "mcmahon" if any(c.startswith(mm) for c in criteria) else "swiss"
    rounds = 5
    if gps is not None:
        rounds = _int(gps, "numberOfRounds", 5, low=1, high=GOTHA_ROUNDS)

    def rank_attr(name: str, default: str) -> str:
        text = attrs.get(name, default)
        try:
            return rank_text(parse_rank(text))
        except ValueError:
            assert gps is not None
            raise GothaError(
                f"第{gps.line}行 <GeneralParameterSet>：{name}=“{text}”无法识别；"
                "请改为 4D、20K 这样的写法。"
            ) from None

    return GothaParameters(
        short_name=attrs.get("shortName", ""),
        name=attrs.get("name", ""),
        location=attrs.get("location", ""),
        director=attrs.get("director", ""),
        begin_date=_date(gps, "beginDate"),
        end_date=_date(gps, "endDate"),
        komi=attrs.get("komi", "7.5"),
        number_of_rounds=rounds,
        system=system,
        mm_bar=rank_attr("genMMBar", "4D"),
        mm_floor=rank_attr("genMMFloor", "20K"),
        placement=criteria or SWISS_PLACEMENT,
        mm_zero=rank_attr("genMMZero", "30K"),
        mms2_absent=_int(gps, "genMMS2ValueAbsent", 1, low=0, high=2) if gps else 1,
        round_down=attrs.get("genRoundDownNBWMMS", "true").strip().lower() != "false",
    )


def _in_individual_placement(elements: Sequence[_Element], target: _Element) -> bool:
    """A PlacementCriterion of the PlacementParameterSet (not the team one's)."""
    owner = ""
    for e in elements:
        if e.tag in ("PlacementParameterSet", "TeamPlacementParameterSet"):
            owner = e.tag
        if e is target:
            return owner == "PlacementParameterSet"
    return False


def describe_unsupported(t: GothaTournament) -> list[str]:
    """The games this program cannot hold (both win, a drawn forfeit): one line each."""
    return [
        f"第{g.line}行 <Game>：第{g.round}轮第{g.table}台的结果 {g.result.value}"
        f"（{UNSUPPORTED_RESULTS[g.result]}）本程序无法记录"
        for g in t.games
        if g.result in UNSUPPORTED_RESULTS
    ]


def strip_seed_suffix(given: str) -> str:
    """ "伟(12)" → "伟": the seed number an export added to tell two namesakes apart."""
    match = _SUFFIX.match(given)
    return match.group(1) if match and match.group(1) else given


def iter_rounds(t: GothaTournament) -> Iterable[int]:
    return range(1, t.last_round + 1)


__all__ = [
    "GOTHA_ROUNDS",
    "GothaBye",
    "GothaError",
    "GothaGame",
    "GothaParameters",
    "GothaPlayer",
    "GothaResult",
    "GothaTournament",
    "describe_unsupported",
    "event_tournament",
    "grade_of_rank",
    "join_name",
    "parse_opengotha",
    "parse_rank",
    "player_key",
    "rank_of_grade",
    "rank_text",
    "rank_value",
    "result_of",
    "split_name",
    "strip_seed_suffix",
    "write_opengotha",
]
