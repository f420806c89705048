"""Where a final lives: a tournament file's path, or a PostgreSQL server's URL."""

from __future__ import annotations

SCHEMES = ("postgresql", "postgres", "postgresql+psycopg")


def is_server_url(target: object) -> bool:
    """`postgresql://...` (or `postgres://`): a final on a server, not a file."""
    if not isinstance(target, str):
        return False
    scheme, sep, _rest = target.partition("://")
    return bool(sep) and scheme.lower() in SCHEMES
