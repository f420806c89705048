"""Migration 11 (issue 28 §1): a file that names its tie-breaks in Chinese (every file before
the ids) opens, is rewritten to the stable ids, and ranks exactly as before."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from app.store.migrations import SCHEMA_VERSION
from tests.cli.runner import run

GO_ORDER = ["对手分", "累进分", "直胜", "胜局数"]
TEAM_ORDER = ["队员对手分", "队员累进分", "最好名次"]


def _orders(path: Path) -> dict[str, object]:
    with sqlite3.connect(path) as conn:
        rows = conn.execute("SELECT code, standings FROM event").fetchall()
    return {code: json.loads(standings).get("tiebreaks") for code, standings in rows}


def _as_before_the_ids(path: Path) -> None:
    """What a version-10 file holds: every order in Chinese names."""
    with sqlite3.connect(path) as conn:
        for code, standings in conn.execute("SELECT code, standings FROM event").fetchall():
            data = json.loads(standings)
            if "tiebreaks" in data:
                data["tiebreaks"] = TEAM_ORDER if code.endswith("TEAM") else GO_ORDER
            conn.execute(
                "UPDATE event SET standings = ? WHERE code = ?",
                (json.dumps(data, ensure_ascii=False), code),
            )
        conn.execute("PRAGMA user_version=10")


def test_an_older_file_with_chinese_names_opens_migrated_and_ranks_the_same(
    built_demo: Callable[..., Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert SCHEMA_VERSION >= 11  # later migrations (12: disqualification) run after it
    new = built_demo(tmp_path / "new.finals", "hangzhou-go", players=30, seed=3, rounds=2)
    old = built_demo(tmp_path / "old.finals", "hangzhou-go", players=30, seed=3, rounds=2)
    assert _orders(new)["MEN"] == ["sos", "progressive", "direct", "wins"]  # a new file: ids
    _as_before_the_ids(old)
    assert _orders(old)["MEN"] == GO_ORDER

    for event in ("MEN", "MTEAM"):
        command = "teams" if event == "MTEAM" else "standings"
        assert run(capsys, command, str(old), "--event", event) == run(
            capsys, command, str(new), "--event", event
        )
    with sqlite3.connect(old) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    orders = _orders(old)
    assert orders["MEN"] == ["sos", "progressive", "direct", "wins"]
    assert orders["MTEAM"] == ["member_sos", "member_progressive", "best_rank"]
    code, out, _ = run(capsys, "settings", str(old), "--event", "MEN")
    assert code == 0 and 'standings.tiebreaks = ["对手分", "累进分", "直胜", "胜局数"]' in out


def test_settings_take_ids_or_chinese_names_and_store_ids(
    built_demo: Callable[..., Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(built_demo(tmp_path / "f.finals", "hangzhou-go", players=30, seed=3, rounds=1))
    code, _, err = run(
        capsys, "settings", path, "--event", "MEN", "--set", "standings.tiebreaks=sos,中间分,wins"
    )
    assert code == 0, err
    assert _orders(Path(path))["MEN"] == ["sos", "median", "wins"]
    code, out, _ = run(capsys, "standings", path, "--event", "MEN")
    assert "积分  对手分  中间分  胜局数" in out
    code, _, err = run(
        capsys, "settings", path, "--event", "MEN", "--set", "standings.tiebreaks=sos,对手分"
    )
    assert code != 0 and "重复" in err  # one criterion named twice, once by id
    assert _orders(Path(path))["MEN"] == ["sos", "median", "wins"]
