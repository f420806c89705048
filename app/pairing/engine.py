"""`pair_round`: one round of any system, seated, numbered, explained and audited.

Systems (`settings.system`):
    swiss        积分编排, adjacent pairing inside score groups (the default)
    split        积分编排, top half v bottom half inside score groups
    monrad       1–2, 3–4 down the ranked list, skipping rematches (backtracking)
    round_robin  Berger tables, positions by seed
    dutch        the FIDE (Dutch) System C.04.3 (`app.pairing.dutch`), round 1 included
    mcmahon      麦克马洪制: OpenGotha's engine (`app.pairing.opengotha_engine`, the default,
                 setting mcmahon.engine=opengotha); with mcmahon.engine=swiss the swiss
                 engine on McMahon scores (the start from the grade is in each entrant's
                 `initial_points`, `app.pairing.mcmahon`); round 1 pairs inside the
                 McMahon groups too (split, or adjacent by `first_round`)

Round 1 (no history before this round) of every system but round_robin and mcmahon
follows `settings.first_round` (RULES §5).  Tables: higher score of the two first, then the lower
score, then the smaller seed number; the bye last.

The engine never raises for a valid request.  Whatever absolute rule the result breaks
(found by `check_round` on the engine's own result) is listed in `relaxations` in
Chinese.  Two players who must meet again (nobody else to play) are paired, and the
rematch is reported, rather than left out: the arbiter decides.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable, Sequence

from app.domain import EntrantId
from app.pairing.checker import check_with_states
from app.pairing.colours import choose
from app.pairing.dutch import pair_dutch
from app.pairing.model import PairedGame, Pairing, PairingRequest
from app.pairing.opengotha_engine import pair_opengotha
from app.pairing.progress import PairingStep, Progress
from app.pairing.report import explain_with_states, relaxations_from
from app.pairing.round_robin import berger_round
from app.pairing.state import (
    PlayerState,
    active_ids,
    build_states,
    has_prior_games,
    same_unit_applies,
)
from app.pairing.swiss import OrderMode, bye_order, match, pair_swiss, ranking

Pair = tuple[EntrantId, EntrantId | None]

_MONRAD_STEP_LIMIT = 20_000


def derive_lot_seed(request: PairingRequest) -> int:
    """A reproducible lot seed from the round and the field, when none is given."""
    text = f"{request.round_number}|" + ",".join(
        f"{e.id}:{e.seed}" for e in sorted(request.entrants, key=lambda e: e.id)
    )
    return zlib.crc32(text.encode("utf-8"))


def _first_round(
    request: PairingRequest,
    states: dict[EntrantId, PlayerState],
    ids: list[EntrantId],
    progress: Progress | None = None,
) -> tuple[list[Pair], int | None]:
    """RULES §5: split (i v i + n/2), adjacent (1–2, 3–4) or by lot, avoiding units."""
    order = sorted(ids, key=lambda i: (-states[i].score, states[i].seed, i))
    pairs: list[Pair] = []
    if len(order) % 2 == 1:
        bye = bye_order(states, order)[0]
        order.remove(bye)
        pairs.append((bye, None))
    mode = request.settings.first_round
    lot_seed: int | None = None
    if mode == "lot":
        lot_seed = request.lot_seed if request.lot_seed is not None else derive_lot_seed(request)
        random.Random(lot_seed).shuffle(order)
    half = len(order) // 2
    if mode == "split":
        positional = [(order[k], order[k + half]) for k in range(half)]
    else:
        positional = [(order[2 * k], order[2 * k + 1]) for k in range(half)]
    clash = same_unit_applies(request) and any(
        states[a].unit is not None and states[a].unit == states[b].unit for a, b in positional
    )
    if not clash:
        pairs.extend(positional)
        return pairs, lot_seed
    pairs.extend(
        match(
            request,
            states,
            order,
            "split" if mode == "split" else "adjacent",
            with_bye=False,
            progress=progress,
        )
    )
    return pairs, lot_seed


def _monrad(
    request: PairingRequest, states: dict[EntrantId, PlayerState], ids: list[EntrantId]
) -> list[Pair] | None:
    """1–2, 3–4 down the ranked list, skipping pairs that break a hard rule."""
    order = ranking(request, states, ids)
    unit_rule = same_unit_applies(request)
    settings = request.settings
    rnd = request.round_number

    def legal(a: PlayerState, b: PlayerState, strict_unit: bool, strict_colour: bool) -> bool:
        if b.id in a.opponents:
            return False
        if strict_unit and unit_rule and a.unit is not None and a.unit == b.unit:
            return False
        if strict_colour:
            c = choose(a, b, rnd, settings)
            return c.legal
        return True

    def attempt(rest: list[EntrantId], strict_unit: bool, strict_colour: bool) -> list[Pair] | None:
        steps = 0

        def rec(left: list[EntrantId]) -> list[Pair] | None:
            nonlocal steps
            if not left:
                return []
            steps += 1
            if steps > _MONRAD_STEP_LIMIT:
                return None
            head = states[left[0]]
            for k in range(1, len(left)):
                other = states[left[k]]
                if legal(head, other, strict_unit, strict_colour):
                    tail = rec(left[1:k] + left[k + 1 :])
                    if tail is not None:
                        return [(head.id, other.id), *tail]
                    if steps > _MONRAD_STEP_LIMIT:
                        return None
            return None

        return rec(rest)

    bye_candidates: Sequence[EntrantId | None]
    if len(order) % 2 == 1:
        lowest = bye_order(states, order)
        # Only players without a bye while there are any (RULES §4).
        bye_candidates = [i for i in lowest if states[i].byes == 0] or lowest
    else:
        bye_candidates = [None]
    for strict_unit, strict_colour in ((True, True), (False, True), (False, False)):
        for bye in bye_candidates[:8]:
            rest = [i for i in order if i != bye]
            found = attempt(rest, strict_unit, strict_colour)
            if found is not None:
                return found + ([(bye, None)] if bye is not None else [])
    return None


def _round_robin(
    request: PairingRequest, states: dict[EntrantId, PlayerState], active: set[EntrantId]
) -> tuple[list[Pair], list[str]]:
    """Berger round `round_number`; positions 1..n by seed.  Seats come from the table."""
    order = sorted(request.entrants, key=lambda e: (e.seed, e.id))
    pos = {k + 1: e.id for k, e in enumerate(order)}
    games: list[Pair] = []
    notes: list[str] = []
    for a, b in berger_round(len(order), request.round_number):
        pa = pos[a]
        if b == 0:
            if pa in active:
                games.append((pa, None))
            continue
        pb = pos[b]
        if pa in active and pb in active:
            games.append((pa, pb))
        elif pa in active or pb in active:
            here, away = (pa, pb) if pa in active else (pb, pa)
            notes.append(
                f"第{request.round_number}轮：{states[here].label}的对手"
                f"{states[away].label}缺席，本轮无对局（按弃权由裁判录入）"
            )
    return games, notes


def _table_key(
    states: dict[EntrantId, PlayerState], pair: Pair
) -> tuple[int, float, float, int, int]:
    a, b = pair
    sa = states[a]
    if b is None:
        return (1, -sa.score, 0.0, -sa.seed, a)
    sb = states[b]
    return (
        0,
        -max(sa.score, sb.score),
        -min(sa.score, sb.score),
        min(sa.seed, sb.seed),
        min(a, b),
    )


def number_tables(
    states: dict[EntrantId, PlayerState],
    pairs: Sequence[Pair],
    seat: Callable[[int, EntrantId, EntrantId], tuple[EntrantId, EntrantId]],
) -> tuple[PairedGame, ...]:
    """Tables 1..n in the conventional order; `seat(table, a, b)` gives (first, second)."""
    games: list[PairedGame] = []
    for table, (a, b) in enumerate(sorted(pairs, key=lambda p: _table_key(states, p)), 1):
        if b is None:
            games.append(PairedGame(table, a, None))
        else:
            first, second = seat(table, a, b)
            games.append(PairedGame(table, first, second))
    return tuple(games)


def pair_round(request: PairingRequest, progress: Progress | None = None) -> Pairing:
    """Pair one round of the event described by `request`.  `progress` hears how far the
    matching has got (`PairingStep("pairing", share)`); it never changes the pairing."""
    if progress is not None:
        progress(PairingStep("pairing", 0.0))
    if request.settings.system == "dutch":
        return pair_dutch(request)
    mm = request.mcmahon
    if request.settings.system == "mcmahon" and mm is not None and mm.engine == "opengotha":
        return pair_opengotha(request, mm)
    states = build_states(request)
    ids = active_ids(request, states)
    settings = request.settings
    system = settings.system
    rnd = request.round_number
    relaxations: list[str] = []
    lot_seed: int | None = None

    def rule_seat(table: int, a: EntrantId, b: EntrantId) -> tuple[EntrantId, EntrantId]:
        c = choose(states[a], states[b], rnd, settings)
        return c.first, c.second

    seat: Callable[[int, EntrantId, EntrantId], tuple[EntrantId, EntrantId]] = rule_seat
    pairs: list[Pair]

    if system == "round_robin":
        pairs, relaxations = _round_robin(request, states, set(ids))
        berger = {(a, b) for a, b in pairs if b is not None}

        def berger_seat(table: int, a: EntrantId, b: EntrantId) -> tuple[EntrantId, EntrantId]:
            return (a, b) if (a, b) in berger else (b, a)

        seat = berger_seat
    elif not has_prior_games(request):
        if system == "mcmahon":  # the groups are the grades: pair inside them, not across
            mode: OrderMode = "adjacent" if settings.first_round == "adjacent" else "split"
            pairs = pair_swiss(request, states, ids, mode, progress)
        else:
            pairs, lot_seed = _first_round(request, states, ids, progress)

        def first_round_seat(table: int, a: EntrantId, b: EntrantId) -> tuple[EntrantId, EntrantId]:
            high, low = sorted((a, b), key=lambda i: (states[i].seed, i))
            return (high, low) if table % 2 == 1 else (low, high)

        seat = first_round_seat
    elif system == "monrad":
        found = _monrad(request, states, ids)
        if found is None:
            relaxations.append(f"第{rnd}轮：蒙拉德制无法在规则内完成，改用积分编排")
            pairs = pair_swiss(request, states, ids, progress=progress)
        else:
            pairs = found
    elif system == "split":
        pairs = pair_swiss(request, states, ids, "split", progress)
    else:
        pairs = pair_swiss(request, states, ids, progress=progress)

    games = number_tables(states, pairs, seat)
    findings = check_with_states(request, games, states)
    relaxations.extend(relaxations_from(request, findings, games, states))
    return Pairing(
        round_number=rnd,
        games=games,
        notes=explain_with_states(request, games, states),
        relaxations=tuple(relaxations),
        lot_seed=lot_seed,
    )


__all__ = ["pair_round", "derive_lot_seed", "number_tables", "relaxations_from"]
