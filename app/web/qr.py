"""QR codes (segno) of the server's address and of each table's page."""

from __future__ import annotations

import io

import segno


def qr_png(text: str, scale: int = 8, border: int = 2) -> bytes:
    buffer = io.BytesIO()
    segno.make(text, error="m").save(buffer, kind="png", scale=scale, border=border)
    return buffer.getvalue()


def qr_svg(text: str, scale: int = 4, border: int = 2) -> str:
    buffer = io.BytesIO()
    segno.make(text, error="m").save(buffer, kind="svg", scale=scale, border=border, xmldecl=False)
    return buffer.getvalue().decode("utf-8")


def qr_terminal(text: str) -> str:
    """The QR code drawn with block characters, for `finals serve` to print."""
    buffer = io.StringIO()
    segno.make(text, error="m").terminal(out=buffer, compact=True, border=2)
    return buffer.getvalue()
