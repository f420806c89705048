"""The poster names the venue's network (issue 39 §4): a phone opens the players' pages
only on the venue's Wi-Fi; its name is the tournament setting `venue_wifi`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from reports import PrintExtras, build_report
from tests.reports.conftest import as_final, pdf_text

URL = "http://192.168.1.10:8765/"


def _poster(doc: dict[str, Any], out: Path, **args: Any) -> str:
    extras = PrintExtras(public_url=URL)
    return pdf_text(build_report(as_final(doc), "poster", out, extras=extras, **args))


def test_the_poster_names_the_venues_network(tmp_path: Path, go: dict[str, Any]) -> None:
    go["tournament"].setdefault("settings", {})["venue_wifi"] = "HZQY-Guest 5G"
    for large in (False, True):
        text = _poster(go, tmp_path / f"p{large}.pdf", large=large)
        assert "赛场无线网络（Wi-Fi）：HZQY-Guest5G" in text
        assert URL in text


def test_without_a_network_name_the_poster_is_as_before(tmp_path: Path, go: dict[str, Any]) -> None:
    text = _poster(go, tmp_path / "p.pdf")
    assert "Wi-Fi" not in text and URL in text
