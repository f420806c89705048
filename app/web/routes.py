"""The phone server's routes and its connections: the landing page, the static files, a
table's page, its state and its submission (`_Handler`), and the players' pages when
public.  The server that runs them is `app.web.server.RemoteEntryServer`.
"""

from __future__ import annotations

import hmac
import json
import os
import re
import socket
import sys
import threading
import time
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Protocol

from app.errors import FinalsError
from app.services import remote_entry
from app.services.remote_entry import (
    SubmitOutcome,
    TableChanged,
    TokenNotFound,
    table_page,
)
from app.store.database import Database
from app.store.failures import StorageError
from app.web import pages
from app.web.limits import (
    BUSY,
    IDLE,
    READING,
    ConnectionPool,
    Limits,
    RateLimiter,
    Slot,
)
from app.web.public_server import PublicPages
from app.web.saving import SaveQueue, StillSaving, Stopping
from app.web.transport import (
    _BAD_VALUE,
    _BUSY,
    _DIGITS,
    _FIELD_NAME,
    _REQUEST_LINE,
    _SINGLE,
    _TOO_MANY_FROM_YOU,
    MAX_JSON_DEPTH,
    _client_key,
    _HeadTooLarge,
    _json_depth,
    _printable,
    _Reader,
    _shed,
    _SlowRequest,
    _valid_text,
    log,
)


class EntryApp(Protocol):
    """What the routes use of the server that runs them (`app.web.server.RemoteEntryServer`):
    the routes sit below it, it starts them."""

    db: Database
    limits: Limits
    limiter: RateLimiter
    public_pages: PublicPages | None
    pin: str | None
    auto_accept: bool
    scope: tuple[tuple[str, int], ...] | None
    operator: str
    saver: SaveQueue

    @property
    def running(self) -> bool: ...
    def host_allowed(self, header: str | None, local: str = "") -> bool: ...
    def database_failed(self, details: str) -> None: ...
    def database_ok(self) -> None: ...
    def wrong_pin(self, token: str) -> None: ...
    def link_locked(self, token: str) -> bool: ...


_TABLE = re.compile(r"^/t/([A-Za-z0-9_-]{16,64})(/state|/saving/([A-Za-z0-9_-]{8,32}))?$")
_STATIC = re.compile(r"^/static/([a-z]+\.[a-z]+)$")
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)


SAVE_LATER = "暂时无法保存，成绩未提交，请稍后重试"
READ_LATER = "暂时无法读取本台信息，请稍后重试"
HELD = "已收到，正在保存……请勿关闭本页，保存后本页会显示结果。"
NOT_CONFIRMED = "服务器未能确认这次提交是否已保存。请再次提交（同一成绩不会重复记录）。"
STOPPING = "现场录入服务正在停止，成绩未提交。请联系裁判长。"
LINK_LOCKED = "本台链接因裁判口令错误次数过多已被锁定，成绩未提交。请联系裁判长解除锁定。"
ERROR_WORDS = {
    400: "请求格式错误。",
    404: "链接无效或已过期。",
    408: "请求超时，请重试。",
    411: "请求缺少长度。",
    413: "提交的内容太大。",
    414: "请求地址太长。",
    421: "地址不符。",
    429: "请求太频繁，请稍等几秒再试。",
    431: "请求头太大。",
    501: "不支持的请求方法。",
}


