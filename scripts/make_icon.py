"""Draw the program's icon (a corner of a Go/Gomoku board with stones) into resources/icons.

    QT_QPA_PLATFORM=offscreen python scripts/make_icon.py

The PNG and ICO it writes are committed; run it again only to change the design.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QGuiApplication, QImage, QPainter, QPen, QRadialGradient

OUT = Path(__file__).resolve().parent.parent / "resources" / "icons"


def draw(size: int) -> QImage:
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    margin = size * 0.04
    board = QRectF(margin, margin, size - 2 * margin, size - 2 * margin)
    p.setBrush(QColor("#dcb35c"))
    p.setPen(QPen(QColor("#8a6a2a"), size * 0.02))
    p.drawRoundedRect(board, size * 0.12, size * 0.12)
    lines = 5
    step = board.width() / (lines + 1)
    p.setPen(QPen(QColor("#3b2a10"), max(1.0, size * 0.012)))
    for i in range(1, lines + 1):
        x = board.left() + i * step
        y = board.top() + i * step
        p.drawLine(QPointF(x, board.top() + step), QPointF(x, board.bottom() - step))
        p.drawLine(QPointF(board.left() + step, y), QPointF(board.right() - step, y))

    def stone(col: int, row: int, black: bool) -> None:
        centre = QPointF(board.left() + col * step, board.top() + row * step)
        radius = step * 0.46
        shade = QRadialGradient(centre + QPointF(-radius / 3, -radius / 3), radius * 1.3)
        shade.setColorAt(0, QColor("#555555" if black else "#ffffff"))
        shade.setColorAt(1, QColor("#000000" if black else "#cfcfcf"))
        p.setBrush(QBrush(shade))
        p.setPen(QPen(QColor("#000000" if black else "#888888"), max(1.0, size * 0.008)))
        p.drawEllipse(centre, radius, radius)

    for col, row, black in ((2, 2, True), (3, 3, True), (4, 4, True), (3, 2, False), (4, 3, False)):
        stone(col, row, black)
    p.end()
    return image


def main() -> int:
    QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    OUT.mkdir(parents=True, exist_ok=True)
    draw(256).save(str(OUT / "finals.png"))
    if not draw(256).save(str(OUT / "finals.ico")):
        print("this Qt cannot write .ico; only the PNG was written", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
