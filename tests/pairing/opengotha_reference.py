"""Reading the shared OpenGotha reference files (../shared/reference/opengotha)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from app.pairing.opengotha_model import Tournament, read_tournament
from tests.shared_files import SHARED

REFERENCE = SHARED / "reference" / "opengotha"
NAMES = ("Toulouse2024", "notsimplemm", "notsosimpleswiss", "simplemm", "simpleswiss")


def tournament(name: str) -> Tournament:
    return read_tournament((REFERENCE / name / f"{name}.xml").read_bytes())


def numbered(folder: Path, pattern: str) -> list[tuple[int, Path]]:
    """(k, path) of the files `pattern` (with one `(\\d+)`) matches, by k."""
    found = []
    for path in folder.glob("*"):
        match = re.fullmatch(pattern, path.name)
        if match:
            found.append((int(match.group(1)), path))
    return sorted(found)


def weights(path: Path) -> list[dict[str, str]]:
    """The candidate pairs of a weights file, each `name=value` of its block."""
    records: list[dict[str, str]] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        name, sep, value = line.strip().partition("=")
        if not sep:
            continue
        if name == "Player1Name":
            records.append({})
        if records:
            records[-1][name] = value
    return records


def engine_pairs(path: Path) -> set[frozenset[str]]:
    pairs = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            a, b = line.strip().split("\t")
            pairs.add(frozenset((a, b)))
    return pairs


def tables(name: str) -> dict[int, list[tuple[str, str, int]]]:
    """Each round's games (from 1) of the file, (white, black, handicap), by table number."""
    root = ET.fromstring((REFERENCE / name / f"{name}.xml").read_bytes())
    rounds: dict[int, list[tuple[int, tuple[str, str, int]]]] = {}
    for game in root.iter("Game"):
        a = game.attrib
        row = (a["whitePlayer"], a["blackPlayer"], int(a.get("handicap", "0")))
        rounds.setdefault(int(a["roundNumber"]), []).append((int(a["tableNumber"]), row))
    return {r: [row for _, row in sorted(games)] for r, games in rounds.items()}
