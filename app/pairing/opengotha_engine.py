"""A McMahon round of the program paired by OpenGotha's engine (issue 29 §3, mcmahon.engine).

The event's state is written as OpenGotha sees a tournament (`opengotha_model.Tournament`):
each entrant a player (his rank, start correction, club = unit, country), each game of the
earlier rounds with its colours (first mover = Black), result and handicap, each bye; a
round with neither game nor bye for an entrant counts as a round on leave.  An event imported
from an OpenGotha file pairs with the file's own pairing, handicap and placement parameter
sets (kept by the import, `event_parameters`); an event of the program's own with OpenGotha's
default pairing parameters and even games.  The bar, the floor, the bye and leave values
are the event's.
`opengotha_pairing.pair_round` pairs it, and the result comes back as the program's tables
(first = Black), each with the handicap OpenGotha gives it (White gives the stones).

An imported event's games get OpenGotha's handicap: the difference of the two players' MMS
(or ranks, `hdBasedOnMMS`), each counted at most at the no-handicap rank
(`hdNoHdRankThreshold`), less the correction (`hdCorrection`), at most the ceiling
(`hdCeiling`); the weaker player takes Black.  An event of the program's own plays even
games (the ceiling is 0) and colours follow OpenGotha's balance of even games.
"""

from __future__ import annotations

from app.domain import EntrantId, GameRecord
from app.errors import FinalsError
from app.io.opengotha import GothaError, gotha_result, player_key, split_name
from app.pairing.checker import check_with_states
from app.pairing.colours import seat_ok
from app.pairing.model import McMahonPairing, PairedGame, Pairing, PairingRequest
from app.pairing.opengotha_model import (
    MIN_RANK,
    FileParameters,
    Game,
    GeneralParams,
    HandicapParams,
    PairingParams,
    Player,
    Tournament,
    file_parameters,
)
from app.pairing.opengotha_pairing import ColourLimitRule
from app.pairing.opengotha_pairing import pair_round as pair_gotha_round
from app.pairing.opengotha_scores import SUPPORTED_CRITERIA
from app.pairing.report import explain_with_states, relaxations_from
from app.pairing.state import FIRST, SECOND, PlayerState, build_states

PLACEMENT = ("MMS", "SOSM", "SOSOSM")  # OpenGotha's default McMahon placement criteria
EVEN_GAMES = HandicapParams(ceiling=0)
# An event of the program's own: OpenGotha's default pairing parameters, even games.
OWN_EVENT = FileParameters(
    handicap=EVEN_GAMES,
    pairing=PairingParams(),
    placement=PLACEMENT,
    category_limits=(),
    mm_zero=MIN_RANK,  # OpenGotha's groups count from 30级; only differences matter
)


def gives_handicaps(mm: McMahonPairing | None) -> bool:
    """Whether the event's games may carry a handicap (an imported file's handicap set
    allows one); False where its parameters cannot be read (pairing names the fault)."""
    if mm is None or mm.file_parameters is None:
        return False
    try:
        return event_parameters(mm).handicap.ceiling > 0
    except FinalsError:
        return False


def event_parameters(mm: McMahonPairing) -> FileParameters:
    """The pairing, handicap and placement parameters the event pairs with: an imported
    OpenGotha file's own (kept by the import), OWN_EVENT otherwise.  A value this program
    cannot read stops the pairing with a message naming it."""
    if mm.file_parameters is None:
        return OWN_EVENT
    try:
        params = file_parameters(mm.file_parameters)
    except GothaError as e:
        raise _refused(str(e)) from None
    named = [
        *(("PlacementCriterion", c) for c in params.placement),
        ("paiMaAdditionalPlacementCritSystem1", params.pairing.additional_criterion_1),
        ("paiMaAdditionalPlacementCritSystem2", params.pairing.additional_criterion_2),
    ]
    for attribute, criterion in named:
        if criterion not in SUPPORTED_CRITERIA:
            raise _refused(
                f"{attribute}=“{criterion}”是本程序不支持的名次依据"
                f"（支持：{'、'.join(sorted(SUPPORTED_CRITERIA))}）。"
            )
    if not params.pairing.deterministic and params.pairing.random:
        raise _refused(
            f"paiBaDeterministic=“false”（真随机，paiBaRandom="
            f"{params.pairing.random}）本程序无法重现。"
        )
    return params


_FROM_FILE = "本项目从 OpenGotha 文件导入的编排参数（TournamentParameterSet）中，"
_FIX = (
    "请在 OpenGotha 中改正该参数后重新导入本项目，"
    "或改用本程序的积分编排引擎：finals settings FILE --event 项目代码 --set mcmahon.engine=swiss"
)
_FIX_WINDOW = (
    "请在 OpenGotha 中改正该参数后重新导入本项目，"
    "或在“设置…”中把本项目的“麦克马洪制编排方式”改为本程序原有的积分编排引擎。"
)


