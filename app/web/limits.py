"""What one client may send: request sizes and time, a per-client rate limit, connection caps."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """Defaults suit one referee per phone on a venue's Wi-Fi."""

    max_body: int = 2048  # bytes of a submission (a real one is < 200)
    max_head: int = 8192  # bytes of request line + headers
    rate: float = 2.0  # requests per second per client, sustained
    burst: int = 40  # requests a client may make at once
    failure_cost: int = 10  # a 404 or a wrong PIN costs this many requests (no guessing)
    max_connections: int = 64  # open connections at once; more get 503
    # Open connections from one address at once; more get 429, so that one phone, or one
    # attacker, never takes them all (a phone's browser opens up to 6). 0: 16, or a quarter
    # of max_connections when that is more (never more than max_connections).
    max_per_client: int = 0
    timeout: float = 10.0  # seconds a connection may stay silent
    # Seconds to receive a whole request, head and body, from its first byte, however slowly
    # it trickles in (the silence before that first byte is `timeout`).
    request_deadline: float = 10.0

    def __post_init__(self) -> None:
        for name in ("max_body", "max_head", "burst", "max_connections"):
            if getattr(self, name) < 1:
                raise ValueError(f"Limits.{name} must be 1 or more")
        for name in ("rate", "timeout", "request_deadline"):
            if not getattr(self, name) > 0:
                raise ValueError(f"Limits.{name} must be more than 0")
        if self.failure_cost < 0 or self.max_per_client < 0:
            raise ValueError("Limits.failure_cost and max_per_client may not be negative")
        if self.max_per_client == 0:
            share = min(self.max_connections, max(16, self.max_connections // 4))
            object.__setattr__(self, "max_per_client", share)


class RateLimiter:
    """A token bucket per client address (thread-safe)."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def allow(self, client: str, cost: float = 1.0) -> bool:
        now = time.monotonic()
        with self._lock:
            level, since = self._buckets.get(client, (self.burst, now))
            level = min(self.burst, level + (now - since) * self.rate)
            ok = level >= cost
            if ok:
                level -= cost
            self._buckets[client] = (level, now)
            if len(self._buckets) > 10_000:  # forget clients whose bucket refilled
                full = [
                    k
                    for k, (lv, t) in self._buckets.items()
                    if lv + (now - t) * self.rate >= self.burst
                ]
                for key in full:
                    del self._buckets[key]
            return ok

    def charge(self, client: str, cost: float) -> None:
        """Take `cost` more from a client (may go below zero: they wait longer)."""
        now = time.monotonic()
        with self._lock:
            level, since = self._buckets.get(client, (self.burst, now))
            level = min(self.burst, level + (now - since) * self.rate) - cost
            self._buckets[client] = (max(level, -self.burst), now)
