"""Each individual tie-break's computation: one small function per `Tiebreak`, reading the
`Tally` of the games (the conventions are in `app.standings.ranking`'s docstring).

`VALUES` holds the criteria that give every entrant a value; 直胜 and 抽签 are decided per
tied group (`direct`, `draw_lots`).  The team criteria are in `app.standings.teams`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property

from app.domain import EntrantId
from app.standings.model import StandingsEntrant, StandingsRequest
from app.standings.tiebreaks import Tiebreak

Values = dict[EntrantId, float]


@dataclass
class Tally:
    """What the games up to `request.after_round` give each entrant, read once by
    `app.standings.ranking`; the criteria below derive their values from it."""

    request: StandingsRequest
    entrants: Mapping[EntrantId, StandingsEntrant]
    points: Values
    per_round: dict[EntrantId, dict[int, float]]
    # Opponent list entries: an opponent id, or None for a virtual (bye-like) opponent.
    opponents: dict[EntrantId, list[EntrantId | None]]
    wins: Values
    second_wins: Values
    second_games: Values
    fouls: Values
    board_points: Values
    # (a, b) with a < b -> [points a scored, points b scored] in their games
    met: dict[tuple[EntrantId, EntrantId], list[float]] = field(default_factory=dict)
    # opponents beaten: (opponent, 1 or ½ for a draw)
    beaten: dict[EntrantId, list[tuple[EntrantId, float]]] = field(default_factory=dict)
    # McMahon: each counted meeting's (round, opponent, handicap adjustment, share won)
    meetings: dict[EntrantId, list[tuple[int, EntrantId, float, float]]] = field(
        default_factory=dict
    )

    @property
    def ids(self) -> list[EntrantId]:
        return list(self.entrants)

    @property
    def lowest_byes(self) -> bool:
        return self.request.settings.bye_in_sos == "lowest" and bool(self.entrants)

    @cached_property
    def progressive(self) -> Values:
        after = self.request.after_round
        out: Values = {}
        for i in self.ids:
            running = self.entrants[i].initial_points
            total = 0.0
            rounds = self.per_round[i]
            for r in range(1, after + 1):
                running += rounds.get(r, 0.0)
                total += running
            out[i] = total
        return out

    @cached_property
    def opponent_scores(self) -> dict[EntrantId, list[float]]:
        """Each entrant's opponent list as scores, sorted (virtual byes as 0 or the lowest)."""
        virtual = min(self.points.values()) if self.lowest_byes else 0.0
        return {
            i: sorted(virtual if o is None else self.points[o] for o in self.opponents[i])
            for i in self.ids
        }

    @cached_property
    def mms(self) -> Values:
        counting, after = self.request.mcmahon, self.request.after_round
        return {
            i: self.points[i]
            + e.mcmahon_start
            + counting.absent_bonus(sum(1 for r in e.absent_rounds if r <= after))
            for i, e in self.entrants.items()
        }

    @cached_property
    def mcmahon(self) -> tuple[Values, Values, Values]:
        """SOS, SOSOS and SODOS on 麦克马洪分: OpenGotha's way when the McMahon counting
        asks for it, the plain sums otherwise."""
        counting = self.request.mcmahon
        if counting.unpaired_as_start or counting.stone_points:
            return self._opengotha_mcmahon()
        mms, opponents = self.mms, self.opponents
        virtual = min(mms.values()) if self.lowest_byes else 0.0
        sos = {i: sum(virtual if o is None else mms[o] for o in opponents[i]) for i in self.ids}
        low_sos = min(sos.values()) if self.lowest_byes else 0.0
        sosos = {i: sum(low_sos if o is None else sos[o] for o in opponents[i]) for i in self.ids}
        sodos = {i: sum(share * mms[o] for o, share in self.beaten[i]) for i in self.ids}
        return sos, sosos, sodos

    def _opengotha_mcmahon(self) -> tuple[Values, Values, Values]:
        """SOS, SOSOS and SODOS as OpenGotha counts them (`McMahonCounting`): an opponent's
        麦克马洪分 adjusted by the handicap of the game; with `unpaired_as_start`, each round
        1..after without an opponent counts the player's own start (start × rounds in
        SOSOS), otherwise the virtual entries count as `bye_in_sos` says (0 or the lowest)."""
        counting, after = self.request.mcmahon, self.request.after_round
        mms, meetings = self.mms, self.meetings
        starts = {i: e.mcmahon_start for i, e in self.entrants.items()}
        virtuals = {i: sum(1 for o in self.opponents[i] if o is None) for i in self.ids}

        def alone(i: EntrantId, per_round: float, lowest_value: float) -> float:
            if counting.unpaired_as_start:
                return (after - len({r for r, _, _, _ in meetings[i]})) * per_round
            return virtuals[i] * (lowest_value if self.lowest_byes else 0.0)

        low = min(mms.values()) if mms else 0.0
        sos = {
            i: sum(mms[o] + adjust for _, o, adjust, _ in meetings[i]) + alone(i, starts[i], low)
            for i in starts
        }
        low_sos = min(sos.values()) if sos else 0.0
        sosos = {
            i: sum(sos[o] for _, o, _, _ in meetings[i]) + alone(i, starts[i] * after, low_sos)
            for i in starts
        }
        sodos = {
            i: sum(share * (mms[o] + adjust) for _, o, adjust, share in meetings[i]) for i in starts
        }
        return sos, sosos, sodos


