"""The absolute rules, checked on any round: made by the engine or edited by hand.

`check_round` never raises on a round it can read; every breach is one `Finding` with a
stable English `rule` key and a Chinese message naming the table and the players.

The colour limits (禁连三, 先后手差上限) are absolute rules only where the event's settings
make them so (`pairing.colour_limits=absolute`, the default but for McMahon events paired by
OpenGotha's engine, which balances colours as a cost): elsewhere `colour_notes` lists the
same imbalances as notes, and the check passes.  Each colour message names its setting.
"""

from __future__ import annotations

from collections import defaultdict

from app.domain import EntrantId
from app.pairing.colours import COLOUR_LIMITS_KEY, breaches
from app.pairing.model import Finding, PairedGame, PairingRequest, PairingSettings
from app.pairing.state import (
    FIRST,
    SECOND,
    PlayerState,
    build_states,
    game_counts_as_met,
    prior_games,
    same_unit_applies,
)

RULES: dict[str, str] = {
    "rematch": "重复对局",
    "unpaired": "漏排",
    "double": "重复编排",
    "inactive": "非参赛选手被编排",
    "bye": "轮空不当",
    "colour_row": "连续三局同色",
    "colour_surplus": "先后手差超限",
    "same_unit": "同单位相遇",
    "table": "台号错误",
}


def _label(states: dict[EntrantId, PlayerState], entrant: EntrantId) -> str:
    st = states.get(entrant)
    return st.label if st is not None else f"未知选手#{entrant}"


def _met_round(request: PairingRequest, a: int, b: int) -> int | None:
    for g in prior_games(request):
        if {g.first, g.second} == {a, b} and game_counts_as_met(
            g, request.settings.forfeit_counts_as_met
        ):
            return g.round
    return None


def check_round(request: PairingRequest, games: tuple[PairedGame, ...]) -> tuple[Finding, ...]:
    """Every breach of the absolute rules in `games` (empty when the round is clean)."""
    return check_with_states(request, games, build_states(request))


def check_with_states(
    request: PairingRequest,
    games: tuple[PairedGame, ...],
    states: dict[EntrantId, PlayerState],
) -> tuple[Finding, ...]:
    """`check_round` with the entrants' states already built (the engine has them)."""
    settings = request.settings
    active = {i for i in request.active if i in states}
    out: list[Finding] = []

    def label(i: EntrantId) -> str:
        return _label(states, i)

    # Table numbers.
    tables: dict[int, list[PairedGame]] = defaultdict(list)
    for g in games:
        tables[g.table].append(g)
    for t in sorted(tables):
        if len(tables[t]) > 1:
            out.append(
                Finding("table", f"第{t}台：台号重复（{len(tables[t])}桌用了同一台号）", (t,))
            )
        if t < 1:
            out.append(Finding("table", f"第{t}台：台号必须从1开始", (t,)))

    # Who appears where.
    seen: dict[EntrantId, list[int]] = defaultdict(list)
    for g in games:
        seen[g.first].append(g.table)
        if g.second is not None:
            seen[g.second].append(g.table)
    for p in sorted(seen):
        where = seen[p]
        if len(where) > 1:
            t_text = "、".join(f"第{t}台" for t in where)
            out.append(
                Finding(
                    "double", f"{label(p)}被编排了{len(where)}次（{t_text}）", tuple(where), (p,)
                )
            )
        if p not in active:
            why = "不在参赛名单" if p not in states else "本轮不参赛（缺席或退赛）"
            out.append(
                Finding(
                    "inactive",
                    f"第{where[0]}台：{label(p)}{why}，却被编排",
                    tuple(where),
                    (p,),
                )
            )
    for p in sorted(active - set(seen), key=lambda i: (states[i].seed, i)):
        out.append(Finding("unpaired", f"{label(p)}本轮未被编排（也无轮空）", (), (p,)))

    # Byes.
    byes = [g for g in games if g.second is None]
    never_had = {i for i in active if states[i].byes == 0}
    for g in byes:
        p = g.first
        st = states.get(p)
        if st is None or p not in active:
            continue
        others = never_had - {p}
        if st.byes > 0 and others:
            out.append(
                Finding(
                    "bye",
                    f"第{g.table}台：{label(p)}已轮空过{st.byes}次，"
                    f"而仍有{len(others)}名选手未轮空过",
                    (g.table,),
                    (p,),
                )
            )
    if len(byes) > len(active) % 2:
        extra = "、".join(f"第{g.table}台" for g in byes)
        out.append(
            Finding(
                "bye",
                f"本轮有{len(byes)}个轮空（{extra}），参赛人数{len(active)}只需要{len(active) % 2}个",
                tuple(g.table for g in byes),
                tuple(g.first for g in byes),
            )
        )

    # Pairs: rematch, same unit, colours.
    check_unit = same_unit_applies(request)
    for g in sorted(games, key=lambda x: x.table):
        if g.second is None or g.first == g.second:
            if g.second is not None:
                out.append(
                    Finding(
                        "double",
                        f"第{g.table}台：{label(g.first)}与自己对局",
                        (g.table,),
                        (g.first,),
                    )
                )
            continue
        a, b = g.first, g.second
        sa, sb = states.get(a), states.get(b)
        if sa is None or sb is None:
            continue
        pair = f"第{g.table}台：{label(a)}—{label(b)}"
        if b in sa.opponents:
            rnd = _met_round(request, a, b)
            when = f"已在第{rnd}轮相遇" if rnd is not None else "已相遇过"
            out.append(Finding("rematch", f"{pair} {when}（重复对局）", (g.table,), (a, b)))
        if check_unit and sa.unit is not None and sa.unit == sb.unit:
            out.append(
                Finding(
                    "same_unit",
                    f"{pair} 同属“{sa.unit}”，本轮应回避同单位",
                    (g.table,),
                    (a, b),
                )
            )
        if settings.colour_limits == "absolute":
            out.extend(_colour_findings(settings, g, pair, sa, sb))
    return tuple(out)


