"""`finals report FILE poster`: the QR code of the players' pages for the venue's walls."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from app.services.remote_entry import remember_base_url
from app.services.tournament import open_tournament
from tests.cli.runner import run

URL = "http://192.168.1.10:8765/"


def _text(path: Path) -> str:
    return "".join(page.extract_text() or "" for page in PdfReader(path).pages)


def test_the_poster_carries_the_address_and_how_to_use_it(
    go_demo: Path, tmp_path: Path, capsys
) -> None:
    out = tmp_path / "poster.pdf"
    code, printed, err = run(
        capsys, "report", str(go_demo), "poster", "--base-url", URL, "-o", str(out)
    )
    assert code == 0, err
    assert "已生成选手查询海报" in printed and URL in printed
    reader = PdfReader(out)
    assert len(reader.pages) == 1
    width, height = (float(v) for v in reader.pages[0].mediabox.upper_right)
    assert (round(width), round(height)) == (595, 842)  # A4 portrait
    text = _text(out)
    assert URL in text and "扫码" in text and "zs" in text
    if shutil.which("pdffonts"):
        listing = subprocess.run(
            ["pdffonts", str(out)], capture_output=True, encoding="utf-8", check=True
        ).stdout
        rows = listing.splitlines()[2:]
        assert rows and all(r.split()[-5:-2] == ["yes", "yes", "yes"] for r in rows), listing

    large = tmp_path / "poster-a3.pdf"
    code, _printed, err = run(
        capsys, "report", str(go_demo), "poster", "--base-url", URL, "--large", "-o", str(large)
    )
    assert code == 0, err
    width, height = (float(v) for v in PdfReader(large).pages[0].mediabox.upper_right)
    assert (round(width), round(height)) == (842, 1191)  # A3 portrait

    if shutil.which("pdftoppm"):
        subprocess.run(
            ["pdftoppm", "-png", "-r", "50", str(out), str(tmp_path / "poster")], check=True
        )
        assert (tmp_path / "poster-1.png").stat().st_size > 5000


def test_the_remembered_server_address_is_used(go_demo: Path, tmp_path: Path, capsys) -> None:
    db = open_tournament(go_demo)
    try:
        remember_base_url(db, "http://10.0.0.7:8765/", "裁判长")
    finally:
        db.close()
    out = tmp_path / "poster.pdf"
    code, _printed, err = run(capsys, "report", str(go_demo), "poster", "-o", str(out))
    assert code == 0, err
    assert "http://10.0.0.7:8765/" in _text(out)


def test_without_an_address_the_command_says_how_to_set_one(
    go_demo: Path, tmp_path: Path, capsys
) -> None:
    out = tmp_path / "poster.pdf"
    code, _printed, err = run(capsys, "report", str(go_demo), "poster", "-o", str(out))
    assert code == 1
    assert "--base-url http://本机地址:8765/" in err and "--public" in err
    assert "remote_entry_url" in err
    assert not out.exists()
    code, _printed, err = run(
        capsys, "report", str(go_demo), "poster", "-o", str(tmp_path / "p.xlsx")
    )
    assert code == 1 and "只能输出 PDF" in err


def test_the_other_kinds_still_print_through_the_same_command(
    go_demo: Path, tmp_path: Path, capsys
) -> None:
    out = tmp_path / "standings.pdf"
    code, printed, err = run(
        capsys, "report", str(go_demo), "standings", "--event", "MEN", "-o", str(out)
    )
    assert code == 0, err
    assert "已生成成绩排名表" in printed and out.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize("url", ["192.168.1.10:8765"])
def test_an_address_that_is_not_a_url_is_refused(
    go_demo: Path, tmp_path: Path, capsys, url: str
) -> None:
    code, _printed, err = run(
        capsys, "report", str(go_demo), "poster", "--base-url", url, "-o", str(tmp_path / "p.pdf")
    )
    assert code == 2 and "--base-url" in err and "不是网址" in err  # a usage error (issue 27)
