"""Pairing a round by hand (手工编排) from the pairing board: start the next round with no
table or clear a machine pairing, pick two players not yet paired (score, unit, colour
history in view), see the checker's word before pairing them and after, undo each step."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtWidgets import QMessageBox

from app.pairing.state import build_states
from app.services.audit import audit_log
from app.services.rounds import BY_HAND_ACTION, EDIT_ACTION, round_view

EVENT = "OPEN"


def _yes(monkeypatch, asked: list[str]) -> None:  # noqa: ANN001
    monkeypatch.setattr(
        QMessageBox,
        "question",
        lambda *a, **k: asked.append(a[2]) or QMessageBox.StandardButton.Yes,
    )


def _pick(dialog, *entrants: int) -> None:  # noqa: ANN001
    selection = dialog.pool.selectionModel()
    selection.clearSelection()
    for who in entrants:
        row = dialog.unpaired.index(who)
        flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
        selection.select(dialog.pool.model().index(row, 0), flags)


def _open_dialog(window, qtbot, settle, number: int):  # noqa: ANN001, ANN202
    board = window.round_board
    qtbot.mouseClick(board.hand_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(
        lambda: (
            board.hand_dialog is not None
            and board.hand_dialog.isVisible()
            and board.hand_dialog.view is not None
            and board.hand_dialog.view.number == number
        ),
        timeout=30000,
    )
    settle(window)
    return board.hand_dialog


def test_a_round_started_empty_and_paired_by_hand(
    window, qtbot, settle, monkeypatch, tmp_path: Path
) -> None:  # noqa: ANN001
    asked: list[str] = []
    _yes(monkeypatch, asked)
    window.resize(1280, 800)
    window.show_view("round")
    settle(window)
    db = window.ctx.db
    dialog = _open_dialog(window, qtbot, settle, 3)
    assert "第3轮" in asked[0] and "手工" in asked[0]
    assert round_view(db, EVENT, 3).games == ()  # round 3 exists, with no table
    assert audit_log(db)[0].action == BY_HAND_ACTION
    assert len(dialog.unpaired) == 40 and dialog.pool.rowCount() == 40
    assert dialog.tables.rowCount() == 0

    # Each player in the list: number, name, unit, points and colours so far (先/后).
    states = build_states(round_view(db, EVENT, 3).request)
    top = dialog.unpaired[0]
    cells = [dialog.pool.item(0, c).text() for c in range(dialog.pool.columnCount())]
    assert cells[:3] == [str(states[top].seed), states[top].name, states[top].unit or ""]
    assert cells[3] == "4" and states[top].score == max(s.score for s in states.values())
    assert len(cells[4]) == 2 and set(cells[4]) <= {"先", "后"}
    headers = [dialog.pool.horizontalHeaderItem(c).text() for c in range(6)]
    assert headers[2] == "单位"

    # Two of one unit: the checker says so before they are paired.
    by_unit: dict[str, list[int]] = {}
    for who in dialog.unpaired:
        by_unit.setdefault(states[who].unit or "", []).append(who)
    a, b = next(v for v in by_unit.values() if len(v) >= 2)[:2]
    _pick(dialog, a, b)
    assert dialog.picked() == sorted([a, b], key=dialog.unpaired.index)
    assert not dialog.before_list.isHidden()
    before = [dialog.before_list.item(i).text() for i in range(dialog.before_list.count())]
    assert any(states[a].unit in text and "同" in text for text in before), before
    proposed = dialog.proposed()
    assert proposed is not None and proposed.table == 1
    assert dialog.first_label.text().startswith(states[proposed.first].label)
    dialog.grab().save(str(tmp_path / "hand-before.png"))
    # The arbiter exchanges the colours the rules proposed, then pairs them anyway.
    qtbot.mouseClick(dialog.exchange_button, Qt.MouseButton.LeftButton)
    assert (dialog.proposed().first, dialog.proposed().second) == (
        proposed.second,
        proposed.first,
    )
    qtbot.mouseClick(dialog.pair_button, Qt.MouseButton.LeftButton)
    settle(window)
    qtbot.waitUntil(lambda: dialog.tables.rowCount() == 1, timeout=30000)
    games = round_view(db, EVENT, 3).games
    assert [(g.table, g.first, g.second) for g in games] == [(1, proposed.second, proposed.first)]
    assert len(dialog.unpaired) == 38 and a not in dialog.unpaired and b not in dialog.unpaired
    # ... and after: the table is flagged in the dialog and on the board.
    assert not dialog.after_list.isHidden() and dialog.after_list.count() >= 1
    assert any(f.rule == "same_unit" for f in window.round_board.view.findings)
    first_warning = window.round_board.findings.item(0).text()  # before the 38 unpaired
    assert "同属" in first_warning, first_warning
    entry = audit_log(db)[0]
    assert entry.action == EDIT_ACTION and "手工配对" in entry.target

    # Two more by hand; Enter pairs the two picked.
    c, d = dialog.unpaired[0], dialog.unpaired[1]
    _pick(dialog, c, d)
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    settle(window)
    qtbot.waitUntil(lambda: dialog.tables.rowCount() == 2, timeout=30000)
    assert {g.table for g in round_view(db, EVENT, 3).games} == {1, 2}
    window.round_board.grab().save(str(tmp_path / "board-by-hand.png"))
    dialog.grab().save(str(tmp_path / "hand-after.png"))

    # Undo takes the last table out again; the players are back in the list.
    window.ctx.undo_stack.undo()
    settle(window)
    qtbot.waitUntil(lambda: dialog.tables.rowCount() == 1, timeout=30000)
    assert c in dialog.unpaired and d in dialog.unpaired
    assert len(round_view(db, EVENT, 3).games) == 1


def test_a_machine_pairing_cleared_and_rebuilt_with_a_rematch_warned(
    window, qtbot, settle, monkeypatch, tmp_path: Path
) -> None:  # noqa: ANN001
    asked: list[str] = []
    _yes(monkeypatch, asked)
    db = window.ctx.db
    window.show_view("round")
    board = window.round_board
    qtbot.mouseClick(board.pair_button, Qt.MouseButton.LeftButton)  # the machine pairs it
    qtbot.waitUntil(lambda: board.view is not None and board.view.number == 3, timeout=30000)
    machine = board.view.games
    dialog = _open_dialog(window, qtbot, settle, 3)
    assert dialog.unpaired == [] and dialog.tables.rowCount() == len(machine)
    assert not asked  # a round without results opens as it is

    # Take table 2 out: its two players are back in the list.
    dialog.tables.selectRow(1)
    qtbot.mouseClick(dialog.remove_button, Qt.MouseButton.LeftButton)
    settle(window)
    qtbot.waitUntil(lambda: len(dialog.unpaired) == 2, timeout=30000)
    assert set(dialog.unpaired) == {machine[1].first, machine[1].second}

    # Clear the rest (asked), then pair two who met before: warned, before and after.
    qtbot.mouseClick(dialog.clear_button, Qt.MouseButton.LeftButton)
    settle(window)
    qtbot.waitUntil(lambda: len(dialog.unpaired) == 40, timeout=30000)
    assert "第3轮" in asked[-1]
    assert round_view(db, EVENT, 3).games == ()
    states = build_states(round_view(db, EVENT, 3).request)
    a = dialog.unpaired[0]
    b = next(iter(states[a].opponents))
    _pick(dialog, a, b)
    before = [dialog.before_list.item(i).text() for i in range(dialog.before_list.count())]
    assert any("重复对局" in text for text in before), before
    qtbot.mouseClick(dialog.pair_button, Qt.MouseButton.LeftButton)
    settle(window)
    qtbot.waitUntil(lambda: dialog.tables.rowCount() == 1, timeout=30000)
    assert any(f.rule == "rematch" for f in board.view.findings)
    after = [dialog.after_list.item(i).text() for i in range(dialog.after_list.count())]
    assert any("重复对局" in text for text in after)

    # Undo, step by step, back to the machine's pairing less table 2, then all of it.
    for _ in range(3):
        window.ctx.undo_stack.undo()
        settle(window)
    assert round_view(db, EVENT, 3).games == machine
    qtbot.waitUntil(lambda: dialog.tables.rowCount() == len(machine), timeout=30000)


def test_the_next_round_waits_for_a_round_left_empty(window, qtbot, settle, monkeypatch) -> None:  # noqa: ANN001
    asked: list[str] = []
    _yes(monkeypatch, asked)
    errors: list[str] = []
    monkeypatch.setattr(
        "ui.views.round_board.show_error", lambda _w, exc, *a: errors.append(str(exc))
    )
    window.show_view("round")
    settle(window)
    dialog = _open_dialog(window, qtbot, settle, 3)
    dialog.close()
    window.round_board.pair_next_round()
    settle(window)
    qtbot.waitUntil(lambda: bool(errors), timeout=30000)
    assert "还没有任何对阵" in errors[0]
    assert window.ctx.current_event().rounds_paired == 3


def test_two_of_one_unit_once_avoidance_has_ended_are_called_the_same_unit(
    window, qtbot, settle, monkeypatch
) -> None:  # noqa: ANN001
    """Units kept apart in rounds 1–2 only: in round 3 two of one unit may meet, and the
    dialog says they are of one unit and since which round that is allowed (it said 非同单位)."""
    from app.services.tournament import update_event_settings

    _yes(monkeypatch, [])
    update_event_settings(window.ctx.db, EVENT, {"pairing.same_unit_rounds": 2}, "裁判长")
    window.show_view("round")
    settle(window)
    dialog = _open_dialog(window, qtbot, settle, 3)
    states = dialog.states
    by_unit: dict[str, list[int]] = {}
    for who in dialog.unpaired:
        if states[who].unit:
            by_unit.setdefault(states[who].unit, []).append(who)
    a, b = next(v for v in by_unit.values() if len(v) >= 2)[:2]
    if b in states[a].opponents:  # a rematch would be warned instead: take another pair
        a, b = next(
            (x, y)
            for v in by_unit.values()
            for x in v
            for y in v
            if x != y and y not in states[x].opponents
        )
    _pick(dialog, a, b)
    assert dialog.before_list.isHidden()  # nothing breaks a rule: avoidance has ended
    text = dialog.before.text()
    assert "非同单位" not in text, text
    assert "同单位（第3轮起不回避）" in text, text
    # two of different units are still told so
    c = next(x for x in dialog.unpaired if states[x].unit not in (None, states[a].unit))
    d = next(
        x
        for x in dialog.unpaired
        if x != c and states[x].unit != states[c].unit and x not in states[c].opponents
    )
    _pick(dialog, c, d)
    if dialog.before_list.isHidden():
        assert "非同单位" in dialog.before.text()
