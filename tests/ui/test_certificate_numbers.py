"""Issue 14, case 2, from the window: a certificate printed from the 打印 menu takes the
register's number, the same as `finals report … certificates` gives it."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from app.services.certificates import certificate_register
from app.services.tournament import open_tournament
from reports.provisional import NotFinal
from tests.finals import end_after_rounds_played
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
    end_after_rounds_played(path)  # final results: numbered (issue 26 §2)
    db = open_tournament(path)
    try:
        first = _numbers(make_report(db, "certificates", tmp_path / "a.pdf"))
        again = _numbers(make_report(db, "certificates", tmp_path / "b.pdf"))
        register = certificate_register(db, "prize")
    finally:
        db.close()
    assert first == again
    assert sorted(first) == sorted(r.number for r in register)


def test_the_window_numbers_no_provisional_certificate(
    built_demo: Callable[..., Path], tmp_path: Path
) -> None:
    """Mid-play (issue 26 §2): refused before any number is issued; printed provisional,
    every page marked and nothing in the register."""
    path = tmp_path / "go.finals"
    built_demo(path, "hangzhou-go", players=40, seed=7, rounds=2)
    db = open_tournament(path)
    try:
        with pytest.raises(NotFinal) as caught:
            make_report(db, "certificates", tmp_path / "a.pdf")
        assert "临时版" in caught.value.window_message
        assert "--provisional" not in caught.value.window_message
        assert not (tmp_path / "a.pdf").exists()
        out = make_report(db, "certificates", tmp_path / "b.pdf", provisional=True)
        assert certificate_register(db) == []
    finally:
        db.close()
    pages = [p.extract_text() or "" for p in PdfReader(str(out)).pages]
    assert pages and all("临时（第2轮后）" in p and "编号：" not in p for p in pages)


def _pages(path: Path) -> list[str]:
    return [p.extract_text() or "" for p in PdfReader(str(path)).pages]


def test_the_window_and_the_command_line_print_the_same_numbers(
    built_demo: Callable[..., Path],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 28 §2: one use case numbers a print, whoever asks; it collects the print's
    awards once (not once for the mark, once for the numbers and once for the pages)."""
    import reports.certificate_awards as awards
    from tests.cli.runner import run

    collected: list[str] = []
    collect = awards.collect_awards

    def counting(*args: Any, **kwargs: Any) -> list[awards.Award]:
        collected.append(args[1])
        return collect(*args, **kwargs)

    monkeypatch.setattr(awards, "collect_awards", counting)
    window, terminal = tmp_path / "window.finals", tmp_path / "terminal.finals"
    built_demo(window, "hangzhou-go", players=60, seed=7, rounds=2)
    end_after_rounds_played(window)
    terminal.write_bytes(window.read_bytes())
    db = open_tournament(window)
    try:
        printed = _pages(make_report(db, "certificates", tmp_path / "w.pdf"))
        register = certificate_register(db, "prize")
    finally:
        db.close()
    assert collected == ["prize"]
    code, _, err = run(
        capsys, "report", str(terminal), "certificates", "-o", str(tmp_path / "t.pdf")
    )
    assert code == 0, err
    assert collected == ["prize", "prize"]
    assert _pages(tmp_path / "t.pdf") == printed
    assert sorted(re.findall(r"编号：(\S+?-\d{4})", "".join(printed))) == sorted(
        r.number for r in register
    )
    assert len(register) == len(printed)
