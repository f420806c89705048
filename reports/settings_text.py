"""The settings in force, in words, for the footnotes of pairing lists and standings."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.pairing.mcmahon import McMahonSettings
from app.readmodel.model import FinalRound
from app.standings.model import NOTE
from reports.docview import DocView, EventView, fmt_points

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


def mcmahon_text(settings: McMahonSettings) -> str:
    """The bar and floor in force (typed: the stored ones, else the defaults)."""
    return (
        f"麦克马洪：上限 {settings.bar}（及以上起始分相同），"
        f"下限 {settings.floor}（及以下起始分为 0）"
    )


def pairing_settings_lines(doc: DocView, event: EventView, rnd: FinalRound) -> list[str]:
    """One short line per setting that decided this round's pairing: the settings it was
    paired by (today's typed settings for a round paired before files kept them), defaults
    included (`PairingSettings.lines`, as `finals pairing` words them)."""
    typed = event.settings
    lines = []
    scoring = scoring_text(event.scoring_lines)
    if scoring:
        lines.append(scoring)
    pairing = list((rnd.pairing_settings or typed.pairing).lines())
    if typed.is_mcmahon:
        pairing.insert(1, mcmahon_text(typed.mcmahon))
    lines += pairing
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
