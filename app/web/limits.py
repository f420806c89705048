"""What one client may send: request sizes and time, a per-client rate limit, connection caps."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field


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
    # Slots only an address holding no connection may take (a referee's phone arriving while
    # other devices hold the rest). -1: a quarter of max_connections.
    for_newcomers: int = -1
    # Wrong referee PINs one table's link may see within `pin_window` seconds, from however
    # many addresses (counted in the file, across restarts and servers); then it is locked
    # until the arbiter lifts it.
    pin_tries: int = 10
    pin_window: float = 600.0
    timeout: float = 10.0  # seconds a connection may stay silent
    # Seconds to receive a whole request, head and body, from its first byte, however slowly
    # it trickles in (the silence before that first byte is `timeout`).
    request_deadline: float = 10.0
    # Seconds a submission waits for its save before its phone is told 202 已收到，正在保存
    # (another writer holds the file): the phone then asks by its receipt; the result stays
    # queued, tried again while the file is only busy (`app.web.saving`).
    answer_wait: float = 3.0
    # Seconds a new connection waits for a slot when every one is being answered (a burst
    # of phones) rather than being told 503 at once; at most `max_waiting` wait (-1: four
    # times max_connections), more get 503.
    slot_wait: float = 10.0
    max_waiting: int = -1

    @property
    def page_wait(self) -> float:
        """Seconds the table's page waits for an answer to its submission: longer than the
        server can take to give one (a slot, the request, the save's wait), so a phone is
        never told of a timeout the server would have answered."""
        return self.slot_wait + self.request_deadline + self.answer_wait + 5.0

    def __post_init__(self) -> None:
        for name in ("max_body", "max_head", "burst", "max_connections", "pin_tries"):
            if getattr(self, name) < 1:
                raise ValueError(f"Limits.{name} must be 1 or more")
        for name in ("rate", "timeout", "request_deadline", "pin_window", "answer_wait"):
            if not getattr(self, name) > 0:
                raise ValueError(f"Limits.{name} must be more than 0")
        if self.slot_wait < 0:
            raise ValueError("Limits.slot_wait may not be negative")
        if self.max_waiting == -1:
            object.__setattr__(self, "max_waiting", self.max_connections * 4)
        if self.max_waiting < 0:
            raise ValueError("Limits.max_waiting must be -1 or 0 or more")
        if self.failure_cost < 0 or self.max_per_client < 0:
            raise ValueError("Limits.failure_cost and max_per_client may not be negative")
        if self.max_per_client == 0:
            share = min(self.max_connections, max(16, self.max_connections // 4))
            object.__setattr__(self, "max_per_client", share)
        if self.for_newcomers == -1:
            object.__setattr__(self, "for_newcomers", self.max_connections // 4)
        if not 0 <= self.for_newcomers < self.max_connections:
            raise ValueError("Limits.for_newcomers must be -1 or 0 to max_connections - 1")


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


IDLE, READING, BUSY, SHED = "idle", "reading", "busy", "shed"
# Seconds a connection is idle or receiving before it may be shed: one just taken in (in a
# burst of phones its request is on its way) is not stalled; a newcomer waits for a slot.
FRESH = 1.0


@dataclass(eq=False)
class Slot:
    """One open connection: whose, what it is doing since when, and how to end it."""

    who: str
    shed: Callable[[], None]
    state: str = IDLE
    since: float = field(default_factory=time.monotonic)


class ConnectionPool:
    """The open connections, counted per address (thread-safe).

    A connection is taken in while a slot is free, unless its address already holds its
    share (`max_per_client`), or the free slots left are the ones kept for addresses that
    hold none (`for_newcomers`). With no slot for it, a connection that is idle or still
    receiving its request (never one being answered) is shed to make room: from the address
    holding the most, the one stalled longest first, and only from an address holding at
    least two more than the newcomer's (anyone's, for an address holding none), never one taken
    in or gone idle under `FRESH` seconds ago (a newcomer waits for a slot then). So devices
    that hold connections without finishing requests, however many, never keep a referee
    out: they lose their connections to him, he does not wait for theirs.
    """

    def __init__(self, size: int, per_client: int, for_newcomers: int) -> None:
        self.size = size
        self.per_client = per_client
        self.for_newcomers = for_newcomers
        self._open: dict[str, list[Slot]] = {}
        self._count = 0
        self._lock = threading.Lock()
        self._freed = threading.Condition(self._lock)  # a slot released or gone idle
        self._waiting = 0
        self._closed = False

    @property
    def open(self) -> int:
        return self._count

    def admit(self, who: str, shed: Callable[[], None]) -> Slot | str:
        """A slot for a new connection from `who`, or why not: "busy" (503) or "yours"
        (429). A connection shed for it is ended (`shed` of its slot) before this returns."""
        victim = None
        with self._lock:
            mine = len(self._open.get(who, ()))
            free = self.size - self._count
            if mine >= self.per_client:
                return "busy" if free <= 0 else "yours"
            if not (free > self.for_newcomers or (mine == 0 and free > 0)):
                victim = self._victim(mine + 2 if mine else 1)
                if victim is None:
                    return "busy"
                self._drop(victim)
                victim.state = SHED
            slot = Slot(who, shed)
            self._open.setdefault(who, []).append(slot)
            self._count += 1
        if victim is not None:
            victim.shed()
        return slot

    def may_wait(self, who: str, most: int) -> bool:
        """Whether one more connection may wait for a slot: fewer than `most` wait, and its
        address holds less than its share (else it waits for nobody's but its own)."""
        with self._lock:
            mine = len(self._open.get(who, ()))
            if self._closed or self._waiting >= most or mine >= self.per_client:
                return False
            self._waiting += 1
            return True

    def admit_waiting(self, who: str, shed: Callable[[], None], wait: float) -> Slot | str:
        """`admit`, waiting up to `wait` seconds while every slot is being answered (after
        `may_wait` said it may): a burst of phones is queued, not refused."""
        deadline = time.monotonic() + wait
        try:
            while True:
                slot = self.admit(who, shed)
                if slot != "busy":
                    return slot
                with self._lock:
                    left = deadline - time.monotonic()
                    if self._closed or left <= 0:
                        return "busy"
                    self._freed.wait(min(left, 0.5))
        finally:
            with self._lock:
                self._waiting -= 1

    def close(self) -> None:
        """No more waiting for slots (the server stops)."""
        with self._lock:
            self._closed = True
            self._freed.notify_all()

    def _victim(self, holding: int) -> Slot | None:
        """The idle or stalled connection to shed, of an address holding at least `holding`."""
        best: tuple[int, float] | None = None
        chosen = None
        now = time.monotonic()
        for slots in self._open.values():
            if len(slots) < holding:
                continue
            for slot in slots:
                if slot.state in (IDLE, READING) and now - slot.since >= FRESH:
                    rank = (-len(slots), slot.since)
                    if best is None or rank < best:
                        best, chosen = rank, slot
        return chosen

    def _drop(self, slot: Slot) -> None:
        slots = self._open.get(slot.who, [])
        slots.remove(slot)
        if not slots:
            self._open.pop(slot.who, None)
        self._count -= 1
        self._freed.notify_all()

    def mark(self, slot: Slot, state: str) -> bool:
        """The connection goes idle, starts receiving a request, or is being answered;
        False when it was shed meanwhile (then it is to end, unanswered)."""
        with self._lock:
            if slot.state == SHED:
                return False
            slot.state, slot.since = state, time.monotonic()
            if state == IDLE:
                self._freed.notify_all()
            return True

    def release(self, slot: Slot) -> None:
        with self._lock:
            if slot.state != SHED:
                self._drop(slot)
                slot.state = SHED
            self._freed.notify_all()
