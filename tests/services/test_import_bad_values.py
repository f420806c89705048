"""A registration sheet with impossible values is refused whole, each cell named."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.errors import FinalsError
from app.services.players import list_entrants
from app.services.registration import import_sheet
from tests.services.sheets import player, write_sheet


@pytest.mark.parametrize(
    ("cell", "value", "column"),
    [
        ("出生日期", "2030-01-01", "出生日期"),
        ("出生日期", "1899-12-31", "出生日期"),
        ("等级分", "inf", "等级分"),
        ("等级分", "nan", "等级分"),
        ("等级分", "9" * 20, "等级分"),
        ("等级分", "-5", "等级分"),
        ("名次", "0", "名次"),
        ("名次", "1.5", "名次"),
    ],
)
def test_an_impossible_value_names_its_cell_and_nothing_is_imported(
    gomoku, tmp_path: Path, cell: str, value: str, column: str
) -> None:
    rows = [player("甲"), {**player("乙"), cell: value}]
    sheet = write_sheet(tmp_path / "p.xlsx", rows)
    with pytest.raises(FinalsError) as refused:
        import_sheet(gomoku, sheet)
    assert any(f"第3行【{column}】" in line for line in refused.value.details), (
        refused.value.details
    )
    assert list_entrants(gomoku) == []
