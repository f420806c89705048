"""Issue 26 §3: the wall-size pairing list and name index print a long Latin name at 14 pt
or more, wrapped between its words (as the wall standings do), never shrunk below 14 pt."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from reports import build_report
from tests.reports.conftest import as_final, pdf_text
from tests.reports.test_wall_and_line_breaks import _runs

LONG = "Maximilian Alexander Schwarzenberg-Lichtenstein"
SHORTER = "Alexandra Wilhelmina Montgomery-Fitzgerald"


def _with_long_names(doc: dict[str, Any]) -> tuple[dict[str, Any], set[str]]:
    """The Go final during play with two players of round 5 (both colours of table 3)
    renamed with long Latin names."""
    event = next(e for e in doc["events"] if e["code"] == "MEN")
    game = next(g for g in event["rounds"][4]["games"] if g["table"] == 3)
    renamed = {game["first"]: LONG, game["second"]: SHORTER}
    for entrant in event["entrants"]:
        entrant["name"] = renamed.get(entrant["id"], entrant["name"])
    return doc, {e["name"] for e in event["entrants"]}


@pytest.mark.parametrize("kind", ["pairings", "index"])
def test_wall_lists_print_long_latin_names_large_wrapped_between_words(
    tmp_path: Path, go_live: dict[str, Any], kind: str
) -> None:
    doc, names = _with_long_names(go_live)
    out = build_report(as_final(doc), kind, tmp_path / f"{kind}.pdf", event="MEN", large=True)
    text = pdf_text(out)
    for name in (LONG, SHORTER):
        assert name.replace(" ", "") in text, name
    runs = _runs(out)
    parts = [(t, s) for t, s in runs if any(t in n for n in names if " " in n)]
    assert parts, runs[:20]
    assert min(s for _, s in parts) >= 14, [p for p in parts if p[1] < 14]
    # each word of the long names is printed whole (a line may break after a hyphen), at
    # 14 pt or more
    for word in re.split(r"(?<=-)| ", f"{LONG} {SHORTER}"):
        assert any(word in re.split(r"(?<=-)| ", t) and s >= 14 for t, s in runs), word
    # and no other name shrank either
    small = [(t, s) for t, s in runs if s < 14 and t in names]
    assert not small, small
