"""Issue 14, case 8: lists for the wall, readable from 2 m; a name index without loose ends.

The wall versions (`--large`) print names at 14 pt or more on A4 landscape, two columns.
The pinyin index has initial-letter headings, no column headers over empty blocks and no
last page carrying a handful of names.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from pypdf import PdfReader

from app.cli.main import main
from reports import build_report
from reports.docview import DocView
from reports.pairings import index_entries
from tests.reports.conftest import as_final


def _runs(path: Path) -> list[list[tuple[str, float]]]:
    """Per page, every text run with its effective font size."""
    pages = []
    for page in PdfReader(str(path)).pages:
        runs: list[tuple[str, float]] = []

        def visit(text: str, cm: Any, tm: Any, font: Any, size: float, runs=runs) -> None:
            if text.strip():
                runs.append((text.strip(), float(size) * abs(float(tm[0]))))

        page.extract_text(visitor_text=visit)
        pages.append(runs)
    return pages


def _men(doc: dict[str, Any]) -> dict[str, Any]:
    return next(e for e in doc["events"] if e["code"] == "MEN")


def _landscape(path: Path) -> bool:
    box = PdfReader(str(path)).pages[0].mediabox
    return float(box.width) > float(box.height)


def _small_name_runs(path: Path, names: set[str]) -> list[tuple[str, float]]:
    """Runs under 14 pt that are (part of) a name (a run ends where the font subset does)."""
    return [
        (text, size)
        for page in _runs(path)
        for text, size in page
        if size < 14 and any(text in name for name in names)
    ]


def test_wall_pairings_names_are_large(tmp_path: Path, go_live: dict[str, Any]) -> None:
    out = build_report(
        as_final(go_live), "pairings", tmp_path / "wall.pdf", event="MEN", large=True
    )
    assert _landscape(out)
    event = _men(go_live)
    by_id = {e["id"]: e["name"] for e in event["entrants"]}
    rnd = event["rounds"][-1]
    text = "\n".join(page.extract_text() for page in PdfReader(str(out)).pages)
    for game in rnd["games"]:
        for side in ("first", "second"):
            if game.get(side) is not None:
                assert by_id[game[side]] in text
    assert not _small_name_runs(out, set(by_id.values()))
    # two blocks a page: each page has the 台号 header twice
    assert all(page.extract_text().count("台号") == 2 for page in PdfReader(str(out)).pages[:-1])


def test_wall_index_is_large_with_letter_headings(tmp_path: Path, go_live: dict[str, Any]) -> None:
    out = build_report(as_final(go_live), "index", tmp_path / "wall.pdf", event="MEN", large=True)
    assert _landscape(out)
    _, _, entries = index_entries(DocView(as_final(go_live)), "MEN", None)
    names = {e[0] for e in entries}
    text = "\n".join(page.extract_text() for page in PdfReader(str(out)).pages)
    assert all(name in text for name in names)
    assert not _small_name_runs(out, names)
    texts = {text for page in _runs(out) for text, _ in page}
    assert {"C", "Z"} <= texts


def test_index_has_letter_headings_and_no_orphan_page(
    tmp_path: Path, go_live: dict[str, Any]
) -> None:
    out = build_report(as_final(go_live), "index", tmp_path / "i.pdf", event="MEN")
    pages = _runs(out)
    _, _, entries = index_entries(DocView(as_final(go_live)), "MEN", None)
    texts = [page.extract_text() for page in PdfReader(str(out)).pages]
    per_page = [sum(1 for e in entries if f"{e[0]}\n" in text) for text in texts]
    assert sum(per_page) >= len({e[0] for e in entries})
    # the last page is not a stub: at least half as full as the first
    assert per_page[-1] >= per_page[0] / 2, per_page
    letters = {text for page in pages for text, _ in page if len(text) == 1 and text.isascii()}
    assert len(letters) >= 10, letters


def test_index_of_a_small_event_has_no_headers_over_empty_blocks(
    tmp_path: Path, gomoku_live: dict[str, Any]
) -> None:
    event = gomoku_live["events"][0]
    rnd = event["rounds"][-1]
    rnd["games"] = sorted(rnd["games"], key=lambda g: g["table"])[:2]
    out = build_report(as_final(gomoku_live), "index", tmp_path / "i.pdf", event=event["code"])
    page = _runs(out)[0]
    assert sum(1 for text, _ in page if text == "姓名") == 1


def test_cli_large_flag(built_demo: Callable[..., Path], tmp_path: Path) -> None:
    final = tmp_path / "go.finals"
    built_demo(final, "hangzhou-go", players=40, seed=3, rounds=1)
    for kind in ("pairings", "index"):
        out = tmp_path / f"{kind}.pdf"
        code = main(["report", str(final), kind, "--event", "MEN", "--large", "-o", str(out)])
        assert code == 0
        assert _landscape(out)
