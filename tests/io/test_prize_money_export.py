"""Issue 13, clause 7: the JSON export and `finals prizes` hold money that can be paid.

A real file: the Hangzhou Go final with 42 players after round 1.  The 21 winners are tied
on 1st (places 1-21) and the 21 losers on 22nd (places 22-42), so the losers' tie runs
across the last paid place (32nd): only 22nd-32nd are pooled, 11 x 1000 yuan shared by 21.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from tests.cli.runner import run
from tests.finals import copy_of, demo_copy


@pytest.fixture(scope="module")
def round_one(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("money") / "go.finals"
    demo_copy(demo_master("hangzhou-go", players=42, seed=5, rounds=1), path)
    return path


@pytest.fixture
def go(round_one: Path, tmp_path: Path) -> Path:
    return copy_of(round_one, tmp_path / "go.finals")


def export(path: Path) -> tuple[dict[str, Any], str]:
    from app.services.read_model import build_export
    from app.services.tournament import open_tournament

    db = open_tournament(path)
    try:
        doc = build_export(db)
    finally:
        db.close()
    return doc, json.dumps(doc, ensure_ascii=False)


def men(doc: dict[str, Any]) -> list[dict[str, Any]]:
    return [p for p in doc["prizes"] if p["table"] == "男子个人"]


def last_tie(prizes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    place = max(p["place"] for p in prizes)
    return [p for p in prizes if p["place"] == place]


def test_a_tie_across_the_last_paid_place_shares_only_the_paid_places(go: Path) -> None:
    doc, _ = export(go)
    prizes = men(doc)
    tie = last_tie(prizes)
    first = tie[0]
    # the fixture holds what it promises: a tie running past the 32nd place
    assert first["place"] <= 32 < first["place"] + len(tie) - 1 and len(tie) > 1
    assert {p["pool_places"][1] for p in tie} == {32}
    pool = (32 - first["place"] + 1) * 1000_00
    assert {p["pool_fen"] for p in tie} == {pool} and {p["tied"] for p in tie} == {len(tie)}
    share = pool // len(tie) // 100 * 100  # whole yuan, rounded down
    assert {p["amount_fen"] for p in tie} == {share}
    assert {p["unpaid_fen"] for p in tie} == {pool - share * len(tie)}
    assert sum(p["amount_fen"] for p in tie) <= pool


def test_money_in_the_export_is_exact(go: Path) -> None:
    doc, text = export(go)
    assert doc["prizes"]
    for p in doc["prizes"]:
        assert isinstance(p["amount_fen"], int)
        # the old field stays, exact: an int of yuan when whole
        assert Decimal(str(p["amount"])) * 100 == p["amount_fen"]
        if p["amount_fen"] % 100 == 0:
            assert isinstance(p["amount"], int)
    assert "e-" not in text and "9999" not in text.replace("99999", "")
    rules = doc["prize_rules"]
    assert (rules["split"], rules["unit"], rules["remainder"]) == ("equal", "yuan", "unpaid")
    assert "不发放" in rules["text"]


def test_the_unit_and_the_remainder_rule_are_settings(
    capsys: pytest.CaptureFixture[str], go: Path
) -> None:
    code, _, err = run(
        capsys, "settings", str(go), "--set", "prize_unit=jiao", "--set", "prize_remainder=first"
    )
    assert code == 0, err
    code, out, _ = run(capsys, "settings", str(go))
    assert "prize_unit = jiao" in out and "prize_remainder = first" in out
    assert "多发一角" in out  # the rule in force, in words
    code, out, _ = run(capsys, "settings", str(go), "--json")
    rules = json.loads(out)["prize_rules"]
    assert (rules["unit"], rules["remainder"]) == ("jiao", "first")
    doc, _ = export(go)
    tie = last_tie(men(doc))
    pool = tie[0]["pool_fen"]
    assert sum(p["amount_fen"] for p in tie) == pool  # all of it paid, in jiao
    assert all(p["amount_fen"] % 10 == 0 for p in tie)
    assert max(p["amount_fen"] for p in tie) - min(p["amount_fen"] for p in tie) <= 10
    assert {p["unpaid_fen"] for p in tie} == {0}


def test_a_bad_unit_is_refused_with_the_values_allowed(
    capsys: pytest.CaptureFixture[str], go: Path
) -> None:
    code, _, err = run(capsys, "settings", str(go), "--set", "prize_unit=fen")
    assert code == 1 and "prize_unit" in err and "yuan" in err and "jiao" in err
    code, _, err = run(capsys, "settings", str(go), "--set", "prize_remainder=lot")
    assert code == 1 and "prize_remainder" in err and "unpaid" in err and "first" in err


def test_finals_prizes_totals_are_exact(capsys: pytest.CaptureFixture[str], go: Path) -> None:
    doc, _ = export(go)
    fen = sum(p["amount_fen"] for p in doc["prizes"])
    code, out, err = run(capsys, "prizes", str(go), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["total_fen"] == fen
    assert Decimal(str(data["total"])) * 100 == fen
    assert sum(data["totals_fen"].values()) == fen
    for table, value in data["totals"].items():
        assert Decimal(str(value)) * 100 == data["totals_fen"][table]
    code, out, _ = run(capsys, "prizes", str(go))
    shown = f"{Decimal(fen).scaleb(-2):f}".removesuffix(".00")
    assert f"合计 {shown} 元" in out.replace(",", "")
