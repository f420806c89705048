"""Issue 41 §4: the first window fits the screen it opens on. A 1366×768 laptop (a 40-pixel
taskbar: 1366×728 to use) and the same at 150 % (910×485 logical pixels) show the whole
window, its buttons and its status bar; a big screen gets the designed 1280×800."""

from __future__ import annotations

import pytest

# What a window manager adds around the window: a title bar and borders.
FRAME_WIDTH, FRAME_HEIGHT = 16, 40


@pytest.mark.parametrize(
    "space",
    [(0, 0, 1366, 728), (0, 0, 910, 485), (1920, 0, 1366, 728)],
    ids=["1366x768", "1366x768-at-150%", "second-screen"],
)
def test_the_first_window_fits_a_small_screen(qtbot, monkeypatch, space) -> None:  # noqa: ANN001
    from PySide6.QtCore import QRect, QSize

    from ui import main_window
    from ui.main import make_app

    make_app()
    available = QRect(*space)
    monkeypatch.setattr(main_window, "screen_space", lambda: available)
    win = main_window.MainWindow()
    qtbot.addWidget(win)
    # the frame's corner is where the window was moved; the frame is the window and more
    frame = QRect(win.pos(), win.size() + QSize(FRAME_WIDTH, FRAME_HEIGHT))
    assert available.contains(frame), (frame, available)
    status = win.statusBar().geometry()
    assert win.rect().contains(status), (status, win.rect())
    assert win.width() >= win.minimumSizeHint().width()
    assert win.height() >= win.minimumSizeHint().height()


def test_a_big_screen_gets_the_designed_size(qtbot, monkeypatch) -> None:  # noqa: ANN001
    from PySide6.QtCore import QRect

    from ui import main_window
    from ui.main import make_app

    make_app()
    monkeypatch.setattr(main_window, "screen_space", lambda: QRect(0, 0, 1920, 1040))
    win = main_window.MainWindow()
    qtbot.addWidget(win)
    assert (win.width(), win.height()) == (1280, 800)
