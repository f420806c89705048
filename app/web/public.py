"""The players' pages: pure functions from the read model (`app.readmodel.Final`) to HTML.

One renderer for two places: the venue server's public pages (`finals serve --public`,
links such as `/e/MEN/pairings?round=2`) and the static site (`finals html`, relative links
such as `MEN-pairings-2.html`). A `Links` object decides how a page names another; the page
itself is the same. Every text from the file is HTML-escaped (`_e`); nothing private is
shown: the read model holds no ID number, phone or token, and birth dates and ratings are
left out here.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import quote, urlencode

from app.domain import (
    EntrantId,
    EntrantStatus,
    GameRecord,
    Outcome,
    Result,
    RoundState,
    Scoring,
    points_for,
)
from app.pinyin import name_matches
from app.readmodel.model import Final, FinalEntrant, FinalEvent, FinalGame, FinalRound
from app.readmodel.withdrawal import withdrawal_note

_UNITS = {"individual": "人", "pair": "对", "team": "队"}
GAME_NAMES = {"gomoku": "五子棋", "go": "围棋"}
KIND_NAMES = {"individual": "个人", "pair": "双人", "team": "团体"}
MAX_QUERY = 40  # characters of a search kept

CSS = """/* The players' pages: phone first, no web fonts, no script. */
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; background: #f3f1ec; color: #1b1b1b;
  font: 16px/1.45 system-ui, -apple-system, "PingFang SC", "Microsoft YaHei",
        "Noto Sans CJK SC", "WenQuanYi Micro Hei", sans-serif; }
