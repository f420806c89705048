"""Undoable edits made in the window. Each step goes through an audited service call.

A command is pushed after its first application succeeded (so a refused edit never reaches
the stack); `redo` repeats it, `undo` asks the service to put things back. Both run in the
window's write queue (`TournamentContext.write`), off the window's thread and in the order
they were asked for; a step the file refuses (e.g. a result someone else changed meanwhile)
is reported and becomes obsolete: the stack drops it the next time it is reached.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QUndoCommand

from app.services.disqualification import disqualify, undo_disqualification
from app.services.players import set_status
from app.services.results import UNSEEN, Seats, Unseen, clear_result, record_result
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
        if self.isObsolete():
            return  # refused before: the stack drops it now
        self.ctx.write(fn, operator=self.ctx.operator, what=self.what, on_error=self._failed)

    def _failed(self, exc: BaseException) -> None:
        self.setObsolete(True)
        show_error(None, exc)
        self.ctx.apply_change(self.what)  # show what the file holds now

    # Both run in a worker thread with the file and the operator: plain values only.
    def apply(self, db: Any, operator: str) -> Any:
        raise NotImplementedError

    def revert(self, db: Any, operator: str) -> Any:
        raise NotImplementedError


class PairingEditCommand(ServiceCommand):
    what = ctxmod.ROUNDS

    def __init__(
        self,
        ctx: ctxmod.TournamentContext,
        event: str,
        number: int,
        edit: str,
        args: tuple[int, ...],
        label: str,
    ) -> None:
        super().__init__(ctx, label)
        self.event, self.number, self.edit, self.args = event, number, edit, args

    def apply(self, db: Any, operator: str) -> Any:
        return edit_round(db, self.event, self.number, self.edit, *self.args, operator=operator)

    def revert(self, db: Any, operator: str) -> Any:
        return undo_edit(db, self.event, self.number, operator=operator)


class StatusCommand(ServiceCommand):
    what = ctxmod.PLAYERS

    def __init__(
        self,
        ctx: ctxmod.TournamentContext,
        event: str,
        seed: int,
        new: str,
        old: str,
        round_number: int | None,
        label: str,
    ) -> None:
        super().__init__(ctx, label)
        self.event, self.seed, self.new, self.old, self.round = event, seed, new, old, round_number

    def apply(self, db: Any, operator: str) -> Any:
        return set_status(db, self.event, str(self.seed), self.new, self.round, operator=operator)

    def revert(self, db: Any, operator: str) -> Any:
        return set_status(db, self.event, str(self.seed), self.old, self.round, operator=operator)


class DisqualifyCommand(ServiceCommand):
    """A disqualification (取消资格) with its reason, or its undo (`reason` None)."""

    what = ctxmod.ALL  # the standings, prizes and lists all change

    def __init__(
        self, ctx: ctxmod.TournamentContext, event: str, seed: int, reason: str | None, label: str
    ) -> None:
        super().__init__(ctx, label)
        self.event, self.seed, self.reason = event, seed, reason

    def apply(self, db: Any, operator: str) -> Any:
        if self.reason is None:
            return undo_disqualification(db, self.event, str(self.seed), operator=operator)
        return disqualify(db, self.event, str(self.seed), self.reason, operator=operator)

    def revert(self, db: Any, operator: str) -> Any:
        if self.reason is None:  # the undo's undo: disqualified again, for the same reason
            return disqualify(db, self.event, str(self.seed), self.old_reason, operator=operator)
        return undo_disqualification(db, self.event, str(self.seed), operator=operator)

    old_reason: str | None = None


class ResultCommand(ServiceCommand):
    """An entry or a correction: undo restores the previous result, or clears a first entry
    (forced and audited either way)."""

    what = ctxmod.RESULTS

    def __init__(
        self,
        ctx: ctxmod.TournamentContext,
        event: str,
        number: int,
        table: int,
        new: str,
        old: str | None,
        label: str,
        seats: Seats | Unseen = UNSEEN,
    ) -> None:
        super().__init__(ctx, label)
        self.event, self.number, self.table, self.new, self.old = event, number, table, new, old
        self.seats = seats  # the players the result was typed for: never lands on others

    def redo(self) -> None:
        if self._applied:
            self._applied = False
            return
        self._write(self.apply, self.new)

    def undo(self) -> None:
        self._write(self.revert, self.old)

    def _write(self, fn: Any, result: str | None) -> None:
        """One table changes: its row and the counters are shown again, the round is not
        read again (a result typed meanwhile is taken at once)."""
        if self.isObsolete():
            return

        ctx = self.ctx

        def done(_value: Any) -> None:
            ctx.result_undos = max(ctx.result_undos - 1, 0)
            ctx.result_written.emit(self.event, self.number, self.table, result)

        def failed(exc: BaseException) -> None:
            ctx.result_undos = max(ctx.result_undos - 1, 0)
            self._failed(exc)

        ctx.result_undos += 1  # a result's step: the results line does not wait for it
        ctx.write(
            fn,
            operator=ctx.operator,
            what=ctxmod.RESULT_ENTERED,
            touched=(self.event, self.number),
            on_done=done,
            on_error=failed,
        )

    def _failed(self, exc: BaseException) -> None:
        self.setObsolete(True)
        show_error(None, exc)
        self.ctx.apply_change(ctxmod.RESULTS)  # what the file holds now: read again

    # Undo and redo change the table only if it still holds what this step left (or
    # found): a result that arrived meanwhile from a phone or another station is never
    # overwritten unseen.
    def apply(self, db: Any, operator: str) -> Any:
        return record_result(
            db,
            self.event,
            self.number,
            self.table,
            self.new,
            force=True,
            operator=operator,
            expected=self.old,
            seats=self.seats,
        )

    def revert(self, db: Any, operator: str) -> Any:
        if self.old is None:
            return clear_result(
                db,
                self.event,
                self.number,
                self.table,
                force=True,
                operator=operator,
                expected=self.new,
            )
        return record_result(
            db,
            self.event,
            self.number,
            self.table,
            self.old,
            force=True,
            operator=operator,
            expected=self.new,
            seats=self.seats,
        )


class SettingsCommand(ServiceCommand):
    what = ctxmod.SETTINGS

    def __init__(
        self,
        ctx: ctxmod.TournamentContext,
        event: str,
        before: dict[str, Any],
        after: dict[str, Any],
        label: str,
    ) -> None:
        super().__init__(ctx, label)
        self.event, self.before, self.after = event, before, after

    def apply(self, db: Any, operator: str) -> Any:
        return update_event_settings(db, self.event, self.after, operator)

    def revert(self, db: Any, operator: str) -> Any:
        return update_event_settings(db, self.event, self.before, operator)
