"""Why each table is what it is, and the plain-text pairing report in Chinese."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from app.domain import EntrantId
from app.pairing import colours
from app.pairing.availability import forfeit_rule_text
from app.pairing.model import Finding, PairedGame, Pairing, PairingRequest, TableNote
from app.pairing.round_robin import berger_round
from app.pairing.state import PlayerState, build_states, fmt_score, has_prior_games

DOWN = "↓"
UP = "↑"


def _berger_seats(request: PairingRequest) -> set[tuple[int, int]]:
    order = sorted(request.entrants, key=lambda e: (e.seed, e.id))
    pos = {k + 1: e.id for k, e in enumerate(order)}
    return {(pos[a], pos[b]) for a, b in berger_round(len(order), request.round_number) if b != 0}


def colour_reason(
    request: PairingRequest, states: dict[EntrantId, PlayerState], game: PairedGame
) -> str:
    """The Chinese reason for the seats of `game` ("人工指定" if no rule gives them)."""
    if game.second is None:
        return "轮空"
    a, b = states.get(game.first), states.get(game.second)
    if a is None or b is None:
        return colours.REASON_MANUAL
    if request.settings.system == "round_robin":
        if (a.id, b.id) in _berger_seats(request):
            return colours.REASON_BERGER
        return colours.REASON_MANUAL
    if not has_prior_games(request):
        higher_first = (a.seed, a.id) < (b.seed, b.id)
        if game.table % 2 == 1:
            return colours.REASON_ROUND_ONE_ODD if higher_first else colours.REASON_MANUAL
        return colours.REASON_ROUND_ONE_EVEN if not higher_first else colours.REASON_MANUAL
    choice = colours.choose(a, b, request.round_number, request.settings)
    return choice.reason if choice.first == a.id else colours.REASON_MANUAL


def explain(request: PairingRequest, games: tuple[PairedGame, ...]) -> tuple[TableNote, ...]:
    """One note per table: scores, score groups, floats (↓ down, ↑ up), colour reason."""
    return explain_with_states(request, games, build_states(request))


def explain_with_states(
    request: PairingRequest,
    games: tuple[PairedGame, ...],
    states: dict[EntrantId, PlayerState],
) -> tuple[TableNote, ...]:
    """`explain` with the entrants' states already built."""
    notes: list[TableNote] = []
    for g in sorted(games, key=lambda x: x.table):
        a = states.get(g.first)
        a_score = a.score if a is not None else 0.0
        if g.second is None:
            notes.append(
                TableNote(
                    table=g.table,
                    first_score=a_score,
                    second_score=None,
                    first_group=a_score,
                    second_group=None,
                    first_float=DOWN,
                    colour_reason="轮空",
                )
            )
            continue
        b = states.get(g.second)
        b_score = b.score if b is not None else 0.0
        first_float = DOWN if a_score > b_score else UP if a_score < b_score else ""
        second_float = UP if a_score > b_score else DOWN if a_score < b_score else ""
        notes.append(
            TableNote(
                table=g.table,
                first_score=a_score,
                second_score=b_score,
                first_group=a_score,
                second_group=b_score,
                first_float=first_float,
                second_float=second_float,
                colour_reason=colour_reason(request, states, g),
                same_unit=a is not None
                and b is not None
                and a.unit is not None
                and a.unit == b.unit,
            )
        )
    return tuple(notes)


def score_text(request: PairingRequest, score: float) -> str:
    """A player's score on the report: "3分", or "麦克马洪分 24" in a McMahon event."""
    if request.settings.system == "mcmahon":
        return f"麦克马洪分 {fmt_score(score)}"
    return f"{fmt_score(score)}分"


def settings_footer(request: PairingRequest) -> str:
    """编排设置：… — the settings that decided the round, as the printed list names them."""
    return "编排设置：" + "；".join(request.settings.lines())