def _colour_findings(
    settings: PairingSettings, g: PairedGame, pair: str, sa: PlayerState, sb: PlayerState
) -> list[Finding]:
    """Each colour limit the game breaks, the setting that decides it named in the message."""
    absolute = settings.colour_limits == "absolute"
    force = f"{COLOUR_LIMITS_KEY}={settings.colour_limits}"
    out: list[Finding] = []
    for st, seat in ((sa, FIRST), (sb, SECOND)):
        row, surplus = breaches(st, seat, settings)
        word = "先手" if seat == FIRST else "后手"
        if row:
            why = (
                f"禁连三 pairing.no_three_in_row=true 是绝对规则：{force}"
                if absolute
                else f"禁连三只是编排偏好：{force}，不算违规"
            )
            out.append(
                Finding(
                    "colour_row",
                    f"{pair} {st.label}将连续第三局执{word}（{why}）",
                    (g.table,),
                    (st.id,),
                )
            )
        if surplus:
            diff = st.colour_diff + (1 if seat == FIRST else -1)
            limit = settings.max_colour_surplus
            why = (
                f"pairing.max_colour_surplus={limit} 是绝对规则：{force}"
                if absolute
                else f"先后手差上限只是编排偏好：{force}，不算违规"
            )
            out.append(
                Finding(
                    "colour_surplus",
                    f"{pair} {st.label}执{word}后先后手差为{abs(diff)}，超过上限{limit}（{why}）",
                    (g.table,),
                    (st.id,),
                )
            )
    return out


def colour_notes(
    request: PairingRequest,
    games: tuple[PairedGame, ...],
    states: dict[EntrantId, PlayerState] | None = None,
) -> tuple[Finding, ...]:
    """Where the event's colour limits are a preference (`pairing.colour_limits=preference`,
    a McMahon event paired by OpenGotha's engine by default): each game that goes past 禁连三
    or the surplus limit, as a note — never a breach.  Empty where the limits are absolute
    (`check_round` reports them then)."""
    settings = request.settings
    if settings.colour_limits == "absolute":
        return ()
    states = states if states is not None else build_states(request)
    out: list[Finding] = []
    for g in sorted(games, key=lambda x: x.table):
        if g.second is None or g.first == g.second:
            continue
        sa, sb = states.get(g.first), states.get(g.second)
        if sa is None or sb is None:
            continue
        out.extend(_colour_findings(settings, g, f"第{g.table}台：{sa.label}—{sb.label}", sa, sb))
    return tuple(out)


PAIR_RULES = ("rematch", "same_unit", "colour_row", "colour_surplus")  # of one table alone


def check_pair(
    request: PairingRequest, game: PairedGame, states: dict[EntrantId, PlayerState] | None = None
) -> tuple[Finding, ...]:
    """What the checker says of one table before it is made (a pair picked by hand):
    a rematch, the same unit, a colour limit broken — the rest of the round aside."""
    found = check_with_states(request, (game,), states or build_states(request))
    return tuple(f for f in found if f.rule in PAIR_RULES)
