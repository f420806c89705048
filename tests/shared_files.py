"""The reference data beside the clone (`../shared`), which some tests read.

Where it is missing these tests skip with a line saying what they need; in CI
(`FINALS_REQUIRE_SHARED=1`, set by `.ci/run`) a missing folder fails them instead, so a
reference suite is never skipped unseen.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[1].parent / "shared"


def require(folder: Path) -> None:
    """Skip (or, in CI, fail) the calling test unless `folder` exists."""
    if folder.is_dir():
        return
    message = f"needs the reference data at {folder} (../shared beside the clone)"
    if os.environ.get("FINALS_REQUIRE_SHARED"):
        pytest.fail(message)
    pytest.skip(message)