class _HTTPServer(ThreadingHTTPServer):
    daemon_threads = True
    # SO_REUSEADDR on Windows lets another program take over the port: keep it POSIX-only.
    allow_reuse_address = os.name != "nt"
    request_queue_size = 512  # a burst of phones waits in the backlog, not refused by it

    def __init__(self, address: tuple[str, int], app: EntryApp) -> None:
        self.address_family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET
        self.app = app
        self.limits = app.limits
        self.pool = ConnectionPool(
            app.limits.max_connections, app.limits.max_per_client, app.limits.for_newcomers
        )
        self.slots: dict[int, Slot] = {}  # by the request socket's id(), for its handler
        self._warned: dict[str, float] = {}
        super().__init__(address, _Handler)

    def process_request(self, request: Any, client_address: Any) -> None:
        """Take the connection in, unless all the connections are taken (503) or its address
        already holds its share of them (429): then answered at once and closed. With the
        pool full an idle or stalled connection may be shed for it (`ConnectionPool`)."""
        who = _client_key(client_address)
        slot = self.pool.admit(who, lambda: _shed(request))
        if slot == "busy" and self.pool.may_wait(who, self.limits.max_waiting):
            # Every slot is being answered (a burst of phones): this one waits for a slot
            # in its own thread, the listening one goes on taking connections in.
            threading.Thread(
                target=self._wait_for_slot,
                args=(request, client_address, who),
                name="finals-web-waiting",
                daemon=True,
            ).start()
            return
        if isinstance(slot, str):
            self._refuse(request, who, _BUSY if slot == "busy" else _TOO_MANY_FROM_YOU)
            return
        self.slots[id(request)] = slot
        try:
            super().process_request(request, client_address)
        except Exception:
            self._release(request)
            raise

    def _wait_for_slot(self, request: Any, client_address: Any, who: str) -> None:
        slot = self.pool.admit_waiting(who, lambda: _shed(request), self.limits.slot_wait)
        if isinstance(slot, str):
            self._refuse(request, who, _BUSY if slot == "busy" else _TOO_MANY_FROM_YOU)
            return
        self.slots[id(request)] = slot
        self.process_request_thread(request, client_address)

    def _refuse(self, request: Any, who: str, refusal: bytes) -> None:
        try:
            request.sendall(refusal)
        except OSError:
            pass
        self.shutdown_request(request)
        now = time.monotonic()
        if now - self._warned.get(who, -60.0) >= 60:  # one line a minute, not one a refusal
            if len(self._warned) > 1000:
                self._warned = {k: t for k, t in self._warned.items() if now - t < 60}
            self._warned[who] = now
            why = "too many connections from it" if refusal is _TOO_MANY_FROM_YOU else "server busy"
            log.warning("connections from %s refused: %s", who, why)

    def _release(self, request: Any) -> None:
        slot = self.slots.pop(id(request), None)
        if slot is not None:
            self.pool.release(slot)

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._release(request)

    def handle_error(self, request: Any, client_address: Any) -> None:
        """One line on the console, never a traceback (that goes to the debug log)."""
        exc = sys.exc_info()[1]
        who = _client_key(client_address)
        if isinstance(exc, OSError):
            log.info("connection from %s ended: %s", who, exc.__class__.__name__)
            return
        log.error(
            "request from %s failed: %s: %s", who, exc.__class__.__name__, _printable(str(exc))
        )
        log.debug("request from %s failed", who, exc_info=True)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    default_request_version = "HTTP/1.1"  # an error before the version is known still has one
    server_version = "FinalsManager"
    sys_version = ""
    server: _HTTPServer
    rfile: _Reader  # type: ignore[assignment]

    # --- plumbing ----------------------------------------------------------------------

    def setup(self) -> None:
        self.timeout = self.server.limits.timeout  # type: ignore[misc]
        super().setup()
        try:
            self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        except OSError:
            pass
        self.rfile.close()  # the buffered reader: ours replaces it
        self.slot = self.server.slots.get(id(self.request))
        self.rfile = _Reader(self.connection, self.server.limits, lambda: self._mark(READING))
        self.client = _client_key(self.client_address)

    def _mark(self, state: str) -> bool:
        """Tell the pool what this connection does; False: it was shed (end it, unanswered)."""
        return self.slot is None or self.server.pool.mark(self.slot, state)

    def handle_one_request(self) -> None:
        """One request: read within its budget and deadline, parsed strictly, answered.
        Whatever a client sends, the answer is a 4xx (501 for an unknown method) or the
        connection ends: never a traceback."""
        self.command = None  # type: ignore[assignment]
        self.requestline = ""
        self.request_version = self.default_request_version
        self.expect_continue = False
        self.rfile.begin()
        if not self._mark(READING if self.rfile.started else IDLE):
            self.close_connection = True
            return
        try:
            self.raw_requestline = self.rfile.readline(65537)
            if not self.raw_requestline:
                self.close_connection = True
                return
            if not self.parse_request():
                return
            # A submission's body is still to come (`_submit` marks it busy once read).
            if self.command != "POST" and not self._mark(BUSY):
                self.close_connection = True  # shed while its request arrived: unanswered
                return
            method = getattr(self, "do_" + self.command, None)
            if method is None:
                self.send_error(HTTPStatus.NOT_IMPLEMENTED, "unsupported method")
                return
            method()
            self.wfile.flush()
        except _HeadTooLarge:
            self.send_error(HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE, "request head too large")
        except _SlowRequest:
            self.send_error(HTTPStatus.REQUEST_TIMEOUT, "request not complete in time")
        except (TimeoutError, ConnectionError):
            self.close_connection = True  # silent, or gone: nobody to answer

    def parse_request(self) -> bool:
        line = self.raw_requestline
        self.close_connection = True
        self.requestline = line.decode("latin-1").rstrip("\r\n")
        if not line.strip():
            return False  # a bare line break: end quietly
        if not _REQUEST_LINE.fullmatch(line):  # HTTP/0.9, HTTP/2, stray spaces, binary...
            self.send_error(HTTPStatus.BAD_REQUEST, "bad request line")
            return False
        if not super().parse_request():
            return False
        problem = self._header_problem()
        if problem:
            self.send_error(HTTPStatus.BAD_REQUEST, problem)
            return False
        return True

    def _header_problem(self) -> str | None:
        headers = self.headers
        if headers.defects or headers.get_payload():
            return "malformed header lines"
        for name, value in headers.items():
            if not _FIELD_NAME.fullmatch(name) or _BAD_VALUE.search(value):
                return "malformed header " + name
        for name in _SINGLE:
            if len(headers.get_all(name) or ()) > 1:
                return "repeated header " + name
        return None

    def handle_expect_100(self) -> bool:
        self.expect_continue = True  # "100 Continue" only once the body is known to be wanted
        return True

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """Every refusal: a short Chinese JSON answer with our headers, and the end of the
        connection (what follows a bad request cannot be trusted to be a request)."""
        self.close_connection = True
        self.log_error("code %d, %s", int(code), message or "")
        try:
            self._json(int(code), {"error": ERROR_WORDS.get(int(code), "请求无效。")})
        except OSError:
            pass

    def version_string(self) -> str:
        return self.server_version  # no Python version for strangers

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        log.debug("%s %s", self.client_address[0], _printable(format % args))

    def _send(
        self, code: int, body: bytes, content_type: str, extra: dict[str, str] | None = None
    ) -> None:
        self.send_response(code)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("X-Frame-Options", "DENY")
        self.send_header("Content-Security-Policy", CSP)
        for key, value in (extra or {}).items():
            self.send_header(key, value)
        if self.close_connection:
            self.send_header("Connection", "close")
        # Head and body in one write: no Nagle/delayed-ACK stall between them.
        self._headers_buffer.append(b"\r\n")  # type: ignore[attr-defined]
        if self.command != "HEAD":
            self._headers_buffer.append(body)  # type: ignore[attr-defined]
        self.flush_headers()

    def _json(self, code: int, data: dict[str, Any], extra: dict[str, str] | None = None) -> None:
        body = json.dumps(data, ensure_ascii=False).encode("utf-8")
        self._send(code, body, "application/json; charset=utf-8", extra)

    def _html(self, code: int, body: bytes) -> None:
        self._send(code, body, "text/html; charset=utf-8")

    def _not_found(self) -> None:
        """The one answer to anything unknown, wrong or expired: costly to repeat."""
        self.server.app.limiter.charge(self.client, self.server.limits.failure_cost)
        self._html(404, pages.not_found_html())

    def _error(self, code: int, message: str, close: bool = False) -> None:
        if close:
            self.close_connection = True
        self._json(code, {"error": message})

    def _host_ok(self) -> bool:
        try:
            local = str(self.connection.getsockname()[0])
        except OSError:
            local = ""
        return self.server.app.host_allowed(self.headers.get("Host"), local)

    # --- routing -----------------------------------------------------------------------

    def do_GET(self) -> None:  # noqa: N802
        self._dispatch()

    def do_HEAD(self) -> None:  # noqa: N802
        self._dispatch()

    def do_POST(self) -> None:  # noqa: N802
        self._dispatch()

    def _dispatch(self) -> None:
        app = self.server.app
        client = self.client
        post = self.command == "POST"
        try:
            if not app.running:
                self.close_connection = True
                return self._not_found()
            if not app.limiter.allow(client):
                self.close_connection = True
                return self._json(
                    429, {"error": "请求太频繁，请稍等几秒再试。"}, {"Retry-After": "5"}
                )
            if not self._host_ok():
                return self._error(421, "地址不符。", close=True)
            # Only origin-form targets ("/path?query") name anything here; "*" and
            # absolute URIs name nothing of ours.
            path = self.path.split("?", 1)[0] if self.path.startswith("/") else ""
            if self.headers.get("Transfer-Encoding") or (
                not post and self.headers.get("Content-Length", "0") != "0"
            ):
                self.close_connection = True  # a body we will not read: end the connection
            table = _TABLE.match(path)
            if post and (table is None or table.group(2)):
                self.close_connection = True  # only a submission's body is ever read
            if app.public_pages is not None and not post:
                public = app.public_pages.answer(path, self.path.partition("?")[2])
                if public is not None:
                    if public.status == 404:  # as costly to repeat as any unknown address
                        app.limiter.charge(client, self.server.limits.failure_cost)
                    return self._send(public.status, public.body, public.content_type)
            if path == "/" and not post:
                return self._html(200, pages.index_html())
            static = _STATIC.match(path)
            if static and not post:
                data = pages.static_file(static.group(1))
                if data is None:
                    return self._not_found()
                return self._send(200, data, pages.STATIC[static.group(1)])
            if table is None:
                return self._not_found()
            token, state = table.group(1), table.group(2)
            if post and not state:
                return self._submit(token)
            if post:
                return self._not_found()
            if table.group(3):
                return self._receipt(token, table.group(3))
            page = table_page(app.db, token, app.scope)
            app.database_ok()
            if state:
                return self._json(
                    200, {"recorded": page.recorded, "pending": page.pending, "seats": page.seats}
                )
            return self._html(200, pages.table_html(page, bool(app.pin), app.limits.page_wait))
        except TokenNotFound:
            app.database_ok()
            return self._not_found()
        except TableChanged as exc:
            return self._error(409, exc.message)
        except Stopping:
            self.close_connection = True
            return self._json(503, {"error": STOPPING})
        except StorageError as exc:
            # The database (a server gone away, a full disk...): the details, which name the
            # server, its user and socket, are for the arbiter's log; the phone is told that
            # nothing was saved and to try again.
            app.database_failed(exc.message)
            self.close_connection = True
            return self._json(
                503,
                {"error": SAVE_LATER if post or "/saving/" in path else READ_LATER},
                {"Retry-After": "5"},
            )
        except FinalsError as exc:
            return self._error(400, exc.message)
        except _SlowRequest:
            return self.send_error(HTTPStatus.REQUEST_TIMEOUT, "body not complete in time")
        except (ConnectionError, TimeoutError):
            self.close_connection = True
        except Exception as exc:
            # A fault of ours, not of the request: one line on the console, the traceback
            # in the debug log, and the phone told that nothing was saved.
            log.error(
                "internal error for %s %s: %s: %s",
                self.command,
                _printable(self.path),
                exc.__class__.__name__,
                _printable(str(exc)),
            )
            log.debug(
                "internal error for %s %s", self.command, _printable(self.path), exc_info=True
            )
            self.close_connection = True
            try:
                self._error(500, "服务器内部错误，成绩未保存。请告知裁判长。")
            except OSError:
                pass

    def _submit(self, token: str) -> None:
        app = self.server.app
        limits = self.server.limits
        if self.headers.get("Transfer-Encoding"):
            return self._error(411, "请求缺少长度。", close=True)
        length_text = self.headers.get("Content-Length")
        if length_text is None:
            return self._error(411, "请求缺少长度。", close=True)
        length_text = length_text.strip(" \t")
        if not _DIGITS.fullmatch(length_text):
            return self._error(400, "请求长度无效。", close=True)
        if len(length_text) > 9 or int(length_text) > limits.max_body:
            return self._error(413, "提交的内容太大。", close=True)
        length = int(length_text)
        origin = self.headers.get("Origin")
        if (
            origin is not None
            and origin.lower() != f"http://{self.headers.get('Host', '')}".lower()
        ):
            return self._error(403, "来源不符。", close=True)
        content_type = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        if self.expect_continue and length:
            self.wfile.write(b"HTTP/1.1 100 Continue\r\n\r\n")
            self.wfile.flush()
        body = self.rfile.read(length) if length else b""
        if len(body) != length or not self._mark(BUSY):
            self.close_connection = True  # ended, or shed while the body trickled in
            return
        if content_type != "application/json":
            return self._error(415, "请用本页面提交成绩。")
        try:
            text = body.decode("utf-8")
            if _json_depth(text) > MAX_JSON_DEPTH:
                raise ValueError("nested too deeply")
            data = json.loads(text)
        except (UnicodeDecodeError, ValueError, RecursionError):
            return self._error(400, "提交的内容格式错误。")
        if not isinstance(data, dict) or not _valid_text(data):
            return self._error(400, "提交的内容格式错误。")
        if app.pin is not None:
            if app.link_locked(token):  # even the right PIN: a guess must never be confirmed
                return self._error(423, LINK_LOCKED)
            given = data.get("pin")
            if not isinstance(given, str) or not hmac.compare_digest(
                given.encode("utf-8"), app.pin.encode("utf-8")
            ):
                table_page(app.db, token, app.scope)  # a wrong token is still just a 404
                app.limiter.charge(self.client, limits.failure_cost)
                log.warning("wrong referee PIN from %s", self.client)
                app.wrong_pin(token)
                return self._error(403, "裁判口令不正确。")
        seats = data.get("seats")
        if not isinstance(seats, str):
            table_page(app.db, token, app.scope)  # a wrong token is still just a 404
            return self._error(400, "提交缺少本台对阵信息。请刷新页面后重新提交。")
        result, manner, fouls = data.get("result"), data.get("manner"), data.get("fouls")

        def save() -> SubmitOutcome:
            return remote_entry.submit(
                app.db,
                token,
                result,
                manner,
                fouls,
                client=self.client,
                auto_accept=app.auto_accept,
                scope=app.scope,
                operator=app.operator,
                seats=seats,
            )

        try:
            outcome = app.saver.save(token, save, limits.answer_wait)
        except StillSaving as held:
            # Another writer holds the file: the result is queued, saved when it is free.
            return self._json(202, {"status": "saving", "receipt": held.receipt, "message": HELD})
        self._answer(outcome)

    def _answer(self, outcome: SubmitOutcome) -> None:
        self._json(
            200,
            {
                "status": outcome.status,
                "submission": outcome.submission,
                "message": outcome.message,
            },
        )

    def _receipt(self, token: str, receipt: str) -> None:
        """What became of a result the server held (202): still saving (202), saved (200 as
        the submission would have been answered), refused (its refusal), or unknown to this
        server (410: a restart; the phone is told to send again)."""
        held = self.server.app.saver.find(token, receipt)
        if held is None:
            return self._error(410, NOT_CONFIRMED)
        if not held.done.is_set():
            return self._json(202, {"status": "saving", "receipt": receipt, "message": HELD})
        self._answer(held.result())  # its error raised: answered as the submission's
