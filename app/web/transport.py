"""The phone server's HTTP transport: reading a request within its limits (`_Reader`),
the request grammar a browser sends, refusing a connection before it is read.
"""

from __future__ import annotations

import json
import logging
import re
import socket
import time
from collections.abc import Callable
from typing import Any

from app.web.limits import (
    Limits,
)

log = logging.getLogger("finals.web")


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


_BUSY = _refusal(503, "Service Unavailable", "服务器繁忙，请稍等几秒再试。")
_TOO_MANY_FROM_YOU = _refusal(429, "Too Many Requests", "本机连接太多，请稍等几秒再试。")


def _shed(request: socket.socket) -> None:
    """End a connection shed for a newcomer: its handler's wait on it returns at once."""
    try:
        request.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass


# A request line as browsers send it: method, one space, target, one space, HTTP/1.x.
_TOKEN = rb"[!#$%&'*+.^_`|~0-9A-Za-z-]+"
_REQUEST_LINE = re.compile(_TOKEN + rb" [!-~]+ HTTP/1\.[0-9]\r?\n")
_FIELD_NAME = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")
_BAD_VALUE = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")
_SINGLE = ("Host", "Content-Length", "Content-Type", "Transfer-Encoding", "Origin", "Expect")
_DIGITS = re.compile(r"[0-9]+")  # ASCII only: str.isdigit() is true for '²' and '٣'
MAX_JSON_DEPTH = 4  # a submission is an object holding one short list


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
