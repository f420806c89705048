"""The tie-break vocabulary: one stable ASCII id per criterion, with its Chinese and English
labels (issue 28 §1).

Settings and files store the ids (`standings.tiebreaks = ["sos", "progressive"]`); the
documents, the command line and the export print the Chinese label, the window in English
prints the English one.  `Tiebreak.named` reads either an id or a Chinese label, so a file
written before the ids (or a person typing 对手分) still works.  Each criterion's computation
is a small function: the individual ones in `app.standings.criteria`, the team ones in
`app.standings.teams`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import StrEnum
from typing import Any


class Tiebreak(StrEnum):
    POINTS = "points"
    SOS = "sos"
    MEDIAN = "median"
    SOS_CUT1 = "sos_cut1"
    PROGRESSIVE = "progressive"
    SOS_PROGRESSIVE = "sos_progressive"
    WINS = "wins"
    SECOND_WINS = "second_wins"
    SECOND_GAMES = "second_games"
    DIRECT = "direct"
    FOULS = "fouls"
    RATING = "rating"
    BOARD_POINTS = "board_points"
    LOT = "lot"
    # McMahon (issue 18): OpenGotha's MMS, SOS, SOSOS, SODOS on 麦克马洪分
    MMS = "mms"
    MMS_SOS = "mms_sos"
    SOSOS = "sosos"
    SODOS = "sodos"
    # Team events summed from the members' individual results (RULES §7)
    MEMBER_SOS = "member_sos"
    MEMBER_PROGRESSIVE = "member_progressive"
    BEST_RANK = "best_rank"

    @property
    def zh(self) -> str:
        """The Chinese label: the documents' column title and the export's key."""
        return _LABELS[self][0]

    @property
    def en(self) -> str:
        """The English label (the window in English)."""
        return _LABELS[self][1]

    @property
    def ascending(self) -> bool:
        """Whether the smaller value ranks higher."""
        return self in (Tiebreak.FOULS, Tiebreak.BEST_RANK)

    @classmethod
    def named(cls, name: object) -> Tiebreak | None:
        """The criterion an id ("sos") or a Chinese label ("对手分") names; None for none."""
        if isinstance(name, Tiebreak):
            return name
        if not isinstance(name, str):
            return None
        try:
            return cls(name)
        except ValueError:
            return _BY_LABEL.get(name)


_LABELS: dict[Tiebreak, tuple[str, str]] = {
    Tiebreak.POINTS: ("积分", "Points"),
    Tiebreak.SOS: ("对手分", "SOS"),
    Tiebreak.MEDIAN: ("中间分", "Median SOS"),
    Tiebreak.SOS_CUT1: ("去一最低对手分", "SOS cut 1"),
    Tiebreak.PROGRESSIVE: ("累进分", "Cumulative"),
    Tiebreak.SOS_PROGRESSIVE: ("对手累进分", "Opp. cumulative"),
    Tiebreak.WINS: ("胜局数", "Wins"),
    Tiebreak.SECOND_WINS: ("后手胜局数", "Wins as second"),
    Tiebreak.SECOND_GAMES: ("后手局数", "Games as second"),
    Tiebreak.DIRECT: ("直胜", "Direct encounter"),
    Tiebreak.FOULS: ("犯规", "Fouls"),
    Tiebreak.RATING: ("等级分", "Rating"),
    Tiebreak.BOARD_POINTS: ("局分", "Board points"),
    Tiebreak.LOT: ("抽签", "Lot"),
    Tiebreak.MMS: ("麦克马洪分", "MMS"),
    Tiebreak.MMS_SOS: ("SOS", "SOS (MMS)"),
    Tiebreak.SOSOS: ("SOSOS", "SOSOS (MMS)"),
    Tiebreak.SODOS: ("SODOS", "SODOS (MMS)"),
    Tiebreak.MEMBER_SOS: ("队员对手分", "Members' SOS"),
    Tiebreak.MEMBER_PROGRESSIVE: ("队员累进分", "Members' cumulative"),
    Tiebreak.BEST_RANK: ("最好名次", "Best member rank"),
}
_BY_LABEL: dict[str, Tiebreak] = {zh: t for t, (zh, _en) in _LABELS.items()}


def tiebreak_ids(names: Iterable[object]) -> list[object]:
    """`names` with every id or Chinese label written as its id; a name that is neither is
    kept as it is (so the settings' check names it as it was written)."""
    out: list[object] = []
    for name in names:
        found = Tiebreak.named(name)
        out.append(name if found is None else found.value)
    return out


def standings_with_ids(standings: Mapping[str, Any]) -> dict[str, Any]:
    """An event's stored standings settings with the tie-break order written in ids (what
    the store keeps; an order that is no list is left for the settings' check)."""
    order = standings.get("tiebreaks")
    if not isinstance(order, list | tuple):
        return dict(standings)
    return {**standings, "tiebreaks": tiebreak_ids(order)}


def label(name: str) -> str:
    """The Chinese label of an id or label (a name that is neither, as it is)."""
    found = Tiebreak.named(name)
    return found.zh if found is not None else name


def labels(names: Iterable[str]) -> tuple[str, ...]:
    return tuple(label(n) for n in names)
