"""The window prints the players' pages poster with the address the server last ran on."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

from app.services.remote_entry import remember_base_url
from app.services.tournament import open_tournament
from ui.printing import make_report


def test_the_window_prints_the_poster_with_the_remembered_address(
    go_demo: Path, tmp_path: Path
) -> None:
    db = open_tournament(go_demo)
    try:
        remember_base_url(db, "http://192.168.8.20:8765/")
        out = make_report(db, "poster", tmp_path / "poster.pdf")
    finally:
        db.close()
    text = "".join(page.extract_text() or "" for page in PdfReader(str(out)).pages)
    assert "192.168.8.20:8765" in text
