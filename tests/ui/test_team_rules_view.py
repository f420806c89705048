"""Issue 13 in the window's team list: a late compose or dissolve asks before it forces,
the forced change and an ineligible team are marked where the arbiter looks."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QInputDialog, QMessageBox

from app.services.audit import audit_log
from app.services.players import list_entrants, set_status
from tests.ui.conftest import idle_now
from ui import context as ctxmod


def _show_event(window, code: str):  # noqa: ANN001, ANN202
    view = window.teams
    window.show_view("teams")
    idle_now(window)  # written and read again off the window
    view.event_combo.setCurrentIndex(view.event_combo.findData(code))
    return view


def _cell(view, name: str, key: str) -> str:  # noqa: ANN001
    model = view.model
    row = next(i for i in range(model.rowCount()) if model.row(i).name == name)
    return model.data(model.index(row, model.column_of(key)))


def _free_men(db, count: int) -> list[str]:  # noqa: ANN001
    taken = {m for t in list_entrants(db, "MTEAM") for m in t.members}
    return [
        str(r.seed)
        for r in list_entrants(db, "OPEN")
        if r.gender == "M" and r.name not in taken and "外卡" not in (r.source or "")
    ][:count]


def test_a_late_team_is_composed_only_when_the_arbiter_forces_it(window, monkeypatch) -> None:  # noqa: ANN001
    view = _show_event(window, "MTEAM")
    db = window.ctx.db
    asked: list[str] = []
    answer = [QMessageBox.StandardButton.No]
    monkeypatch.setattr(
        QMessageBox, "question", lambda _w, _t, text, *a, **k: asked.append(text) or answer[0]
    )
    typed = iter([("迟到队", True), (",".join(_free_men(db, 3)), True)])
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: next(typed))
    before = list_entrants(db, "MTEAM"), len(audit_log(db))
    view.compose()
    idle_now(window)  # written and read again off the window
    assert len(asked) == 1 and "公开组已编排到第2轮" in asked[0] and "强制" in asked[0]
    assert (list_entrants(db, "MTEAM"), len(audit_log(db))) == before
    answer[0] = QMessageBox.StandardButton.Yes
    view.compose()
    idle_now(window)  # written and read again off the window
    assert "迟到队" in [t.name for t in list_entrants(db, "MTEAM")]
    assert audit_log(db, 1)[0].action == "强制组队"
    assert "第2轮编排后强制组队" in _cell(view, "迟到队", "note")
    others = [r.name for r in view.model.rows() if r.name != "迟到队"]
    assert others and all(_cell(view, name, "note") == "" for name in others)


def test_a_late_dissolution_asks_and_is_listed(window, monkeypatch) -> None:  # noqa: ANN001
    view = _show_event(window, "WTEAM")
    db = window.ctx.db
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    name = view.model.row(0).name
    view.table.setCurrentIndex(view.table.model().index(0, 0))
    row = view.model.row(view.table.model().mapToSource(view.table.currentIndex()).row())
    view.dissolve_selected()
    idle_now(window)  # written and read again off the window
    assert row.name not in [t.name for t in list_entrants(db, "WTEAM")]
    lines = [view.problems.item(i).text() for i in range(view.problems.count())]
    assert any("强制解散" in line and row.name in line for line in lines), lines
    assert name


def test_an_ineligible_team_is_marked_and_its_prize_said(window, tmp_path: Path) -> None:  # noqa: ANN001
    view = _show_event(window, "MTEAM")
    db = window.ctx.db
    team = list_entrants(db, "MTEAM")[0]
    set_status(db, "OPEN", team.members[0], "withdrawn")
    window.ctx.notify(ctxmod.PLAYERS)
    idle_now(window)  # written and read again off the window
    assert f"{team.members[0]}已退赛" in _cell(view, team.name, "problems")
    model = view.model
    row = next(i for i in range(model.rowCount()) if model.row(i).name == team.name)
    assert model.data(model.index(row, 0), Qt.ItemDataRole.BackgroundRole) is not None
    assert "不符合参赛条件" in view.summary.text() and "奖金照发" in view.summary.text()
    shot = tmp_path / "teams.png"
    assert view.grab().save(str(shot)) and shot.stat().st_size > 0


def test_withheld_prizes_are_said_as_the_prize_sheet_decides(window) -> None:  # noqa: ANN001
    from app.services.read_model import load_final
    from app.services.tournament import update_event_settings

    view = _show_event(window, "MTEAM")
    db = window.ctx.db
    team = list_entrants(db, "MTEAM")[0]
    set_status(db, "OPEN", team.members[0], "withdrawn")
    update_event_settings(db, "MTEAM", {"eligibility.ineligible_team_prizes": "withhold"})
    window.ctx.notify(ctxmod.ALL)
    idle_now(window)  # written and read again off the window
    view = _show_event(window, "MTEAM")
    assert "奖金不发" in view.summary.text(), view.summary.text()
    event = next(e for e in load_final(db).events if e.code == "MTEAM")
    assert event.settings.eligibility.ineligible_team_prizes == "withhold"
