"""Where the bundled resources (presets, fonts, templates) live, in a checkout or a build."""

from __future__ import annotations

import sys
from pathlib import Path


def resources_dir() -> Path:
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "resources"
    return Path(__file__).resolve().parent.parent / "resources"


def resource_path(*parts: str) -> Path:
    return resources_dir().joinpath(*parts)
