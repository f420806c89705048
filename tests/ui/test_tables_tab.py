"""Issue 25 §4 in the window: the settings' prize and grade tables — imported from a sheet,
refused with the reason (nothing changed), audited, undone — the same use cases as
`finals prize-table` / `finals grade-table`."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from app.services.audit import audit_log
from app.services.tournament import open_tournament
from app.store.database import Database
from tests.finals import copy_of, demo_copy


@pytest.fixture(scope="module")
def go_master(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("tables-tab") / "go.finals"
    demo_copy(demo_master("hangzhou-go", players=40, seed=4, rounds=2), path)
    return path


@pytest.fixture
def db(go_master: Path, tmp_path: Path) -> Iterator[Database]:
    opened = open_tournament(copy_of(go_master, tmp_path / "go.finals"))
    yield opened
    opened.close()


def _sheet(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _shown(tab) -> list[list[str]]:  # noqa: ANN001
    return [
        [tab.rows.item(r, c).text() for c in range(tab.rows.columnCount())]
        for r in range(tab.rows.rowCount())
    ]


def test_grade_bands_imported_refused_and_undone_in_the_settings(
    qtbot,
    db: Database,
    tmp_path: Path,  # noqa: ANN001
) -> None:
    from app.services.tournament import list_events
    from ui.dialogs.settings import SettingsDialog

    events = [e for e in list_events(db) if e.code == "MEN"]
    dialog = SettingsDialog(db, events, "MEN", "测试裁判")
    qtbot.addWidget(dialog)
    tab = dialog.tables
    tab.kind.setCurrentIndex(tab.kind.findData("grade"))
    assert _shown(tab) == [] and tab.title.text() == tab.tr("No table set")

    good = _sheet(tmp_path, "bands.csv", "名次,等级\n1,5段\n2-3,4段\n4-8,3段\n")
    assert tab.import_file(good)
    assert _shown(tab) == [["1", "5段"], ["2-3", "4段"], ["4-8", "3段"]]
    assert "已设置男子个人的等级表" in tab.message.text() and not tab.error.text()
    entry = audit_log(db)[0]
    assert entry.action == "修改等级表" and entry.operator == "测试裁判"

    # overlapping bands: refused with the place, nothing written
    entries = len(audit_log(db))
    bad = _sheet(tmp_path, "overlap.csv", "名次,等级\n1-3,5段\n3-5,4段\n")
    assert not tab.import_file(bad)
    assert "第3名" in tab.error.text() or "重叠" in tab.error.text(), tab.error.text()
    assert len(audit_log(db)) == entries
    assert _shown(tab) == [["1", "5段"], ["2-3", "4段"], ["4-8", "3段"]]

    # a negative prize amount: refused too
    tab.kind.setCurrentIndex(tab.kind.findData("prize"))
    prizes = _shown(tab)
    negative = _sheet(tmp_path, "negative.csv", "名次,奖项,奖金\n1,冠军,-100\n")
    assert not tab.import_file(negative)
    assert tab.error.text() and _shown(tab) == prizes
    assert len(audit_log(db)) == entries

    # undo: the bands go, and that is audited
    tab.kind.setCurrentIndex(tab.kind.findData("grade"))
    assert tab._undo()
    assert _shown(tab) == [] and "已撤销" in tab.message.text()
    assert audit_log(db)[0].action == "撤销等级表修改"
