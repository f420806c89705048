"""A pair named after its two Latin-named players prints once (issue 39 §4): the name
"Hans Zimmermann/Anna Zimmermann" was split at its spaces and printed again after it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from reports import build_report
from tests.reports.conftest import as_final, pdf_text
from tests.reports.test_excel_injection import _rename

PAIR = "Hans Zimmermann/Anna Zimmermann"


def _latin_pair(go: dict[str, Any]) -> dict[str, Any]:
    event = next(e for e in go["events"] if e["kind"] == "pair")
    winner = next(p for p in go["prizes"] if p["event"] == event["code"] and p["place"] == 1)
    entrant = next(e for e in event["entrants"] if e["id"] == winner["entrant"])
    first, second = entrant["members"]
    return _rename(go, {first: "Hans Zimmermann", second: "Anna Zimmermann", entrant["name"]: PAIR})


def test_a_pair_of_latin_names_prints_once(tmp_path: Path, go: dict[str, Any]) -> None:
    final = as_final(_latin_pair(go))
    for kind, args in (("prizes", {}), ("entries", {}), ("ceremony", {})):
        text = pdf_text(build_report(final, kind, tmp_path / f"{kind}.pdf", **args))
        assert "HansZimmermann/AnnaZimmermann" in text, kind
        # not again after it in brackets (the prize sheet's signature cells name each member)
        assert "（HansZimmermann、AnnaZimmermann）" not in text, kind
