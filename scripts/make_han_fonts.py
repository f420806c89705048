"""Make the fallback fonts for rare hanzi (CJK Ext-A and Ext-B) in resources/fonts/.

    python scripts/make_han_fonts.py [/usr/share/fonts/truetype/hanazono]
    python scripts/make_han_fonts.py --kai [/usr/share/fonts/truetype/cns11643]

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

With --kai, the certificates' fallbacks, in a Kai face like the line around them (李𪚥 is
no Song 𪚥 in a Kai name), from Debian's fonts-cns11643-kai (TW-Kai, National Development
Council, under the Open Government Data License 1.0, FinalsKaiExt.LICENSE.txt):

- FinalsKaiA.ttf.xz, from TW-Kai-98_1: the CJK Ext-A characters LXGW WenKai lacks;
- FinalsKaiB.ttf.xz, from TW-Kai-Ext-B-98_1: the CJK Ext-B characters LXGW WenKai lacks.

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


HANAZONO = (
    "subset of Hanazono (GlyphWiki Project)",
    "Hanazono Font License or SIL Open Font License 1.1; see FinalsHanExt.LICENSE.txt",
)
TW_KAI = (
    "subset of TW-Kai (National Development Council)",
    "Open Government Data License 1.0; see FinalsKaiExt.LICENSE.txt",
)
# TW-Kai draws its characters smaller and lower in the em than LXGW WenKai (国: 0.73 em tall
# and centred at 0.30 em against 0.85 and 0.34): its glyphs are scaled and raised to match,
# so that 李𪚥 reads as one name, not a large 李 and a small 𪚥.
KAI_MATCH = (1.15, 0.30, 0.34)  # scale, then the centre's height before and after (in em)


def _match_size(font: TTFont, scale: float, before: float, after: float) -> None:
    """Every glyph scaled by `scale` about (½ em, `before`) and moved to (½ em, `after`)."""
    from fontTools.pens.recordingPen import DecomposingRecordingPen
    from fontTools.pens.transformPen import TransformPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    em = font["head"].unitsPerEm
    dx = em / 2 * (1 - scale)
    dy = after * em - before * em * scale
    glyphs = font.getGlyphSet()
    table = font["glyf"]
    drawn = {}
    for name in font.getGlyphOrder():
        recording = DecomposingRecordingPen(glyphs)
        glyphs[name].draw(recording)
        pen = TTGlyphPen(None)
        recording.replay(TransformPen(pen, (scale, 0, 0, scale, dx, dy)))
        drawn[name] = pen.glyph()
    metrics = font["hmtx"].metrics
    for name, glyph in drawn.items():
        table[name] = glyph
        glyph.recalcBounds(table)
        advance, _ = metrics[name]
        metrics[name] = (advance, getattr(glyph, "xMin", 0))  # the side bearing moves too


def _make(
    source: Path,
    codes: set[int],
    family: str,
    out: Path,
    origin: tuple[str, str] = HANAZONO,
    match: tuple[float, float, float] | None = None,
) -> None:
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
    if match:
        _match_size(font, *match)
    scale_upem(font, UNITS_PER_EM)
    name = font["name"]
    postscript = family.replace(" ", "")
    for record in list(name.names):
        if record.nameID in (1, 3, 4, 6, 16, 17):
            name.removeNames(nameID=record.nameID)
    name.setName(family, 1, 3, 1, 0x409)
    name.setName("Regular", 2, 3, 1, 0x409)
    name.setName(f"{postscript}-Regular; {origin[0]}", 3, 3, 1, 0x409)
    name.setName(family, 4, 3, 1, 0x409)
    name.setName(postscript, 6, 3, 1, 0x409)
    name.setName(origin[1], 13, 3, 1, 0x409)
    buffer = io.BytesIO()
    font.save(buffer)
    out.write_bytes(lzma.compress(buffer.getvalue(), preset=9 | lzma.PRESET_EXTREME))
    print(f"{out.name}: {len(codes & have)} characters, {out.stat().st_size:,} bytes")


def _make_kai(source: Path) -> None:
    kai = set(TTFont(str(FONTS / "LXGWWenKai-Regular.ttf"), lazy=True).getBestCmap())
    ext_a = {code for code in range(0x3400, 0x4DC0) if code not in kai}
    _make(
        source / "TW-Kai-98_1.ttf",
        ext_a,
        "Finals Kai A",
        FONTS / "FinalsKaiA.ttf.xz",
        TW_KAI,
        KAI_MATCH,
    )
    ext_b = {code for code in range(0x20000, 0x2A6E0) if code not in kai}
    out = FONTS / "FinalsKaiB.ttf.xz"
    _make(source / "TW-Kai-Ext-B-98_1.ttf", ext_b, "Finals Kai B", out, TW_KAI, KAI_MATCH)


def main() -> None:
    if sys.argv[1:2] == ["--kai"]:
        _make_kai(Path(sys.argv[2] if len(sys.argv) > 2 else "/usr/share/fonts/truetype/cns11643"))
        return
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
