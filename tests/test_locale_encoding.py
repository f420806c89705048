"""Issue 41 §4: nothing in the program, its scripts or its tests reads a child process's output
in the locale's encoding (GB18030 on a Chinese Windows): a `subprocess` call that asks for
text names its encoding. CI also runs the fast lane under zh_CN.GB18030 with EncodingWarning
as an error (.ci/gb18030); this finds the same calls without the locale."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CALLS = {"run", "Popen", "check_output", "check_call", "call"}


def _texts_without_encoding(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else ""
        if name not in CALLS:
            continue
        words = {k.arg: k.value for k in node.keywords}
        asks_text = any(
            isinstance(words.get(k), ast.Constant) and words[k].value is True  # type: ignore[union-attr]
            for k in ("text", "universal_newlines")
        )
        if asks_text and "encoding" not in words:
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_every_child_process_read_as_text_names_its_encoding() -> None:
    found = [
        where
        for folder in ("app", "ui", "reports", "scripts", "tests", "resources")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for where in _texts_without_encoding(path)
    ]
    assert not found, (
        "text=True without encoding= (the locale's, GB18030 on Chinese Windows):\n"
        + "\n".join(found)
    )
