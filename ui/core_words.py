"""The core's own words in the window's language.

The core speaks Chinese (the documents, the export and the command line need its words):
tie-break names, colour reasons, a game's outcome for a player, the colours. In English
mode the window shows them in English; a term it does not know is shown as it is.
"""

from __future__ import annotations

import re

from app.standings._resolve import fmt
from app.standings.model import Standings, StandingsRules
from app.standings.ranking import rules_line as rules_zh
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
    # McMahon (issue 18): the tie-breaks on McMahon scores keep OpenGotha's abbreviations
    "麦克马洪分": "MMS",
    "SOS": "SOS (MMS)",
    "SOSOS": "SOSOS (MMS)",
    "SODOS": "SODOS (MMS)",
}
COLOUR_REASONS = {
    "先手次数少": "fewer firsts",
    "上轮后手": "second last round",
    "单数轮小序号先手": "odd round: lower number first",
    "双数轮大序号先手": "even round: higher number first",
    "避免连续三局同色": "no three in a row",
    "避免先后手差超限": "colour balance limit",
    "首轮单数台小序号先手": "round 1, odd table: lower number first",
    "首轮双数台大序号先手": "round 1, even table: higher number first",
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
    found = _WITHDRAWN_FROM.match(text)
    if found:
        return f"withdrawn from round {found.group(1)}"
    return text


_WITHDRAWN_FROM = re.compile(r"^退赛（自第(\d+)轮）$")


_MCMAHON = (
    " MMS = the start from the grade + points; SOS = the sum of the opponents' MMS; SOSOS = "
    "the sum of the opponents' SOS; SODOS = the sum of the MMS of the opponents beaten (half "
    "for a draw)."
)
_BYE_IN_SOS = {
    "none": "adds nothing",
    "zero": "counts as 0",
    "lowest": "counts as the lowest",
}


def rules_line(rules: StandingsRules) -> str:
    """The standings' rules in the window's language (the core's line in Chinese)."""
    if not i18n.english():
        return rules_zh(rules)
    order = " → ".join(t.en for t in rules.order)
    ties = f"by lot (seed {rules.lot_seed})" if rules.ties == "lot" else "shared"
    sc = rules.scoring
    return (
        f"Ranking after round {rules.after_round}: {order}; remaining ties {ties}. "
        f"Win {fmt(sc.win)}, draw {fmt(sc.draw)}, loss {fmt(sc.loss)}, bye {fmt(sc.bye)}; "
        f"in SOS a bye {_BYE_IN_SOS[rules.bye_in_sos]}, a forfeiting opponent "
        f"{'counts' if rules.forfeit_opponents_count else 'counts as a bye'}, a forfeit win "
        f"{'counts' if rules.forfeit_wins_count else 'does not count'} in wins."
        + (_MCMAHON if rules.mcmahon else "")
        + (_disqualified(rules) if rules.disqualified else "")
    )


def _disqualified(rules: StandingsRules) -> str:
    games = (
        "their games stand (opponents keep the points and the SOS)"
        if rules.disqualified_games == "keep"
        else "their games are annulled (opponents score nothing from them)"
    )
    places = (
        "their places stay empty (not paid, no grade)"
        if rules.disqualified_places == "empty"
        else "the players below move up"
    )
    return f" Disqualified players are not ranked: {games}; {places}."


def explanation(standings: Standings) -> list[str]:
    """The standings' explanation in the window's language: the rules line written from
    the rules' data; the lines that resolve particular ties stay as the core wrote them."""
    lines = list(standings.explanation)
    if standings.rules is not None and lines:
        lines[0] = rules_line(standings.rules)
    return lines


# The checker's rules (`Finding.rule`), for the window's English.
FINDINGS = {
    "table": "table numbers are wrong",
    "double": "a player is paired twice",
    "inactive": "a player who does not play this round is paired",
    "unpaired": "a player is neither paired nor given the bye",
    "bye": "the bye goes to a player who already had one while others had none",
    "rematch": "these two have met before (rematch)",
    "same_unit": "same unit: they should be kept apart this round",
    "colour_row": "a third game in a row with the same colour",
    "colour_surplus": "colour difference over the limit",
}


def finding(rule: str, message: str, tables: tuple[int, ...]) -> str:
    """A checker's warning in the window's language (the core's message in Chinese)."""
    if not i18n.english() or rule not in FINDINGS:
        return message
    where = ", ".join(str(t) for t in tables)
    return (f"Table {where}: " if where else "") + FINDINGS[rule]