def _refused(problem: str) -> FinalsError:
    """A file parameter the engine cannot pair with: named, with both ways out."""
    return FinalsError(f"{_FROM_FILE}{problem}{_FIX}", window=f"{_FROM_FILE}{problem}{_FIX_WINDOW}")


def _keys(request: PairingRequest) -> dict[EntrantId, str]:
    """Each entrant's OpenGotha key (surname + given name, upper case), unique."""
    keys: dict[EntrantId, str] = {}
    used: set[str] = set()
    for e in sorted(request.entrants, key=lambda e: e.id):
        key = player_key(*split_name(e.name or str(e.id)))
        if key in used:
            key = f"{key}{e.id}"
        used.add(key)
        keys[e.id] = key
    return keys


def gotha_tournament(request: PairingRequest, mm: McMahonPairing) -> Tournament:
    """The event's state before `request.round_number`, as OpenGotha holds a tournament."""
    params = event_parameters(mm)
    keys = _keys(request)
    before = request.round_number - 1
    history: list[GameRecord] = [g for g in request.history if g.round <= before]
    seen: dict[int, set[int]] = {e.id: set() for e in request.entrants}
    games: list[Game] = []
    byes: dict[int, str] = {}
    for g in history:
        seen.setdefault(g.first, set()).add(g.round)
        if g.second is None:
            byes[g.round - 1] = keys[g.first]
            continue
        seen.setdefault(g.second, set()).add(g.round)
        games.append(
            Game(g.round - 1, keys[g.second], keys[g.first], gotha_result(g.result), g.handicap)
        )
    players = []
    for e in sorted(request.entrants, key=lambda e: e.id):
        surname, given = split_name(e.name or str(e.id))
        taking_part = [r + 1 in seen[e.id] for r in range(before)]
        taking_part.append(e.id in request.active)
        players.append(
            Player(
                key=keys[e.id],
                name=surname,
                first_name=given,
                rank=mm.ranks.get(e.id, mm.floor),
                rating=e.rating,
                club=e.unit or "",
                country=mm.countries.get(e.id, ""),
                smms_correction=mm.corrections.get(e.id, 0),
                participating=tuple(taking_part),
                registered=True,
            )
        )
    win = request.scoring.win or 1.0
    general = GeneralParams(
        number_of_rounds=max(request.rounds_planned, request.round_number),
        mm_floor=mm.floor,
        mm_bar=mm.bar,
        mm_zero=params.mm_zero,
        nbw2_absent=0,
        nbw2_bye=2,
        mms2_absent=round(2 * mm.absent_score),
        mms2_bye=round(2 * request.scoring.bye / win),
        round_down=mm.absent_round_down,
        category_limits=params.category_limits,
    )
    return Tournament(
        players=tuple(players),
        games=tuple(games),
        byes=byes,
        general=general,
        handicap=params.handicap,
        pairing=params.pairing,
        placement=params.placement,
    )


def colour_limit_rule(
    request: PairingRequest, ids: dict[str, EntrantId], states: dict[EntrantId, PlayerState]
) -> ColourLimitRule | None:
    """The event's colour limits as the engine keeps them when they are absolute rules
    (`pairing.colour_limits=absolute`; judged as the checker judges them), else None: the
    colours are OpenGotha's balance, a cost."""
    settings = request.settings
    if settings.colour_limits != "absolute":
        return None

    def breaks(black: str, white: str) -> int:
        return sum(
            not seat_ok(states[ids[key]], seat, settings)
            for key, seat in ((black, FIRST), (white, SECOND))
        )

    def seat_breaks(key: str, first: bool) -> int:
        return int(not seat_ok(states[ids[key]], FIRST if first else SECOND, settings))

    last_round = request.round_number >= request.rounds_planned > 0
    return ColourLimitRule(
        breaks,
        in_matching=not (last_round and settings.last_round_scores_over_colour),
        seat_breaks=seat_breaks,
    )


def pair_opengotha(request: PairingRequest, mm: McMahonPairing) -> Pairing:
    """Pair `request.round_number` as OpenGotha's engine pairs it (keeping the colour limits
    where the event makes them absolute); the program's checks and report on the result, as
    for every engine."""
    t = gotha_tournament(request, mm)
    ids = {key: i for i, key in _keys(request).items()}
    states = build_states(request)
    paired = pair_gotha_round(t, request.round_number, colour_limit_rule(request, ids, states))
    games = [
        PairedGame(table, ids[g.black], ids[g.white], g.handicap)
        for table, g in enumerate(paired.games, start=1)
    ]
    if paired.bye is not None:
        games.append(PairedGame(len(games) + 1, ids[paired.bye], None))
    findings = check_with_states(request, tuple(games), states)
    return Pairing(
        round_number=request.round_number,
        games=tuple(games),
        notes=explain_with_states(request, tuple(games), states),
        relaxations=tuple(relaxations_from(request, findings, tuple(games), states)),
    )
