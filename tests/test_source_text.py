"""Every string in the program's source is text that any Python can print.

Python 3.13 refuses to build a module whose constants hold a lone surrogate (`"\\ud800"`
written unescaped in a docstring), and every later Python may; 3.11 accepts it silently.
So this test looks at the constants themselves, on whichever Python runs it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = sorted(
    path
    for folder in ("app", "ui", "reports", "tests", "scripts")
    for path in (ROOT / folder).rglob("*.py")
)


def _unencodable_constants(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            try:
                node.value.encode("utf-8")
            except UnicodeEncodeError as error:
                found.append((node.lineno, repr(node.value[error.start : error.end])))
    return found


def test_the_tree_has_sources() -> None:
    assert len(SOURCES) > 100


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_lone_surrogate_in_a_string_constant(path: Path) -> None:
    assert _unencodable_constants(path) == [], f"{path}: write such characters escaped (\\\\ud800)"
