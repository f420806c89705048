"""Issue 16: the window never tells the arbiter to add a command-line flag. The same refusal
says 「请加 --force」 on the command line and names the window's own way in the window."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from app.errors import FinalsError
from app.services.results import clear_result, record_result
from app.services.rounds import edit_round_by_seed, pair_next
from app.services.tournament import open_tournament, update_event_settings
from ui.errors import error_text

COMMAND_LINE = re.compile(r"--[a-z]|finals [a-z]")


@pytest.fixture
def final(built_demo: Callable[..., Path], tmp_path: Path):  # noqa: ANN201
    path = tmp_path / "go.finals"
    built_demo(path, "hangzhou-go", players=30, seed=9, rounds=2)
    db = open_tournament(path)
    yield db
    db.close()


def _refusals(db) -> list[FinalsError]:  # noqa: ANN001
    found: list[FinalsError] = []

    def catch(call) -> None:  # noqa: ANN001
        with pytest.raises(FinalsError) as caught:
            call()
        found.append(caught.value)

    # a result of a round the next pairing used: correcting and clearing need force
    catch(lambda: record_result(db, "MEN", 1, 1, "0-1"))
    catch(lambda: clear_result(db, "MEN", 1, 1))
    # an unknown seed number in a manual edit
    catch(lambda: edit_round_by_seed(db, "MEN", 2, "swap", (1, 999)))
    # a round past the plan
    update_event_settings(db, "MEN", {"rounds_planned": 2})
    catch(lambda: pair_next(db, "MEN"))
    # a bad setting stored by an older version, read by pairing
    with db.transaction() as session:
        from sqlalchemy import select

        from app.store.models import Event

        event = session.scalars(select(Event).where(Event.code == "MEN")).one()
        event.pairing = {**(event.pairing or {}), "same_unit": "sometimes"}
    catch(lambda: pair_next(db, "MEN", extra_round=True))
    return found


def test_the_window_names_its_own_way_the_command_line_keeps_its_flag(final) -> None:  # noqa: ANN001
    refusals = _refusals(final)
    assert len(refusals) == 5
    for exc in refusals:
        shown, _details = error_text(exc)
        assert not COMMAND_LINE.search(shown), shown
        assert COMMAND_LINE.search(exc.message), exc.message  # the command line still says how
