"""Grade applications from players who already hold the grade (issue 13, clause 10).

Gomoku §十五.4 grants a grade by final rank; a player whose 段位 is already that grade or a
higher one has nothing to apply for. The award is kept (the list shows it, marked), and the
application form leaves it out unless the event's setting asks for it.
"""

from __future__ import annotations

from app.standings import RankedEntry, allocate_grades
from app.standings.grades import application_rows

from .fixtures_prizes import GOMOKU_OPEN_GRADES, GOMOKU_YOUTH_GRADES

OPEN_KEY = (GOMOKU_OPEN_GRADES.event, None)


def _ranked(count: int) -> tuple[RankedEntry, ...]:
    return tuple(RankedEntry(rank=i, entrant=100 + i) for i in range(1, count + 1))


def test_a_player_holding_the_grade_or_a_higher_one_is_marked() -> None:
    held = {
        101: "五段",  # 1st applies for 六段: holds less, applies
        104: "四段",  # 4th applies for 四段: already holds it
        105: "4段",  # the same grade written in digits
        107: "六段",  # 7th applies for 三段: holds more
        110: "一级",  # 10th applies for 二段: applies
        118: "业余一级",  # 18th applies for 一级: holds it
        120: None,  # nothing known: applies
        122: "职业初段",  # not a grade this table knows: applies (the arbiter checks)
    }
    awards = {
        a.entrant: a for a in allocate_grades([GOMOKU_OPEN_GRADES], {OPEN_KEY: _ranked(30)}, held)
    }
    assert [e for e, a in sorted(awards.items()) if a.already_held] == [104, 105, 107, 118]
    assert awards[104].held == "四段" and awards[104].grade == "四段"
    assert awards[107].held == "六段" and awards[107].grade == "三段"
    assert awards[101].held == "五段" and not awards[101].already_held
    assert awards[120].held is None and not awards[120].already_held
    assert not awards[122].already_held


def test_without_held_grades_nobody_is_marked() -> None:
    awards = allocate_grades([GOMOKU_YOUTH_GRADES], {(GOMOKU_YOUTH_GRADES.event, None): _ranked(9)})
    assert len(awards) == 6 and not any(a.already_held for a in awards)


def test_the_application_form_leaves_out_who_holds_the_grade_unless_asked() -> None:
    held = {102: "五段", 103: "七段"}
    awards = allocate_grades([GOMOKU_OPEN_GRADES], {OPEN_KEY: _ranked(5)}, held)
    assert [a.entrant for a in application_rows(awards)] == [101, 104, 105]
    assert [a.entrant for a in application_rows(awards, include_held=True)] == [
        101,
        102,
        103,
        104,
        105,
    ]
