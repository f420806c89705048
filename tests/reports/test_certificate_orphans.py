"""A certificate's wording never ends on a line of its own last phrase (issue 39 §4):
"以资鼓励。" or "特发此证。" stood alone under a full line; the last line takes the end of the
line above until it is a third of the width or more."""

from __future__ import annotations

from pathlib import Path

import pytest

from reports import build_report
from reports.fonts import CERTIFICATE_FONT, register_fonts
from reports.line_breaking import break_lines
from tests.reports.conftest import as_final
from tests.reports.test_certificate_typography import _lines

TEXT = "在“商旅杯”杭州国际城市围棋赛总决赛男子个人（男女混合）比赛中荣获第一名（冠军），特发此证，以资鼓励。"


@pytest.mark.parametrize("preset", ["go", "gomoku"])
@pytest.mark.parametrize("cert_type", ["prize", "grade"])
def test_the_last_line_of_the_wording_is_not_an_orphan(
    request: pytest.FixtureRequest, tmp_path: Path, preset: str, cert_type: str
) -> None:
    doc = request.getfixturevalue(preset)
    out = build_report(as_final(doc), "certificates", tmp_path / "c.pdf", cert_type=cert_type)
    for page in _lines(out):
        body = [line for line in page if line.endswith("。")]
        assert body, page
        assert len(body[-1]) >= 8, page


def test_the_shortfall_is_spread_over_the_lines() -> None:
    register_fonts()
    mended = 0
    for width in range(400, 700, 11):
        plain = break_lines(TEXT, width, CERTIFICATE_FONT, 24, first_indent=48)
        lines = break_lines(TEXT, width, CERTIFICATE_FONT, 24, first_indent=48, min_last=1 / 3)
        assert "".join(lines) == TEXT
        assert len(lines) == len(plain)  # never a line more
        if lines != plain:
            mended += 1
            assert len(lines[-1]) >= 8, (width, lines)
            # every line but the last stays nearly full: none is left short above it
            assert min(len(line) for line in lines[:-1]) >= len(max(lines, key=len)) - 6
    assert mended
