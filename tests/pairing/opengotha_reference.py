"""Reading the shared OpenGotha reference files (../shared/reference/opengotha)."""

from __future__ import annotations

import re
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
