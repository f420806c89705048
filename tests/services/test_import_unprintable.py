"""The import warns of a name no bundled font can print (issue 26 §1), naming the row; a
rare hanzi the fallback fonts have (㛃, 𠮷) imports without a word."""

from __future__ import annotations

from pathlib import Path

from app.services.players import list_entrants
from app.services.registration import import_sheet
from tests.services.sheets import player, write_sheet


def test_import_warns_of_a_character_in_no_font_naming_the_row(gomoku, tmp_path: Path) -> None:
    rows = [
        player("王㛃", birth="1990-01-02"),
        player("𠮷田", birth="1991-02-03"),
        player("张\U00030000", birth="1992-03-04"),
    ]
    summary = import_sheet(gomoku, write_sheet(tmp_path / "rare.xlsx", rows), operator="甲")
    assert summary.players == 3
    assert [e.name for e in list_entrants(gomoku, "OPEN")].count("张\U00030000") == 1
    assert len(summary.warnings) == 1, summary.warnings
    warning = summary.warnings[0]
    assert "第4行" in warning and "张\U00030000" in warning and "U+30000" in warning
    assert "王㛃" not in warning and "𠮷田" not in warning
