"""The phone pages: templates from `resources/web`, every value HTML-escaped.

Templates hold `{{name}}` placeholders; `render` fills each with `html.escape(value)`, so a
player or unit name can never become markup. The page's script reads its data from
`data-*` attributes (escaped the same way) and writes with `textContent` only.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache

from app.domain import Result
from app.resources import resource_path
from app.services.remote_entry import TablePage
from app.web.limits import Limits

STATIC = {  # the only files the server hands out, with their types
    "style.css": "text/css; charset=utf-8",
    "table.js": "text/javascript; charset=utf-8",
}
MANNERS = {
    "go": ("中盘胜", "超时胜", "犯规判负", "数子胜"),
    "gomoku": ("连五", "认输", "禁手判负", "超时判负"),
}
PHONE_RESULTS = (
    Result.FIRST_WINS,
    Result.SECOND_WINS,
    Result.DRAW,
    Result.SECOND_WINS_BY_FORFEIT,
    Result.FIRST_WINS_BY_FORFEIT,
    Result.DOUBLE_FORFEIT,
)
"""The result buttons of a table's page, in order (a phone never enters 0-0 or a bye)."""
_BUTTON_CLASS = {
    Result.FIRST_WINS: "win-black",
    Result.SECOND_WINS: "win-white",
    Result.DRAW: "draw",
}
_PLACEHOLDER = re.compile(r"\{\{(\w+)\}\}")


@lru_cache(maxsize=8)
def _template(name: str) -> str:
    return resource_path("web", name).read_text(encoding="utf-8")


@lru_cache(maxsize=8)
def static_file(name: str) -> bytes | None:
    if name not in STATIC:
        return None
    return resource_path("web", name).read_bytes()


def render(name: str, values: dict[str, object]) -> bytes:
    """Fill a template; an unknown placeholder is a programming error, not a blank."""

    def fill(match: re.Match[str]) -> str:
        key = match.group(1)
        if key.startswith("raw_"):  # pre-built markup whose parts were escaped
            return str(values[key])
        return html.escape(str(values[key]), quote=True)

    return _PLACEHOLDER.sub(fill, _template(name)).encode("utf-8")


def result_words(result: str | None) -> str:
    """A result in the phone's words (the core's, Go colours, forfeits explained):
    "1-0" → 黑胜, "+-" → 白弃权（黑胜）; an unknown text is shown as it is."""
    if result is None:
        return ""
    try:
        return Result(result).words_zh("黑", "白", explain=True)
    except ValueError:
        return result or ""


def result_buttons_html(page: TablePage) -> str:
    """The result buttons in the core's words; the winner's name under a win, the winner's
    colour under a forfeit. `data-words` is what the submit button says."""
    buttons = []
    # Go with komi 3又3/4子: a game has no draw, so no draw button (a posted "=" is refused).
    shown = [r for r in PHONE_RESULTS if page.draws or r is not Result.DRAW]
    for result in shown:
        if result is Result.FIRST_WINS:
            small = html.escape(page.first.name)
        elif result is Result.SECOND_WINS:
            small = html.escape(page.second.name)
        elif result is Result.DRAW:
            small = html.escape(result.value)
        elif result is Result.FIRST_WINS_BY_FORFEIT:
            small = Result.FIRST_WINS.words_zh("黑", "白")
        elif result is Result.SECOND_WINS_BY_FORFEIT:
            small = Result.SECOND_WINS.words_zh("黑", "白")
        else:
            small = "&nbsp;"
        css = _BUTTON_CLASS.get(result, "forfeit")
        if len(shown) % 2 and result is shown[-1]:
            css += " wide"  # two buttons a row: the odd one out takes the whole row
        words = html.escape(result_words(result.value), quote=True)
        buttons.append(
            f'<button type="button" class="res {css}" data-result="{html.escape(result.value)}" '
            f'data-words="{words}"><b>{html.escape(result.words_zh("黑", "白"))}</b>'
            f"<small>{small}</small></button>"
        )
    return "\n".join(buttons)


def table_html(page: TablePage, pin_required: bool, wait: float = Limits().page_wait) -> bytes:
    """The table's page; `wait`: seconds it waits for the server's answer to a submission
    (`Limits.page_wait`: longer than the server takes to answer)."""
    chips = "".join(
        f'<button type="button" class="chip" data-manner="{html.escape(m)}">{html.escape(m)}</button>'
        for m in MANNERS.get(page.game, MANNERS["go"])
    )
    recorded = page.recorded or ""
    return render(
        "table.html",
        {
            "title": page.title,
            "event_name": page.event_name,
            "round": page.round,
            "table": page.table,
            "game": page.game,
            "first_name": page.first.name,
            "first_unit": page.first.unit or "",
            "second_name": page.second.name,
            "second_unit": page.second.unit or "",
            "opening": f"开局：{page.opening}" if page.opening else "",
            "recorded": recorded,
            "recorded_words": result_words(recorded),
            "pending": page.pending,
            "pin": "1" if pin_required else "",
            "seats": page.seats,
            "wait_ms": str(int(wait * 1000)),
            "fouls_open": "open" if page.game == "gomoku" else "",
            "raw_chips": chips,
            # for the template: {{raw_result_buttons}} in place of its six written-out buttons
            "raw_result_buttons": result_buttons_html(page),
        },
    )


def index_html() -> bytes:
    return render("index.html", {})


def not_found_html() -> bytes:
    return render("notfound.html", {})
