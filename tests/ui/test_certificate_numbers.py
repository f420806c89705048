"""Issue 14, case 2, from the window: a certificate printed from the 打印 menu takes the
register's number, the same as `finals report … certificates` gives it."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from pypdf import PdfReader

from app.services.certificates import certificate_register
from app.services.tournament import open_tournament
from ui.printing import make_report


def _numbers(path: Path) -> list[str]:
    return [
        re.search(r"编号：(\S+?-\d{4})", p.extract_text() or "")[1]
        for p in PdfReader(str(path)).pages
    ]


def test_the_window_prints_the_registers_numbers(
    built_demo: Callable[..., Path], tmp_path: Path
) -> None:
    path = tmp_path / "go.finals"
    built_demo(path, "hangzhou-go", players=60, seed=7, rounds=2)
    db = open_tournament(path)
    try:
        first = _numbers(make_report(db, "certificates", tmp_path / "a.pdf"))
        again = _numbers(make_report(db, "certificates", tmp_path / "b.pdf"))
        register = certificate_register(db, "prize")
    finally:
        db.close()
    assert first == again
    assert sorted(first) == sorted(r["number"] for r in register)
