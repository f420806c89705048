"""Shared fixtures: the two finals as export documents (`as_final` reads one into the read
model the reports take), and PDF text helpers."""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from app.io.export_json import from_document
from app.readmodel.model import Final
from tests.reports.fixtures import go_final, gomoku_final

_CACHE: dict[str, dict[str, Any]] = {}


def _doc(name: str) -> dict[str, Any]:
    if name not in _CACHE:
        makers = {
            "gomoku": gomoku_final,
            "go": go_final,
            "gomoku_live": lambda: gomoku_final(rounds_complete=4),
            "go_live": lambda: go_final(rounds_complete=4),
        }
        _CACHE[name] = makers[name]()
    return copy.deepcopy(_CACHE[name])


@pytest.fixture
def gomoku() -> dict[str, Any]:
    """The finished Gomoku final: 7 rounds played, prizes and grades decided."""
    return _doc("gomoku")


@pytest.fixture
def go() -> dict[str, Any]:
    """The finished Go final: 9 rounds of 男子个人, pairs, teams, prizes, grades."""
    return _doc("go")


def with_mcmahon(doc: dict[str, Any], code: str = "MEN") -> dict[str, Any]:
    """`doc` with event `code` paired by McMahon (for the report kind mcmahon)."""
    event = next(e for e in doc["events"] if e["code"] == code)
    event["settings"].setdefault("pairing", {})["system"] = "mcmahon"
    return doc


# The Gomoku preset's events that award medals, by the fixtures' event codes.
MEDAL_EVENTS = {"MTEAM": "MT", "WTEAM": "WT", "YOUTH": "YOUTH"}


def with_medals(doc: dict[str, Any]) -> dict[str, Any]:
    """`doc` with the Gomoku preset's medal tables (§十五.2/3) on its team events and 少儿组
    (for the report kind medals; a document the program exports carries them)."""
    from app.io.export_json import medal_table_document
    from app.presets import load_preset, medal_tables

    tables = medal_tables(load_preset("shaoxing-gomoku-2022"))
    for event in doc["events"]:
        found = [t for t in tables if MEDAL_EVENTS.get(t.event) == event["code"]]
        if found:
            event["medal_tables"] = [medal_table_document(t) for t in found]
    return doc


@pytest.fixture
def gomoku_live() -> dict[str, Any]:
    """The Gomoku final during play: 4 rounds played, round 5 paired."""
    return _doc("gomoku_live")


@pytest.fixture
def go_live() -> dict[str, Any]:
    """The Go final during play: 4 rounds played, round 5 paired (180 tables)."""
    return _doc("go_live")


def pdf_pages(path: Path) -> list[str]:
    """The text of every page with all whitespace removed (wrapped cells join up)."""
    reader = PdfReader(str(path))
    return [re.sub(r"\s+", "", page.extract_text() or "") for page in reader.pages]


def pdf_text(path: Path) -> str:
    return "".join(pdf_pages(path))


def page_count(path: Path) -> int:
    return len(PdfReader(str(path)).pages)


def as_final(doc: Any) -> Final:
    """The read model the reports take, from an export document (the fixtures are
    documents: what the program writes and reads back)."""
    return from_document(doc)