def format_report(
    request: PairingRequest,
    pairing_or_games: Pairing | tuple[PairedGame, ...],
    findings: tuple[Finding, ...] = (),
    colour_notes: tuple[Finding, ...] = (),
) -> str:
    """The Chinese plain-text pairing report: tables, relaxations, checker findings, and
    the colour notes of an event whose colour limits are a preference."""
    if isinstance(pairing_or_games, Pairing):
        games = pairing_or_games.games
        notes = pairing_or_games.notes or explain(request, games)
        relaxations = pairing_or_games.relaxations
        lot_seed = pairing_or_games.lot_seed
    else:
        games = pairing_or_games
        notes = explain(request, games)
        relaxations = ()
        lot_seed = request.lot_seed
    states = build_states(request)
    by_table = {n.table: n for n in notes}

    def who(i: EntrantId) -> str:
        st = states.get(i)
        return st.label if st is not None else f"#{i}"

    lines = [f"第{request.round_number}轮编排（共{len(games)}台）"]
    for g in sorted(games, key=lambda x: x.table):
        note = by_table.get(g.table)
        if g.second is None:
            score = f"（{score_text(request, note.first_score)}）" if note else ""
            lines.append(f"第{g.table}台  {who(g.first)}{score}  轮空")
            continue
        if note is None:
            lines.append(f"第{g.table}台  {who(g.first)} — {who(g.second)}")
            continue
        second_score = note.second_score if note.second_score is not None else 0.0
        unit = "  同单位" if note.same_unit else ""
        lines.append(
            f"第{g.table}台  {who(g.first)}（{score_text(request, note.first_score)}"
            f"{note.first_float}）"
            f" 先手 — 后手 {who(g.second)}（{score_text(request, second_score)}"
            f"{note.second_float}）"
            f"  颜色：{note.colour_reason}{unit}"
        )
    if lot_seed is not None and not has_prior_games(request):
        lines.append(f"抽签种子：{lot_seed}")
    lines.extend(sitting_out_lines(request, who))
    lines.append("")
    lines.append("放宽的规则：" if relaxations else "放宽的规则：无")
    lines.extend(f"  {r}" for r in relaxations)
    lines.append("检查结果：" if findings else "检查结果：未发现违规")
    lines.extend(f"  [{f.rule}] {f.message}" for f in findings)
    if colour_notes:
        lines.append(f"先后手提示（{len(colour_notes)}条，不算违规）：")
        lines.extend(f"  [{f.rule}] {f.message}" for f in colour_notes)
    lines.append(settings_footer(request))
    lines.append(forfeit_rule_text(request.withdraw_after_forfeits))
    return "\n".join(lines)


def sitting_out_lines(request: PairingRequest, who: Callable[[EntrantId], str]) -> list[str]:
    """本轮不参加编排: everyone who sits the round out and why, one per line."""
    if not request.sitting_out:
        return []
    return [
        f"本轮不参加编排（{len(request.sitting_out)}人）：",
        *(f"  {who(s.id)}：{s.text()}" for s in request.sitting_out),
    ]


_RELAXATION_TITLES: dict[str, str] = {
    "rematch": "无法避免重复对局",
    "same_unit": "同单位回避无法全部满足",
    "colour_row": "禁连三（连续三局同色）无法全部满足",
    "colour_surplus": "先后手差上限无法全部满足",
    "bye": "轮空无法全部给未轮空过的选手",
    "unpaired": "有选手未能编排",
    "double": "有选手被重复编排",
    "inactive": "有不参赛的选手被编排",
    "table": "台号有误",
}


def relaxations_from(
    request: PairingRequest,
    findings: Sequence[Finding],
    games: Sequence[PairedGame],
    states: dict[EntrantId, PlayerState] | None = None,
) -> list[str]:
    """Chinese relaxation lines, one per rule, from the checker's findings."""
    if states is None:
        states = build_states(request)
    by_table = {g.table: g for g in games}

    def label(i: EntrantId) -> str:
        st = states.get(i)
        return st.label if st is not None else f"#{i}"

    grouped: dict[str, list[str]] = {}
    for f in findings:
        details = grouped.setdefault(f.rule, [])
        if f.tables and f.tables[0] in by_table:
            g = by_table[f.tables[0]]
            who = label(g.first) + ("—" + label(g.second) if g.second is not None else " 轮空")
            text = f"第{g.table}台 {who}"
            if f.rule in ("colour_row", "colour_surplus") and f.entrants:
                text += f"：{label(f.entrants[0])}"
        else:
            text = "、".join(label(i) for i in f.entrants) or f.message
        if text not in details:
            details.append(text)
    lines = []
    last_round = (
        request.settings.last_round_scores_over_colour
        and request.round_number >= request.rounds_planned > 0
    )
    for rule in _RELAXATION_TITLES:
        if rule not in grouped:
            continue
        title = _RELAXATION_TITLES[rule]
        if last_round and rule in ("colour_row", "colour_surplus"):
            title += "（末轮积分接近优先于颜色）"
        lines.append(f"第{request.round_number}轮：{title}，已放宽（{'；'.join(grouped[rule])}）")
    return lines
