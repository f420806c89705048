"""Provisional means visible, per event (issue 39 §2).

Mid-final the events stand at different rounds (here the Go final: 男子个人 after round 5 of
9, the pair events after round 4 of 5, 少儿组 finished).  Every page of a provisional
document carries its own event's mark 临时（第N轮后）, whole on the page (the text of the
page holds it: nothing runs off an edge), and the pages of a finished event none.  The grade
application form follows the certificates' rule; the provisional workbooks say 临时 in a
cell of every sheet; the crosstable, teams and pairs workbooks say after which round.
"""

from __future__ import annotations

import random
import re
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from openpyxl import load_workbook

from tests.cli.runner import run
from tests.finals import copy_of, demo_copy

MARK = re.compile(r"临时（[^）]*）")
PAIR_TABLES = ("男子双人", "女子双人", "男女混双", "亲子双人")


def _play_round(path: Path, code: str) -> None:
    from app.demo import _random_result
    from app.services.results import record_result
    from app.services.rounds import pair_next
    from app.services.tournament import open_tournament

    rng = random.Random(5)
    db = open_tournament(path)
    try:
        view = pair_next(db, code)
        for game in view.games:
            if game.second is not None:
                result, manner = _random_result(rng, True, False)
                record_result(db, code, view.number, game.table, result, manner)
    finally:
        db.close()


