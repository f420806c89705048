"""A result lands only on the players the desk saw at the table (issue 23 §2): the use case
takes the seats the desk showed and refuses, in its one transaction, when the pairing was
changed meanwhile; the command line (no seats) records as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.services.audit import audit_log
from app.services.results import SeatsChanged, record_result
from app.services.rounds import edit_round, pair_next, round_view
from app.services.tournament import open_tournament

EVENT = "MEN"


@pytest.fixture
def paired(go_demo: Path | str):  # noqa: ANN201
    db = open_tournament(go_demo)
    pair_next(db, EVENT, "裁判长")
    yield db
    db.close()


def _seats(db, table: int) -> tuple[int, int | None]:  # noqa: ANN001
    game = next(g for g in round_view(db, EVENT, 3).games if g.table == table)
    return game.first, game.second


def test_a_result_for_players_no_longer_at_the_table_is_refused_and_names_who(paired) -> None:  # noqa: ANN001
    db = paired
    seen = _seats(db, 2)
    other = _seats(db, 4)
    view = round_view(db, EVENT, 3)
    edit_round(db, EVENT, 3, "swap", seen[0], other[0], operator="记录台")
    revision = db.revision()
    with pytest.raises(SeatsChanged) as refused:
        record_result(db, EVENT, 3, 2, "1-0", operator="裁判长", expected=None, seats=seen)
    said = refused.value.message
    assert "第3轮第2台" in said and "记录台" in said and "编排调整" in said
    now = _seats(db, 2)
    assert (
        f"{view.seeds[now[0]]}号 {view.names[now[0]]}（执黑）" in said
    )  # who sits there, in Go words
    assert f"{view.seeds[seen[0]]}号 {view.names[seen[0]]}（执黑）" in said  # who was seen
    assert "未做任何改动" in said
    assert db.revision() == revision  # nothing written, not even the audit
    assert round_view(db, EVENT, 3).results[2] is None
    # the seats as they are now: recorded, and the outcome says which revision it made
    outcome = record_result(db, EVENT, 3, 2, "1-0", operator="裁判长", expected=None, seats=now)
    assert outcome.revision == revision + 1 == db.revision()
    assert audit_log(db, 1)[0].action == "录入成绩"


def test_same_players_in_other_seats_are_refused_too(paired) -> None:  # noqa: ANN001
    db = paired
    seen = _seats(db, 3)
    edit_round(db, EVENT, 3, "colours", 3, operator="记录台")
    with pytest.raises(SeatsChanged):
        record_result(db, EVENT, 3, 3, "1-0", expected=None, seats=seen)


def test_the_command_line_passes_no_seats_and_records_as_before(paired) -> None:  # noqa: ANN001
    db = paired
    edit_round(db, EVENT, 3, "colours", 3, operator="记录台")
    record_result(db, EVENT, 3, 3, "0-1", operator="裁判长")
    assert round_view(db, EVENT, 3).results[3] == "0-1"


def test_the_latest_pairing_change_of_that_round_is_named(paired) -> None:  # noqa: ANN001
    db = paired
    seen = _seats(db, 5)
    edit_round(db, EVENT, 3, "colours", 5, operator="甲")
    edit_round(db, EVENT, 3, "colours", 6, operator="乙")
    with pytest.raises(SeatsChanged) as refused:
        record_result(db, EVENT, 3, 5, "1-0", seats=seen)
    assert "乙" in refused.value.message and "甲" not in refused.value.message
