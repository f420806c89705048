"""Make the two fallback fonts for rare hanzi (CJK Ext-A and Ext-B) in resources/fonts/.

    python scripts/make_han_fonts.py [/usr/share/fonts/truetype/hanazono]

Source: Debian's fonts-hanazono (HanaMinA.ttf, HanaMinB.ttf, GlyphWiki Project, under the
Hanazono Font License or the SIL OFL 1.1).  The tables' and certificates' fonts lack these
blocks: a name like 王㛃 or 𠮷田 printed as 王 and 田.  Each output is a subset (only the
code points below, no hinting, no layout tables), its units per em scaled to 256 (invisible
at any printed size, a quarter smaller once compressed), renamed so no Reserved Font Name
of the OFL is used, and compressed with xz (reports/fonts.py opens it in memory on first
use):

- FinalsHanA.ttf.xz, from HanaMinA: CJK Ext-A (U+3400–4DBF), and the unified and
  compatibility ideographs that WenQuanYi Micro Hei lacks;
- FinalsHanB.ttf.xz, from HanaMinB: CJK Ext-B (U+20000–2A6DF).

fontTools (pip install fonttools) is needed here only, never by the program.
"""

from __future__ import annotations

import io
import lzma
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont
from fontTools.ttLib.scaleUpem import scale_upem

ROOT = Path(__file__).resolve().parent.parent
FONTS = ROOT / "resources" / "fonts"
UNITS_PER_EM = 256


def _table_font_cmap() -> set[int]:
    return set(TTCollection(str(FONTS / "wqy-microhei.ttc")).fonts[0].getBestCmap())


def _make(source: Path, codes: set[int], family: str, out: Path) -> None:
    font = TTFont(str(source))
    have = set(font.getBestCmap())
    options = subset.Options()
    options.hinting = False
    options.layout_features = []
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(codes & have))
    subsetter.subset(font)
    if "FFTM" in font:
        del font["FFTM"]
    scale_upem(font, UNITS_PER_EM)
    name = font["name"]
    postscript = family.replace(" ", "")
    for record in list(name.names):
        if record.nameID in (1, 3, 4, 6, 16, 17):
            name.removeNames(nameID=record.nameID)
    name.setName(family, 1, 3, 1, 0x409)
    name.setName("Regular", 2, 3, 1, 0x409)
    name.setName(f"{postscript}-Regular; subset of Hanazono (GlyphWiki Project)", 3, 3, 1, 0x409)
    name.setName(family, 4, 3, 1, 0x409)
    name.setName(postscript, 6, 3, 1, 0x409)
    name.setName(
        "Hanazono Font License or SIL Open Font License 1.1; see FinalsHanExt.LICENSE.txt",
        13,
        3,
        1,
        0x409,
    )
    buffer = io.BytesIO()
    font.save(buffer)
    out.write_bytes(lzma.compress(buffer.getvalue(), preset=9 | lzma.PRESET_EXTREME))
    print(f"{out.name}: {len(codes & have)} characters, {out.stat().st_size:,} bytes")


def main() -> None:
    source = Path(sys.argv[1] if len(sys.argv) > 1 else "/usr/share/fonts/truetype/hanazono")
    table = _table_font_cmap()
    ext_a = set(range(0x3400, 0x4DC0))
    gaps = {
        code
        for block in ((0x4E00, 0xA000), (0xF900, 0xFB00), (0x2F800, 0x2FA20))
        for code in range(*block)
        if code not in table
    }
    _make(source / "HanaMinA.ttf", ext_a | gaps, "Finals Han A", FONTS / "FinalsHanA.ttf.xz")
    ext_b = set(range(0x20000, 0x2A6E0))
    _make(source / "HanaMinB.ttf", ext_b, "Finals Han B", FONTS / "FinalsHanB.ttf.xz")


if __name__ == "__main__":
    main()
