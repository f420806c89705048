"""Issue 30: the demo builds fields of thousands (it looked for ever for a new unit once the
154 city clubs were taken, past 936 players)."""

from __future__ import annotations

from app.demo import CITIES, CLUB_KINDS, LONG_UNITS, demo_rows
from app.presets import load_preset


def test_the_demo_sheet_of_a_3000_player_open_has_more_units_than_the_city_clubs() -> None:
    rows = demo_rows(load_preset("hangzhou-go"), 3000, 3)
    units = {row.values["单位"] for row in rows}
    assert len(units) > len(CITIES) * len(CLUB_KINDS) + len(LONG_UNITS)  # about one in six
    assert len(units) > 3000 // 7