def points(t: Tally) -> Values:
    return t.points


def sos(t: Tally) -> Values:
    return {i: sum(s) for i, s in t.opponent_scores.items()}


def median(t: Tally) -> Values:
    return {i: sum(s) - s[0] - s[-1] if len(s) >= 3 else 0.0 for i, s in t.opponent_scores.items()}


def sos_cut1(t: Tally) -> Values:
    return {i: sum(s) - s[0] if s else 0.0 for i, s in t.opponent_scores.items()}


def progressive(t: Tally) -> Values:
    return t.progressive


def sos_progressive(t: Tally) -> Values:
    virtual = min(t.progressive.values()) if t.lowest_byes else 0.0
    return {
        i: sum(virtual if o is None else t.progressive[o] for o in t.opponents[i]) for i in t.ids
    }


def wins(t: Tally) -> Values:
    return t.wins


def second_wins(t: Tally) -> Values:
    return t.second_wins


def second_games(t: Tally) -> Values:
    return t.second_games


def fouls(t: Tally) -> Values:
    return t.fouls


def rating(t: Tally) -> Values:
    return {i: float(e.rating) for i, e in t.entrants.items()}


def board_points(t: Tally) -> Values:
    return t.board_points


def mms(t: Tally) -> Values:
    return t.mms


def mms_sos(t: Tally) -> Values:
    return t.mcmahon[0]


def sosos(t: Tally) -> Values:
    return t.mcmahon[1]


def sodos(t: Tally) -> Values:
    return t.mcmahon[2]


VALUES: dict[Tiebreak, Callable[[Tally], Values]] = {
    Tiebreak.POINTS: points,
    Tiebreak.SOS: sos,
    Tiebreak.MEDIAN: median,
    Tiebreak.SOS_CUT1: sos_cut1,
    Tiebreak.PROGRESSIVE: progressive,
    Tiebreak.SOS_PROGRESSIVE: sos_progressive,
    Tiebreak.WINS: wins,
    Tiebreak.SECOND_WINS: second_wins,
    Tiebreak.SECOND_GAMES: second_games,
    Tiebreak.FOULS: fouls,
    Tiebreak.RATING: rating,
    Tiebreak.BOARD_POINTS: board_points,
    Tiebreak.MMS: mms,
    Tiebreak.MMS_SOS: mms_sos,
    Tiebreak.SOSOS: sosos,
    Tiebreak.SODOS: sodos,
}
# Shown only in a McMahon event's standings (their values exist in every event).
MCMAHON_ONLY = frozenset({Tiebreak.MMS, Tiebreak.MMS_SOS, Tiebreak.SOSOS, Tiebreak.SODOS})


def direct(
    t: Tally, group: tuple[EntrantId, ...], label: Callable[[EntrantId], str]
) -> Mapping[EntrantId, float] | str:
    """直胜 for one tied group: the points each scored against the others, or why it cannot
    be applied (not every pair of the group has met)."""
    scored = dict.fromkeys(group, 0.0)
    missing: list[str] = []
    for x, a in enumerate(group):
        for b in group[x + 1 :]:
            key = (a, b) if a < b else (b, a)
            got = t.met.get(key)
            if got is None:
                missing.append(f"{label(a)}与{label(b)}")
                continue
            scored[key[0]] += got[0]
            scored[key[1]] += got[1]
    if missing:
        return (
            "未全部相遇：" + "、".join(missing[:3]) + ("等" if len(missing) > 3 else "") + "未交手"
        )
    return scored


def draw_lots(rng: random.Random, group: tuple[EntrantId, ...]) -> Mapping[EntrantId, float]:
    """抽签 for one tied group: lot numbers 1..n drawn from `rng` (1 ranks first)."""
    numbers = list(range(1, len(group) + 1))
    rng.shuffle(numbers)
    return {e: float(n) for e, n in zip(group, numbers, strict=True)}


GROUP_CRITERIA = frozenset({Tiebreak.DIRECT, Tiebreak.LOT})
