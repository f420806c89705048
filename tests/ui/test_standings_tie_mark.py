"""Issue 14, case 6, in the window: a category's 总名次 carries the overall table's tie mark
(19=), as the overall rank column does."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.reports.fixtures import go_final
from ui.models.standings import StandingsModel


def test_the_overall_column_of_a_category_shows_the_tie_mark() -> None:
    doc = go_final()
    men = next(e for e in doc["events"] if e["code"] == "MEN")
    shared = {r["entrant"]: r["rank"] for r in men["standings"] if r.get("shared")}
    from app.io.export_json import from_document

    model = StandingsModel()
    model.set_event(from_document(doc).event("MEN"), "W")
    column = next(i for i, c in enumerate(model._columns) if c.key == "overall_rank")
    marked = 0
    for row, data in enumerate(men["category_standings"]["W"]):
        text = model.data(model.index(row, column), Qt.ItemDataRole.DisplayRole)
        if data["entrant"] in shared:
            assert text == f"{shared[data['entrant']]}="
            marked += 1
        else:
            assert text == str(data["overall_rank"])
    assert marked
