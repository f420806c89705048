"""Issue 14 (case 5): a slip's QR code opens the table's phone page, or there is none.

Without a server address a QR code would hold a bare token no phone can open: the slips
are then printed without QR codes and stderr says how to set one (exit 0: a venue without
phones must still print slips).  The caption under a QR code is the link it encodes.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from app.services.remote_entry import tokens_for_round
from app.services.tournament import open_tournament
from tests.cli.runner import run


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from app.cli.main import main

    path = tmp_path_factory.mktemp("qr") / "gomoku.finals"
    assert (
        main(
            [
                "demo",
                str(path),
                "--preset",
                "shaoxing-gomoku-2022",
                "--players",
                "24",
                "--rounds",
                "1",
            ]
        )
        == 0
    )
    assert main(["pair", str(path), "--event", "OPEN"]) == 0
    return path


@pytest.fixture
def final(played: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "final.finals"
    shutil.copy(played, copy)
    return copy


def _flat(path: Path) -> str:
    """The text as a person reads it, line breaks and spaces left out (a link is printed
    on two lines: the address, then the table's token)."""
    return "".join("".join(p.extract_text().split()) for p in PdfReader(path).pages)


def test_without_an_address_slips_have_no_qr_and_stderr_says_how(
    final: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "s.pdf"
    code, _, err = run(capsys, "report", str(final), "slips", "--event", "OPEN", "-o", str(out))
    assert code == 0, err
    assert "--base-url" in err and "remote_entry_url" in err and "二维码" in err
    text = _flat(out)
    assert "finals:" not in text and "/t/" not in text
    assert "第1台" in text  # the slips are there all the same


def test_the_caption_is_the_link_the_code_holds(
    final: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "s.pdf"
    code, _, err = run(
        capsys,
        "report",
        str(final),
        "slips",
        "--event",
        "OPEN",
        "--base-url",
        "http://192.168.1.10:8765/",
        "-o",
        str(out),
    )
    assert code == 0, err
    assert "二维码" not in err
    db = open_tournament(final)
    try:
        links = tokens_for_round(db, "OPEN", 2, "http://192.168.1.10:8765/")
    finally:
        db.close()
    assert links and all(link.startswith("http://192.168.1.10:8765/t/") for link in links.values())
    text = _flat(out)
    for link in links.values():
        assert link in text
    assert "finals:OPEN" not in text


def test_the_address_serve_last_used_is_used(
    final: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(
        capsys, "settings", str(final), "--set", "remote_entry_url=http://10.0.0.5:8765/"
    )
    assert code == 0, err
    out = tmp_path / "s.pdf"
    code, _, err = run(capsys, "report", str(final), "slips", "--event", "OPEN", "-o", str(out))
    assert code == 0, err
    assert "二维码" not in err
    assert "http://10.0.0.5:8765/t/" in _flat(out)


CAPTION = "本轮结果已全部录入，不再提供扫码录入"
BASE = "http://192.168.1.10:8765/"


def _squares(path: Path) -> list[int]:
    """Per page, how many filled squares are drawn: a QR code is hundreds of them, a page
    of slips without one a few dozen (the tick boxes)."""
    from pypdf.generic import ContentStream

    counts = []
    for page in PdfReader(path).pages:
        stream = ContentStream(page.get_contents(), page.pdf)
        counts.append(sum(1 for _, op in stream.operations if op == b"re"))
    return counts


def _slips(capsys: pytest.CaptureFixture[str], final: Path, out: Path) -> str:
    code, _, err = run(
        capsys, "report", str(final), "slips", "--event", "OPEN", "--round", "2",
        "--base-url", BASE, "-o", str(out),
    )  # fmt: skip
    assert code == 0, err
    return _flat(out)


def test_slips_of_a_completed_round_carry_no_qr_code_and_say_why(
    final: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from app.services.results import record_result

    open_text = _slips(capsys, final, tmp_path / "open.pdf")
    db = open_tournament(final)
    try:
        links = tokens_for_round(db, "OPEN", 2, BASE)
        assert links  # the open round's slips hold the tables' phone pages
        for table in links:
            record_result(db, "OPEN", 2, table, "1-0", "连五")
    finally:
        db.close()
    assert all(link in open_text for link in links.values()) and CAPTION not in open_text
    assert min(_squares(tmp_path / "open.pdf")) > 300

    done_text = _slips(capsys, final, tmp_path / "done.pdf")
    assert "/t/" not in done_text and BASE.rstrip("/") not in done_text
    slips = done_text.count("成绩登记单")
    assert slips >= len(links) and done_text.count(CAPTION) == slips
    assert max(_squares(tmp_path / "done.pdf")) < 100


def test_slips_of_a_completed_round_want_no_address_so_none_is_asked_for(
    final: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from app.services.results import record_result

    db = open_tournament(final)
    try:
        for game in _games_of_round(db, "OPEN", 2):
            record_result(db, "OPEN", 2, game, "1-0", "连五")
    finally:
        db.close()
    out = tmp_path / "done.pdf"
    code, _, err = run(capsys, "report", str(final), "slips", "--event", "OPEN", "-o", str(out))
    assert code == 0, err
    assert "二维码" not in err and "--base-url" not in err  # no slip would carry one
    assert CAPTION in _flat(out)


def _games_of_round(db, event: str, number: int) -> list[int]:  # noqa: ANN001
    from app.services.rounds import round_view

    return [g.table for g in round_view(db, event, number).games if g.second is not None]
