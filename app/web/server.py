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
"""

from __future__ import annotations

import atexit
import hmac
import ipaddress
import json
import logging
import os
import re
import socket
import sys
import threading
import time
from collections.abc import Callable, Iterable
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from app.errors import FinalsError
from app.services import link_locks, remote_entry
from app.services.link_locks import Lock
from app.services.remote_entry import (
    SubmissionView,
    SubmitOutcome,
    TableChanged,
    TokenNotFound,
    open_rounds,
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
    PinGuard,
    RateLimiter,
    Slot,
)
from app.web.public_server import PublicPages
from app.web.qr import qr_png, qr_svg

log = logging.getLogger("finals.web")

DEFAULT_PORT = 8765
_TABLE = re.compile(r"^/t/([A-Za-z0-9_-]{16,64})(/state)?$")
_STATIC = re.compile(r"^/static/([a-z]+\.[a-z]+)$")
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)


class _HeadTooLarge(Exception):
    """The request line and headers are longer than `Limits.max_head` (answered 431)."""


class _SlowRequest(TimeoutError):
    """A request that began did not arrive in time (answered 408)."""


class _Reader:
    """The request stream, read straight from the socket.

    The request line and headers may be at most `max_head` bytes (`begin` resets the budget),
    and a whole request, head and body, must arrive within `Limits.request_deadline` of its
    first byte however slowly the bytes trickle in: each wait on the socket is at most the
    time left, so one byte every few seconds never keeps a connection (the socket timeout
    alone restarts with every byte). Before a request's first byte a connection may stay
    silent for `Limits.timeout`. (The clock does not start at the connection's opening: a
    browser opens connections ahead of need, and its request must not find half its time
    gone.)
    """

    def __init__(
        self, sock: socket.socket, limits: Limits, on_first_byte: Callable[[], object]
    ) -> None:
        self.sock = sock
        self.on_first_byte = on_first_byte  # the pool notes the connection receiving
        self.idle = limits.timeout
        self.allowance = limits.request_deadline
        self.max_head = limits.max_head
        self.head_left = limits.max_head
        self.buffer = bytearray()
        self.deadline: float | None = None  # set by the request's first byte
        self.started = False  # a byte of the current request has arrived

    def begin(self) -> None:
        """A new request starts (its clock with its first byte, perhaps already here)."""
        self.head_left = self.max_head
        self.started = bool(self.buffer)
        self.deadline = time.monotonic() + self.allowance if self.started else None

    def _fill(self) -> bool:
        wait = self.idle
        if self.deadline is not None:
            wait = min(wait, self.deadline - time.monotonic())
        if wait <= 0:
            raise _SlowRequest() if self.started else TimeoutError()
        self.sock.settimeout(wait)
        try:
            chunk = self.sock.recv(16384)
        except TimeoutError:
            raise _SlowRequest() if self.started else TimeoutError() from None
        finally:
            self.sock.settimeout(self.idle)  # what writes wait for
        if not chunk:
            return False
        if self.deadline is None:
            self.deadline = time.monotonic() + self.allowance
            self.on_first_byte()
        self.started = True
        self.buffer += chunk
        return True

    def readline(self, limit: int = -1) -> bytes:
        """A line of the request head (never more than the head's budget + 1 bytes)."""
        cap = self.head_left + 1 if limit < 0 else min(limit, self.head_left + 1)
        while True:
            end = self.buffer.find(b"\n", 0, cap)
            if end >= 0:
                size = end + 1
                break
            if len(self.buffer) >= cap or not self._fill():
                size = min(len(self.buffer), cap)
                break
        line = bytes(self.buffer[:size])
        del self.buffer[:size]
        if len(line) > self.head_left:
            raise _HeadTooLarge()
        self.head_left -= len(line)
        return line

    def read(self, size: int) -> bytes:
        """Up to `size` bytes of the body (fewer when the client ends the connection)."""
        while len(self.buffer) < size and self._fill():
            pass
        data = bytes(self.buffer[:size])
        del self.buffer[:size]
        return data

    def close(self) -> None:
        self.buffer.clear()


def _client_key(client_address: Any) -> str:
    """The client's address as the limits count it (an IPv4 client of a `::` server is its
    IPv4 address)."""
    address = str(client_address[0]) if client_address else "?"
    return address[7:] if address.startswith("::ffff:") and "." in address else address


def _printable(text: str, limit: int = 200) -> str:
    """Text from a stranger made safe for a one-line log entry."""
    shown = "".join(c if c.isprintable() else ascii(c)[1:-1] for c in text[:limit])
    return shown + ("…" if len(text) > limit else "")


def _refusal(code: int, reason: str, message: str) -> bytes:
    body = json.dumps({"error": message}, ensure_ascii=False).encode("utf-8")
    return (
        f"HTTP/1.1 {code} {reason}\r\nContent-Type: application/json; charset=utf-8\r\n"
        f"Content-Length: {len(body)}\r\nRetry-After: 5\r\nConnection: close\r\n\r\n"
    ).encode("ascii") + body


SAVE_LATER = "暂时无法保存，成绩未提交，请稍后重试"
READ_LATER = "暂时无法读取本台信息，请稍后重试"
LINK_LOCKED = "本台链接因裁判口令错误次数过多已被锁定，成绩未提交。请联系裁判长解除锁定。"
_BUSY = _refusal(503, "Service Unavailable", "服务器繁忙，请稍等几秒再试。")
_TOO_MANY_FROM_YOU = _refusal(429, "Too Many Requests", "本机连接太多，请稍等几秒再试。")


def _shed(request: socket.socket) -> None:
    """End a connection shed for a newcomer: its handler's wait on it returns at once."""
    try:
        request.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass


class _HTTPServer(ThreadingHTTPServer):
    daemon_threads = True
    # SO_REUSEADDR on Windows lets another program take over the port: keep it POSIX-only.
    allow_reuse_address = os.name != "nt"
    request_queue_size = 64

    def __init__(self, address: tuple[str, int], app: RemoteEntryServer) -> None:
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
        if isinstance(slot, str):
            self._refuse(request, who, _BUSY if slot == "busy" else _TOO_MANY_FROM_YOU)
            return
        self.slots[id(request)] = slot
        try:
            super().process_request(request, client_address)
        except Exception:
            self._release(request)
            raise

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


# A request line as browsers send it: method, one space, target, one space, HTTP/1.x.
_TOKEN = rb"[!#$%&'*+.^_`|~0-9A-Za-z-]+"
_REQUEST_LINE = re.compile(_TOKEN + rb" [!-~]+ HTTP/1\.[0-9]\r?\n")
_FIELD_NAME = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")
_BAD_VALUE = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")
_SINGLE = ("Host", "Content-Length", "Content-Type", "Transfer-Encoding", "Origin", "Expect")
_DIGITS = re.compile(r"[0-9]+")  # ASCII only: str.isdigit() is true for '²' and '٣'
MAX_JSON_DEPTH = 4  # a submission is an object holding one short list
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


def _json_depth(text: str) -> int:
    """How deeply arrays and objects nest in a JSON text (strings skipped): checked before
    parsing, so that `[[[[…` is refused without reaching Python's recursion limit."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _valid_text(value: Any) -> bool:
    """No lone surrogates (`"\\ud800"` is valid JSON, but not text) anywhere in the data."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return False
        return True
    if isinstance(value, dict):
        return all(_valid_text(k) and _valid_text(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_valid_text(v) for v in value)
    return True


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
            page = table_page(app.db, token, app.scope)
            app.database_ok()
            if state:
                return self._json(
                    200, {"recorded": page.recorded, "pending": page.pending, "seats": page.seats}
                )
            return self._html(200, pages.table_html(page, bool(app.pin)))
        except TokenNotFound:
            app.database_ok()
            return self._not_found()
        except TableChanged as exc:
            return self._error(409, exc.message)
        except StorageError as exc:
            # The database (a server gone away, a full disk...): the details, which name the
            # server, its user and socket, are for the arbiter's log; the phone is told that
            # nothing was saved and to try again.
            app.database_failed(exc.message)
            self.close_connection = True
            return self._json(
                503,
                {"error": SAVE_LATER if post else READ_LATER},
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
        outcome = remote_entry.submit(
            app.db,
            token,
            data.get("result"),
            data.get("manner"),
            data.get("fouls"),
            client=self.client,
            auto_accept=app.auto_accept,
            scope=app.scope,
            operator=app.operator,
            seats=seats,
        )
        app.database_ok()
        app.arrived(outcome)
        self._json(
            200,
            {
                "status": outcome.status,
                "submission": outcome.submission,
                "message": outcome.message,
            },
        )


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
        # Wrong PINs per table link, whatever the address; the links locked (by token).
        self.pin_guard = PinGuard(self.limits.pin_tries, self.limits.pin_window)
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
        """Stop serving (idempotent, from any thread but the server's own)."""
        with self._stop_lock:
            httpd = self._httpd
            if httpd is None or self._stopping:
                return
            self._stopping = True
            self.stop_reason = reason
        self._wake.set()
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
        """A wrong PIN for a table's link: at the guard's count the link locks, recorded in
        the audit log and told to the arbiter (`on_locked`)."""
        wrong = self.pin_guard.wrong(token)
        if wrong < self.limits.pin_tries:
            return
        with self._locks_lock:
            if token in self.locks:
                return
            held = link_locks.lock(self.db, token, wrong, self.operator)
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
            return False
        if not link_locks.lifted_since(self.db, held):
            return True
        with self._locks_lock:
            self.locks.pop(token, None)
        self.pin_guard.forget(token)
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
