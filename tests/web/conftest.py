"""Fixtures for the phone result entry: finals with a paired round, a running server, HTTP."""

from __future__ import annotations

import http.client
import json
import logging
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from app.demo import build_demo
from app.services.remote_entry import ensure_tokens, tokens_for_round
from app.services.rounds import pair_next
from app.services.tournament import open_tournament
from app.store.database import Database
from app.web import Limits, RemoteEntryServer

# Generous limits for load tests: every test client shares 127.0.0.1.
LOAD_LIMITS = Limits(rate=100_000, burst=100_000, max_connections=256)


def make_final(path: Path, players: int, seed: int, events: tuple[str, ...] = ("MEN",)) -> Path:
    build_demo(path, "hangzhou-go", players=players, seed=seed)
    db = open_tournament(path)
    try:
        for code in events:
            pair_next(db, code)
            ensure_tokens(db, code)
    finally:
        db.close()
    return path


@pytest.fixture(scope="session")
def big_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """800 players: round 1 of the men's event has 400 tables."""
    return make_final(tmp_path_factory.mktemp("web-big") / "big.finals", 800, 11)


@pytest.fixture(scope="session")
def small_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """40 players: round 1 of the men's event has 20 tables, the youth event's 8."""
    return make_final(
        tmp_path_factory.mktemp("web-small") / "small.finals", 40, 7, ("MEN", "YOUTH")
    )


def copy_final(template: Path, folder: Path) -> Iterator[Database]:
    target = folder / template.name
    shutil.copy(template, target)
    db = open_tournament(target)
    yield db
    db.close()


@pytest.fixture
def big(big_template: Path, tmp_path: Path) -> Iterator[Database]:
    yield from copy_final(big_template, tmp_path)


@pytest.fixture
def small(small_template: Path, tmp_path: Path) -> Iterator[Database]:
    yield from copy_final(small_template, tmp_path)


@pytest.fixture
def serve() -> Iterator[Callable[..., RemoteEntryServer]]:
    """Start a server on 127.0.0.1 with an ephemeral port; stopped after the test."""
    started: list[RemoteEntryServer] = []

    def start(db: Database, **options: Any) -> RemoteEntryServer:
        options.setdefault("limits", LOAD_LIMITS)
        server = RemoteEntryServer(db, "127.0.0.1", 0, **options)
        server.start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


def links(db: Database, server: RemoteEntryServer) -> dict[int, str]:
    """{table: path} of the men's round 1 on this server."""
    return {t: urlsplit(u).path for t, u in tokens_for_round(db, "MEN", 1, server.url).items()}


class Client:
    """One phone: a keep-alive HTTP/1.1 connection."""

    def __init__(self, server: RemoteEntryServer) -> None:
        self.host, self.port = "127.0.0.1", server.port
        self.conn = http.client.HTTPConnection(self.host, self.port, timeout=20)

    def request(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, dict[str, str], bytes]:
        try:
            self.conn.request(method, path, body=body, headers=headers or {})
            response = self.conn.getresponse()
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
            self.conn.close()
            self.conn = http.client.HTTPConnection(self.host, self.port, timeout=20)
            self.conn.request(method, path, body=body, headers=headers or {})
            response = self.conn.getresponse()
        data = response.read()
        if response.getheader("Connection", "").lower() == "close":
            self.conn.close()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, data

    def get(self, path: str) -> tuple[int, dict[str, str], bytes]:
        return self.request("GET", path)

    def submit(self, path: str, data: Any, **headers: str) -> tuple[int, Any]:
        """POST as the table's page does: with the seats the page showed (read now, unless
        the test gives them)."""
        if isinstance(data, dict) and "seats" not in data:
            status, _headers, raw = self.get(path + "/state")
            if status == 200:
                data = {**data, "seats": json.loads(raw)["seats"]}
        body = json.dumps(data).encode("utf-8")
        head = {"Content-Type": "application/json", **headers}
        status, _headers, raw = self.request("POST", path, body, head)
        try:
            return status, json.loads(raw)
        except ValueError:
            return status, raw

    def close(self) -> None:
        self.conn.close()


@pytest.fixture
def console(caplog: pytest.LogCaptureFixture, capfd: pytest.CaptureFixture[str]) -> Iterator[Any]:
    """What the arbiter's console would show: the server's log records and stderr."""
    caplog.set_level(logging.DEBUG, logger="finals.web")

    def check() -> None:
        err = capfd.readouterr().err
        records, logged = list(caplog.records), caplog.text
        caplog.clear()
        assert "Traceback" not in err, err
        assert "Traceback" not in logged, logged
        for record in records:
            text = record.getMessage()
            assert record.exc_info is None, (text, record.exc_info)
            assert "\n" not in text and "\r" not in text, text

    yield check
    check()
