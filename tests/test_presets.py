"""The presets hold the regulations' tables: checked against an independent transcription."""

from __future__ import annotations

import pytest

from app.presets import load_preset, preset_names
from tests.standings import fixtures_prizes as seeds

CASES = [
    ("shaoxing-gomoku-2022", "OPEN", None, seeds.GOMOKU_OPEN),
    ("shaoxing-gomoku-2022", "OPEN", "women", seeds.GOMOKU_WOMEN),
    ("shaoxing-gomoku-2022", "MTEAM", None, seeds.GOMOKU_MEN_TEAM),
    ("shaoxing-gomoku-2022", "WTEAM", None, seeds.GOMOKU_WOMEN_TEAM),
    ("shaoxing-gomoku-2022", "YOUTH", None, seeds.GOMOKU_YOUTH),
    ("hangzhou-go", "MEN", None, seeds.GO_OPEN),
    ("hangzhou-go", "MEN", "women", seeds.GO_WOMEN),
    ("hangzhou-go", "YOUTH", None, seeds.GO_YOUTH),
    ("hangzhou-go", "MTEAM", None, seeds.GO_MEN_TEAM),
    ("hangzhou-go", "WTEAM", None, seeds.GO_WOMEN_TEAM),
    ("hangzhou-go", "MPAIR", None, seeds.GO_PAIR),
    ("hangzhou-go", "WPAIR", None, seeds.GO_PAIR),
    ("hangzhou-go", "XPAIR", None, seeds.GO_PAIR),
    ("hangzhou-go", "PCPAIR", None, seeds.GO_PAIR),
]


@pytest.mark.parametrize("preset,event,category,expected", CASES)
def test_prize_tables_follow_the_regulation(preset, event, category, expected) -> None:  # noqa: ANN001
    table = next(
        p
        for p in load_preset(preset)["prizes"]
        if p["event"] == event and p.get("category") == category
    )
    assert [(p["from"], p["to"], p["amount"], p["title"]) for p in table["places"]] == [
        (p.place_from, p.place_to, p.amount, p.title) for p in expected.places
    ]
    assert tuple(tuple(s) for s in table.get("shrink", [])) == expected.shrink


def test_gomoku_open_grade_bands_follow_the_regulation() -> None:
    table = next(g for g in load_preset("shaoxing-gomoku-2022")["grades"] if g["event"] == "OPEN")
    assert [(b["from"], b["to"], b["grade"]) for b in table["bands"]] == [
        (b.rank_from, b.rank_to, b.grade) for b in seeds.GOMOKU_OPEN_GRADES.bands
    ]


def test_both_presets_are_shipped() -> None:
    assert {"shaoxing-gomoku-2022", "hangzhou-go"} <= set(preset_names())


def test_medals_where_the_regulation_awards_them_for_every_place_it_admits() -> None:
    """Gomoku §十五.2/3: the team events (前6名, 女子前3名) and 少儿组 (前8名) get 奖金、奖牌和
    奖状; 公开组 (§十五.1) only 奖金和奖状; the Go regulation (§十二) names no medal."""
    from app.presets import medal_tables
    from app.standings.medals import Medal

    gold, silver, bronze, place = Medal.GOLD, Medal.SILVER, Medal.BRONZE, Medal.PLACE
    preset = load_preset("shaoxing-gomoku-2022")
    found = {
        (t.event, t.category): [(p.place_from, p.place_to, p.medal) for p in t.places]
        for t in medal_tables(preset)
    }
    podium = [(1, 1, gold), (2, 2, silver), (3, 3, bronze)]
    assert found == {
        ("MTEAM", None): [*podium, (4, 6, place)],
        ("WTEAM", None): podium,
        ("YOUTH", None): [*podium, (4, 8, place)],
    }
    for (event, category), places in found.items():  # the places admitted, no more
        prizes = next(
            p for p in preset["prizes"] if p["event"] == event and p.get("category") == category
        )
        assert places[-1][1] == max(p["to"] for p in prizes["places"]), event
    assert medal_tables(load_preset("hangzhou-go")) == ()
