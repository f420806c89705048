"""The walls of DESIGN.md hold: import contracts, strict typing of the pure core, lint."""

import shutil
import subprocess
import sys
from pathlib import Path

from tests.dev_tools import needs

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def _tool(name: str) -> str:
    found = BIN / name
    return str(found) if found.exists() else (shutil.which(name) or name)


@needs("importlinter")
def test_import_contracts_hold() -> None:
    result = subprocess.run(
        [_tool("lint-imports")], cwd=ROOT, capture_output=True, encoding="utf-8"
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "broken" in result.stdout and "0 broken" in result.stdout


@needs("mypy")
def test_the_pure_core_passes_mypy_strict() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "app/pairing",
            "app/standings",
            "app/domain.py",
            "app/settings",
            "app/text.py",
            "app/readmodel/model.py",
        ],
        cwd=ROOT,
        capture_output=True,
        encoding="utf-8",
    )
    assert result.returncode == 0, result.stdout + result.stderr


@needs("ruff")
def test_ruff_finds_no_errors() -> None:
    result = subprocess.run(
        [_tool("ruff"), "check", "app", "reports", "ui"],
        cwd=ROOT,
        capture_output=True,
        encoding="utf-8",
    )
    assert result.returncode == 0, result.stdout + result.stderr


@needs("mypy")
def test_mypy_as_configured_passes_on_the_whole_program() -> None:
    """`mypy` with no arguments checks app/, reports/ and ui/ ([tool.mypy] files)."""
    result = subprocess.run(
        [sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, encoding="utf-8"
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "app" in result.stdout or "Success" in result.stdout


@needs("ruff")
def test_the_code_is_formatted() -> None:
    result = subprocess.run(
        [_tool("ruff"), "format", "--check", "app", "reports", "ui", "tests"],
        cwd=ROOT,
        capture_output=True,
        encoding="utf-8",
    )
    assert result.returncode == 0, result.stdout + result.stderr
