"""The local web server the tables' phones talk to, run in a background thread.

Why the standard library's `ThreadingHTTPServer` rather than a framework: five routes do not
need one; it adds nothing to install or to freeze into the Windows build; and it stops
cleanly from another thread (`shutdown()`), which is what a Qt window needs and where the
small WSGI servers are weakest (waitress, for one, has no supported way to stop a server
running in a thread). What it lacks we add here and test: a size limit on the request head
and body, a socket timeout, a cap on open connections, a per-client rate limit, a Host check
(against DNS rebinding), strict routing with one bland 404, and security headers (a CSP
that allows only our own script and style).

Routes: `GET /` (a landing page), `GET /static/<file>`, `GET /t/<token>` (the table's page),
`GET /t/<token>/state` (JSON: result on file, pending count), `POST /t/<token>` (JSON submit).
With `public=True` also the players' read-only pages (`app.web.public_server`): `/` lists
the events, `/e/<CODE>/pairings|standings|player/<seed>`, `/p/style.css`.

The modules: this one the server's life (start, stop, the Host check, the links locked);
`app.web.routes` the routes and the connections; `app.web.transport` the reading of a
request within its limits.
"""

from __future__ import annotations

import atexit
import ipaddress
import re
import socket
import threading
from collections.abc import Callable, Iterable

from app.errors import FinalsError
from app.services import link_locks, remote_entry
from app.services.link_locks import Lock
from app.services.remote_entry import (
    SubmissionView,
    SubmitOutcome,
    open_rounds,
)
from app.store.database import WRITE_WAIT_SECONDS, Database
from app.store.failures import StorageError
from app.web.limits import (
    Limits,
    RateLimiter,
)
from app.web.public_server import PublicPages
from app.web.qr import qr_png, qr_svg
from app.web.routes import _HTTPServer
from app.web.saving import SaveQueue
from app.web.transport import _printable, log

DEFAULT_PORT = 8765
_HOST = re.compile(r"\[([0-9A-Fa-f:.]+)\](?::([0-9]{1,5}))?|([A-Za-z0-9.-]+)(?::([0-9]{1,5}))?")
_HOST_NAME = re.compile(
    r"(?!-)[a-z0-9-]{1,63}(?<!-)(?:\.(?!-)[a-z0-9-]{1,63}(?<!-))*", re.IGNORECASE | re.ASCII
)


def check_host_name(name: str) -> str:
    """A host name the phones may use for this computer (a name the venue's router or DNS
    gives it, e.g. `finals.lan`), lower case; FinalsError (Chinese) when it is not one."""
    plain = name.strip().lower()
    plain = plain[:-1] if plain.endswith(".") else plain
    if len(plain) > 253 or not _HOST_NAME.fullmatch(plain):
        raise FinalsError(
            f"主机名“{name}”无效：请写手机访问本机所用的名字，如 finals.lan"
            "（只含字母、数字、连字符和点，不带端口和 http://）。"
        )
    return plain


def _plain(
    address: ipaddress.IPv4Address | ipaddress.IPv6Address,
) -> ipaddress.IPv4Address | ipaddress.IPv6Address:
    """An IPv4 address reached over IPv6 (::ffff:a.b.c.d) is that IPv4 address."""
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def local_addresses() -> list[str]:
    """This computer's IPv4 addresses, the venue network's first and loopback last."""
    found: list[str] = []
    try:
        probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            probe.connect(("10.255.255.255", 1))  # no packet is sent: picks the default route
            found.append(probe.getsockname()[0])
        finally:
            probe.close()
    except OSError:
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    except OSError:
        pass
    unique = [a for i, a in enumerate(found) if a not in found[:i] and not a.startswith("127.")]
    return unique + ["127.0.0.1"]


