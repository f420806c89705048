"""The base of the main window's controllers: a QObject the window owns and builds."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QObject

if TYPE_CHECKING:
    from ui.main_window import MainWindow


class WindowActions(QObject):
    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.ctx = window.ctx

    @property
    def window(self) -> MainWindow:
        # Qt's parent, not an attribute: the window and its controllers would hold each other
        # in a cycle, which the window's gc.freeze() keeps alive after the window is deleted.
        return cast("MainWindow", self.parent())
