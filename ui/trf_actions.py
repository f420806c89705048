"""The File menu's TRF actions: export the current event, import a TRF file as a new event."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QFileDialog

from ui import context as ctxmod
from ui import prefs
from ui.errors import show_error
from ui.window_actions import WindowActions


class TrfActions(WindowActions):
    def export_trf(self) -> None:
        event = self.ctx.current_event()
        if self.ctx.db is None or event is None:
            return
        path, _ = QFileDialog.getSaveFileName(
            self.widget,
            self.tr("Export as TRF"),
            str(prefs.output_dir() / f"{event.code}.trf"),
            self.tr("TRF files (*.trf *.txt);;All files (*)"),
        )
        if not path:
            return
        from app.services.trf import export_trf

        def done(count: int) -> None:
            self.window.statusBar().showMessage(
                self.tr("%1 players exported to %2").replace("%1", str(count)).replace("%2", path),
                15000,
            )

        self.ctx.write(
            export_trf,
            event.code,
            Path(path),
            self.ctx.operator,
            what="trf",
            on_done=done,
            on_error=lambda exc: show_error(self.widget, exc),
        )

    def import_trf(self) -> None:
        if self.ctx.db is None:
            return
        path, _ = QFileDialog.getOpenFileName(
            self.widget,
            self.tr("Import a TRF file"),
            "",
            self.tr("TRF files (*.trf *.txt);;All files (*)"),
        )
        if not path:
            return
        from app.services.trf import import_trf

        codes = {e.code for e in self.ctx.events}
        code = next(c for n in range(1, 1000) if (c := "TRF" if n == 1 else f"TRF{n}") not in codes)

        def done(summary: Any) -> None:
            self.ctx.set_event(summary.code)
            self.window.fill_events()
            text = (
                self.tr("Imported event %1: %2 players, %3 rounds.")
                .replace("%1", summary.code)
                .replace("%2", str(summary.players))
                .replace("%3", str(summary.rounds))
            )
            if summary.requested_byes:
                text += "\n" + self.tr("Requested byes kept (not paired, points counted):")
                text += "\n" + "\n".join(summary.requested_byes)
            if summary.skipped:
                text += "\n" + self.tr("Not imported:") + "\n" + "\n".join(summary.skipped)
            self.window.tell(self.tr("TRF import"), text)

        self.ctx.write(
            import_trf,
            Path(path),
            code,
            None,
            self.ctx.operator,
            what=ctxmod.ALL,
            on_done=done,
            on_error=lambda exc: show_error(self.widget, exc),
        )
