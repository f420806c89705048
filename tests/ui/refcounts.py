"""Counting the references to `None`, the one a leaking Qt binding drops.

PySide6-Essentials 6.12.0 on Python 3.11 drops one reference to `None` per void Qt call;
the process aborts (`Fatal Python error: none_dealloc`) when the count reaches 0, about an
hour into a window session. From Python 3.12 on `None` is immortal: its count never moves,
so a leak cannot be seen (nor can it abort the process).
"""

from __future__ import annotations

import gc
import sys

import pytest


def none_is_immortal() -> bool:
    before = sys.getrefcount(None)
    held = [None] * 1000
    after = sys.getrefcount(None)
    del held
    return after == before


needs_mortal_none = pytest.mark.skipif(
    none_is_immortal(),
    reason=f"Python {sys.version_info.major}.{sys.version_info.minor} keeps None immortal: "
    "a leak of references to None cannot be counted here (the 3.11 run counts it)",
)


def none_references() -> int:
    """The count after a full collection: objects of earlier work that the collector frees
    meanwhile (each holding None in its fields) would lower it without any leak."""
    gc.collect()
    return sys.getrefcount(None)
