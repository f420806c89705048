"""Switching the window's language (issue 23 §3): the window is built again in the other
language over the final that is open — not closed, checked, opened and read again on the
window's thread (which stopped the window 116–321 ms on the 360-player final): nothing is read
from the file on the window's thread; the view that was shown is shown. (The stall itself is
measured by tests/bench/test_bench_stalls.py: on a busy machine it is too noisy to assert.)"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy import event
from sqlalchemy.engine import Engine

from tests.finals import demo_copy
from tests.ui.conftest import wait_idle
from tests.ui.stall_probe import StallProbe


@contextmanager
def reads_on_the_window_thread() -> Iterator[list[str]]:
    """The SQL statements run on the window's (the main) thread meanwhile."""
    seen: list[str] = []

    def spy(_conn, _cursor, statement, *_args) -> None:  # noqa: ANN001
        if threading.current_thread() is threading.main_thread():
            seen.append(statement)

    event.listen(Engine, "before_cursor_execute", spy)
    try:
        yield seen
    finally:
        event.remove(Engine, "before_cursor_execute", spy)


@pytest.fixture(scope="module")
def go_master(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("go-360") / "go.finals"
    demo_copy(demo_master("hangzhou-go", players=360, seed=3, rounds=2), path)
    return path


def test_switching_language_keeps_the_open_final_and_the_view(
    qtbot, go_master: Path, tmp_path: Path, monkeypatch
) -> None:  # noqa: ANN001
    from app.services.tournament import open_tournament
    from tests.finals import copy_of
    from ui import context, i18n, prefs
    from ui.main import make_app, switch_language
    from ui.main_window import MainWindow

    app = make_app()
    old = MainWindow()
    old.ctx.open_documents = False
    assert old.open_file(copy_of(go_master, tmp_path / "go.finals"))
    old.show_view("results")
    old.show()
    wait_idle(old, qtbot)
    db = old.ctx.db
    opened: list[object] = []

    def counted(target):  # noqa: ANN001, ANN202
        opened.append(target)
        return open_tournament(target)

    monkeypatch.setattr(context, "open_tournament", counted)
    try:
        with StallProbe() as probe, reads_on_the_window_thread() as statements:
            new = switch_language(app, old, "en")
            qtbot.addWidget(new)
            qtbot.waitUntil(lambda: new.isVisible(), timeout=5000)
            qtbot.waitUntil(lambda: new.results.model.rowCount() == 180, timeout=10000)
            wait_idle(new, qtbot)
        print(f"language switch: {probe.longest * 1000:.0f} ms")
        assert statements == []  # the views read in workers; nothing is opened again
        assert prefs.language() == "en"
        assert new.ctx.db is db and opened == []  # handed over: not closed, opened, read again
        assert new.current_view() == "results"
        assert new.tabs.tabText(new.tabs.currentIndex()) == "Results"
        assert new.results.feedback.text() == "" and "Table" in new.results.entry.placeholderText()
        # and back: the window speaks Chinese again, over the same final
        back = switch_language(app, new, "zh_CN")
        qtbot.addWidget(back)
        qtbot.waitUntil(lambda: back.isVisible(), timeout=5000)
        assert back.ctx.db is db and opened == []
        assert back.tabs.tabText(back.tabs.currentIndex()) == "成绩录入"
        wait_idle(back, qtbot)
        back.ctx.close()
    finally:
        i18n.install(app, "zh_CN")
        prefs.set_language("zh_CN")
