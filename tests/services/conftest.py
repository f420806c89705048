"""The use cases run on both stores: a tournament file and a final on a PostgreSQL server,
except where a test is about files themselves (backups, restoring, crash safety)."""

from __future__ import annotations

import pytest

FILE_ONLY = {"test_backups", "test_restore", "test_crash_safety"}


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "store_kind" in metafunc.fixturenames:
        module = metafunc.module.__name__.rsplit(".", 1)[-1]
        kinds = ["file"] if module in FILE_ONLY else ["file", "server"]
        metafunc.parametrize("store_kind", kinds, indirect=True)
