"""The settings in force, in words, for the footnotes of pairing lists and standings."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.readmodel.model import FinalRound
from app.standings.model import NOTE
from reports.docview import DocView, EventView, fmt_points

SYSTEMS = {
    "swiss": "积分编排（同分段内相邻配对）",
    "split": "积分编排（同分段内上下半区配对）",
    "monrad": "积分编排（蒙拉德制）",
    "dutch": "积分编排（荷兰制）",
    "round_robin": "循环赛",
    "mcmahon": "麦克马洪制（按麦克马洪分分组）",
}
FIRST_ROUNDS = {"split": "序号对半（1对n/2+1）", "adjacent": "序号相邻（1对2）", "lot": "抽签"}
OPENING_MODES = {"none": "不指定", "lot": "每轮抽签指定开局（全场统一）", "opener": "开局方自选"}
BYE_IN_SOS = {"none": "不计", "zero": "按0分计", "lowest": "按本项目最低分计"}
YES_NO = {True: "是", False: "否"}


def scoring_text(scoring: Mapping[str, Any]) -> str:
    if not scoring:
        return ""
    parts = []
    for key, label in (
        ("win", "胜"),
        ("draw", "和"),
        ("loss", "负"),
        ("bye", "轮空"),
        ("forfeit_win", "不战胜"),
        ("forfeit_loss", "弃权"),
    ):
        if key in scoring:
            parts.append(f"{label}{fmt_points(scoring[key])}分")
    return "计分：" + "、".join(parts)


def mcmahon_text(stored: object) -> str:
    """The bar and floor in force (the stored ones, else the defaults)."""
    from app.pairing.mcmahon import DEFAULT_BAR, DEFAULT_FLOOR

    given = stored if isinstance(stored, Mapping) else {}
    bar, floor = given.get("bar", DEFAULT_BAR), given.get("floor", DEFAULT_FLOOR)
    return f"麦克马洪：上限 {bar}（及以上起始分相同），下限 {floor}（及以下起始分为 0）"


def pairing_settings_lines(doc: DocView, event: EventView, rnd: FinalRound) -> list[str]:
    """One short line per setting that decided this round's pairing."""
    pairing = event.pairing_settings
    lines = []
    scoring = scoring_text(event.scoring_lines)
    if scoring:
        lines.append(scoring)
    if pairing:
        system = pairing.get("system")
        if system:
            lines.append("编排：" + SYSTEMS.get(system, str(system)))
        if system == "mcmahon":
            lines.append(mcmahon_text(pairing.get("mcmahon")))
        first = pairing.get("first_round")
        if system == "mcmahon":  # round 1 pairs inside the McMahon groups
            half = "1对2、3对4" if first == "adjacent" else "上下半区配对"
            lines.append(f"首轮：麦克马洪组内{half}")
        elif first:
            lines.append("首轮：" + FIRST_ROUNDS.get(first, str(first)))
        same = pairing.get("same_unit")
        if same == "never":
            lines.append("同单位回避：不回避")
        elif same == "always":
            lines.append("同单位回避：全程回避")
        elif same == "first_k":
            lines.append(f"同单位回避：前{pairing.get('same_unit_rounds', 3)}轮回避")
        colour = []
        if pairing.get("no_three_in_row"):
            colour.append("禁连三")
        if pairing.get("max_colour_surplus") is not None:
            colour.append(f"先后手差不超过{pairing['max_colour_surplus']}")
        if pairing.get("last_round_scores_over_colour"):
            colour.append("末轮分数优先")
        if colour:
            lines.append("先后手：" + "、".join(colour))
        if pairing.get("forfeit_counts_as_met") is not None:
            lines.append("弃权视为已相遇：" + YES_NO[bool(pairing["forfeit_counts_as_met"])])
        if doc.is_gomoku:
            mode = pairing.get("opening_mode")
            if mode:
                text = "开局：" + OPENING_MODES.get(mode, str(mode))
                if pairing.get("opening_no_repeat") and mode == "lot":
                    text += "，相邻轮次不重复"
                lines.append(text)
    if doc.is_gomoku and rnd.opening:
        lines.append(f"本轮指定开局：{rnd.opening}")
    if not doc.is_gomoku and doc.komi:
        lines.append(f"贴目：{doc.komi}")
    if rnd.lot_seed is not None:
        lines.append(f"抽签种子：{rnd.lot_seed}")
    if rnd.opening_seed is not None:
        lines.append(f"开局抽签种子：{rnd.opening_seed}")
    relaxations = [str(r) for r in rnd.relaxations]
    if relaxations:
        lines.append("本轮放宽的规则：" + "；".join(relaxations))
    return lines


DISQUALIFIED_GAMES = {
    "keep": "保留，对手照计得分与对手分（中国规则的做法）",
    "annul": "作废，对手该轮不计得分与对手分",
}
DISQUALIFIED_PLACES = {
    "empty": "不顺延，名次空缺，该名次奖项、等级不授",
    "move_up": "顺延，其后名次依次递补",
}


def standings_settings_lines(event: EventView) -> list[str]:
    standings = event.standings_rules
    lines = []
    order = ["积分"] + event.tiebreak_order
    lines.append("排名依据：" + " → ".join(order))
    scoring = scoring_text(event.scoring_lines)
    if scoring:
        lines.append(scoring)
    if "bye_in_sos" in standings:
        lines.append(
            "轮空计入对手分："
            + BYE_IN_SOS.get(standings["bye_in_sos"], str(standings["bye_in_sos"]))
        )
    if "forfeit_opponents_count" in standings:
        lines.append("弃权对手计入对手分：" + YES_NO[bool(standings["forfeit_opponents_count"])])
    if "forfeit_wins_count" in standings:
        lines.append("不战胜计入胜局数：" + YES_NO[bool(standings["forfeit_wins_count"])])
    ties = standings.get("ties")
    if ties == "lot":
        seed = standings.get("lot_seed")
        lines.append("完全同分：抽签决定" + (f"（抽签种子 {seed}）" if seed is not None else ""))
    elif ties == "shared":
        lines.append("完全同分：名次并列（名次后标“=”）")
    # 取消资格 (issue 38): what his games count for, whether the places below move up
    games = standings.get("disqualified_games")
    if games in DISQUALIFIED_GAMES:
        lines.append("取消资格者的对局：" + DISQUALIFIED_GAMES[games])
    places = standings.get("disqualified_places")
    if places in DISQUALIFIED_PLACES:
        lines.append("取消资格者之后的名次：" + DISQUALIFIED_PLACES[places])
    # what the standings could not count as they should (a McMahon grade that cannot be read)
    lines += [line for line in event.event.standings.explanation if line.startswith(NOTE)]
    return lines
