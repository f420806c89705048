import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from reportlab.pdfbase import pdfmetrics

from reports import fonts
from reports.fonts import CERTIFICATE_FONT, TABLE_FONT, fonts_dir, missing_glyphs, register_fonts
from tests.reports.conftest import as_final

REPO = Path(__file__).resolve().parents[2]


def test_fonts_and_licences_are_bundled():
    folder = REPO / "resources" / "fonts"
    assert (folder / "wqy-microhei.ttc").is_file()
    assert (folder / "LXGWWenKai-Regular.ttf").is_file()
    assert "Apache" in (folder / "wqy-microhei.LICENSE.txt").read_text(encoding="utf-8")
    assert "OFL" in (folder / "LXGWWenKai.LICENSE.txt").read_text(encoding="utf-8")
    assert fonts_dir() == folder


def test_register_fonts_is_idempotent():
    register_fonts()
    register_fonts()
    assert pdfmetrics.getFont(TABLE_FONT)
    assert pdfmetrics.getFont(CERTIFICATE_FONT)


def test_fonts_found_inside_a_pyinstaller_bundle(tmp_path, monkeypatch):
    bundled = tmp_path / "resources" / "fonts"
    bundled.mkdir(parents=True)
    (bundled / "wqy-microhei.ttc").symlink_to(REPO / "resources" / "fonts" / "wqy-microhei.ttc")
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert fonts.fonts_dir() == bundled


def test_every_character_the_documents_print_is_in_both_fonts(gomoku, go):
    text = set(
        "〇一二三四五六七八九十百千年月日（）：，。、；“”「」·—→=*第页共胜负和黑白先后手轮空弃权"
    )
    text |= set("壹贰叁肆伍陆柒捌玖拾佰仟万亿元角分整零荣誉证书编号盖章处")
    for doc in (gomoku, go):
        text |= set(doc["tournament"]["title"]) | set(doc["tournament"]["certificate"]["issuer"])
        for event in doc["events"]:
            for entrant in event["entrants"]:
                text |= set(entrant["name"]) | set(entrant["unit"] or "")
    joined = "".join(sorted(text))
    assert missing_glyphs(joined, TABLE_FONT) == set()
    assert missing_glyphs(joined, CERTIFICATE_FONT) == set()


@pytest.mark.skipif(shutil.which("pdffonts") is None, reason="poppler-utils not installed")
def test_pdffonts_shows_only_embedded_subsets(tmp_path, gomoku):
    from reports import build_report

    for kind, cert in (("standings", "prize"), ("certificates", "prize")):
        out = build_report(
            as_final(gomoku),
            kind,
            tmp_path / f"{kind}.pdf",
            event="OPEN" if kind == "standings" else None,
            cert_type=cert,
        )
        listing = subprocess.run(
            ["pdffonts", str(out)], capture_output=True, encoding="utf-8", check=True
        ).stdout
        rows = listing.splitlines()[2:]
        assert rows, listing
        for row in rows:
            columns = row.split()
            # name type encoding emb sub uni object ID
            assert columns[-5:-2] == ["yes", "yes", "yes"], row
        expected = "WenQuanYi" if kind == "standings" else "LXGW"
        assert all(expected in row for row in rows), listing