main { max-width: 760px; margin: 0 auto; padding: 10px 10px 40px; }
a { color: #0b4f9c; text-decoration: none; }
a:hover { text-decoration: underline; }
header.top { font-size: .85rem; color: #555; margin-bottom: 4px; }
h1 { font-size: 1.3rem; margin: 4px 0 8px; }
h2 { font-size: 1.1rem; margin: 14px 0 6px; }
nav.tabs { display: flex; flex-wrap: wrap; gap: 6px; margin: 6px 0 10px; }
nav.tabs a, nav.tabs span { padding: 4px 10px; border-radius: 14px; background: #fff;
  border: 1px solid #ccc; font-size: .9rem; white-space: nowrap; }
nav.tabs span.on { background: #8a1c1c; color: #fff; border-color: #8a1c1c; }
form.search { display: flex; gap: 6px; margin: 8px 0; }
form.search input[type=search] { flex: 1; min-width: 0; font: inherit; padding: 8px 10px;
  border: 1px solid #aaa; border-radius: 8px; }
form.search button { font: inherit; padding: 8px 14px; border-radius: 8px; border: 0;
  background: #8a1c1c; color: #fff; }
.note { color: #555; font-size: .85rem; margin: 6px 0; }
.empty { background: #fff6d6; border: 1px solid #e0c45c; border-radius: 8px; padding: 10px; }
.scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; }
table { border-collapse: collapse; width: 100%; background: #fff; font-size: .95rem; }
th, td { padding: 6px 5px; border-bottom: 1px solid #e4e1da; text-align: left;
  vertical-align: top; }
th { background: #ece8df; font-weight: 600; font-size: .85rem; white-space: nowrap; }
td.n, th.n { text-align: right; white-space: nowrap; }
td.c, th.c { text-align: center; white-space: nowrap; }
td.res { text-align: center; white-space: nowrap; font-weight: 600; }
tr.hit td { background: #fff3c4; }
td.nm { min-width: 8.5em; }
td.nm a { white-space: nowrap; }
.pts { color: #666; font-size: .8rem; }
.unit { display: block; color: #666; font-size: .8rem; }
.seed { color: #888; font-size: .8rem; }
ul.events { list-style: none; padding: 0; margin: 0; }
ul.events li { background: #fff; border-radius: 10px; padding: 10px 12px; margin: 8px 0;
  box-shadow: 0 1px 2px #0002; }
ul.events .name { font-weight: 700; font-size: 1.1rem; }
dl.facts { display: grid; grid-template-columns: auto 1fr; gap: 2px 10px; background: #fff;
  padding: 8px 12px; border-radius: 8px; margin: 0 0 10px; }
dl.facts dt { color: #666; }
dl.facts dd { margin: 0; }
footer { color: #777; font-size: .8rem; margin-top: 18px; }
"""


def _e(value: object) -> str:
    return html.escape("" if value is None else str(value), quote=True)


def fmt_points(value: float | None) -> str:
    if value is None:
        return ""
    return str(int(value)) if value == int(value) else f"{value:g}"


@dataclass(frozen=True)
class Links:
    """How one page links to another: the server's paths, or the static site's files."""

    static: bool = False

    def css(self) -> str:
        return "style.css" if self.static else "/p/style.css"

    def index(self) -> str:
        return "index.html" if self.static else "/"

    def pairings(self, event: str, number: int | None = None) -> str:
        if self.static:
            return f"{_file_code(event)}-pairings-{number or 0}.html"
        base = f"/e/{quote(event)}/pairings"
        return base if number is None else f"{base}?round={number}"

    def standings(self, event: str, category: str | None = None) -> str:
        if self.static:
            extra = f"-{_file_code(category)}" if category else ""
            return f"{_file_code(event)}-standings{extra}.html"
        base = f"/e/{quote(event)}/standings"
        return base if category is None else f"{base}?{urlencode({'category': category})}"

    def player(self, event: str, seed: int) -> str:
        if self.static:
            return f"{_file_code(event)}-player-{seed}.html"
        return f"/e/{quote(event)}/player/{seed}"

    def crosstable(self, event: str) -> str | None:
        return f"{_file_code(event)}-crosstable.html" if self.static else None

    def prizes(self) -> str | None:
        return "prizes.html" if self.static else None


def _file_code(code: str) -> str:
    """An event or category code as a file name part (letters, digits, - and _ only)."""
    return re.sub(r"[^A-Za-z0-9_-]", lambda m: f"_{ord(m.group(0)):x}", code)


# --- search (app.pinyin) --------------------------------------------------------------------------


def entrant_matches(entrant: FinalEntrant, query: str) -> bool:
    q = query.strip()
    if q.isdigit():
        return str(entrant.seed) == q
    return any(name_matches(n, q) for n in (entrant.name, *entrant.members))


# --- page frame ------------------------------------------------------------------------------


def _page(final: Final, links: Links, title: str, body: str, crumbs: str = "") -> str:
    top = f'<a href="{_e(links.index())}">{_e(final.tournament.title)}</a>'
    if crumbs:
        top += " › " + crumbs
    return (
        '<!doctype html>\n<html lang="zh-CN"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{_e(title)} · {_e(final.tournament.title)}</title>"
        f'<link rel="stylesheet" href="{_e(links.css())}"></head>'
        f'<body><main><header class="top">{top}</header>{body}'
        f"<footer>{_footer(final)}</footer></main></body></html>\n"
    )


def _footer(final: Final) -> str:
    done = "、".join(
        f"{_e(ev.name)}{len([r for r in ev.rounds if r.status == 'complete'])}轮"
        for ev in final.events
        if ev.rounds
    )
    return f"成绩以裁判长公布为准。已赛完：{done or '尚未开赛'}"


def _event_tabs(ev: FinalEvent, links: Links, on: str) -> str:
    tabs = [("pairings", "对阵", links.pairings(ev.code, _current(ev)))]
    tabs.append(("standings", "排名", links.standings(ev.code)))
    cross = links.crosstable(ev.code)
    if cross and ev.rounds:
        tabs.append(("crosstable", "对阵成绩表", cross))
    parts = [
        f'<span class="on">{label}</span>' if key == on else f'<a href="{_e(href)}">{label}</a>'
        for key, label, href in tabs
    ]
    return '<nav class="tabs">' + "".join(parts) + "</nav>"


def _current(ev: FinalEvent) -> int | None:
    return ev.rounds[-1].number if ev.rounds else None


def _colours(final: Final) -> tuple[str, str]:
    return ("先手", "后手") if final.tournament.game == "gomoku" else ("黑方", "白方")


def _short_colours(final: Final) -> tuple[str, str]:
    return ("先", "后") if final.tournament.game == "gomoku" else ("黑", "白")


def result_text(final: Final, result: str | None) -> str:
    if result is None:
        return ""
    first, second = _short_colours(final)
    try:
        return Result(result).words_zh(first, second)
    except ValueError:
        return result


# --- pages -----------------------------------------------------------------------------------


def index_page(final: Final, links: Links, referees: bool = False) -> str:
    t = final.tournament
    facts = []
    if t.venue:
        facts.append(f"<dt>地点</dt><dd>{_e(t.venue)}</dd>")
    if t.start_date:
        end = f" 至 {t.end_date.isoformat()}" if t.end_date and t.end_date != t.start_date else ""
        facts.append(f"<dt>日期</dt><dd>{_e(t.start_date.isoformat())}{_e(end)}</dd>")
    facts.append(f"<dt>项目</dt><dd>{_e(GAME_NAMES.get(t.game, t.game))}</dd>")
    items = []
    for ev in final.events:
        done = len([r for r in ev.rounds if r.status == RoundState.COMPLETE])
        source = final.event(ev.source_event) if ev.source_event else None
        if ev.rounds:
            state = f"已完成 {done}/{ev.rounds_planned} 轮"
        elif source is not None:
            state = f"按{source.name}成绩计算"
        else:
            state = f"尚未编排（共 {ev.rounds_planned} 轮）"
        current = _current(ev)
        parts = []
        if current is not None:
            parts.append(f'<a href="{_e(links.pairings(ev.code, current))}">第{current}轮对阵</a>')
        parts.append(f'<a href="{_e(links.standings(ev.code))}">排名</a>')
        cross = links.crosstable(ev.code)
        if cross and ev.rounds:
            parts.append(f'<a href="{_e(cross)}">对阵成绩表</a>')
        kind = KIND_NAMES.get(ev.kind, "")
        items.append(
            f'<li><div class="name">{_e(ev.name)}</div>'
            f'<div class="note">{_e(kind)}赛 · {len(ev.entrants)} {_UNITS.get(ev.kind, "队")} · {state}</div>'
            f'<nav class="tabs">{"".join(parts)}</nav></li>'
        )
    prizes = links.prizes()
    extra = ""
    if prizes and final.prizes:
        extra = f'<p><a href="{_e(prizes)}">获奖名单</a></p>'
    note = ""
    if referees:
        note = '<p class="note">台裁录入成绩：请扫描成绩登记单上的二维码。</p>'
    body = (
        f'<h1>{_e(t.title)}</h1><dl class="facts">{"".join(facts)}</dl>'
        f'<ul class="events">{"".join(items)}</ul>{extra}{note}'
    )
    return _page(final, links, "赛事", body)


def _name_cell(ev: FinalEvent, links: Links, entrant: FinalEntrant | None, points: str) -> str:
    if entrant is None:
        return "<td>轮空</td>"
    members = (
        f'<span class="unit">{_e("、".join(entrant.members))}</span>' if entrant.members else ""
    )
    unit = f'<span class="unit">{_e(entrant.unit)}</span>' if entrant.unit else ""
    pts = f' <span class="pts">({_e(points)})</span>' if points else ""
    return (
        f'<td><a href="{_e(links.player(ev.code, entrant.seed))}">{_e(entrant.name)}</a>'
        f"{pts}{members or unit}</td>"
    )


def find_round(ev: FinalEvent, number: int | None) -> FinalRound | None:
    if number is None:
        return ev.rounds[-1] if ev.rounds else None
    return next((r for r in ev.rounds if r.number == number), None)


def pairings_page(
    final: Final,
    ev: FinalEvent,
    rnd: FinalRound | None,
    links: Links,
    query: str = "",
    search: bool = True,
) -> str:
    """A round's pairings (`rnd` None: the event has none yet); with `query`, the tables
    of the players it finds (name, pinyin, initials or seed number)."""
    query = query.strip()[:MAX_QUERY]
    first, second = _colours(final)
    by_id = {e.id: e for e in ev.entrants}
    head = f"<h1>{_e(ev.name)}</h1>{_event_tabs(ev, links, 'pairings')}"
    if rnd is None:
        body = head + '<p class="empty">本项目尚未编排对阵。</p>'
        return _page(final, links, f"{ev.name} 对阵", body, _e(ev.name))
    nav = []
    for r in ev.rounds:
        label = f"第{r.number}轮"
        if r.number == rnd.number:
            nav.append(f'<span class="on">{label}</span>')
        else:
            nav.append(f'<a href="{_e(links.pairings(ev.code, r.number))}">{label}</a>')
    state = RoundState(rnd.status).zh
    when = f" · {_e(rnd.scheduled)} 开始" if rnd.scheduled else ""
    form = ""
    if search:
        form = (
            f'<form class="search" method="get" action="{_e(links.pairings(ev.code))}">'
            f'<input type="hidden" name="round" value="{rnd.number}">'
            f'<input type="search" name="q" value="{_e(query)}" maxlength="{MAX_QUERY}" '
            'placeholder="姓名、拼音或首字母（如 zs）、序号" autocomplete="off">'
            "<button>查找</button></form>"
        )
    games: Iterable[FinalGame] = rnd.games
    found_note = ""
    if query:
        hits = {e.id for e in ev.entrants if entrant_matches(e, query)}
        games = [g for g in rnd.games if g.first in hits or g.second in hits]
        found_note = (
            f'<p class="note">“{_e(query)}”：找到 {len(games)} 台。'
            f'<a href="{_e(links.pairings(ev.code, rnd.number))}">显示全部</a></p>'
            if games
            else f'<p class="empty">没有找到“{_e(query)}”。可输入姓名、拼音、首字母（如 zs）或序号。</p>'
        )
    else:
        hits = set()
    rows = []
    for g in games:
        a = by_id.get(g.first)
        b = by_id.get(g.second) if g.second is not None else None
        hit = ' class="hit"' if query and (g.first in hits or g.second in hits) else ""
        res = "轮空" if g.second is None else result_text(final, g.result)
        rows.append(
            f'<tr{hit}><td class="n">{g.table}</td>'
            f"{_name_cell(ev, links, a, fmt_points(g.first_points))}"
            f'<td class="res">{_e(res)}</td>'
            + (
                _name_cell(ev, links, b, fmt_points(g.second_points))
                if g.second is not None
                else "<td></td>"
            )
            + "</tr>"
        )
    table = (
        f'<div class="scroll"><table><thead><tr><th class="n">台</th><th>{first}</th>'
        f'<th class="c">结果</th><th>{second}</th></tr></thead><tbody>{"".join(rows)}</tbody></table></div>'
        if rows
        else ""
    )
    body = (
        f'{head}<nav class="tabs">{"".join(nav)}</nav>'
        f'<p class="note">第{rnd.number}轮 · {state}{when} · 括号内为本轮前积分</p>'
        f"{form}{found_note}{table}"
    )
    return _page(final, links, f"{ev.name} 第{rnd.number}轮对阵", body, _e(ev.name))


def category_of(ev: FinalEvent, code: str | None) -> tuple[str, str] | None:
    """(code, name) of an event's category by its code or name (case-insensitive)."""
    if code is None:
        return None
    for cat in ev.categories:
        if code.lower() in (cat.code.lower(), cat.name.lower()):
            return cat.code, cat.name
    return None


def standings_page(
    final: Final, ev: FinalEvent, links: Links, category: tuple[str, str] | None = None
) -> str:
    by_id = {e.id: e for e in ev.entrants}
    tabs = [
        '<span class="on">总排名</span>'
        if category is None
        else f'<a href="{_e(links.standings(ev.code))}">总排名</a>'
    ]
    for cat in ev.categories:
        if not ev.category_standings.get(cat.code):
            continue
        if category is not None and cat.code == category[0]:
            tabs.append(f'<span class="on">{_e(cat.name)}</span>')
        else:
            tabs.append(f'<a href="{_e(links.standings(ev.code, cat.code))}">{_e(cat.name)}</a>')
    order = _tiebreaks(ev)
    rows: list[tuple[int, bool, EntrantId, float, dict[str, float]]] = []
    if category is None:
        rows = [(s.rank, s.shared, s.entrant, s.points, s.tiebreaks) for s in ev.standings.rows]
    else:
        rows = [
            (s.rank, s.shared, s.entrant, s.points, s.tiebreaks)
            for s in ev.category_standings.get(category[0], ())
        ]
    lines = []
    for rank, shared, entrant_id, points, tiebreaks in rows:
        entrant = by_id.get(entrant_id)
        if entrant is None:
            continue
        sub = entrant.unit or "、".join(entrant.members)
        unit = f'<span class="unit">{_e(sub)}</span>' if sub else ""
        tbs = "".join(f'<td class="n">{_e(fmt_points(tiebreaks.get(k)))}</td>' for k in order)
        lines.append(
            f'<tr><td class="n">{rank}{"=" if shared else ""}</td>'
            f'<td class="nm"><a href="{_e(links.player(ev.code, entrant.seed))}">'
            f'{_e(entrant.name)}</a>{unit}</td><td class="n"><b>{_e(fmt_points(points))}</b></td>{tbs}</tr>'
        )
    if category is None:  # 取消资格: listed after the ranking, no place
        for s in ev.standings.disqualified:
            entrant = by_id.get(s.entrant)
            if entrant is None:
                continue
            lines.append(
                f'<tr><td class="n">—</td><td class="nm"><a href="'
                f'{_e(links.player(ev.code, entrant.seed))}">{_e(entrant.name)}</a>'
                f'<span class="unit">{_e(withdrawal_note(entrant))}</span></td>'
                f'<td class="n">{_e(fmt_points(s.points))}</td>'
                + "".join(f'<td class="n">{_e(fmt_points(s.tiebreaks.get(k)))}</td>' for k in order)
                + "</tr>"
            )
    after = ev.standings.after_round
    heading = "积分排名" if category is None else f"{category[1]}排名"
    note = f"第{after}轮后" if after else "尚未有成绩"
    th = "".join(f'<th class="n">{_e(k)}</th>' for k in order)
    table = (
        f'<div class="scroll"><table><thead><tr><th class="n">名次</th><th>姓名</th>'
        f'<th class="n">积分</th>{th}</tr></thead><tbody>{"".join(lines)}</tbody></table></div>'
        if lines
        else '<p class="empty">暂无排名。</p>'
    )
    body = (
        f"<h1>{_e(ev.name)}</h1>{_event_tabs(ev, links, 'standings')}"
        f'<nav class="tabs">{"".join(tabs)}</nav>'
        f'<p class="note">{_e(heading)} · {note}</p>{table}'
    )
    return _page(final, links, f"{ev.name} {heading}", body, _e(ev.name))


def _tiebreaks(ev: FinalEvent) -> tuple[str, ...]:
    """The event's tie-breaks as the standings show them (points have their own column)."""
    return tuple(k for k in ev.standings.tiebreak_order if k != "积分")


def _record(g: FinalGame, number: int) -> GameRecord:
    result = None
    if g.result is not None:
        try:
            result = Result(g.result)
        except ValueError:
            result = None
    return GameRecord(number, g.table, g.first, g.second, result)


def player_games(
    ev: FinalEvent, entrant: FinalEntrant
) -> list[tuple[FinalRound, FinalGame | None, bool]]:
    """(round, the entrant's game or None, seated first) for every round of the event."""
    out: list[tuple[FinalRound, FinalGame | None, bool]] = []
    for rnd in ev.rounds:
        game = next((g for g in rnd.games if entrant.id in (g.first, g.second)), None)
        out.append((rnd, game, game is not None and game.first == entrant.id))
    return out


def player_page(final: Final, ev: FinalEvent, entrant: FinalEntrant, links: Links) -> str:
    by_id = {e.id: e for e in ev.entrants}
    first, second = _short_colours(final)
    scoring: Scoring = ev.scoring
    total = 0.0
    rows = []
    for rnd, game, is_first in player_games(ev, entrant):
        if game is None:
            rows.append(
                f'<tr><td class="n">{rnd.number}</td><td class="n"></td><td>未排</td>'
                f'<td class="c"></td><td class="c"></td><td class="n">{fmt_points(total)}</td></tr>'
            )
            continue
        if game.second is None:
            opponent_cell, colour = "<td>轮空</td>", ""
        else:
            other_id = game.second if is_first else game.first
            other = by_id.get(other_id)
            name = other.name if other else "?"
            href = links.player(ev.code, other.seed) if other else "#"
            opponent_cell = f'<td><a href="{_e(href)}">{_e(name)}</a></td>'
            colour = first if is_first else second
        record = _record(game, rnd.number)
        mine = ""
        if record.result is not None:
            gained = points_for(record, entrant.id, scoring)
            total += gained
            mine = _outcome_word(record.result, is_first, game.second is None)
        rows.append(
            f'<tr><td class="n">{rnd.number}</td><td class="n">{game.table}</td>{opponent_cell}'
            f'<td class="c">{_e(colour)}</td><td class="c">{_e(mine)}</td>'
            f'<td class="n">{_e(fmt_points(total) if record.result is not None else "")}</td></tr>'
        )
    standing = next((s for s in ev.standings.rows if s.entrant == entrant.id), None)
    facts = [f"<dt>序号</dt><dd>{entrant.seed}</dd>"]
    if entrant.members:
        facts.append(f"<dt>成员</dt><dd>{_e('、'.join(entrant.members))}</dd>")
    if entrant.unit:
        facts.append(f"<dt>单位</dt><dd>{_e(entrant.unit)}</dd>")
    if entrant.grade:
        facts.append(f"<dt>段位</dt><dd>{_e(entrant.grade)}</dd>")
    if entrant.status == EntrantStatus.WITHDRAWN:
        facts.append("<dt>状态</dt><dd>已退赛</dd>")
    elif entrant.status == EntrantStatus.DISQUALIFIED:
        facts.append(f"<dt>状态</dt><dd>{_e(withdrawal_note(entrant))}</dd>")
    if standing is not None and ev.standings.after_round:
        facts.append(
            f"<dt>名次</dt><dd>第{standing.rank}名{'（并列）' if standing.shared else ''}"
            f"（第{ev.standings.after_round}轮后）</dd>"
            f"<dt>积分</dt><dd>{_e(fmt_points(standing.points))}</dd>"
        )
        for key in _tiebreaks(ev):
            facts.append(
                f"<dt>{_e(key)}</dt><dd>{_e(fmt_points(standing.tiebreaks.get(key)))}</dd>"
            )
    table = (
        '<div class="scroll"><table><thead><tr><th class="n">轮</th><th class="n">台</th>'
        '<th>对手</th><th class="c">执</th><th class="c">结果</th><th class="n">累计积分</th>'
        f"</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
        if rows
        else '<p class="empty">尚未编排对阵。</p>'
    )
    body = (
        f"<h1>{_e(entrant.name)}</h1>{_event_tabs(ev, links, 'player')}"
        f'<dl class="facts">{"".join(facts)}</dl><h2>各轮对局</h2>{table}'
    )
    crumbs = f'<a href="{_e(links.standings(ev.code))}">{_e(ev.name)}</a>'
    return _page(final, links, f"{entrant.name}（{ev.name}）", body, crumbs)


_OUTCOME_WORDS: dict[Outcome, str] = {
    Outcome.WIN: "胜",
    Outcome.LOSS: "负",
    Outcome.DRAW: "和",
    Outcome.FORFEIT_WIN: "对方弃权",
    Outcome.FORFEIT_LOSS: "弃权",
    Outcome.NOT_PLAYED: "未赛",
    Outcome.BYE: "轮空",
}


def _outcome_word(result: Result, is_first: bool, bye: bool) -> str:
    if bye or result is Result.BYE:
        return "轮空"
    if result is Result.DOUBLE_FORFEIT:
        return "双弃权"
    return _OUTCOME_WORDS.get(result.outcome(is_first), "")


def crosstable_page(final: Final, ev: FinalEvent, links: Links) -> str:
    by_id = {e.id: e for e in ev.entrants}
    first, second = _short_colours(final)
    rank_of = {s.entrant: s for s in ev.standings.rows}
    gone = {s.entrant: s for s in ev.standings.disqualified}  # 取消资格
    order = [s.entrant for s in ev.standings.rows] or [e.id for e in ev.entrants]
    order += [i for i in gone if i not in order]
    head = "".join(f'<th class="c">{r.number}</th>' for r in ev.rounds)
    rows = []
    for entrant_id in order:
        entrant = by_id.get(entrant_id)
        if entrant is None:
            continue
        cells = []
        for _rnd, game, is_first in player_games(ev, entrant):
            if game is None:
                cells.append('<td class="c"></td>')
                continue
            if game.second is None:
                cells.append('<td class="c">轮空</td>')
                continue
            other = by_id.get(game.second if is_first else game.first)
            seed = str(other.seed) if other else "?"
            record = _record(game, 0)
            word = _outcome_word(record.result, is_first, False) if record.result else ""
            short = {"胜": "+", "负": "-", "和": "=", "对方弃权": "+弃", "弃权": "-弃"}.get(
                word, word
            )
            colour = first if is_first else second
            cells.append(f'<td class="c">{_e(seed)}{colour}{_e(short)}</td>')
        standing = rank_of.get(entrant_id)
        rank = f"{standing.rank}{'=' if standing.shared else ''}" if standing else ""
        if entrant_id in gone:
            standing, rank = gone[entrant_id], "取消资格"
        pts = fmt_points(standing.points) if standing else ""
        rows.append(
            f'<tr><td class="n">{rank}</td><td class="n">{entrant.seed}</td>'
            f'<td class="nm"><a href="{_e(links.player(ev.code, entrant.seed))}">'
            f"{_e(entrant.name)}</a></td>"
            f'{"".join(cells)}<td class="n"><b>{_e(pts)}</b></td></tr>'
        )
    body = (
        f"<h1>{_e(ev.name)}</h1>{_event_tabs(ev, links, 'crosstable')}"
        f'<p class="note">每格：对手序号、执{first}/{second}、结果（+ 胜，- 负，= 和）</p>'
        f'<div class="scroll"><table><thead><tr><th class="n">名次</th><th class="n">序号</th>'
        f'<th>姓名</th>{head}<th class="n">积分</th></tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )
    return _page(final, links, f"{ev.name} 对阵成绩表", body, _e(ev.name))


def prizes_page(final: Final, links: Links) -> str:
    groups: dict[tuple[str, str], list[str]] = {}
    names = {ev.code: ev.name for ev in final.events}
    for line in final.prizes:
        award = line.award
        key = (names.get(award.event, award.event), line.category_name or award.table_name)
        amount = f"{award.amount_fen / 100:.2f} 元" if award.amount_fen else ""
        who = line.name + (f"（{'、'.join(line.members)}）" if line.members else "")
        groups.setdefault(key, []).append(
            f'<tr><td class="n">{award.place}{"=" if award.shared else ""}</td>'
            f"<td>{_e(award.title)}</td><td>{_e(who)}"
            + (f'<span class="unit">{_e(line.unit)}</span>' if line.unit else "")
            + f'</td><td class="n">{_e(amount)}</td></tr>'
        )
    parts = []
    for (event_name, table_name), rows in groups.items():
        parts.append(
            f"<h2>{_e(event_name)} · {_e(table_name)}</h2>"
            '<div class="scroll"><table><thead><tr><th class="n">名次</th><th>奖项</th>'
            f'<th>获奖者</th><th class="n">奖金</th></tr></thead><tbody>{"".join(rows)}'
            "</tbody></table></div>"
        )
    body = "<h1>获奖名单</h1>" + ("".join(parts) or '<p class="empty">尚无获奖名单。</p>')
    return _page(final, links, "获奖名单", body, "获奖名单")


def not_found_page(message: str, links: Links | None = None) -> str:
    """A clear Chinese 404 (no tournament data needed)."""
    home = (links or Links()).index()
    return (
        '<!doctype html>\n<html lang="zh-CN"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>找不到页面</title><link rel="stylesheet" href="{_e((links or Links()).css())}">'
        f'</head><body><main><h1>找不到页面</h1><p class="empty">{_e(message)}</p>'
        f'<p><a href="{_e(home)}">返回赛事首页</a></p></main></body></html>\n'
    )


def event_by_code(final: Final, code: str) -> FinalEvent | None:
    return next((ev for ev in final.events if ev.code.lower() == code.lower()), None)


def entrant_by_seed(ev: FinalEvent, seed: int) -> FinalEntrant | None:
    return next((e for e in ev.entrants if e.seed == seed), None)


def site_pages(final: Final) -> dict[str, str]:
    """The static site: {file name: HTML or CSS}, every link relative and inside it."""
    links = Links(static=True)
    files: dict[str, str] = {"style.css": CSS, "index.html": index_page(final, links)}
    for ev in final.events:
        files[links.standings(ev.code)] = standings_page(final, ev, links)
        for cat in ev.categories:
            if ev.category_standings.get(cat.code):
                files[links.standings(ev.code, cat.code)] = standings_page(
                    final, ev, links, (cat.code, cat.name)
                )
        if ev.rounds:
            cross = links.crosstable(ev.code)
            assert cross is not None
            files[cross] = crosstable_page(final, ev, links)
            for rnd in ev.rounds:
                files[links.pairings(ev.code, rnd.number)] = pairings_page(
                    final, ev, rnd, links, search=False
                )
        else:
            files[links.pairings(ev.code, None)] = pairings_page(
                final, ev, None, links, search=False
            )
        for entrant in ev.entrants:
            files[links.player(ev.code, entrant.seed)] = player_page(final, ev, entrant, links)
    prizes = links.prizes()
    if prizes:
        files[prizes] = prizes_page(final, links)
    return files
