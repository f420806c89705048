"""OpenGotha's scores as its pairing engine sees them (doubled, round by round).

Written from OpenGotha 3.51's rules (`Tournament.fillBaseScoringInfo`) for the pairing
engine of issue 29 §3 only: the groups, the order inside a group and the secondary-criteria
thresholds all come from these numbers.  The program's standings stay in `app.standings`.

* A round's participation: absent (not participating), paired (a game), bye, or not
  assigned (participating, neither paired nor bye).
* NBW×2 and MMS×2 after round r: the start (MMS: rank clamped to floor and bar, from the
  zero rank, plus `smmsCorrection`), +2 a win, +1 a draw (EQUAL), +2 each for BOTHWIN; then
  the absent and bye values summed over rounds 0..r, rounded down to whole points when
  `genRoundDownNBWMMS` (OpenGotha's default: ½ MMS per absent round, rounded down).
* SOS: the opponents' scores after r; a round without a game counts 0 (NBW) or the
  player's own start (MMS); MMS SOS is adjusted by the handicap (+2·hd for White).
  SOSOS: the opponents' SOS; a round without a game counts start × (r + 1) (MMS) or 0.
  SODOS (×4): the opponents' scores times one's own result (×2) against them.
* CAT: minus the player's category (the first category is the best).
* DC and SDC, direct confrontation (`direct_confrontation`), after the last round of the
  state: worked out as OpenGotha works them out for its standings (`orderedScoredPlayersList`,
  `fillDirScoringInfo`, `defineDirForExAequoGroup` and Walraet's `Confrontation`) and kept
  for the pairing that follows, as its engine keeps them from the standings last shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum

from app.io.opengotha import GothaResult
from app.pairing.opengotha_model import Game, GeneralParams, Player, Tournament


class Participation(Enum):
    ABSENT = "absent"
    NOT_ASSIGNED = "not assigned"
    BYE = "bye"
    PAIRED = "paired"


_WHITE_POINTS = {
    GothaResult.WHITE_WINS: (2, 0),
    GothaResult.WHITE_WINS_BYDEF: (2, 0),
    GothaResult.BLACK_WINS: (0, 2),
    GothaResult.BLACK_WINS_BYDEF: (0, 2),
    GothaResult.EQUAL: (1, 1),
    GothaResult.EQUAL_BYDEF: (1, 1),
    GothaResult.BOTH_WIN: (2, 2),
    GothaResult.BOTH_WIN_BYDEF: (2, 2),
}


def points_x2(game: Game, key: str) -> int:
    """What `key` scored in `game`, doubled (OpenGotha's `getWX2`)."""
    white, black = _WHITE_POINTS.get(game.result, (0, 0))
    return white if key == game.white else black


def opponent(game: Game, key: str) -> str:
    return game.black if key == game.white else game.white


def start_score(player: Player, general: GeneralParams) -> int:
    """OpenGotha's `Player.smms`: rank from the zero rank, clamped to floor and bar, plus
    the player's `smmsCorrection`."""
    zero = general.mm_zero
    smms = min(max(player.rank - zero, general.mm_floor - zero), general.mm_bar - zero)
    return smms + player.smms_correction


@dataclass
class PlayerScores:
    player: Player
    start: int  # smms
    participation: list[Participation] = field(default_factory=list)
    games: list[Game | None] = field(default_factory=list)
    nbw2: list[int] = field(default_factory=list)
    mms2: list[int] = field(default_factory=list)
    sosw2: list[int] = field(default_factory=list)
    soswm1_2: list[int] = field(default_factory=list)
    soswm2_2: list[int] = field(default_factory=list)
    sodosw4: list[int] = field(default_factory=list)
    sosm2: list[int] = field(default_factory=list)
    sosmm1_2: list[int] = field(default_factory=list)
    sosmm2_2: list[int] = field(default_factory=list)
    sodosm4: list[int] = field(default_factory=list)
    sososw2: list[int] = field(default_factory=list)
    sososm2: list[int] = field(default_factory=list)
    cussw2: list[int] = field(default_factory=list)
    cussm2: list[int] = field(default_factory=list)
    category: int = 0
    dc: dict[int, int] = field(default_factory=dict)  # after round rn -> DC
    sdc: dict[int, int] = field(default_factory=dict)

    def criterion(self, name: str, rn: int) -> int:
        """OpenGotha's `getCritValue(criterion, rn)`: after round rn (−1: before round 0)."""
        if name == "NULL":
            return 0
        if name == "Rank":
            return self.player.rank
        if name == "Rating":
            return self.player.rating
        if name == "CAT":
            return -self.category
        if name == "DC":
            return self.dc.get(rn, 0)
        if name == "SDC":
            return self.sdc.get(rn, 0)
        if rn < 0:
            return 2 * self.start if name == "MMS" else 0
        values = _CRITERIA.get(name)
        if values is None:
            raise ValueError(f"OpenGotha placement criterion not supported here: {name}")
        series: list[int] = getattr(self, values)
        return series[rn]


_CRITERIA = {
    "NBW": "nbw2",
    "MMS": "mms2",
    "SOSW": "sosw2",
    "SOSW-1": "soswm1_2",
    "SOSW-2": "soswm2_2",
    "SODOSW": "sodosw4",
    "SOSOSW": "sososw2",
    "CUSSW": "cussw2",
    "SOSM": "sosm2",
    "SOSM-1": "sosmm1_2",
    "SOSM-2": "sosmm2_2",
    "SODOSM": "sodosm4",
    "SOSOSM": "sososm2",
    "CUSSM": "cussm2",
}
SUPPORTED_CRITERIA = frozenset(_CRITERIA) | {"NULL", "Rank", "Rating", "CAT", "DC", "SDC"}
DIRECT = ("DC", "SDC")


def _best_minus(opp: Sequence[int], r: int, total: int) -> tuple[int, int]:
    """SOS−1 and SOS−2 as OpenGotha computes them after round r (0-based)."""
    if r == 0:
        return 0, 0
    if r == 1:
        return max(opp[0], opp[1]), 0
    low = min(range(r + 1), key=lambda i: (opp[i], i))
    second = 1 if low == 0 else 0
    for i in range(r + 1):
        if i != low and opp[i] < opp[second]:
            second = i
    minus1 = total - opp[low]
    return minus1, minus1 - opp[second]


def score_table(t: Tournament, rounds: int) -> dict[str, PlayerScores]:
    """Every player's scores after rounds 0 .. rounds−1, from `t`'s games and byes of those
    rounds (later ones are ignored)."""
    g = t.general
    table = {p.key: PlayerScores(p, start_score(p, g)) for p in t.players}
    for s in table.values():
        s.category = _category(s.player, g.category_limits)
    by_round: dict[tuple[int, str], Game] = {}
    for played in t.games:
        if played.round < rounds:
            by_round[(played.round, played.white)] = played
            by_round[(played.round, played.black)] = played
    for key, s in table.items():
        absent_nbw = absent_mms = 0
        nbw = mms = 0
        for r in range(rounds):
            game: Game | None = by_round.get((r, key))
            if game is not None:
                state = Participation.PAIRED
            elif t.byes.get(r) == key:
                state = Participation.BYE
            elif r < len(s.player.participating) and not s.player.participating[r]:
                state = Participation.ABSENT
            else:
                state = Participation.NOT_ASSIGNED
            s.participation.append(state)
            s.games.append(game)
            if game is not None:
                pts = points_x2(game, key)
                nbw += pts
                mms += pts
            if state is Participation.ABSENT:
                absent_nbw += g.nbw2_absent
                absent_mms += g.mms2_absent
            elif state is Participation.BYE:
                absent_nbw += g.nbw2_bye
                absent_mms += g.mms2_bye
            extra_nbw, extra_mms = absent_nbw, absent_mms
            if g.round_down:
                extra_nbw, extra_mms = extra_nbw // 2 * 2, extra_mms // 2 * 2
            s.nbw2.append(nbw + extra_nbw)
            s.mms2.append(2 * s.start + mms + extra_mms)
        cussw = cussm = 0
        for r in range(rounds):
            cussw += s.nbw2[r]
            cussm += s.mms2[r]
            s.cussw2.append(cussw)
            s.cussm2.append(cussm)
    for r in range(rounds):
        for key, s in table.items():
            osw = [0] * (r + 1)
            dosw = [0] * (r + 1)
            osm = [0] * (r + 1)
            dosm = [0] * (r + 1)
            for rr in range(r + 1):
                game = s.games[rr]
                if game is None:
                    osm[rr] = 2 * s.start
                    continue
                result = points_x2(game, key)
                opp = table[opponent(game, key)]
                osw[rr] = opp.nbw2[r]
                dosw[rr] = osw[rr] * result
                hd = 2 * game.handicap
                osm[rr] = opp.mms2[r] + (hd if key == game.white else -hd)
                dosm[rr] = osm[rr] * result
            s.sosw2.append(sum(osw))
            s.sodosw4.append(sum(dosw))
            m1, m2 = _best_minus(osw, r, sum(osw))
            s.soswm1_2.append(m1)
            s.soswm2_2.append(m2)
            s.sosm2.append(sum(osm))
            s.sodosm4.append(sum(dosm))
            m1, m2 = _best_minus(osm, r, sum(osm)) if r >= 2 else (0, 0)
            s.sosmm1_2.append(m1)
            s.sosmm2_2.append(m2)
    for r in range(rounds):
        for key, s in table.items():
            sssw = sssm = 0
            for rr in range(r + 1):
                game = s.games[rr]
                if game is None:
                    sssm += 2 * s.start * (r + 1)
                    continue
                opp = table[opponent(game, key)]
                sssw += opp.sosw2[r]
                sssm += opp.sosm2[r]
            s.sososw2.append(sssw)
            s.sososm2.append(sssm)
    if rounds > 0 and any(c in DIRECT for c in t.placement):
        direct_confrontation(table, t, rounds - 1)
    return table


def _category(player: Player, limits: Sequence[int]) -> int:
    for c, low in enumerate(limits):
        if player.rank >= low:
            return c
    return len(limits)


def _wins(t: Tournament, keys: Sequence[str], rn: int) -> list[list[int]]:
    """wins[i][j]: the games `keys[i]` won against `keys[j]` less those he lost, rounds 0 ..
    rn (results on the board only: a forfeit counts neither way)."""
    at = {k: i for i, k in enumerate(keys)}
    wins = [[0] * len(keys) for _ in keys]
    for game in t.games:
        if game.round > rn or game.white not in at or game.black not in at:
            continue
        w, b = at[game.white], at[game.black]
        if game.result is GothaResult.WHITE_WINS:
            wins[w][b] += 1
            wins[b][w] -= 1
        elif game.result is GothaResult.BLACK_WINS:
            wins[w][b] -= 1
            wins[b][w] += 1
    return wins


def direct_confrontation(table: dict[str, PlayerScores], t: Tournament, rn: int) -> None:
    """DC and SDC after round rn for every player, as OpenGotha's standings give them.

    The players are ordered by the criteria before the first DC/SDC (then by name); each run
    of players level on all of them is decided on its own:
    * SDC, only if every two of them met with a winner (their wins net of losses): the
      number of the others he beat.
    * DC: the players beaten (net one game exactly) rank below their winner; players in a
      cycle of wins are not separated by it but keep, together, the wins and losses each of
      them has against the others; what games do not decide, the criteria after DC decide
      (ties stay ties).  DC is the number of places above the last of the run.
    Everyone else has 0.
    """
    criteria = t.placement
    first = next(i for i, c in enumerate(criteria) if c in DIRECT)
    before = criteria[:first]
    after = criteria[criteria.index("DC") + 1 :] if "DC" in criteria else ()

    def values(key: str, names: Sequence[str]) -> tuple[int, ...]:
        return tuple(table[key].criterion(c, rn) for c in names)

    ordered = sorted(
        table,
        key=lambda k: (
            tuple(-v for v in values(k, before)),
            table[k].player.name,
            table[k].player.first_name,
        ),
    )
    for s in table.values():
        s.dc[rn] = s.sdc[rn] = 0
    start = 0
    while start < len(ordered):
        end = start + 1
        level = values(ordered[start], before)
        while end < len(ordered) and values(ordered[end], before) == level:
            end += 1
        run = ordered[start:end]
        start = end
        if len(run) < 2:
            continue
        net = _wins(t, run, rn)
        if all(net[i][j] != 0 for i in range(len(run)) for j in range(len(run)) if i != j):
            for i, key in enumerate(run):
                table[key].sdc[rn] = sum(1 for j in range(len(run)) if net[i][j] > 0)
        run = sorted(run, key=lambda k: tuple(-v for v in values(k, after)))
        places = [0] * len(run)
        for i in range(1, len(run)):
            same = values(run[i], after) == values(run[i - 1], after)
            places[i] = places[i - 1] if same else i
        net = _wins(t, run, rn)
        beaten = {(j, i) for i in range(len(run)) for j in range(len(run)) if net[i][j] == 1}
        ranks = _confrontation_ranks([len(run) - p for p in places], beaten)
        top = max(ranks)
        for key, rank in zip(run, ranks, strict=True):
            table[key].dc[rn] = top - rank


def _cycles(n: int, edges: set[tuple[int, int]]) -> list[int]:
    """Each node's cycle class: the nodes on a common cycle of `edges` share one."""
    reach = [{j for i, j in edges if i == k} for k in range(n)]
    changed = True
    while changed:
        changed = False
        for k in range(n):
            more = set().union(*(reach[j] for j in reach[k])) - reach[k] if reach[k] else set()
            if more:
                reach[k] |= more
                changed = True
    cls = list(range(n))
    for k in range(n):
        for j in range(k):
            if j in reach[k] and k in reach[j]:
                cls[k] = cls[j]
                break
    return cls


def _confrontation_ranks(sc: Sequence[int], beaten: set[tuple[int, int]]) -> list[int]:
    """Places 1 … from wins (`beaten` holds (loser, winner)) and, where they do not decide,
    `sc` (higher better): the last places go, again and again, to the players who beat
    nobody still unplaced, the lowest `sc` among them (all of them if level).  A cycle of
    wins is cut out first, its members sharing each other's wins and losses outside it."""
    n = len(sc)
    cls = _cycles(n, beaten)
    edges = {(a, b) for a, b in beaten if cls[a] != cls[b]}
    members: dict[int, list[int]] = {}
    for k in range(n):
        members.setdefault(cls[k], []).append(k)
    for group in members.values():
        if len(group) < 2:
            continue
        outside = {(a, b) for a, b in edges if a in group or b in group}
        for a, b in outside:
            for m in group:
                edges.add((m, b) if a in group else (a, m))
    ranks = [0] * n
    left = set(range(n))
    while left:
        free = [k for k in left if not any(b == k and a in left for a, b in edges)]
        if not free:  # cannot happen once the cycles are cut; place the rest together
            free = list(left)
        low = min(sc[k] for k in free)
        last = [k for k in free if sc[k] == low]
        for k in last:
            ranks[k] = 1 + len(left) - len(last)
        left -= set(last)
    return ranks
