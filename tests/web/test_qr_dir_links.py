"""`table-links --qr-dir` and `html` on a real folder with planted links (issue 42 §2): every
file is created new in the folder (a name planted as a symbolic or hard link is replaced,
never written through), and none lands outside it."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from app.services.tournament import open_tournament
from tests.cli.runner import run
from tests.store.faults import digest


@pytest.fixture
def final(small_template: Path, tmp_path: Path) -> Path:
    path = tmp_path / "final.finals"
    source = open_tournament(small_template)
    try:
        source.backup_to(path)
    finally:
        source.close()
    return path


def test_qr_pngs_replace_planted_links_and_never_write_through_them(
    final: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "myqr"
    folder.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("not a png", encoding="utf-8")
    (folder / "MEN-table001.png").symlink_to(final)
    os.link(final, folder / "MEN-table002.png")
    (folder / "MEN-table003.png").symlink_to(victim)
    victim_before = digest(victim)
    code, out, err = run(
        capsys,
        "table-links",
        str(final),
        "--event",
        "MEN",
        "--qr-dir",
        str(folder),
        "--base-url",
        "http://192.168.1.10:8765/",
    )
    assert code == 0, err
    assert final.read_bytes()[:16] == b"SQLite format 3\0", "the final became a PNG"
    assert final.stat().st_nlink == 1  # the hard link planted was replaced, not written
    open_tournament(final).close()
    assert digest(victim) == victim_before
    for name in ("MEN-table001.png", "MEN-table002.png", "MEN-table003.png"):
        made = folder / name
        assert not made.is_symlink() and made.stat().st_nlink == 1, name
        assert made.read_bytes().startswith(b"\x89PNG"), name
    assert sorted(p.name for p in tmp_path.iterdir()) == ["final.finals", "myqr", "victim.txt"]
    assert all(p.name.endswith(".png") for p in folder.iterdir())


def test_a_code_from_an_older_file_cannot_take_the_pngs_out_of_the_folder(
    final: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A final whose event code was stored before codes were checked ("../MEN")."""
    conn = sqlite3.connect(final)
    conn.execute("UPDATE event SET code = '../out' WHERE code = 'MEN'")
    conn.commit()
    conn.close()
    folder = tmp_path / "myqr"
    code, _out, err = run(
        capsys,
        "table-links",
        str(final),
        "--event",
        "../out",
        "--qr-dir",
        str(folder),
        "--base-url",
        "http://192.168.1.10:8765/",
    )
    outside = [p.name for p in tmp_path.iterdir() if p.name.endswith(".png")]
    assert outside == [], outside
    if code == 0:
        assert all(p.parent == folder for p in folder.rglob("*.png"))
    else:
        assert "项目代码" in err and "内部错误" not in err, err


def test_html_replaces_a_planted_link_never_writing_through_it(
    final: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "site"
    code, _out, err = run(capsys, "html", str(final), "-o", str(folder))
    assert code == 0, err
    before = digest(final)
    names = sorted(p.name for p in folder.iterdir())
    for name in names:  # every file of the site, and the temporary names beside them
        if name == ".finals-site.json":
            continue  # the site's list of its files stays: the folder is still our site
        (folder / name).unlink()
        (folder / name).symlink_to(final)
        (folder / f".{name}.partial").symlink_to(final)
    code, _out, err = run(capsys, "html", str(final), "-o", str(folder))
    assert digest(final) == before, "the final was written through a planted link"
    assert code == 0, err
    for name in names:
        assert not (folder / name).is_symlink(), name
