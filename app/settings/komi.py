"""Komi (贴目) as a regulation writes it, and whether a Go game can end in a draw (和棋).

Chinese rules count the area and state komi in stones (子): one stone is two points (目).
Black's area minus White's is then an integer, so a komi of a whole number of points (6目,
3又1/2子 = 7目) leaves a jigo (和棋) possible, and a komi with a half point (3又3/4子 = 7.5目,
6.5目) makes it impossible.  `parse_komi` reads what an arbiter types: 3又3/4子, 3¾子,
３又３／４子, 3.75子, 7.5目, 7目半, 3子半, 7.5 (a number without a unit is in points),
黑贴3又3/4子.
Pure: no store, no Qt.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from fractions import Fraction

MAX_KOMI_POINTS = 50
KOMI_EXAMPLES = "3又3/4子、3.75子、7.5目、6目"

_VULGAR = {"¼": "又1/4", "½": "又1/2", "¾": "又3/4"}
_NUMBER = re.compile(
    r"(?:(?P<whole>\d+)?又(?P<num>\d+)/(?P<den>\d+))"  # 3又3/4, 又3/4 (from ¾)
    r"|(?:(?P<fnum>\d+)/(?P<fden>\d+))"  # 1/2
    r"|(?P<decimal>\d+(?:\.\d+)?)"  # 7.5, 6
)
_UNITS = {"子": Fraction(2), "目": Fraction(1), "点": Fraction(1), "": Fraction(1)}


@dataclass(frozen=True)
class Komi:
    """A komi read from its text: `points` in 目 (area counting, 1 子 = 2 目)."""

    text: str
    points: Fraction

    @property
    def allows_jigo(self) -> bool:
        """True when Black's and White's counts can come out exactly even (a whole number
        of points); False for 3又3/4子 (7.5目)."""
        return self.points.denominator == 1

    @property
    def points_text(self) -> str:
        value = float(self.points)
        return f"{value:g}目"


def parse_komi(text: object) -> Komi | None:
    """The komi `text` means, or None when it is not a komi we can read (never raises)."""
    if not isinstance(text, str) or not text.strip() or len(text) > 40:
        return None
    folded = "".join(_VULGAR.get(c, c) for c in text)
    folded = unicodedata.normalize("NFKC", folded).replace("\u2044", "/").replace("／", "/")
    folded = "".join(folded.split())
    for prefix in ("黑贴", "贴还", "贴"):
        if folded.startswith(prefix):
            folded = folded[len(prefix) :]
            break
    half = Fraction(0)
    if len(folded) > 2 and folded.endswith("半") and folded[-2] in "子目点":
        folded, half = folded[:-1], Fraction(1, 2)  # 7目半 = 7.5目, 3子半 = 3.5子
    unit = folded[-1] if folded and folded[-1] in "子目点" else ""
    number = folded[: len(folded) - len(unit)]
    match = _NUMBER.fullmatch(number)
    if match is None:
        return None
    if match["num"] is not None:
        den = int(match["den"])
        if den == 0 or int(match["num"]) >= den:
            return None
        value = int(match["whole"] or 0) + Fraction(int(match["num"]), den)
    elif match["fnum"] is not None:
        den = int(match["fden"])
        if den == 0:
            return None
        value = Fraction(int(match["fnum"]), den)
    else:
        value = Fraction(match["decimal"])
    if half and (value.denominator != 1 or not unit):
        return None  # 7.5目半 means nothing
    points = (value + half) * _UNITS[unit]
    if points > MAX_KOMI_POINTS:
        return None
    return Komi(text, points)