class RemoteEntryServer:
    """Result entry from the tables' phones, served from a background thread.

    Give it the open tournament file and the address the arbiter chose. `start()` returns
    the URL; `stop()` ends it (also called at program exit, and by itself when every round
    it serves is complete if `stop_when_rounds_close`). `on_submission(outcome)` is called
    from a server thread after each submission is stored (a Qt window should re-emit it as
    a signal); `on_stopped(reason)` when it stops ("stopped" or "rounds_closed").
    """

    def __init__(
        self,
        db: Database,
        host: str,
        port: int = DEFAULT_PORT,
        *,
        pin: str | None = None,
        auto_accept: bool = False,
        scope: Iterable[tuple[str, int]] | None = None,
        operator: str = "",
        limits: Limits | None = None,
        on_submission: Callable[[SubmitOutcome], None] | None = None,
        on_stopped: Callable[[str], None] | None = None,
        on_locked: Callable[[tuple[str, int, int]], None] | None = None,
        stop_when_rounds_close: bool = True,
        watch_interval: float = 2.0,
        remember_url: bool = True,
        host_name: str | None = None,
        public: bool = False,
    ) -> None:
        self.db = db
        # The players' read-only pages (`finals serve --public`); None: not served (404).
        self.public_pages: PublicPages | None = PublicPages(db) if public else None
        self.host = host
        self.port = port
        self.host_name = check_host_name(host_name) if host_name is not None else None
        self.pin = pin or None
        self.auto_accept = auto_accept
        self.scope = None if scope is None else tuple((c, int(n)) for c, n in scope)
        self.operator = operator
        self.limits = limits or Limits()
        self.limiter = RateLimiter(self.limits.rate, self.limits.burst)
        # The links locked (by token); the wrong PINs are counted in the file (`link_locks`).
        self.locks: dict[str, Lock] = {}
        self._locks_lock = threading.Lock()
        self.on_locked = on_locked  # called with (event, round, table) when a link locks
        self.on_submission = on_submission
        self.on_stopped = on_stopped
        self.stop_when_rounds_close = stop_when_rounds_close
        self.watch_interval = watch_interval
        self.remember_url = remember_url
        # What the Host header may name (with our port): set by start().
        self.allowed_addresses: set[ipaddress.IPv4Address | ipaddress.IPv6Address] = set()
        self.any_address = False  # bound to every address: also the one each client reached
        self.received = 0
        self.database_down = False  # an outage is logged once, when it begins and ends
        self.stop_reason: str | None = None
        self._httpd: _HTTPServer | None = None
        self.saver = SaveQueue(self._saved)  # the phones' results, saved one after another
        self._thread: threading.Thread | None = None
        self._watcher: threading.Thread | None = None
        self._stopping = False
        self._stopped = threading.Event()  # set once fully stopped
        self._wake = threading.Event()  # wakes the watcher
        self._stop_lock = threading.Lock()
        self._count_lock = threading.Lock()

    # --- life ---------------------------------------------------------------------------

    def host_allowed(self, header: str | None, local: str = "") -> bool:
        """Whether a request's Host header names this server: one of the addresses it
        listens on (bound to every address: the machine's own, and the one this connection
        reached, `local`), or the configured host name; with its port. Anything else is a
        name a stranger's page made the browser use (DNS rebinding): refused (421)."""
        found = _HOST.fullmatch((header or "").strip())
        if found is None:
            return False
        name = (found.group(1) or found.group(3)).lower()
        port = found.group(2) or found.group(4)
        if (int(port) if port else 80) != self.port:
            return False
        if self.host_name is not None and name.rstrip(".") == self.host_name:
            return True
        try:
            address = _plain(ipaddress.ip_address(name))
        except ValueError:
            return False
        if address in self.allowed_addresses:
            return True
        if self.any_address and local:
            try:
                return address == _plain(ipaddress.ip_address(local.split("%", 1)[0]))
            except ValueError:
                return False
        return False

    @property
    def public(self) -> bool:
        return self.public_pages is not None

    @property
    def running(self) -> bool:
        return self._httpd is not None and not self._stopping

    @property
    def url(self) -> str:
        host = self.host
        if host in ("0.0.0.0", "::"):
            host = local_addresses()[0]
        shown = f"[{host}]" if ":" in host else host
        return f"http://{shown}:{self.port}/"

    def start(self) -> str:
        if self._httpd is not None:
            raise FinalsError("现场录入服务已经在运行。")
        try:
            ipaddress.ip_address(self.host)
        except ValueError as exc:
            raise FinalsError(
                f"监听地址“{self.host}”无效：请写本机的 IP 地址，如 "
                + "、".join(local_addresses())
                + "。"
            ) from exc
        # With the players' pages the server stays up between rounds (standings, pairings).
        watch = self.stop_when_rounds_close and self.public_pages is None
        if watch and not open_rounds(self.db, self.scope):
            raise FinalsError(
                "没有等待录入成绩的轮次（本轮已全部录入，或尚未编排）。请先编排下一轮。"
            )
        try:
            self._httpd = _HTTPServer((self.host, self.port), self)
        except OSError as exc:
            reason = exc.strerror or str(exc)
            raise FinalsError(
                f"无法在 {self.host}:{self.port} 启动现场录入服务：{reason}。"
                "请换一个端口，或确认该地址属于本机（可用：" + "、".join(local_addresses()) + "）。"
            ) from exc
        self.port = int(self._httpd.server_address[1])
        bound = _plain(ipaddress.ip_address(self.host))
        self.any_address = bound.is_unspecified
        if self.any_address:  # the machine's own addresses, checked as strictly as one
            own = local_addresses() + (["::1"] if bound.version == 6 else [])
            self.allowed_addresses = {_plain(ipaddress.ip_address(a)) for a in own}
        else:
            self.allowed_addresses = {bound}
        if self.saver.closed:  # started again after a stop
            self.saver = SaveQueue(self._saved)
        self._stopping = False
        self._stopped.clear()
        self._wake.clear()
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, args=(0.25,), name="finals-web", daemon=True
        )
        self._thread.start()
        if watch:
            self._watcher = threading.Thread(
                target=self._watch, name="finals-web-watch", daemon=True
            )
            self._watcher.start()
        if self.public_pages is not None:
            threading.Thread(
                target=self._warm, args=(self.public_pages,), name="finals-warm", daemon=True
            ).start()
        atexit.register(self.stop)
        if self.remember_url:
            try:
                remote_entry.remember_base_url(self.db, self.url, self.operator)
            except FinalsError:
                log.warning("could not remember the server address")
        log.info("serving result entry on %s", self.url)
        return self.url

    def stop(self, reason: str = "stopped") -> None:
        """Stop serving (idempotent, from any thread but the server's own). The results it
        holds are saved first (their phones may ask meanwhile); what the file, still busy,
        does not take is refused to them and named in the log."""
        if self._httpd is not None and not self._stopping:
            self.saver.close(WRITE_WAIT_SECONDS + 5)
        with self._stop_lock:
            httpd = self._httpd
            if httpd is None or self._stopping:
                return
            self._stopping = True
            self.stop_reason = reason
        self._wake.set()
        httpd.pool.close()
        httpd.shutdown()
        httpd.server_close()
        if self._thread is not None:
            self._thread.join(5)
        if self._watcher is not None and self._watcher is not threading.current_thread():
            self._watcher.join(5)
        atexit.unregister(self.stop)
        log.info("result entry stopped (%s)", reason)
        if self.on_stopped is not None:
            try:
                self.on_stopped(reason)
            except Exception:
                log.exception("on_stopped callback failed")
        self._stopped.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the server stops (True) or `timeout` passes (False)."""
        return self._stopped.wait(timeout)

    def _watch(self) -> None:
        while not self._wake.wait(self.watch_interval):
            try:
                rounds = open_rounds(self.db, self.scope)
            except StorageError as exc:
                self.database_failed(exc.message)
                continue
            except Exception as exc:
                self.database_failed(f"{exc.__class__.__name__}: {exc}")
                log.debug("watching the rounds failed", exc_info=True)
                continue
            self.database_ok()
            if not rounds:
                self.stop("rounds_closed")
                return

    def database_failed(self, details: str) -> None:
        """The database failed a request or a look at the rounds: one line for the arbiter
        when an outage begins, however often it fails until it ends (`database_ok`)."""
        with self._count_lock:
            began, self.database_down = not self.database_down, True
        if began:
            log.error("database unavailable, phones cannot save: %s", _printable(details, 500))

    def database_ok(self) -> None:
        """The database answered: one line for the arbiter if it had been unavailable."""
        if not self.database_down:
            return
        with self._count_lock:
            ended, self.database_down = self.database_down, False
        if ended:
            log.warning("database reachable again: phones can save")

    @staticmethod
    def _warm(pages: PublicPages) -> None:
        try:
            pages.warm()
        except Exception:
            log.exception("building the players' pages ahead failed")

    def wrong_pin(self, token: str) -> None:
        """A wrong PIN for a table's link, counted in the file (whichever server, before a
        restart too): at `Limits.pin_tries` within `pin_window` the link locks, recorded in
        the audit log and told to the arbiter (`on_locked`)."""
        limits = self.limits
        wrong, held = link_locks.wrong_pin(
            self.db, token, limits.pin_tries, limits.pin_window, self.operator
        )
        if held is None:
            return
        with self._locks_lock:
            self.locks[token] = held
        log.warning(
            "%s round %d table %d: link locked after %d wrong PINs",
            held.event,
            held.round,
            held.table,
            wrong,
        )
        if self.on_locked is not None:
            try:
                self.on_locked((held.event, held.round, held.table))
            except Exception:
                log.exception("on_locked callback failed")

    def link_locked(self, token: str) -> bool:
        """Whether a table's link is locked (and not lifted since, here or by another
        program: the audit log says)."""
        held = self.locks.get(token)
        if held is None:
            # Locked by a server before this one (a restart): the file says so.
            held = link_locks.held(self.db, token)
            if held is None:
                return False
            with self._locks_lock:
                self.locks.setdefault(token, held)
            return True
        if not link_locks.lifted_since(self.db, held):
            return True
        with self._locks_lock:
            self.locks.pop(token, None)
        log.warning("%s round %d table %d: link unlocked", held.event, held.round, held.table)
        return False

    def locked_links(self) -> list[tuple[str, int, int]]:
        """The table links locked now: (event, round, table), for the window."""
        return sorted((h.event, h.round, h.table) for h in list(self.locks.values()))

    def unlock(self, event: str, round_number: int, tables: list[int], operator: str = "") -> None:
        """The arbiter lifts the lock of these tables' links (audited once)."""
        link_locks.lift(self.db, event, round_number, tables, operator or self.operator)
        for token, held in list(self.locks.items()):
            if (held.event, held.round) == (event, round_number) and held.table in tables:
                self.link_locked(token)

    def _saved(self, outcome: SubmitOutcome) -> None:
        """A phone's result saved (by the save queue's thread)."""
        self.database_ok()
        self.arrived(outcome)

    def arrived(self, outcome: SubmitOutcome) -> None:
        with self._count_lock:
            self.received += 1
        if self.on_submission is not None:
            try:
                self.on_submission(outcome)
            except Exception:
                log.exception("on_submission callback failed")

    # --- for the window -----------------------------------------------------------------

    def qr_png(self, scale: int = 8) -> bytes:
        """A PNG QR code of the server's address (for the window to show)."""
        return qr_png(self.url, scale)

    def qr_svg(self, scale: int = 4) -> str:
        return qr_svg(self.url, scale)

    def table_urls(self, event_code: str, round_number: int | None = None) -> dict[int, str]:
        """{table: phone URL} on this server, tokens created where missing."""
        remote_entry.ensure_tokens(self.db, event_code, round_number, self.operator)
        return remote_entry.tokens_for_round(self.db, event_code, round_number, self.url)

    def pending(self) -> list[SubmissionView]:
        return remote_entry.list_submissions(self.db, "pending")

    def accept(
        self, submission_id: int, operator: str | None = None, force: bool = False
    ) -> SubmissionView:
        return remote_entry.accept(self.db, submission_id, operator or self.operator, force)

    def reject(
        self, submission_id: int, operator: str | None = None, reason: str | None = None
    ) -> SubmissionView:
        return remote_entry.reject(self.db, submission_id, operator or self.operator, reason)
