"""A result the file refused stays named until it is seen (issue 40 §4): after a lock held
longer than a writer waits, "第2台的成绩未保存" stays on screen when the next result is
typed and saved — table 2 never looks done."""

from __future__ import annotations

import pytest

from app.services.rounds import round_view
from tests.ui.conftest import wait_idle
from tests.ui.test_waiting_writer import _round_three, _type, another_writer


def test_a_result_dropped_after_a_lock_timeout_stays_named(
    window, qtbot, monkeypatch: pytest.MonkeyPatch
) -> None:  # noqa: ANN001
    import app.store.database as database

    monkeypatch.setattr(database, "FIRST_TRY_SECONDS", 0.1)
    monkeypatch.setattr(database, "WRITE_WAIT_SECONDS", 0.6)  # 30 s in a final
    results = _round_three(window, qtbot)
    with another_writer(window.ctx.db.path, 2.0) as release:
        _type(qtbot, results, "2 1")
        qtbot.waitUntil(lambda: not window.ctx.writing, timeout=10000)  # given up: refused
        assert release.is_alive()
    wait_idle(window, qtbot)
    assert round_view(window.ctx.db, "OPEN", 3).results[2] is None
    _type(qtbot, results, "4 1")  # the next result, once the file is free
    wait_idle(window, qtbot)
    assert round_view(window.ctx.db, "OPEN", 3).results[4] == "1-0"
    shown = getattr(results, "unsaved", results.feedback)
    assert "第2台的成绩未保存" in shown.text()
    assert shown.isVisible()
    assert results.model.row(results.model.row_for_table(2)).result is None
    results.unsaved_seen.click()  # seen: it goes
    assert not results.unsaved.isVisible()
    _type(qtbot, results, "2 1")  # and typed again, it is saved
    wait_idle(window, qtbot)
    assert round_view(window.ctx.db, "OPEN", 3).results[2] == "1-0"
