"""Teams and pairs in the window: compose, see the problems, dissolve — through the services."""

from __future__ import annotations

from PySide6.QtWidgets import QInputDialog, QMessageBox

from app.services.players import list_entrants
from tests.ui.conftest import idle_now


def test_compose_and_dissolve_a_team(window, monkeypatch) -> None:  # noqa: ANN001
    view = window.teams
    window.show_view("teams")
    idle_now(window)  # written and read again off the window
    index = view.event_combo.findData("MTEAM")
    view.event_combo.setCurrentIndex(index)
    before = len(list_entrants(window.ctx.db, "MTEAM"))
    men = [r for r in list_entrants(window.ctx.db, "OPEN") if r.gender == "M"]
    in_teams = {m for t in list_entrants(window.ctx.db, "MTEAM") for m in t.members}
    free = [str(r.seed) for r in men if r.name not in in_teams and "外卡" not in (r.source or "")][
        :3
    ]  # Gomoku teams take no wild card
    answers = iter([("新组队", True), (",".join(free), True)])
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: next(answers))
    # Round 2 of the open event is played: the arbiter forces the late team (issue 13).
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    view.compose()
    idle_now(window)  # written and read again off the window
    teams = list_entrants(window.ctx.db, "MTEAM")
    assert len(teams) == before + 1 and teams[-1].name == "新组队"
    assert view.model.rowCount() == before + 1
    view.table.selectRow(view.model.rowCount() - 1)
    view.table.setCurrentIndex(view.table.model().index(view.model.rowCount() - 1, 0))
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    name = view.model.row(view.table.model().mapToSource(view.table.currentIndex()).row()).name
    view.dissolve_selected()
    idle_now(window)  # written and read again off the window
    assert name not in [t.name for t in list_entrants(window.ctx.db, "MTEAM")]


def test_a_bad_team_is_refused_with_the_reasons(window, monkeypatch) -> None:  # noqa: ANN001
    view = window.teams
    view.event_combo.setCurrentIndex(view.event_combo.findData("WTEAM"))
    shown: list[str] = []
    monkeypatch.setattr("ui.views.teams.show_error", lambda _w, exc: shown.append(str(exc)))
    men = [str(r.seed) for r in list_entrants(window.ctx.db, "OPEN") if r.gender == "M"][:2]
    answers = iter([("错队", True), (",".join(men), True)])
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: next(answers))
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    before = list_entrants(window.ctx.db, "WTEAM")
    view.compose()
    idle_now(window)  # written and read again off the window
    assert shown and "只限女子" in shown[0]
    assert list_entrants(window.ctx.db, "WTEAM") == before
