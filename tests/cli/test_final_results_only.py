"""Only final results are printed as final (issue 26 §2).

Before the last round is complete (or with `--round N` before the end) the prize sheet,
the prize and grade certificates and the ceremony list printed as if final — before round
1 every player a 并列冠军 — and issued certificate numbers into the register for good.
They are refused now, or printed with `--provisional`: 临时（第N轮后） on every page, no
number, nothing registered.  `crosstable --round 3` shows rounds 1–3 only.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from openpyxl import load_workbook

from app.demo import build_demo
from app.services.certificates import RegisterEntry, certificate_register
from app.services.tournament import open_tournament
from tests.cli.runner import run
from tests.reports.conftest import pdf_pages

PRESET = "shaoxing-gomoku-2022"  # 公开组 9 rounds, 少儿组 7
FINAL_DOCUMENTS = (
    ("prizes", ".pdf", ()),
    ("prizes", ".xlsx", ()),
    ("medals", ".pdf", ()),  # the medal list beside the prize sheet (issue 38 §6)
    ("medals", ".xlsx", ()),
    ("certificates", ".pdf", ("--type", "prize")),
    ("certificates", ".pdf", ("--type", "grade")),
    ("ceremony", ".pdf", ()),
)


@pytest.fixture(scope="module")
def finals(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Path]:
    """Demo finals after 0, 4 and all 9 rounds (masters: each test works on a copy)."""
    root = tmp_path_factory.mktemp("final-only")
    out = {}
    for rounds in (0, 4, 9):
        path = root / f"gomoku-{rounds}.finals"
        build_demo(path, PRESET, players=24, seed=3, rounds=rounds)
        out[rounds] = path
    return out


def _copy(master: Path, tmp_path: Path) -> Path:
    target = tmp_path / master.name
    shutil.copyfile(master, target)
    return target


def _register(path: Path) -> list[RegisterEntry]:
    db = open_tournament(path)
    try:
        return certificate_register(db)
    finally:
        db.close()


def _report(capsys, path: Path, kind: str, out: Path, *extra: str) -> tuple[int, str, str]:
    return run(capsys, "report", str(path), kind, *extra, "-o", str(out))


@pytest.mark.parametrize("rounds", [0, 4])
def test_results_documents_are_refused_before_the_last_round(
    finals, tmp_path: Path, capsys, rounds: int
) -> None:
    path = _copy(finals[rounds], tmp_path)
    for kind, suffix, extra in FINAL_DOCUMENTS:
        out = tmp_path / f"{kind}{suffix}"
        code, _, err = _report(capsys, path, kind, out, *extra)
        assert code == 1, (kind, extra, err)
        if rounds == 0 and ("开赛前：尚无名次" in err or "尚无名次" in err):
            # before any round nobody holds a place: nothing to print, even provisional
            assert not out.exists()
            continue
        assert "--provisional" in err and "共9轮" in err, err
        assert ("尚未开赛" if rounds == 0 else "只赛完第4轮") in err, err
        assert not out.exists()
    assert _register(path) == []


def test_provisional_marks_every_page_and_issues_no_number(finals, tmp_path: Path, capsys) -> None:
    path = _copy(finals[4], tmp_path)
    for kind, suffix, extra in FINAL_DOCUMENTS:
        out = tmp_path / f"{kind}-{'-'.join(extra)}{suffix}"
        code, stdout, err = _report(capsys, path, kind, out, *extra, "--provisional")
        assert code == 0, err
        assert "临时（第4轮后）" in stdout
        if suffix == ".xlsx":
            book = load_workbook(out)
            for ws in book.worksheets:
                assert ws.oddHeader.center.text.startswith(
                    f"{book.worksheets[0].oddHeader.center.text.split('　')[0]}　【临时（第4轮后）】"
                ), ws.oddHeader.center.text
            continue
        pages = pdf_pages(out)
        assert pages
        for page in pages:
            assert "临时（第4轮后）" in page, (kind, page[:80])
            assert "编号：" not in page
    assert _register(path) == []


def test_before_round_one_there_is_no_prize_sheet_and_it_says_why(
    finals, tmp_path: Path, capsys
) -> None:
    """Before any round is complete nobody holds a place: no prize is allocated, so the
    sheet (even provisional) is refused, saying so, and no file is made."""
    path = _copy(finals[0], tmp_path)
    out = tmp_path / "prizes.pdf"
    code, _, err = _report(capsys, path, "prizes", out, "--provisional")
    assert code == 1 and "开赛前：尚无名次，没有奖项可印" in err, err
    assert not out.exists()


def test_round_before_the_end_of_a_finished_final_is_provisional(
    finals, tmp_path: Path, capsys
) -> None:
    path = _copy(finals[9], tmp_path)
    out = tmp_path / "prizes.pdf"
    code, _, err = _report(capsys, path, "prizes", out, "--round", "5")
    assert code == 1 and "只赛完第5轮" in err and not out.exists()
    out = tmp_path / "certificates.pdf"
    code, _, err = _report(capsys, path, "certificates", out, "--round", "5", "--provisional")
    assert code == 0, err
    assert all("临时（第5轮后）" in page for page in pdf_pages(out))
    assert _register(path) == []


def test_a_finished_final_prints_as_final_with_numbers(finals, tmp_path: Path, capsys) -> None:
    path = _copy(finals[9], tmp_path)
    for kind, suffix, extra in FINAL_DOCUMENTS:
        out = tmp_path / f"{kind}-{'-'.join(extra)}{suffix}"
        code, _, err = _report(capsys, path, kind, out, *extra, "--provisional")
        assert code == 0, err
        if suffix == ".pdf":
            assert not any("临时" in page for page in pdf_pages(out))
    issued = _register(path)
    assert issued and all(not r.void for r in issued)


def test_crosstable_after_round_three_shows_rounds_one_to_three(
    finals, tmp_path: Path, capsys
) -> None:
    path = _copy(finals[9], tmp_path)
    pdf, xlsx = tmp_path / "cross.pdf", tmp_path / "cross.xlsx"
    for out in (pdf, xlsx):
        code, _, err = _report(capsys, path, "crosstable", out, "--event", "OPEN", "--round", "3")
        assert code == 0, err
    text = "".join(pdf_pages(pdf))
    assert "第3轮后" in text
    assert re.findall(r"第(\d)轮", text.replace("第3轮后", "")) == ["1", "2", "3"] * len(
        pdf_pages(pdf)
    )
    ws = load_workbook(xlsx).worksheets[0]
    headings = [c.value for c in ws[1]]
    assert [h for h in headings if re.fullmatch(r"第\d+轮", str(h))] == ["第1轮", "第2轮", "第3轮"]
    # the cells hold 3 games each: opponent, seat and result; the points are after round 3
    rounds = [i for i, h in enumerate(headings) if re.fullmatch(r"第\d+轮", str(h))]
    for row in ws.iter_rows(min_row=2, values_only=True):
        if row[0] is None or not str(row[1] or "").isdigit():
            continue
        assert len(row) == len(headings)
        assert all(row[i] for i in rounds), row


def test_grade_certificates_follow_the_application_form(finals, tmp_path: Path, capsys) -> None:
    """One certificate per line of the 等级申报表: none for a grade already held (a 四段 got
    "授予二段称号" before), so the same people, with the same grade."""
    path = _copy(finals[9], tmp_path)
    form, certificates = tmp_path / "grades.xlsx", tmp_path / "grades.pdf"
    assert _report(capsys, path, "grades", form)[0] == 0
    code, _, err = _report(capsys, path, "certificates", certificates, "--type", "grade")
    assert code == 0, err
    listed = []
    for ws in load_workbook(form).worksheets:
        titles = [c.value for c in ws[1]]
        for row in ws.iter_rows(min_row=2, values_only=True):
            if row and str(row[0] or "").isdigit():
                listed.append((row[titles.index("姓名")], row[titles.index("申报等级")]))
    pages = pdf_pages(certificates)
    assert len(pages) == len(listed) == 24  # of 37 grade places, 13 hold their grade already
    # 等级证书编号：2022WZQ-DJ-0001诸葛天博：在…获得第一名，经审核，授予六段称号
    granted = sorted(
        re.findall(r"编号：[0-9A-Z-]+(.+?)：在.*授予(.+?)称号", page)[0] for page in pages
    )
    assert granted == sorted(listed)
