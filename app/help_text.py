"""The Chinese quick start (中文快速入门): one text, in `resources/help/quick_start_zh_CN.md`,
that the README holds word for word (tests/test_quick_start_text.py) and the window's
帮助 → 快速入门与按键 shows (issue 41 §6)."""

from __future__ import annotations

from app.resources import resource_path

QUICK_START = ("help", "quick_start_zh_CN.md")


def quick_start_zh() -> str:
    """The quick start, Markdown."""
    return resource_path(*QUICK_START).read_text(encoding="utf-8")
