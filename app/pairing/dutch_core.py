"""The FIDE (Dutch) System, C.04.3 as in force since 1 July 2025, on weighted matching.

Pure and independent of the store: `DutchPlayer` records in, `(white, black)` pairs
out.  `app.pairing.dutch` adapts a `PairingRequest`; `app.services.trf` a TRF file.

How it works (the method of the FIDE-endorsed weighted-matching engines):

* Players are ranked by score, then pairing number (C.04.3 1.2).  Absolute criteria
  (C.04.3 2.1: no rematch, C1; no two players with the same absolute colour
  preference unless one is a topscorer in the last round, C3; the pairing-allocated
  bye only to a player without a previous PAB or unplayed full-point win, C.04.1 / C2)
  decide which pairs may exist at all.  A round pairing must exist with them
  (completion, C4); otherwise `NoValidPairing`.
* C5: with an odd number of players the pairing-allocated bye goes to an eligible
  player of the lowest score for which the round can still be completed; only such
  players ("candidates") may stay unpaired.
* Brackets are paired top-down; there is no collapsed last bracket (the 2017 PPB rule
  is gone).  For each bracket one maximum-weight matching runs over the bracket and the
  next scoregroup, with edge weights built as lexicographic tiers (highest first):
  completion (C4, C5), pairs in the bracket (C6), the scores of the players paired
  (C7, by scoregroup), pairs and scores of the next bracket (C8), the unplayed games of
  the PAB assignee (C9, in a bracket that downfloats exactly one player, the
  assignee), colour criteria (C10-C13), repeated floats (C14-C17) and their scores
  (C18-C21).  A weight is a Python int; each tier is a bit field wide enough that no
  sum can carry into the tier above.
* Then the Dutch order (C.04.3 3.x): which moved-down players are paired (highest
  first), their opponents (highest resident first), which residents are exchanged
  between S1 and S2 (fewest exchanges, smallest BSN differences, lowest S1 and highest
  S2 players first), and finally S1 players in order each get the first S2 player the
  optimum allows.  Each decision is fixed by nudging the lowest, reserved bits of a few
  edges and matching again: the higher tiers are never traded away.
* C4 holds in every bracket: when what the bracket chose alone cannot be completed,
  the bracket is paired again with every lower player in the same matching (their
  edges carry the completion tier only), as the endorsed engines do.
* Colours follow C.04.3 5 (5.2.1-5.2.5).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import rustworkx as rx

WHITE = "W"
BLACK = "B"
DOWN = 0
UP = 1
NONE_FLOAT = 2

# rustworkx computes with 128-bit integers; wider weights go to networkx (exact ints).
_RX_LIMIT = 1 << 125


class NoValidPairing(Exception):
    """No round pairing satisfies the absolute criteria C1-C3 (and C.04.1)."""


@dataclass(frozen=True, slots=True)
class DutchMatch:
    """One earlier round of one player."""

    opponent: int | None  # the opponent's id; None for byes and absences
    colour: str | None  # WHITE or BLACK (also for forfeits); None without a board
    played: bool  # over the board (not forfeited, not a bye)
    paired: bool  # the pairing gave an opponent or the pairing-allocated bye
    win: bool  # the round scored as a win
    points: int  # points of the round, in the integer unit of `DutchTournament`


@dataclass(frozen=True, slots=True)
class DutchPlayer:
    id: int
    rank: int  # 0-based position in the pairing-number order (of all players)
    score: int
    matches: tuple[DutchMatch, ...]
    forbidden: frozenset[int] = frozenset()  # ids he may not meet (besides rematches)


@dataclass(frozen=True, slots=True)
class DutchTournament:
    """Everything C.04.3 needs.  Points are integers (e.g. tenths of a point)."""

    players: tuple[DutchPlayer, ...]  # everyone, paired this round or not
    to_pair: frozenset[int]
    played_rounds: int
    total_rounds: int
    win: int = 10
    draw: int = 5
    initial_white: bool = True  # the pairing number 1 gets white in round 1
    forfeits_count_as_met: bool = False


@dataclass(slots=True)
class _P:
    """A player with the derived data of C.04.3 1.4-1.7."""

    id: int
    rank: int
    score: int
    matches: tuple[DutchMatch, ...]
    forbidden: set[int]
    imbalance: int = 0
    preference: str | None = None
    repeated: str | None = None  # colour of the last two played games, if equal
    strong: bool = False
    eligible_bye: bool = True
    float1: int = NONE_FLOAT
    float2: int = NONE_FLOAT
    colours: tuple[str, ...] = ()
    played: int = 0  # games played over the board

    @property
    def absolute_imbalance(self) -> bool:
        return self.imbalance > 1

    @property
    def absolute(self) -> bool:
        return self.imbalance > 1 or self.repeated is not None


def _invert(colour: str | None) -> str | None:
    if colour is None:
        return None
    return BLACK if colour == WHITE else WHITE


def _derive(p: DutchPlayer, t: DutchTournament) -> _P:
    out = _P(p.id, p.rank, p.score, p.matches, set(p.forbidden))
    whites = blacks = consecutive = 0
    last: str | None = None
    colours: list[str] = []
    for m in p.matches:
        if m.opponent is not None and (m.played or t.forfeits_count_as_met):
            out.forbidden.add(m.opponent)
        if m.played and m.colour is not None:
            colours.append(m.colour)
            if m.colour == WHITE:
                whites += 1
            else:
                blacks += 1
            consecutive = consecutive + 1 if consecutive and m.colour == last else 1
            last = m.colour
        if not m.played and m.paired and m.win:
            out.eligible_bye = False
    lower = BLACK if whites > blacks else WHITE
    out.imbalance = abs(whites - blacks)
    if out.imbalance > 1:
        out.preference = lower
    elif consecutive > 1:
        out.preference = _invert(last)
    elif out.imbalance > 0:
        out.preference = lower
    elif consecutive:
        out.preference = _invert(last)
    out.repeated = last if consecutive > 1 else None
    out.strong = not out.absolute and out.imbalance > 0
    out.colours = tuple(colours)
    out.played = len(colours)
    return out


def _bits(value: int) -> int:
    return max(value, 0).bit_length()


class _Validity:
    """Can the round still be completed (C4) with the pairs fixed so far?"""

    def __init__(self, players: list[_P], compat: list[list[bool]]) -> None:
        self.players = players
        self.compat = compat
        self.fixed: dict[int, int] = {}
        self.last: dict[int, int] | None = None
        self.bye_ok: Callable[[int], bool] = lambda a: players[a].eligible_bye

    def fix(self, a: int, b: int) -> None:
        self.fixed[a] = b
        self.fixed[b] = a

    def unfix(self, a: int) -> None:
        b = self.fixed.pop(a, None)
        if b is not None:
            self.fixed.pop(b, None)

    def complete(self, extra: Sequence[tuple[int, int]] = ()) -> bool:
        fixed = dict(self.fixed)
        for a, b in extra:
            fixed[a] = b
            fixed[b] = a
        last = self.last
        if last is not None and all(last.get(a) == b for a, b in fixed.items()):
            return True
        free = [i for i in range(len(self.players)) if i not in fixed]
        graph: rx.PyGraph = rx.PyGraph()
        graph.add_nodes_from(free)
        edges: list[tuple[int, int, int]] = []
        for x in range(len(free)):
            a = free[x]
            row = self.compat[a]
            for y in range(x + 1, len(free)):
                if row[free[y]]:
                    edges.append((x, y, 1))
        bye = -1
        if len(free) % 2 == 1:
            bye = graph.add_node(-1)
            for x, a in enumerate(free):
                if self.bye_ok(a):
                    edges.append((x, bye, 1))
        graph.add_edges_from(edges)
        matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: 1)
        if 2 * len(matching) < len(graph.node_indices()):
            return False
        found: dict[int, int] = fixed
        for u, v in matching:
            if u == bye or v == bye:
                continue
            found[free[u]] = free[v]
            found[free[v]] = free[u]
        self.last = found
        return True


def _match(size: int, weights: dict[tuple[int, int], int]) -> list[int]:
    """Maximum-weight matching (not maximum cardinality); mate[i] == i when unmatched."""
    mate = list(range(size))
    edges = [(a, b, w) for (a, b), w in weights.items() if w > 0]
    if not edges:
        return mate
    if max(w for _, _, w in edges) * max(size, 2) < _RX_LIMIT:
        graph: rx.PyGraph = rx.PyGraph()
        graph.add_nodes_from(range(size))
        graph.add_edges_from(edges)
        pairs = rx.max_weight_matching(graph, max_cardinality=False, weight_fn=lambda w: w)
    else:
        import networkx as nx

        g: nx.Graph = nx.Graph()
        g.add_nodes_from(range(size))
        g.add_weighted_edges_from(edges)
        pairs = nx.max_weight_matching(g, maxcardinality=False)
    for a, b in pairs:
        mate[a] = b
        mate[b] = a
    return mate


class _Weights:
    """Edge weights of one bracket (and the next scoregroup), C.04.3 criteria as tiers.

    Tiers, highest first (C.04.3 2025, art. 2): 0 completion and the PAB to a player of
    the lowest possible score (C4, C5); 1-2 pairs and scores paired in the bracket (C6,
    C7); 3-4 pairs and scores of the next bracket (C8); 5 the unplayed games of the PAB
    assignee (C9); 6-9 colours (C10-C13); 10-13 repeated floats (C14-C17); 14-17 their
    scores (C18-C21).  Scores are keys inside a tier: a higher score is a higher field.
    """

    def __init__(
        self,
        t: DutchTournament,
        pbi: list[_P],
        sgb: int,
        nsgb: int,
        compat: Callable[[_P, _P], bool],
        top: bool,
        candidate: Callable[[_P], bool],
        bye_score: int,
        bye_ranks: dict[int, int] | None,
        vertices: int,
    ) -> None:
        self.t = t
        self.pbi = pbi
        self.sgb = sgb
        self.nsgb = nsgb
        self.compat = compat
        self.top = top
        self.candidate = candidate
        self.bye_score = bye_score
        self.bye_ranks = bye_ranks
        self.vertices = vertices
        self.pcb = _bits(nsgb - sgb)
        self.room = 3 * self.pcb + 1
        self.offsets: dict[tuple[int, int], int] = {}
        self.dropped: tuple[int, ...] = ()
        self.total_bits = self.room
        self.max_weight = 1

    def pack(
        self, vectors: dict[tuple[int, int], dict[tuple[int, int], int]]
    ) -> dict[tuple[int, int], int]:
        """Integer weights from tier vectors: each field just wide enough for any sum.

        A field holds the sum over a matching of at most `vertices // 2` edge values; two
        spare bits (sign and carry) keep every tier strictly above all tiers below it.
        """
        inside = max(self.nsgb // 2, 1)  # pairs with both players in the bracket
        anywhere = max(self.vertices // 2, 1)
        peak: dict[tuple[int, int], int] = {}
        for vec in vectors.values():
            for key, value in vec.items():
                if value:
                    peak[key] = max(peak.get(key, 0), abs(value))
        # A vertex cover of each field's edges bounds its sum over any matching.
        highs: dict[tuple[int, int], set[int]] = {}
        lows: dict[tuple[int, int], set[int]] = {}
        for (i, j), vec in vectors.items():
            for key, value in vec.items():
                if value:
                    highs.setdefault(key, set()).add(i)
                    lows.setdefault(key, set()).add(j)
        bound: dict[tuple[int, int], int] = {}
        for key in peak:
            pairs = anywhere if key[0] in (0, 3, 4, 5) else inside
            bound[key] = peak[key] * min(pairs, len(highs[key]), len(lows[key]))
        limit = 122 - _bits(self.vertices)  # rustworkx computes in 128 bits
        tiers = sorted({k[0] for k in peak})
        self.dropped = ()
        while True:
            lower = (1 << self.room) - 1  # the largest sum the fields below can reach
            self.offsets = {}
            offset = self.room
            for key in sorted(peak, key=lambda k: (-k[0], k[1])):
                offset = max(offset, (2 * lower + 1).bit_length())
                self.offsets[key] = offset
                lower += bound[key] << offset
            self.total_bits = lower.bit_length()
            if self.total_bits <= limit or len(tiers) <= 6:
                break
            # Too wide for exact 128-bit matching: leave out the lowest tier (floats
            # first) and say so; the higher criteria stay exact.
            gone = tiers.pop()
            self.dropped = (*self.dropped, gone)
            peak = {k: v for k, v in peak.items() if k[0] != gone}
        self.max_weight = (1 << (self.total_bits + 2)) - 1
        out: dict[tuple[int, int], int] = {}
        for edge, vec in vectors.items():
            w = 0
            for key, value in vec.items():
                if value and key in self.offsets:
                    w += value << self.offsets[key]
            if w > 0:
                out[edge] = w
        return out

    def top_tier(self, h: _P, low: _P) -> int:
        return 1 + (not self.candidate(h)) + (not self.candidate(low))

    def vector(self, hi: int, lo: int) -> dict[tuple[int, int], int] | None:
        """The tiers of pair (hi, lo), hi < lo: {(tier, key): value}; None if illegal."""
        h = self.pbi[hi]
        low = self.pbi[lo]
        if not self.compat(h, low):
            return None
        v: dict[tuple[int, int], int] = {}

        def add(tier: int, key: int, value: int) -> None:
            if value:
                v[(tier, key)] = v.get((tier, key), 0) + value

        lo_in = lo < self.nsgb
        if self.top:
            add(0, 0, self.top_tier(h, low))
        if lo_in:
            add(1, 0, 1)
            add(2, h.score, 1)
        else:
            add(3, 0, 1)
            add(4, h.score, 1)
        ranks = self.bye_ranks
        if ranks is not None:
            if h.score == self.bye_score:
                add(5, 0, ranks[h.played])
            if low.score == self.bye_score:
                add(5, 0, ranks[low.played])
        # Colour tiers; the first player is the lower one, as the engines have it.
        a, b = low, h
        same = a.preference == b.preference
        if lo_in:
            add(6, 0, int(not a.absolute_imbalance or not b.absolute_imbalance or not same))
            if a.imbalance == b.imbalance:
                rep_ok = a.repeated is None or a.repeated != b.repeated
            else:
                smaller = b if a.imbalance > b.imbalance else a
                rep_ok = smaller.repeated != _invert(a.preference)
            add(7, 0, int(not a.absolute or not b.absolute or not same or rep_ok))
            add(8, 0, int(a.preference is None or b.preference is None or not same))
            add(
                9,
                0,
                int(
                    (not a.strong and not a.absolute)
                    or (not b.strong and not b.absolute)
                    or (a.absolute and b.absolute)
                    or not same
                ),
            )
        pr = self.t.played_rounds
        higher = h.score > low.score
        for back in (1, 2):
            if pr < back or not lo_in:
                continue
            fl = low.float1 if back == 1 else low.float2
            fh = h.float1 if back == 1 else h.float2
            tier = 10 + 2 * (back - 1)
            add(tier, 0, int(fl == DOWN) + int(h.score <= low.score and fh == DOWN))
            add(tier + 1, 0, -int(higher and fl == UP))
        for back in (1, 2):
            if pr < back or not lo_in:
                continue
            fl = low.float1 if back == 1 else low.float2
            fh = h.float1 if back == 1 else h.float2
            tier = 14 + 2 * (back - 1)
            if fl == DOWN:
                add(tier, low.score, 1)
            if fh == DOWN:
                add(tier, h.score, 1)
            if not (fl == UP and higher):
                add(tier + 1, h.score, 1)
        return v


def _float(p: _P, back: int, t: DutchTournament, by_id: dict[int, DutchPlayer]) -> int:
    idx = t.played_rounds - back
    if idx < 0 or idx >= len(p.matches):
        return DOWN
    m = p.matches[idx]
    if not m.played or m.opponent is None:
        # C.04.3 (2025) 1.4.3: scoring more than a loss without playing is a downfloat;
        # an unplayed round without points (forfeit loss, absence) is no float.
        return DOWN if m.points > 0 else NONE_FLOAT
    mine = p.score - sum(x.points for x in p.matches[idx:])
    opp = by_id[m.opponent]
    theirs = opp.score - sum(x.points for x in opp.matches[idx:])
    if mine > theirs:
        return DOWN
    if mine < theirs:
        return UP
    return NONE_FLOAT


def _first_colour_difference(a: _P, b: _P) -> tuple[str | None, str | None]:
    x, y = len(a.colours) - 1, len(b.colours) - 1
    while x >= 0 and y >= 0 and a.colours[x] == b.colours[y]:
        x -= 1
        y -= 1
    return (a.colours[x] if x >= 0 else None, b.colours[y] if y >= 0 else None)


def _neutral_colour(p: _P, o: _P) -> str | None:
    """C.04.3 5.2.1-5.2.4: the colour `p` gets against `o`, None when still undecided."""
    if p.preference is None or o.preference is None or p.preference != o.preference:
        if p.preference is not None:
            return p.preference
        if o.preference is not None:
            return _invert(o.preference)
        return None
    if p.absolute and (p.imbalance > o.imbalance or not o.absolute):
        return p.preference
    if o.absolute and (o.imbalance > p.imbalance or not p.absolute):
        return _invert(o.preference)
    if p.strong and not o.strong:
        return p.preference
    if o.strong and not p.strong:
        return _invert(o.preference)
    mine, theirs = _first_colour_difference(p, o)
    if mine is not None and theirs is not None:
        return theirs
    return None


def _ranks_below(a: _P, b: _P) -> bool:
    return (a.score, b.rank) < (b.score, a.rank)


def _colour_of(p: _P, o: _P, initial: str) -> str:
    """C.04.3 5.2: the colour of `p` against `o`."""
    c = _neutral_colour(p, o)
    if c is not None:
        return c
    if p.preference is None:
        if _ranks_below(p, o):
            return initial if o.rank & 1 else _invert(initial) or initial
        return (_invert(initial) or initial) if p.rank & 1 else initial
    if _ranks_below(p, o):
        return _invert(o.preference) or WHITE
    return p.preference


def _bye_up_to(players: list[_P], score: int) -> Callable[[int], bool]:
    return lambda a: players[a].eligible_bye and players[a].score <= score


def pair_dutch_players(t: DutchTournament) -> list[tuple[int, int | None]]:
    """The round: `(white, black)` id pairs in board order; the bye last as `(id, None)`.

    Raises `NoValidPairing` when no pairing satisfies the absolute criteria.
    """
    by_id = {p.id: p for p in t.players}
    players = [_derive(by_id[i], t) for i in t.to_pair if i in by_id]
    for p in players:
        if t.played_rounds:
            p.float1 = _float(p, 1, t, by_id)
        if t.played_rounds > 1:
            p.float2 = _float(p, 2, t, by_id)
    players.sort(key=lambda p: (-p.score, p.rank))
    n = len(players)
    if n == 0:
        return []
    top = t.played_rounds * max(t.win, t.draw)  # topscorers: more than half of it
    last_round = t.played_rounds >= t.total_rounds - 1

    def compatible(a: _P, b: _P) -> bool:
        if b.id in a.forbidden or a.id in b.forbidden:
            return False
        if not a.absolute or not b.absolute or a.preference != b.preference:
            return True
        return last_round and (2 * a.score > top or 2 * b.score > top)

    index = {p.id: k for k, p in enumerate(players)}
    compat = [[False] * n for _ in range(n)]
    for x in range(n):
        for y in range(x + 1, n):
            ok = compatible(players[x], players[y])
            compat[x][y] = compat[y][x] = ok
    validity = _Validity(players, compat)
    if not validity.complete():
        raise NoValidPairing("无法在绝对准则（不重复对局、颜色、轮空资格）内完成本轮编排")

    def compat_p(a: _P, b: _P) -> bool:
        return compat[index[a.id]][index[b.id]]

    groups: list[list[_P]] = []
    for p in players:
        if groups and groups[-1][0].score == p.score:
            groups[-1].append(p)
        else:
            groups.append([p])

    # C5: the pairing-allocated bye goes to a player of the lowest score it can have.
    odd = n % 2 == 1
    bye_score = 0
    if odd:
        for score in sorted({p.score for p in players if p.eligible_bye}):
            validity.bye_ok = _bye_up_to(players, score)
            validity.last = None
            if validity.complete():
                bye_score = score
                break

    def candidate(p: _P) -> bool:
        return odd and p.eligible_bye and p.score <= bye_score

    validity.bye_ok = lambda a: candidate(players[a])
    validity.last = None
    validity.complete()
    # C9: the unplayed games of the PAB assignee.  Being paired is worth more the fewer
    # games a player has played, so the bye goes to one who played the most.
    ranks: dict[int, int] = {}
    played = sorted((p.played for p in players if p.score == bye_score), reverse=True)
    for r, c in enumerate(played):
        ranks[c] = r

    pairs: list[tuple[_P, _P]] = []
    pbi: list[_P] = list(groups[0])
    gi = 1
    sgb = 0
    while len(pbi) > 1 or gi < len(groups):
        nsgb = len(pbi)
        if gi < len(groups):
            pbi.extend(groups[gi])
            gi += 1
        lower = [p for g in groups[gi:] for p in g]
        setting = _Setting(t, compat_p, validity, index, candidate, bye_score)
        # C9 counts where the bracket downfloats exactly one player, the PAB assignee:
        # an odd bracket above players who can all be paired among themselves.
        last_one = odd and nsgb % 2 == 1 and _closed(pbi[nsgb:] + lower, compat_p)
        c9 = ranks if last_one else None
        # First the bracket and the next scoregroup alone; when what it chose cannot
        # be completed (C4), again with every lower player in the matching.
        found = _pair_bracket(setting, pbi, [], sgb, nsgb, not lower, c9)
        if found is None:
            found = _pair_bracket(setting, pbi, lower, sgb, nsgb, True, c9)
        if found is None:
            raise NoValidPairing("无法完成本轮编排")
        matched, bracket_pairs = found
        pairs.extend(bracket_pairs)
        rest = [pbi[k] for k in range(nsgb) if not matched[k]]
        carried = rest + pbi[nsgb:]
        sgb = len(rest)
        pbi = carried
    bye = pbi[0] if pbi else None

    initial = WHITE if t.initial_white else BLACK
    out: list[tuple[_P, _P]] = []
    for a, b in pairs:
        first, second = (a, b) if a.rank < b.rank else (b, a)
        if _colour_of(first, second, initial) == WHITE:
            out.append((first, second))
        else:
            out.append((second, first))

    def board_key(pair: tuple[_P, _P]) -> tuple[int, int, int]:
        w, b = pair
        hi, lo = (b, w) if _ranks_below(w, b) else (w, b)
        return (-hi.score, -lo.score, hi.rank)

    out.sort(key=board_key)
    result: list[tuple[int, int | None]] = [(w.id, b.id) for w, b in out]
    if bye is not None:
        result.append((bye.id, None))
    return result


@dataclass(frozen=True, slots=True)
class _Setting:
    """What every bracket of the round shares."""

    t: DutchTournament
    compat: Callable[[_P, _P], bool]
    validity: _Validity
    index: dict[int, int]
    candidate: Callable[[_P], bool]
    bye_score: int


def _closed(lower: list[_P], compat: Callable[[_P, _P], bool]) -> bool:
    """Can the players below be paired among themselves, every one of them?"""
    if not lower:
        return True
    if len(lower) % 2:
        return False
    graph: rx.PyGraph = rx.PyGraph()
    graph.add_nodes_from(range(len(lower)))
    graph.add_edges_from(
        [
            (x, y, 1)
            for x in range(len(lower))
            for y in range(x + 1, len(lower))
            if compat(lower[x], lower[y])
        ]
    )
    matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: 1)
    return 2 * len(matching) == len(lower)


def _pair_bracket(
    setting: _Setting,
    pbi: list[_P],
    lower: list[_P],
    sgb: int,
    nsgb: int,
    top: bool,
    ranks: dict[int, int] | None,
) -> tuple[list[bool], list[tuple[_P, _P]]] | None:
    """Pair one bracket; None when `top` is off and the result cannot be completed.

    The matching holds the bracket, the next scoregroup and the `lower` players, whose
    edges carry the completion tier only (C4, C5).
    """
    t = setting.t
    compat = setting.compat
    validity = setting.validity
    index = setting.index
    allp = pbi + lower
    size = len(allp)
    wt = _Weights(t, pbi, sgb, nsgb, compat, top, setting.candidate, setting.bye_score, ranks, size)
    # base[(i, j)], i < j: the weights of pairs with at least one resident or next player.
    vectors: dict[tuple[int, int], dict[tuple[int, int], int]] = {}
    for j in range(sgb, len(pbi)):
        for i in range(j):
            vec = wt.vector(i, j)
            if vec is not None:
                vectors[(i, j)] = vec
    for j in range(len(pbi), size):
        for i in range(j):
            if compat(allp[i], allp[j]):
                vectors[(i, j)] = {(0, 0): wt.top_tier(allp[i], allp[j])}
    base = wt.pack(vectors)
    cur = dict(base)
    maxw = wt.max_weight
    pcb = wt.pcb

    def b_(i: int, j: int) -> int:
        return base.get((i, j), 0) if i < j else base.get((j, i), 0)

    def setw(i: int, j: int, w: int) -> None:
        key = (i, j) if i < j else (j, i)
        if w:
            cur[key] = w
        else:
            cur.pop(key, None)

    def zero_base(i: int, j: int) -> None:
        key = (i, j) if i < j else (j, i)
        base.pop(key, None)

    def finalize(a: int, b: int) -> None:
        for key in [k for k in cur if a in k or b in k]:
            del cur[key]
        cur[(a, b) if a < b else (b, a)] = maxw
        validity.fix(index[pbi[a].id], index[pbi[b].id])

    def in_bracket(m: int) -> bool:
        return sgb <= m < nsgb

    mate = _match(size, cur)
    matched = [False] * nsgb
    pairs: list[tuple[_P, _P]] = []

    # Which moved-down players are paired: the highest first (C.04.3 3.x, MDP order).
    group_score = 0
    remaining = remaining_matched = 0
    for p in range(sgb):
        if p == 0 or pbi[p].score < group_score:
            group_score = pbi[p].score
            remaining = remaining_matched = 0
            q = p
            while q < size and pbi[q].score >= group_score:
                remaining += 1
                if in_bracket(mate[q]):
                    remaining_matched += 1
                q += 1
        if not remaining_matched:
            continue
        if remaining <= remaining_matched:
            matched[p] = True
            continue
        remaining -= 1
        if not in_bracket(mate[p]):
            for o in range(sgb, nsgb):
                w = b_(p, o)
                if w:
                    setw(p, o, w | 1)
            mate = _match(size, cur)
        if in_bracket(mate[p]):
            matched[p] = True
            remaining_matched -= 1
            for o in range(sgb, nsgb):
                w = b_(p, o)
                if w:
                    setw(p, o, (w | (nsgb - sgb)) + 1)

    # Their opponents: the highest resident the optimum allows.
    for p in range(sgb):
        if not matched[p]:
            continue
        addend = size
        for o in range(nsgb - 1, sgb - 1, -1):
            if matched[o]:
                continue
            w = b_(p, o)
            if w:
                setw(p, o, w + addend)
                addend += 1
        mate = _match(size, cur)
        m = mate[p]
        if m == p or m >= nsgb:
            return None
        matched[m] = True
        finalize(p, m)
        pairs.append((pbi[p], pbi[m]))

    # The remainder: S1 (the first `rp`) against S2, with the fewest and smallest exchanges.
    remainder = [o for o in range(sgb, nsgb) if mate[o] >= sgb]
    rp = sum(1 for o in remainder if mate[o] < o)
    rindex = {o: k for k, o in enumerate(remainder)}

    def ewc(i: int, j: int, ri: int) -> int:
        w = b_(i, j)
        if w:
            addend = (((1 if ri < rp else 0) << (2 * pcb)) - ri) << 1
            w += addend
        return w

    for j in remainder:
        for i in remainder:
            if j <= i:
                break
            setw(i, j, ewc(i, j, rindex[i]))
    mate = _match(size, cur)

    def is_higher(p: int) -> bool:
        return p < mate[p] < nsgb

    exchanges = sum(1 for p in remainder[:rp] if not is_higher(p))

    left = exchanges
    pos = rp
    while pos > 0 and left:
        pos -= 1
        p = remainder[pos]
        if is_higher(p):
            for q in remainder[pos + 1 :]:
                w = ewc(p, q, pos)
                if w:
                    setw(p, q, w - 1)
            mate = _match(size, cur)
        exchange = not is_higher(p)
        left -= exchange
        for q in remainder[pos + 1 :]:
            if exchange:
                zero_base(p, q)
            setw(p, q, ewc(p, q, pos))

    left = exchanges
    for pos in range(rp, len(remainder)):
        if left <= 1:
            break
        p = remainder[pos]
        already = is_higher(p)
        if not already:
            for q in remainder[pos + 1 :]:
                w = ewc(p, q, pos)
                if w:
                    setw(p, q, w + 1)
            mate = _match(size, cur)
        if is_higher(p):
            left -= 1
            for q in remainder[:pos]:
                zero_base(q, p)
                setw(q, p, 0)
            for o in range(nsgb, len(pbi)):
                zero_base(p, o)
                setw(p, o, 0)
        if not already:
            for q in remainder[pos + 1 :]:
                setw(p, q, ewc(p, q, pos))

    for x, p in enumerate(remainder):
        for q in remainder[x + 1 :]:
            if not is_higher(p) or is_higher(q):
                zero_base(p, q)
            setw(p, q, b_(p, q))

    for p in remainder:
        if not is_higher(p):
            continue
        addend = 0
        for q in reversed(remainder):
            if q <= p or matched[q]:
                continue
            w = b_(p, q)
            if w:
                setw(p, q, w + addend)
            addend += 1
        mate = _match(size, cur)
        m = mate[p]
        matched[p] = matched[m] = True
        finalize(p, m)
        pairs.append((pbi[p], pbi[m]))

    if not top:
        # The bracket alone chose; keep it only if the round can still be completed
        # with it (C4), its pairs with the next scoregroup included.
        extra = [
            (index[pbi[k].id], index[pbi[mate[k]].id])
            for k in range(nsgb, len(pbi))
            if k < mate[k] < len(pbi)
        ]
        extra += [
            (index[pbi[k].id], index[pbi[mate[k]].id])
            for k in range(nsgb)
            if not matched[k] and nsgb <= mate[k] < len(pbi)
        ]
        if not validity.complete(extra):
            # Undo this bracket's fixes; the caller pairs it again with all below.
            for done, _other in pairs:
                validity.unfix(index[done.id])
            return None
    return matched, pairs


def trf_order(pairs: Sequence[tuple[int, int | None]]) -> list[tuple[int, int]]:
    """Pairs as the engines print them: bye as `(id, 0)`."""
    return [(w, b if b is not None else 0) for w, b in pairs]


__all__ = [
    "BLACK",
    "WHITE",
    "DutchMatch",
    "DutchPlayer",
    "DutchTournament",
    "NoValidPairing",
    "pair_dutch_players",
    "trf_order",
]
