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
import threading
from collections.abc import Callable, Iterable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit

from app.errors import FinalsError
from app.services import remote_entry
from app.services.remote_entry import (
    SubmissionView,
    SubmitOutcome,
    TableChanged,
    TokenNotFound,
    open_rounds,
    table_page,
)
from app.store.database import Database
from app.web import pages
from app.web.limits import Limits, RateLimiter
from app.web.qr import qr_png, qr_svg

log = logging.getLogger("finals.web")

DEFAULT_PORT = 8765
_TABLE = re.compile(r"^/t/([A-Za-z0-9_-]{16,64})(/state)?$")
_STATIC = re.compile(r"^/static/([a-z]+\.[a-z]+)$")
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
       "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")


class _HeadTooLarge(Exception):
    pass


class _Budget:
    """The request stream, allowing at most `remaining` bytes of request line and headers."""

    def __init__(self, raw: Any) -> None:
        self.raw = raw
        self.remaining = 0

    def readline(self, limit: int = -1) -> bytes:
        want = self.remaining + 1 if limit < 0 else min(limit, self.remaining + 1)
        line: bytes = self.raw.readline(want)
        if len(line) > self.remaining:
            raise _HeadTooLarge()
        self.remaining -= len(line)
        return line

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)


class _HTTPServer(ThreadingHTTPServer):
    daemon_threads = True
    # SO_REUSEADDR on Windows lets another program take over the port: keep it POSIX-only.
    allow_reuse_address = os.name != "nt"
    request_queue_size = 64

    def __init__(self, address: tuple[str, int], app: RemoteEntryServer) -> None:
        self.address_family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET
        self.app = app
        self.limits = app.limits
        self.slots = threading.BoundedSemaphore(app.limits.max_connections)
        super().__init__(address, _Handler)

    def process_request(self, request: Any, client_address: Any) -> None:
        if not self.slots.acquire(blocking=False):
            try:
                request.sendall(b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n"
                                b"Retry-After: 2\r\nConnection: close\r\n\r\n")
            except OSError:
                pass
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except Exception:
            self.slots.release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()

    def handle_error(self, request: Any, client_address: Any) -> None:
        log.exception("request from %s failed", client_address[0] if client_address else "?")


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "FinalsManager"
    sys_version = ""
    server: _HTTPServer

    # --- plumbing ----------------------------------------------------------------------

    def setup(self) -> None:
        self.timeout = self.server.limits.timeout  # type: ignore[misc]
        super().setup()
        try:
            self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        except OSError:
            pass
        self.rfile = _Budget(self.rfile)  # type: ignore[assignment]

    def handle_one_request(self) -> None:
        self.rfile.remaining = self.server.limits.max_head  # type: ignore[attr-defined]
        try:
            super().handle_one_request()
        except _HeadTooLarge:
            self.close_connection = True
            try:
                self.wfile.write(b"HTTP/1.1 431 Request Header Fields Too Large\r\n"
                                 b"Content-Length: 0\r\nConnection: close\r\n\r\n")
            except OSError:
                pass

    def version_string(self) -> str:
        return self.server_version  # no Python version for strangers

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        log.debug("%s %s", self.client_address[0], format % args)

    def _send(self, code: int, body: bytes, content_type: str,
              extra: dict[str, str] | None = None) -> None:
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
        self.server.app.limiter.charge(self.client_address[0], self.server.limits.failure_cost)
        self._html(404, pages.not_found_html())

    def _error(self, code: int, message: str, close: bool = False) -> None:
        if close:
            self.close_connection = True
        self._json(code, {"error": message})

    def _host_ok(self) -> bool:
        allowed = self.server.app.allowed_hosts
        return allowed is None or (self.headers.get("Host") or "").lower() in allowed

    # --- routing -----------------------------------------------------------------------

    def do_GET(self) -> None:  # noqa: N802
        self._dispatch()

    def do_HEAD(self) -> None:  # noqa: N802
        self._dispatch()

    def do_POST(self) -> None:  # noqa: N802
        self._dispatch()

    def _dispatch(self) -> None:
        app = self.server.app
        client = self.client_address[0]
        try:
            if not app.running:
                self.close_connection = True
                return self._not_found()
            if not app.limiter.allow(client):
                self.close_connection = True
                return self._json(429, {"error": "请求太频繁，请稍等几秒再试。"}, {"Retry-After": "5"})
            if not self._host_ok():
                return self._error(421, "地址不符。", close=True)
            path = urlsplit(self.path).path
            post = self.command == "POST"
            if self.headers.get("Transfer-Encoding") or (
                    not post and self.headers.get("Content-Length", "0") != "0"):
                self.close_connection = True  # a body we will not read: end the connection
            table = _TABLE.match(path)
            if post and (table is None or table.group(2)):
                self.close_connection = True  # only a submission's body is ever read
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
            if state:
                return self._json(200, {"recorded": page.recorded, "pending": page.pending,
                                        "seats": page.seats})
            return self._html(200, pages.table_html(page, bool(app.pin)))
        except TokenNotFound:
            return self._not_found()
        except TableChanged as exc:
            return self._error(409, exc.message)
        except FinalsError as exc:
            return self._error(400, exc.message)
        except (ConnectionError, TimeoutError):
            self.close_connection = True
        except Exception:
            log.exception("internal error for %s %s", self.command, self.path)
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
        if not length_text.isdigit():
            return self._error(400, "请求长度无效。", close=True)
        length = int(length_text)
        if length > limits.max_body:
            return self._error(413, "提交的内容太大。", close=True)
        origin = self.headers.get("Origin")
        if origin is not None and origin.lower() != f"http://{self.headers.get('Host', '')}".lower():
            return self._error(403, "来源不符。", close=True)
        content_type = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        body = self.rfile.raw.read(length) if length else b""  # type: ignore[attr-defined]
        if len(body) != length:
            self.close_connection = True
            return
        if content_type != "application/json":
            return self._error(415, "请用本页面提交成绩。")
        try:
            data = json.loads(body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            return self._error(400, "提交的内容格式错误。")
        if not isinstance(data, dict):
            return self._error(400, "提交的内容格式错误。")
        if app.pin is not None:
            given = data.get("pin")
            if not isinstance(given, str) or not hmac.compare_digest(
                    given.encode("utf-8"), app.pin.encode("utf-8")):
                table_page(app.db, token, app.scope)  # a wrong token is still just a 404
                app.limiter.charge(self.client_address[0], limits.failure_cost)
                log.warning("wrong referee PIN from %s", self.client_address[0])
                return self._error(403, "裁判口令不正确。")
        seats = data.get("seats")
        if not isinstance(seats, str):
            table_page(app.db, token, app.scope)  # a wrong token is still just a 404
            return self._error(400, "提交缺少本台对阵信息。请刷新页面后重新提交。")
        outcome = remote_entry.submit(
            app.db, token, data.get("result"), data.get("manner"), data.get("fouls"),
            client=self.client_address[0], auto_accept=app.auto_accept, scope=app.scope,
            operator=app.operator, seats=seats,
        )
        app.arrived(outcome)
        self._json(200, {"status": outcome.status, "submission": outcome.submission,
                         "message": outcome.message})


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
        self, db: Database, host: str, port: int = DEFAULT_PORT, *, pin: str | None = None,
        auto_accept: bool = False, scope: Iterable[tuple[str, int]] | None = None,
        operator: str = "", limits: Limits | None = None,
        on_submission: Callable[[SubmitOutcome], None] | None = None,
        on_stopped: Callable[[str], None] | None = None,
        stop_when_rounds_close: bool = True, watch_interval: float = 2.0,
        remember_url: bool = True,
    ) -> None:
        self.db = db
        self.host = host
        self.port = port
        self.pin = pin or None
        self.auto_accept = auto_accept
        self.scope = None if scope is None else tuple((c, int(n)) for c, n in scope)
        self.operator = operator
        self.limits = limits or Limits()
        self.limiter = RateLimiter(self.limits.rate, self.limits.burst)
        self.on_submission = on_submission
        self.on_stopped = on_stopped
        self.stop_when_rounds_close = stop_when_rounds_close
        self.watch_interval = watch_interval
        self.remember_url = remember_url
        self.allowed_hosts: set[str] | None = None
        self.received = 0
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
                + "、".join(local_addresses()) + "。") from exc
        if self.stop_when_rounds_close and not open_rounds(self.db, self.scope):
            raise FinalsError("没有等待录入成绩的轮次（本轮已全部录入，或尚未编排）。请先编排下一轮。")
        try:
            self._httpd = _HTTPServer((self.host, self.port), self)
        except OSError as exc:
            reason = exc.strerror or str(exc)
            raise FinalsError(
                f"无法在 {self.host}:{self.port} 启动现场录入服务：{reason}。"
                "请换一个端口，或确认该地址属于本机（可用："
                + "、".join(local_addresses()) + "）。") from exc
        self.port = int(self._httpd.server_address[1])
        shown = f"[{self.host}]" if ":" in self.host else self.host
        if self.host in ("0.0.0.0", "::"):
            self.allowed_hosts = None  # every address of the machine: no single Host to expect
        else:
            self.allowed_hosts = {f"{shown}:{self.port}".lower()}
            if self.port == 80:
                self.allowed_hosts.add(shown.lower())
        self._stopping = False
        self._stopped.clear()
        self._wake.clear()
        self._thread = threading.Thread(target=self._httpd.serve_forever, args=(0.25,),
                                        name="finals-web", daemon=True)
        self._thread.start()
        if self.stop_when_rounds_close:
            self._watcher = threading.Thread(target=self._watch, name="finals-web-watch",
                                             daemon=True)
            self._watcher.start()
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
                if not open_rounds(self.db, self.scope):
                    self.stop("rounds_closed")
                    return
            except Exception:
                log.exception("watching the rounds failed")

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

    def accept(self, submission_id: int, operator: str | None = None,
               force: bool = False) -> SubmissionView:
        return remote_entry.accept(self.db, submission_id, operator or self.operator, force)

    def reject(self, submission_id: int, operator: str | None = None,
               reason: str | None = None) -> SubmissionView:
        return remote_entry.reject(self.db, submission_id, operator or self.operator, reason)
