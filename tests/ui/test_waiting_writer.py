"""While another writer holds the file, the window says it is waiting, then writes."""

from __future__ import annotations

import sqlite3
import threading
import time

from PySide6.QtCore import Qt

from app.services.rounds import pair_next, round_view


def test_the_window_says_it_waits_for_another_writer(window, qtbot) -> None:  # noqa: ANN001
    pair_next(window.ctx.db, "OPEN")
    window.ctx.notify("rounds")
    window.show_view("results")
    results = window.results
    qtbot.waitUntil(lambda: results.view is not None and results.view.number == 3, timeout=5000)
    messages: list[str] = []
    window.statusBar().messageChanged.connect(messages.append)

    holder = sqlite3.connect(
        window.ctx.db.path, timeout=5, isolation_level=None, check_same_thread=False
    )
    holder.execute("BEGIN IMMEDIATE")  # e.g. a long import in another process
    release = threading.Timer(1.5, lambda: holder.execute("COMMIT"))
    release.start()
    started = time.monotonic()
    results.entry.setText("2 1")
    qtbot.keyClick(results.entry, Qt.Key.Key_Return)
    release.join()
    holder.close()
    assert time.monotonic() - started >= 1.0
    assert any("正由另一个操作写入" in m for m in messages), messages
    assert round_view(window.ctx.db, "OPEN", 3).results[2] == "1-0"
