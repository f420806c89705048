"""The same-unit rule of a round, asked of the core (the window words it, never works it out)."""

from __future__ import annotations

import pytest

from app.pairing.state import build_states, same_unit_applies, unit_meeting

from .helpers import request

UNITS = ["济南智力运动学校", "济南智力运动学校", "杭州", None]


@pytest.mark.parametrize(
    "settings,kept_apart_in,free_from",
    [
        ({"same_unit": "first_k", "same_unit_rounds": 3}, {1, 2, 3}, 4),
        ({"same_unit": "first_k", "same_unit_rounds": 0}, set(), 1),
        ({"same_unit": "always"}, {1, 2, 3, 4, 5}, None),
        ({"same_unit": "never"}, set(), 1),
    ],
)
def test_two_of_one_unit_are_kept_apart_until_the_round_the_settings_name(
    settings: dict[str, object], kept_apart_in: set[int], free_from: int | None
) -> None:
    for rnd in range(1, 6):
        req = request(4, rnd, units=UNITS, **settings)
        states = build_states(req)
        meeting = unit_meeting(req, states[1], states[2])
        assert meeting is not None and meeting.unit == "济南智力运动学校"
        assert meeting.kept_apart == (rnd in kept_apart_in) == same_unit_applies(req)
        assert meeting.free_from == free_from
        assert unit_meeting(req, states[1], states[3]) is None  # two units
        assert unit_meeting(req, states[4], states[4]) is None  # no unit known
