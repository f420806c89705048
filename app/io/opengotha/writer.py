"""Writing an OpenGotha file (`write_opengotha`): the same tournament gives the same bytes;
the parameter trees an import kept are written back, the rest OpenGotha's defaults.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence

from app.io.opengotha.model import (
    DATA_VERSION,
    PLAYER_EXTRA,
    GothaParameters,
    GothaTournament,
    KeptNode,
)

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
