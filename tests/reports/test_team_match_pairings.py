"""A team match's pairing list shows every board under its table."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pypdf import PdfReader

from app.services.read_model import build_export
from app.services.rounds import pair_next
from app.services.tournament import open_tournament, update_event_settings
from reports import build_report
from tests.reports.conftest import as_final


def test_boards_are_listed_under_each_match(
    built_demo: Callable[..., Path], tmp_path: Path
) -> None:
    path = tmp_path / "go.finals"
    built_demo(path, "hangzhou-go", players=40, seed=5, rounds=0)
    db = open_tournament(path)
    update_event_settings(db, "MTEAM", {"pairing.team_format": "match", "rounds_planned": 3})
    pair_next(db, "MTEAM")
    doc = build_export(db)
    db.close()
    out = build_report(as_final(doc), "pairings", tmp_path / "p.pdf", event="MTEAM")
    text = "".join(page.extract_text() for page in PdfReader(out).pages)
    game = next(e for e in doc["events"] if e["code"] == "MTEAM")["rounds"][0]["games"][0]
    assert "第1台" in text and "第3台" in text and "团体对抗" in text
    for board in game["boards"]:
        assert board["first"] in text and board["second"] in text
