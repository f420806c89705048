"""Issue 16: the player card opens from the players view and the standings (double-click or
Enter) and shows each round of a known player as the file holds it."""

from __future__ import annotations

from PySide6.QtCore import Qt

from app.services.read_model import load_final
from ui.models.base import ROW_ROLE


def _known_player(db):  # noqa: ANN001, ANN202
    """Seed 1 of OPEN with its round 1 and 2 games, read straight from the read model."""
    final = load_final(db)
    event = final.event("OPEN")
    me = next(e for e in event.entrants if e.seed == 1)
    rows = []
    for rnd in event.rounds:
        game = next(g for g in rnd.games if me.id in (g.first, g.second))
        first = game.first == me.id
        other = event.entrant(game.second if first else game.first)
        rows.append((rnd.number, game.table, other.seed, other.name, "先" if first else "后"))
    standing = next(r for r in event.standings.rows if r.entrant == me.id)
    return me, rows, standing.points


def test_the_card_from_the_players_view(window, qtbot, settle) -> None:  # noqa: ANN001
    me, expected, total = _known_player(window.ctx.db)
    view = window.players
    window.show_view("players")
    view.search.setText(me.name)
    row = None
    # select the OPEN entrant with seed 1
    for r in range(view.proxy.rowCount()):
        data = view.proxy.index(r, 0).data(ROW_ROLE)
        if data.event == "OPEN" and data.seed == 1:
            row = r
    assert row is not None
    view.table.selectRow(row)
    view.table.setFocus()
    qtbot.keyClick(view.table, Qt.Key.Key_Return)
    dialog = view.card_dialog
    assert dialog is not None
    qtbot.waitUntil(lambda: dialog.card is not None, timeout=30000)
    settle(window)
    rows = dialog.round_rows()
    assert [tuple(r[:5]) for r in rows] == [
        (str(n), str(t), str(s), name, colour) for n, t, s, name, colour in expected
    ]
    assert rows[-1][7] == f"{total:g}"
    assert dialog.heading.text() == f"1　{me.name}"
    assert dialog.tiebreaks.columnCount() >= 1
    dialog.resize(760, 420)
    dialog.grab().save("/tmp/card.png")
    dialog.close()


def test_the_card_from_the_standings(window, qtbot, settle) -> None:  # noqa: ANN001
    window.show_view("standings")
    view = window.standings
    qtbot.waitUntil(lambda: view.model.rowCount() > 0, timeout=30000)
    settle(window)
    index = view.table.model().index(0, 0)
    view.table.doubleClicked.emit(index)
    dialog = view.card_dialog
    assert dialog is not None
    qtbot.waitUntil(lambda: dialog.card is not None, timeout=30000)
    line = view.table.model().data(index, ROW_ROLE)
    assert dialog.card.entrant_id == line.entrant
    assert dialog.card.rank == 1
    assert len(dialog.round_rows()) == 2
    dialog.close()
