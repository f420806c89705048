"""The base of the main window's controllers (files, TRF, printing): a QObject the window owns,
and what the controllers may ask of the window (`ActionsHost`) — they never import it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol, cast

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QStatusBar, QWidget

if TYPE_CHECKING:
    from ui.context import TournamentContext


class ActionsHost(Protocol):
    """The main window as its controllers see it."""

    ctx: TournamentContext

    def statusBar(self) -> QStatusBar: ...  # noqa: N802 - Qt's name

    def confirm(self, title: str, text: str) -> bool: ...

    def tell(self, title: str, text: str) -> None: ...

    def open_file(self, path: Path | str) -> bool: ...

    def show_view(self, key: str) -> None: ...

    def fill_events(self) -> None: ...

    def report_title(self, kind: str) -> str: ...

    def round_shown(self) -> int | None: ...

    def standings_shown(self) -> tuple[int | None, str | None]: ...

    def phone_address(self) -> str | None: ...


class WindowActions(QObject):
    def __init__(self, window: ActionsHost) -> None:
        super().__init__(cast("QWidget", window))  # the main window: a QWidget too
        self.ctx = window.ctx

    # Qt's parent, not an attribute: the window and its controllers would hold each other in a
    # cycle, which the window's gc.freeze() keeps alive after the window is deleted.
    @property
    def window(self) -> ActionsHost:
        return cast("ActionsHost", self.parent())

    @property
    def widget(self) -> QWidget:
        """The window as the parent of the dialogs a controller opens."""
        return cast("QWidget", self.parent())
