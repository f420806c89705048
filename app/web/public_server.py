"""The players' pages on the venue server (`finals serve --public`): routing and a cache.

Read-only and token-free: `/` (the events), `/e/<CODE>/pairings` (`?round=N`, `?q=`),
`/e/<CODE>/standings` (`?category=`), `/e/<CODE>/player/<seed>`, and `/p/style.css`. Each
answer is rendered by `app.web.public` from the read model (`load_final`: one query while
the file is unchanged) and kept per file revision, so a result shows as soon as it is
accepted (the revision changes) and a page asked for again costs a dictionary look-up.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from dataclasses import dataclass
from urllib.parse import parse_qs

from app.readmodel.load import load_final
from app.readmodel.model import Final
from app.store.database import Database
from app.web import public

_EVENT_PAGE = re.compile(r"^/e/([A-Za-z0-9_-]{1,32})/(pairings|standings|player/([0-9]{1,6}))$")
CSS_PATH = "/p/style.css"
_KEEP = 512  # rendered pages kept (of the current revision)


@dataclass(frozen=True)
class Answer:
    status: int  # 200 or 404
    body: bytes
    content_type: str = "text/html; charset=utf-8"


def is_public_path(path: str) -> bool:
    return path == "/" or path == CSS_PATH or _EVENT_PAGE.match(path) is not None


class PublicPages:
    """Answers the players' pages of one open file (thread-safe)."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.links = public.Links()
        self._cache: OrderedDict[tuple[int, str, str], Answer] = OrderedDict()
        self._lock = threading.Lock()

    def answer(self, path: str, query: str) -> Answer | None:
        """The page at `path` (None: not one of ours)."""
        if path == CSS_PATH:
            return Answer(200, public.CSS.encode("utf-8"), "text/css; charset=utf-8")
        if not is_public_path(path):
            return None
        final = load_final(self.db)
        key = (final.revision, path, query[:200])
        with self._lock:
            found = self._cache.get(key)
            if found is not None:
                self._cache.move_to_end(key)
                return found
        answer = self._render(final, path, query)
        with self._lock:
            stale = [k for k in self._cache if k[0] != final.revision]
            for old in stale:
                del self._cache[old]
            self._cache[key] = answer
            while len(self._cache) > _KEEP:
                self._cache.popitem(last=False)
        return answer

    def _missing(self, message: str) -> Answer:
        return Answer(404, public.not_found_page(message, self.links).encode("utf-8"))

    def _render(self, final: Final, path: str, query: str) -> Answer:
        links = self.links
        if path == "/":
            return Answer(200, public.index_page(final, links, referees=True).encode("utf-8"))
        match = _EVENT_PAGE.match(path)
        assert match is not None
        ev = public.event_by_code(final, match.group(1))
        if ev is None:
            return self._missing(f"没有项目“{match.group(1)}”。请从赛事首页选择项目。")
        try:
            params = parse_qs(query, keep_blank_values=True, max_num_fields=8)
        except ValueError:
            params = {}

        def param(name: str) -> str | None:
            values = params.get(name)
            return values[0] if values else None

        page = match.group(2)
        if page == "pairings":
            number_text = param("round")
            number = None
            if number_text:
                if not number_text.isascii() or not number_text.isdigit() or len(number_text) > 4:
                    return self._missing(f"轮次“{number_text[:20]}”无效。")
                number = int(number_text)
            rnd = public.find_round(ev, number)
            if number is not None and rnd is None:
                return self._missing(f"{ev.name}第{number}轮尚未编排。")
            text = public.pairings_page(final, ev, rnd, links, param("q") or "")
            return Answer(200, text.encode("utf-8"))
        if page == "standings":
            wanted = param("category")
            category = public.category_of(ev, wanted) if wanted else None
            if wanted and category is None:
                names = "、".join(c.code for c in ev.categories) or "无"
                return self._missing(f"{ev.name}没有组别“{wanted[:20]}”（可选：{names}）。")
            return Answer(200, public.standings_page(final, ev, links, category).encode("utf-8"))
        seed = int(match.group(3))
        entrant = public.entrant_by_seed(ev, seed)
        if entrant is None:
            return self._missing(f"{ev.name}没有序号为 {seed} 的选手。")
        return Answer(200, public.player_page(final, ev, entrant, links).encode("utf-8"))