@pytest.fixture(scope="module")
def master(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """男子个人 5/9 (its teams with it), the pair events 4/5, 少儿组 finished (4/4)."""
    from app.services.tournament import open_tournament, update_event_settings

    path = tmp_path_factory.mktemp("per-event") / "go.finals"
    demo_copy(demo_master("hangzhou-go", players=40, seed=7, rounds=4), path)
    db = open_tournament(path)
    try:
        update_event_settings(db, "YOUTH", {"rounds_planned": 4})
    finally:
        db.close()
    _play_round(path, "MEN")
    return path


@pytest.fixture
def final(master: Path, tmp_path: Path) -> str:
    return str(copy_of(master, tmp_path / "go.finals"))


def _pages(path: Path) -> list[str]:
    """The text of every page as pdftotext reads it (what lies off the page is not read)."""
    count = int(re.search(r"Pages:\s+(\d+)", _run("pdfinfo", str(path))).group(1))  # type: ignore[union-attr]
    return [
        _run("pdftotext", "-f", str(n), "-l", str(n), str(path), "-") for n in range(1, count + 1)
    ]


def _run(*argv: str) -> str:
    return subprocess.run(argv, capture_output=True, text=True, encoding="utf-8", check=True).stdout


def _expected(text: str) -> str | None:
    """The mark a page of this text must carry: its event's round; None for 少儿组's."""
    if any(name in text for name in PAIR_TABLES):
        return "临时（第4轮后）"
    if "少儿组" in text:
        return None
    return "临时（第5轮后）"


def _report(capsys, final: str, tmp_path: Path, kind: str, suffix: str, *extra: str) -> Path:
    out = tmp_path / f"{kind}{'-'.join(extra)}{suffix}"
    code, _out, err = run(capsys, "report", final, kind, *extra, "-o", str(out))
    assert code == 0, err
    return out


def test_every_page_of_the_prize_sheet_carries_its_own_events_mark(
    final: str, tmp_path: Path, capsys
) -> None:
    pages = _pages(_report(capsys, final, tmp_path, "prizes", ".pdf", "--provisional"))
    seen = set()
    for number, text in enumerate(pages, start=1):
        marks = MARK.findall(text)
        table = re.search(r"组别：(\S+)", text)
        if table is None:  # the summary: every unfinished event, none left out
            assert marks and "男子个人第5轮后" in marks[0] and "男子双人第4轮后" in marks[0]
            assert "少儿组" not in marks[0], marks
            continue
        seen.add(table.group(1))
        expected = _expected(table.group(1))
        if expected is None:
            assert not marks, (number, table.group(1), marks)
        else:
            assert marks and set(marks) == {expected}, (number, table.group(1), marks)
    assert {"男子个人", "少儿组", "男子双人"} <= seen


def test_every_certificate_carries_its_own_events_mark(final: str, tmp_path: Path, capsys) -> None:
    pages = _pages(
        _report(capsys, final, tmp_path, "certificates", ".pdf", "--type", "prize", "--provisional")
    )
    youth = 0
    for number, text in enumerate(pages, start=1):
        expected = _expected(text)
        marks = MARK.findall(text)
        if expected is None:
            youth += 1
            assert not marks and "编号" not in text, (number, marks)
        else:
            assert marks == [expected], (number, marks)
            assert "不编号" in text
    assert youth and youth < len(pages)


def test_every_page_of_the_ceremony_list_is_marked_whole(
    final: str, tmp_path: Path, capsys
) -> None:
    pages = _pages(_report(capsys, final, tmp_path, "ceremony", ".pdf", "--provisional"))
    for number, text in enumerate(pages, start=1):
        marks = MARK.findall(text)
        assert marks, number
        assert "少儿组" not in marks[0], marks  # a finished event is never marked
        tables = re.findall(r"\d+\. (\S+)：\d+名获奖者", text)
        rounds = {_expected(t) for t in tables} - {None}
        if len(rounds) == 1:  # the page's own events' round, not every event's
            assert marks[0] == rounds.pop(), (number, tables, marks)
        else:
            assert "第5轮后" in marks[0] and "第4轮后" in marks[0], (number, marks)


@pytest.fixture(scope="module")
def gomoku(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Gomoku final before its end: 公开组 4/9, 少儿组 4/7 (grade tables in the preset)."""
    path = tmp_path_factory.mktemp("grades-form") / "gomoku.finals"
    return demo_copy(demo_master("shaoxing-gomoku-2022", players=24, seed=3, rounds=4), path)


@pytest.mark.parametrize("suffix", [".pdf", ".xlsx"])
def test_the_grade_form_is_refused_before_the_end_unless_provisional(
    gomoku: Path, tmp_path: Path, capsys, suffix: str
) -> None:
    final = str(copy_of(gomoku, tmp_path / "g.finals"))
    out = tmp_path / f"grades{suffix}"
    code, _out, err = run(capsys, "report", final, "grades", "-o", str(out))
    assert code == 1 and "--provisional" in err and "只赛完第4轮" in err, err
    assert "冠军" not in err and "奖金" not in err  # what a grade form would do wrong
    assert not out.exists()
    out = _report(capsys, final, tmp_path, "grades", suffix, "--provisional")
    if suffix == ".pdf":
        pages = _pages(out)
        assert pages and all("临时（第4轮后）" in text for text in pages)
    else:
        for ws in load_workbook(out).worksheets:
            assert _visible_mark(ws), ws.title


def _visible_mark(ws) -> str:
    """The text of a cell (not the print header) saying 临时."""
    for row in ws.iter_rows():
        for cell in row:
            if isinstance(cell.value, str) and "临时" in cell.value:
                return cell.value
    return ""


@pytest.mark.parametrize("kind", ["prizes", "medals"])
def test_a_provisional_workbook_says_so_in_a_cell_of_every_sheet(
    final: str, gomoku: Path, tmp_path: Path, capsys, kind: str
) -> None:
    path = final if kind == "prizes" else str(copy_of(gomoku, tmp_path / "m.finals"))
    book = load_workbook(_report(capsys, path, tmp_path, kind, ".xlsx", "--provisional"))
    for ws in book.worksheets:
        mark = _visible_mark(ws)
        if kind == "prizes" and ws.title == "少儿组":  # a finished event's sheet: final
            assert not mark, mark
            continue
        assert MARK.search(mark), (ws.title, mark)
    if kind == "prizes":
        assert "第5轮后" in _visible_mark(book["男子个人"])
        assert "第4轮后" in _visible_mark(book["男子双人"])


@pytest.mark.parametrize(
    ("kind", "extra", "after"),
    [
        ("crosstable", ("--event", "MEN"), "第5轮后"),
        ("crosstable", ("--event", "MEN", "--round", "3"), "第3轮后"),
        ("teams", (), "第5轮后"),
        ("pairs", (), "第4轮后"),
    ],
)
def test_crosstable_teams_and_pairs_workbooks_say_after_which_round(
    final: str, tmp_path: Path, capsys, kind: str, extra: tuple[str, ...], after: str
) -> None:
    book = load_workbook(_report(capsys, final, tmp_path, kind, ".xlsx", *extra))
    for ws in book.worksheets:
        texts = [c.value for row in ws.iter_rows() for c in row if isinstance(c.value, str)]
        assert any(after in t for t in texts), (ws.title, texts[:12])
