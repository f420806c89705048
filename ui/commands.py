"""Undoable edits made in the window. Each step goes through an audited service call.

A command is pushed after its first application succeeded (so a refused edit never reaches
the stack); `redo` repeats it, `undo` asks the service to put things back.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QUndoCommand

from app.services.players import set_status
from app.services.results import clear_result, record_result
from app.services.rounds import edit_round, undo_edit
from app.services.tournament import update_event_settings
from ui import context as ctxmod
from ui.errors import show_error


class ServiceCommand(QUndoCommand):
    """Skips its first redo (already applied); reports failures instead of raising."""

    what = ctxmod.ALL

    def __init__(self, ctx: ctxmod.TournamentContext, text: str) -> None:
        super().__init__(text)
        self.ctx = ctx
        self._applied = True

    def redo(self) -> None:
        if self._applied:
            self._applied = False
            return
        self._run(self.apply)

    def undo(self) -> None:
        self._run(self.revert)

    def _run(self, fn: Any) -> None:
        try:
            fn()
        except Exception as exc:
            self.setObsolete(True)
            show_error(None, exc)
        finally:
            self.ctx.notify(self.what)

    def apply(self) -> None:
        raise NotImplementedError

    def revert(self) -> None:
        raise NotImplementedError


class PairingEditCommand(ServiceCommand):
    what = ctxmod.ROUNDS

    def __init__(self, ctx: ctxmod.TournamentContext, event: str, number: int, edit: str,
                 args: tuple[int, ...], label: str) -> None:
        super().__init__(ctx, label)
        self.event, self.number, self.edit, self.args = event, number, edit, args

    def apply(self) -> None:
        edit_round(self.ctx.require_db(), self.event, self.number, self.edit, *self.args,
                   operator=self.ctx.operator)

    def revert(self) -> None:
        undo_edit(self.ctx.require_db(), self.event, self.number, operator=self.ctx.operator)


class StatusCommand(ServiceCommand):
    what = ctxmod.PLAYERS

    def __init__(self, ctx: ctxmod.TournamentContext, event: str, seed: int, new: str,
                 old: str, round_number: int | None, label: str) -> None:
        super().__init__(ctx, label)
        self.event, self.seed, self.new, self.old, self.round = event, seed, new, old, round_number

    def apply(self) -> None:
        set_status(self.ctx.require_db(), self.event, str(self.seed), self.new, self.round,
                   operator=self.ctx.operator)

    def revert(self) -> None:
        set_status(self.ctx.require_db(), self.event, str(self.seed), self.old, self.round,
                   operator=self.ctx.operator)


class ResultCommand(ServiceCommand):
    """An entry or a correction: undo restores the previous result, or clears a first entry
    (forced and audited either way)."""

    what = ctxmod.RESULTS

    def __init__(self, ctx: ctxmod.TournamentContext, event: str, number: int, table: int,
                 new: str, old: str | None, label: str) -> None:
        super().__init__(ctx, label)
        self.event, self.number, self.table, self.new, self.old = event, number, table, new, old

    # Undo and redo change the table only if it still holds what this step left (or
    # found): a result that arrived meanwhile from a phone or another station is never
    # overwritten unseen.
    def apply(self) -> None:
        record_result(self.ctx.require_db(), self.event, self.number, self.table, self.new,
                      force=True, operator=self.ctx.operator, expected=self.old)

    def revert(self) -> None:
        if self.old is None:
            clear_result(self.ctx.require_db(), self.event, self.number, self.table, force=True,
                         operator=self.ctx.operator, expected=self.new)
            return
        record_result(self.ctx.require_db(), self.event, self.number, self.table, self.old,
                      force=True, operator=self.ctx.operator, expected=self.new)


class SettingsCommand(ServiceCommand):
    what = ctxmod.SETTINGS

    def __init__(self, ctx: ctxmod.TournamentContext, event: str, before: dict[str, Any],
                 after: dict[str, Any], label: str) -> None:
        super().__init__(ctx, label)
        self.event, self.before, self.after = event, before, after

    def apply(self) -> None:
        update_event_settings(self.ctx.require_db(), self.event, self.after, self.ctx.operator)

    def revert(self) -> None:
        update_event_settings(self.ctx.require_db(), self.event, self.before, self.ctx.operator)
