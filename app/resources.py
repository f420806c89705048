"""Where the bundled resources (fonts, presets, translations, phone pages, certificate
wording, icons) live: the one place every part of the program asks.

`resources/` sits beside the packages `app`, `ui` and `reports` in all three ways the
program runs:

- a checkout, or an editable install (`pip install -e .`): the project folder's `resources/`;
- an installed wheel (`pip install .`): site-packages' `resources/`, shipped as package data
  (pyproject.toml's `[tool.setuptools.package-data]`) beside site-packages' `app/`;
- a PyInstaller build: `resources/` inside the bundle (`sys._MEIPASS`), copied by build.spec.
"""

from __future__ import annotations

import sys
from pathlib import Path


def resources_dir() -> Path:
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle and (Path(bundle) / "resources").is_dir():
        return Path(bundle) / "resources"
    return Path(__file__).resolve().parent.parent / "resources"


def resource_path(*parts: str) -> Path:
    return resources_dir().joinpath(*parts)
