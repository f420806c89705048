"""Text on a bare canvas that always fits its box: shrink first, then wrap."""

from __future__ import annotations

from collections.abc import Iterable

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from reports.line_breaking import break_lines


def greedy_lines(atoms: Iterable[str], font: str, size: float, width: float) -> list[str]:
    """Fill lines of at most `width` with whole atoms, in order (an atom wider than a line
    stands on a line of its own)."""
    lines: list[str] = []
    line = ""
    for atom in atoms:
        if line and stringWidth(line + atom, font, size) > width:
            lines.append(line)
            line = atom
        else:
            line += atom
    if line:
        lines.append(line)
    return lines


def wrap_chars(text: str, font: str, size: float, width: float) -> list[str]:
    """Break `text` into lines of at most `width` by the one rule of every document
    (`reports.line_breaking`): between whole names and numbers, never before a closing mark."""
    return break_lines(text, width, font, size, words=True)


def draw_fitted(
    canvas: Canvas,
    text: str,
    x: float,
    y: float,
    width: float,
    *,
    font: str,
    size: float,
    min_size: float = 6,
    align: str = "left",
    max_lines: int = 2,
    line_gap: float = 1.15,
) -> None:
    """Draw `text` with its (first) baseline at `y`, inside `width`, never clipped.

    One line at the largest size down to `min_size`; otherwise up to `max_lines` lines
    centred around `y` at the largest size that fits; as a last resort more lines.
    """
    if not text:
        return
    chosen = size
    lines = [text]
    full = stringWidth(text, font, size)
    if full > width:
        shrunk = size * width / full
        if shrunk >= min_size:
            chosen = shrunk
        else:
            chosen = size
            while True:
                lines = wrap_chars(text, font, chosen, width)
                if len(lines) <= max_lines or chosen <= min_size:
                    break
                chosen = max(min_size, chosen - 0.5)
            chosen = min(chosen, size)
    canvas.setFont(font, chosen)
    leading = chosen * line_gap
    top = y + (len(lines) - 1) * leading / 2
    for index, line in enumerate(lines):
        baseline = top - index * leading
        if align == "center":
            canvas.drawCentredString(x + width / 2, baseline, line)
        elif align == "right":
            canvas.drawRightString(x + width, baseline, line)
        else:
            canvas.drawString(x, baseline, line)
