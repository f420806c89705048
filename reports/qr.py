"""QR codes drawn as vector squares straight onto a reportlab canvas (via segno)."""

from __future__ import annotations

import segno
from reportlab.pdfgen.canvas import Canvas


def draw_qr(canvas: Canvas, text: str, x: float, y: float, size: float) -> None:
    """Draw a QR code for `text` with its lower-left corner at (x, y), `size` wide.

    The drawing includes a two-module quiet zone, so `size` is the whole white square.
    """
    code = segno.make(text, error="m", micro=False)
    border = 2
    matrix = code.matrix
    modules = len(matrix) + 2 * border
    unit = size / modules
    path = canvas.beginPath()
    for row_index, row in enumerate(matrix):
        top = y + size - (row_index + border + 1) * unit
        col = 0
        width = len(row)
        while col < width:
            if row[col]:
                start = col
                while col < width and row[col]:
                    col += 1
                path.rect(x + (start + border) * unit, top, (col - start) * unit, unit)
            else:
                col += 1
    canvas.saveState()
    canvas.setFillColorRGB(0, 0, 0)
    canvas.drawPath(path, stroke=0, fill=1)
    canvas.restoreState()
