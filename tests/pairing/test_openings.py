from __future__ import annotations

from app.pairing.openings import OPENINGS, draw_opening, opening


def test_the_26_openings_of_rules_section_8():
    assert len(OPENINGS) == 26
    assert [o.number for o in OPENINGS] == list(range(1, 27))
    assert opening(1).moves == "H8 H9 H10" and opening(1).name == "寒星"
    assert opening("花月").moves == "H8 H9 I9" and opening("花月").kind == "直指"
    assert opening(13).name == "游星" and opening(13).moves == "H8 H9 J6"
    assert opening(14).name == "长星" and opening(14).moves == "H8 I9 J10"
    assert opening("彗星").number == 26 and opening("彗星").moves == "H8 I9 F6"
    assert {o.kind for o in OPENINGS[:13]} == {"直指"} and {o.kind for o in OPENINGS[13:]} == {
        "斜指"
    }
    assert len({o.name for o in OPENINGS}) == 26


def test_draw_is_reproducible_and_never_repeats_the_previous_round():
    assert draw_opening(123, None, True) == draw_opening(123, None, True)
    drawn = {draw_opening(s, None, False) for s in range(300)}
    assert drawn == {o.name for o in OPENINGS}
    for s in range(300):
        prev = draw_opening(s, None, False)
        assert draw_opening(s, prev, True) != prev
