"""Fixtures shared by the whole suite: fresh tournament files in a temporary folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from app.store.database import Database  # noqa: E402


@pytest.fixture
def gomoku(tmp_path: Path) -> Database:
    from app.services.tournament import create_tournament

    db = create_tournament(tmp_path / "gomoku.finals", "shaoxing-gomoku-2022", operator="测试裁判")
    yield db
    db.close()


@pytest.fixture
def go_demo(tmp_path: Path) -> Path:
    from app.demo import build_demo

    path = tmp_path / "go.finals"
    build_demo(path, "hangzhou-go", players=40, seed=7, rounds=2)
    return path
