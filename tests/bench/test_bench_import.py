"""Import speed the issue names: a 10,000-row registration sheet into a fresh Gomoku final.

Target (issue 12): ≤ 10 s, and linear — no flush per row, no scan of every entrant per row.
Run with: .venv/bin/python -m pytest tests/bench/test_bench_import.py --benchmark-enable
"""

from __future__ import annotations

import random
import time
from collections import Counter
from datetime import date, timedelta
from pathlib import Path

import openpyxl
import pytest
from sqlalchemy import func, select

from app.io.sheets import load_sheet
from app.sample_players import (
    CITIES,
    CLUB_KINDS,
    FEMALE_GIVEN,
    GOMOKU_GRADES,
    MALE_GIVEN,
    SURNAMES,
)
from app.services.registration import import_sheet
from app.services.tournament import create_tournament, open_tournament
from app.store.models import Entrant

pytest.importorskip("pytest_benchmark")

PRESET = "shaoxing-gomoku-2022"
ROWS = 10_000


def generated_rows(count: int) -> list[dict[str, object]]:
    """`count` plausible, valid rows: the open event (with men's and women's teams of one
    unit) and one row in five in the youth event; unique names, some wild cards."""
    rng = random.Random(12)
    units = [city + kind for city in CITIES for kind in CLUB_KINDS]
    given = [a + b for a in MALE_GIVEN for b in FEMALE_GIVEN]
    names = (surname + g for g in given for surname in SURNAMES)
    rows: list[dict[str, object]] = []
    team_slots: dict[tuple[str, str], int] = {}
    for index in range(count):
        youth = index % 5 == 4
        gender = "女" if rng.random() < 0.25 else "男"
        unit = rng.choice(units)
        wild = rng.random() < 0.1
        born = (date(2009, 1, 1) if youth else date(1960, 1, 1)) + timedelta(
            days=rng.randrange(2900)
        )
        row: dict[str, object] = {
            "姓名": next(names),
            "性别": gender,
            "出生日期": born.isoformat(),
            "单位": unit,
            "地区": unit[:2],
            "段位": rng.choice(GOMOKU_GRADES),
            "等级分": rng.randrange(1200, 2600),
            "来源": "外卡" if wild else f"入围赛第{rng.randrange(1, 9)}期",
            "名次": None if wild else rng.randrange(1, 200),
            "身份证号": f"33{index:016d}",
            "电话": f"138{index:08d}",
            "项目": "少儿组" if youth else "公开组",
            "队名/搭档": None,
        }
        if not youth and not wild and rng.random() < 0.3:  # no wild card in a team (§十二(四)4)
            size = 3 if gender == "男" else 2
            key = (unit, gender)
            number = team_slots.get(key, 0)
            team_slots[key] = number + 1
            row["项目"] = "公开组、" + (
                "公开组团体（男子）" if gender == "男" else "公开组团体（女子）"
            )
            row["队名/搭档"] = f"{unit}{gender}队{number // size + 1}"
        rows.append(row)
    # A team short of members is a sheet error: its members play the open event only.
    teams = Counter(r["队名/搭档"] for r in rows if r["队名/搭档"])
    for row in rows:
        team = row["队名/搭档"]
        if team and teams[team] != (3 if row["性别"] == "男" else 2):
            row["项目"], row["队名/搭档"] = "公开组", None
    return rows


@pytest.fixture(scope="module")
def sheet_10000(tmp_path_factory: pytest.TempPathFactory) -> Path:
    rows = generated_rows(ROWS)
    book = openpyxl.Workbook(write_only=True)
    sheet = book.create_sheet("报名表")
    headers = list(rows[0])
    sheet.append(headers)
    for row in rows:
        sheet.append([row[h] for h in headers])
    path = tmp_path_factory.mktemp("bench") / "报名表10000.xlsx"
    book.save(path)
    return path


def test_import_10000_rows(benchmark, sheet_10000: Path, tmp_path: Path) -> None:
    finals: list[Path] = []

    def fresh_final() -> tuple[tuple[object, ...], dict[str, object]]:
        path = tmp_path / f"bench{len(finals)}.finals"
        finals.append(path)
        db = create_tournament(path, PRESET)
        return (db, sheet_10000), {}

    def run(db, sheet):  # type: ignore[no-untyped-def]
        try:
            return import_sheet(db, sheet)
        finally:
            db.close()

    summary = benchmark.pedantic(run, setup=fresh_final, rounds=3, iterations=1)
    # Reading the workbook happens before the write lock is taken; the rest holds it.
    started = time.perf_counter()
    load_sheet(sheet_10000)
    read = time.perf_counter() - started
    benchmark.extra_info["read_sheet_seconds"] = round(read, 2)
    if benchmark.stats is not None:  # None when benchmarks are disabled (the test run)
        print(
            f"\nimport of {ROWS} rows: reading the sheet (no lock) {read:.1f} s of "
            f"{benchmark.stats.stats.mean:.1f} s"
        )
    assert summary.players == ROWS
    db = open_tournament(finals[-1])
    with db.reading() as session:
        entrants = session.scalar(select(func.count()).select_from(Entrant))
        seeds = session.execute(select(Entrant.event_id, Entrant.seed)).all()
    db.close()
    assert entrants == sum(summary.entrants.values())
    by_event: dict[int, list[int]] = {}
    for event_id, seed in seeds:
        by_event.setdefault(event_id, []).append(seed)
    for numbers in by_event.values():
        assert sorted(numbers) == list(range(1, len(numbers) + 1))
