"""The players' pages on the venue server (`finals serve --public`): routing and a cache.

Read-only and token-free: `/` (the events), `/e/<CODE>/pairings` (`?round=N`, `?q=`),
`/e/<CODE>/standings` (`?category=`), `/e/<CODE>/player/<seed>`, and `/p/style.css`. Each
answer is rendered by `app.web.public` from the read model (`load_final`: one query while
the file is unchanged) and kept per file revision, so a page asked for again costs a
dictionary look-up.

A result shows as soon as it is accepted: the revision changes, and the read model is built
again. One thread builds it (in the background), at most every `REBUILD_EVERY` seconds;
the request that starts a build waits for it up to `FRESH_WAIT`, and requests meanwhile are
answered from the final built before: with results arriving every second at the end of
a round, 200 requests a second are never stuck behind rebuilds of a 360-player final, and a
result is on the pages within a second of being accepted.
"""

from __future__ import annotations

import logging
import re
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from urllib.parse import parse_qs

from app.pinyin import readings
from app.readmodel.model import Final
from app.services.read_model import load_final
from app.store.database import Database
from app.web import public

log = logging.getLogger("finals.web")
_EVENT_PAGE = re.compile(r"^/e/([A-Za-z0-9_-]{1,32})/(pairings|standings|player/([0-9]{1,6}))$")
CSS_PATH = "/p/style.css"
_KEEP = 512  # rendered pages kept (of the current revision)
FRESH_WAIT = 0.1  # seconds a request waits for the final of a new revision
REBUILD_EVERY = 0.75  # seconds between builds of the read model (at most)


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
        self._final: Final | None = None
        self._building: threading.Event | None = None  # set when the running build ends
        self._built_at = float("-inf")  # time.monotonic() when the last build ended

    def warm(self) -> None:
        """Build the read model and the names' pinyin ahead of the first player."""
        final = self.final()
        for ev in final.events:
            for entrant in ev.entrants:
                for name in (entrant.name, *entrant.members):
                    readings(name)

    def final(self) -> Final:
        """The final of the file's revision now; while another thread builds it, the one
        built before (after waiting up to FRESH_WAIT)."""
        current = self._final
        if current is not None:
            revision = self.db.revision()
            if revision is not None and revision == current.revision:
                return current
        wait = current is None
        with self._lock:
            done = self._building
            if done is None:
                done = self._building = threading.Event()
                delay = max(0.0, self._built_at + REBUILD_EVERY - time.monotonic())
                wait = wait or delay == 0  # the request that starts a build waits for it
                threading.Thread(
                    target=self._build,
                    args=(done, 0.0 if current is None else delay),
                    name="finals-public-build",
                    daemon=True,
                ).start()
        if current is None:
            done.wait()
        elif wait:
            done.wait(FRESH_WAIT)
        return self._final or load_final(self.db)

    def _build(self, done: threading.Event, delay: float) -> None:
        try:
            if delay:
                time.sleep(delay)
            final = load_final(self.db)
            with self._lock:
                if self._final is None or final.revision >= self._final.revision:
                    self._final = final
        except Exception:  # the waiting request builds it itself and reports the fault
            log.exception("building the players' pages failed")
        finally:
            with self._lock:
                self._building = None
                self._built_at = time.monotonic()
            done.set()

    def answer(self, path: str, query: str) -> Answer | None:
        """The page at `path` (None: not one of ours)."""
        if path == CSS_PATH:
            return Answer(200, public.CSS.encode("utf-8"), "text/css; charset=utf-8")
        if not is_public_path(path):
            return None
        final = self.final()
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
