"""Report speeds the issues name (pytest-benchmark; run with --benchmark-enable).

- certificates for 360 winners: target ≤ 5 s and ≤ 5 MB (the size is asserted);
- the pairing list of a 180-table round: target ≤ 1 s.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from app.io.export_json import from_document
from reports import build_report
from tests.reports.conftest import page_count
from tests.reports.fixtures import go_final

pytest.importorskip("pytest_benchmark")


@pytest.fixture(scope="module")
def go_live() -> dict:
    return go_final(rounds_complete=4)


@pytest.fixture(scope="module")
def go_360_winners() -> dict:
    """The finished Go final with 360 prize entries (every 男子个人 player a winner)."""
    doc = go_final()
    men = next(e for e in doc["events"] if e["code"] == "MEN")
    by_id = {e["id"]: e for e in men["entrants"]}
    prizes = []
    for row in men["standings"]:
        entrant = by_id[row["entrant"]]
        prizes.append(
            {
                "event": "MEN",
                "category": None,
                "table": "男子个人",
                "place": row["rank"],
                "title": "优胜奖",
                "entrant": entrant["id"],
                "name": entrant["name"],
                "unit": entrant["unit"],
                "members": [],
                "amount": 1000,
                "shared": row["shared"],
            }
        )
    doc["prizes"] = prizes
    return doc


def test_bench_certificates_360(benchmark, tmp_path: Path, go_360_winners: dict) -> None:
    out = tmp_path / "certificates.pdf"
    benchmark.pedantic(
        build_report,
        args=(from_document(go_360_winners), "certificates", out),
        rounds=3,
        iterations=1,
    )
    size = out.stat().st_size
    benchmark.extra_info["pages"] = page_count(out)
    benchmark.extra_info["size_bytes"] = size
    assert page_count(out) == 360
    assert size <= 5 * 1024 * 1024


def test_bench_pairing_list_180_tables(benchmark, tmp_path: Path, go_live: dict) -> None:
    out = tmp_path / "pairings.pdf"
    benchmark.pedantic(
        build_report,
        args=(from_document(go_live), "pairings", out),
        kwargs={"event": "MEN"},
        rounds=5,
        iterations=1,
    )
    men = next(e for e in go_live["events"] if e["code"] == "MEN")
    assert len(men["rounds"][-1]["games"]) == 180
    benchmark.extra_info["size_bytes"] = out.stat().st_size


def test_bench_slips_180_tables(benchmark, tmp_path: Path, go_live: dict) -> None:
    out = tmp_path / "slips.pdf"
    benchmark.pedantic(
        build_report,
        args=(from_document(go_live), "slips", out),
        kwargs={"event": "MEN"},
        rounds=3,
        iterations=1,
    )
    benchmark.extra_info["size_bytes"] = out.stat().st_size


def test_bench_certificates_360_with_background(
    benchmark, tmp_path: Path, go_360_winners: dict
) -> None:
    from PIL import Image as image_module  # Pillow comes with reportlab

    background = tmp_path / "background.jpg"
    image = image_module.new("RGB", (2480, 1754), (250, 240, 220))
    for x in range(0, 2480, 8):
        image.putpixel((x, x % 1754), (180, 30, 30))
    image.save(background, quality=90)
    doc = copy.deepcopy(go_360_winners)
    doc["tournament"]["certificate"]["background"] = str(background)
    out = tmp_path / "certificates.pdf"
    benchmark.pedantic(
        build_report, args=(from_document(doc), "certificates", out), rounds=3, iterations=1
    )
    size = out.stat().st_size
    benchmark.extra_info["size_bytes"] = size
    assert page_count(out) == 360
    assert size <= 5 * 1024 * 1024
