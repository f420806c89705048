"""The developer's tools (the `dev` extra: ruff, mypy, import-linter) that some tests run.

A venv set up with the `test` extra only (the lower bounds' CI job, another Python's) does not
have them: those tests are skipped there, saying so. CI's main run sets FINALS_REQUIRE_TOOLS=1
and installs the `dev` extra, and there they are never skipped."""

from __future__ import annotations

import importlib.util
import os

import pytest


def needs(*modules: str) -> pytest.MarkDecorator:
    missing = [m for m in modules if importlib.util.find_spec(m) is None]
    return pytest.mark.skipif(
        bool(missing) and not os.environ.get("FINALS_REQUIRE_TOOLS"),
        reason=f"not installed: {', '.join(missing)} (pip install -e '.[dev]')",
    )


def tool(module: str) -> object:
    """`module` imported, or the calling test module skipped (as `needs` says)."""
    if os.environ.get("FINALS_REQUIRE_TOOLS"):
        return importlib.import_module(module)
    return pytest.importorskip(module, reason=f"not installed: {module} (pip install -e '.[dev]')")
