"""One event as an OpenGotha tournament (`event_tournament`), with what an import kept
and no setting holds (`kept_facts`).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from app.domain import EventKind, Result
from app.io.opengotha.model import (
    CLUB_MAX,
    DEFAULT_COUNTRY,
    GOTHA_ROUNDS,
    KEPT_TREES,
    MAX_RATING,
    MCMAHON_PLACEMENT,
    MIN_RATING,
    NO_GRADE_RANK,
    PLAYER_EXTRA,
    GothaBye,
    GothaError,
    GothaGame,
    GothaParameters,
    GothaPlayer,
    GothaTournament,
    KeptNode,
)
from app.io.opengotha.names import player_key, split_name
from app.io.opengotha.ranks import (
    gotha_result,
    parse_rank,
    rank_of_grade,
    rank_text,
    rank_value,
    rating_of_rank,
)
from app.pairing.mcmahon import McMahonSettings
from app.readmodel.model import FinalEntrant, FinalEvent, TournamentFacts
from app.settings.komi import parse_komi

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
            or r in entrant.withdrawn_rounds
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
    return event.settings.pairing.system, event.settings.mcmahon


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
    if event.kind != EventKind.INDIVIDUAL:
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
