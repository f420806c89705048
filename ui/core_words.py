"""The core's own words in the window's language.

The core speaks Chinese (the documents, the export and the command line need its words):
tie-break names, colour reasons, a game's outcome for a player, the colours. In English
mode the window shows them in English; a term it does not know is shown as it is.
"""

from __future__ import annotations

import re

from ui import i18n

TIEBREAKS = {
    "积分": "Points",
    "对手分": "SOS",
    "中间分": "Median SOS",
    "去一最低对手分": "SOS cut 1",
    "累进分": "Cumulative",
    "对手累进分": "Opp. cumulative",
    "胜局数": "Wins",
    "后手胜局数": "Wins as second",
    "后手局数": "Games as second",
    "直胜": "Direct encounter",
    "犯规": "Fouls",
    "等级分": "Rating",
    "抽签": "Lot",
    "局分": "Board points",
    "场分": "Match points",
    "总分": "Total",
}
COLOUR_REASONS = {
    "先手次数少": "fewer firsts",
    "上轮后手": "second last round",
    "单数轮小序号先手": "odd round: lower number first",
    "双数轮大序号先手": "even round: higher number first",
    "避免连续三局同色": "no three in a row",
    "避免先后手差超限": "colour balance limit",
    "首轮单数台高序号先手": "round 1, odd table: higher seed first",
    "首轮双数台低序号先手": "round 1, even table: lower seed first",
    "人工指定": "set by hand",
    "贝格尔表": "Berger table",
    "轮空": "bye",
}
WORDS = {
    **TIEBREAKS,
    **COLOUR_REASONS,
    "黑": "Black",
    "白": "White",
    "先": "First",
    "后": "Second",
    "胜": "won",
    "负": "lost",
    "和": "draw",
    "对方弃权（胜）": "won by forfeit",
    "弃权（负）": "lost by forfeit",
    "双方弃权": "double forfeit",
    "未赛": "not played",
    "待赛": "to play",
    "请假": "on leave",
    "退赛": "withdrawn",
    "未参赛": "not entered yet",
}
_LAST_SECOND = re.compile(r"^第(\d+)轮后手$")


def core(text: str) -> str:
    """`text` in the window's language (unchanged in Chinese, and when not a known term)."""
    if not i18n.english() or not text:
        return text
    if text in WORDS:
        return WORDS[text]
    found = _LAST_SECOND.match(text)
    if found:
        return f"second in round {found.group(1)}"
    return text
