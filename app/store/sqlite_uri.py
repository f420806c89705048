"""SQLite's `file:` URIs for opening a tournament file read-only."""

from __future__ import annotations

import urllib.parse
from pathlib import Path


def read_only_uri(path: Path, immutable: bool) -> str:
    """`file:` URI of `path` for SQLite: /tmp/a → file:///tmp/a, C:\\a → file:///C:/a, and a
    network share //server/share/a → file:////server/share/a (SQLite wants no authority)."""
    posix = path.resolve().as_posix()
    if not posix.startswith("/"):
        posix = "/" + posix
    query = "?mode=ro&immutable=1" if immutable else "?mode=ro"
    return "file://" + urllib.parse.quote(posix, safe="/:") + query
