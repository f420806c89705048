"""Small OpenGotha XML tournaments written by hand for the parity tests of issue 44.

Each is the XML OpenGotha 3.51 saves (the attributes its reader takes), built from a list of
players and games; what is not given takes OpenGotha's defaults.  The rules the tests expect
of them are OpenGotha's own (named in each test), not read from any shared file.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from xml.sax.saxutils import quoteattr

from app.pairing.opengotha_model import Tournament, read_tournament


@dataclass(frozen=True)
class P:
    name: str
    first: str
    rank: str = "1K"
    rating: int = 1000
    club: str = "Club"
    country: str = "CN"
    participating: str = "1" * 20
    status: str = "FIN"

    @property
    def key(self) -> str:
        return (self.name + self.first).upper().replace(" ", "")


@dataclass(frozen=True)
class G:
    round: int  # from 1, as in the file
    white: P
    black: P
    result: str = "RESULT_WHITEWINS"
    handicap: int = 0


def _attrs(values: Mapping[str, object]) -> str:
    return " ".join(f"{k}={quoteattr(str(v))}" for k, v in values.items())


def gotha_xml(
    players: Sequence[P],
    games: Iterable[G] = (),
    *,
    placement: Sequence[str] = ("MMS", "SOSM", "SOSOSM"),
    pairing: Mapping[str, object] | None = None,
    general: Mapping[str, object] | None = None,
) -> bytes:
    """The tournament as OpenGotha's XML file."""
    rows = []
    for p in players:
        rows.append(
            "<Player "
            + _attrs(
                {
                    "name": p.name,
                    "firstName": p.first,
                    "rank": p.rank,
                    "grade": p.rank,
                    "rating": p.rating,
                    "club": p.club,
                    "country": p.country,
                    "participating": p.participating,
                    "registeringStatus": p.status,
                    "smmsCorrection": 0,
                }
            )
            + "/>"
        )
    game_rows = []
    for table, g in enumerate(games, start=1):
        game_rows.append(
            "<Game "
            + _attrs(
                {
                    "blackPlayer": g.black.key,
                    "whitePlayer": g.white.key,
                    "handicap": g.handicap,
                    "knownColor": "true",
                    "result": g.result,
                    "roundNumber": g.round,
                    "tableNumber": table,
                }
            )
            + "/>"
        )
    gen = {
        "genMMBar": "9D",
        "genMMFloor": "30K",
        "genMMZero": "30K",
        "numberOfRounds": 5,
        "numberOfCategories": 1,
        "genMMS2ValueAbsent": 1,
        "genMMS2ValueBye": 2,
        "genNBW2ValueAbsent": 0,
        "genNBW2ValueBye": 2,
    }
    gen.update(general or {})
    pai: dict[str, object] = {"paiBaDeterministic": "true", "paiBaRandom": 0}
    pai.update(pairing or {})
    criteria = list(placement) + ["NULL"] * (6 - len(placement))
    crit_rows = "".join(
        f'<PlacementCriterion name="{c}" number="{i}"/>' for i, c in enumerate(criteria, start=1)
    )
    text = (
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
        '<Tournament fullVersionNumber="3.51.02">'
        f"<Players>{''.join(rows)}</Players>"
        f"<Games>{''.join(game_rows)}</Games>"
        "<TournamentParameterSet>"
        f"<GeneralParameterSet {_attrs(gen)}/>"
        '<HandicapParameterSet hdBasedOnMMS="true" hdCeiling="0" hdCorrection="1" '
        'hdNoHdRankThreshold="1D"/>'
        f"<PlacementParameterSet><PlacementCriteria>{crit_rows}</PlacementCriteria>"
        "</PlacementParameterSet>"
        f"<PairingParameterSet {_attrs(pai)}/>"
        "</TournamentParameterSet>"
        "</Tournament>"
    )
    return text.encode("utf-8")


def gotha(players: Sequence[P], games: Iterable[G] = (), **kwargs: object) -> Tournament:
    return read_tournament(gotha_xml(players, games, **kwargs))  # type: ignore[arg-type]
