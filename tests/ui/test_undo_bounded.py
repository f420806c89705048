"""The undo stack is bounded (issue 40 §4): a long session keeps the latest steps, not every
typed result since the file was opened."""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand


def test_the_undo_stack_keeps_the_latest_steps_only(qtbot) -> None:  # noqa: ANN001
    from ui.context import TournamentContext

    ctx = TournamentContext()
    limit = ctx.undo_stack.undoLimit()
    assert 100 <= limit <= 1000  # far enough back for a round, not the whole final
    for number in range(limit + 50):
        ctx.undo_stack.push(QUndoCommand(f"第{number}台"))
    assert ctx.undo_stack.count() == limit
    assert ctx.undo_stack.text(limit - 1) == f"第{limit + 49}台"  # the latest is kept
