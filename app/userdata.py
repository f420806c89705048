"""The user's own folders: where the program writes what is not a final the user chose.

The demo final (and its `backups/`), the crash log and the server finals' local backup
copies go to the user's data folder (platformdirs: `%LOCALAPPDATA%\\finals-manager` on
Windows, `~/.local/share/finals-manager` on Linux), never to the program's folder (read-only
under Program Files) nor to whatever folder the program was started from.
`FINALS_DATA_DIR` names another folder (tests, a portable install on a USB stick).
"""

from __future__ import annotations

import os
from pathlib import Path

from app.errors import FinalsError

APP_FOLDER = "finals-manager"
DEMO_NAME = "demo.finals"


def data_dir() -> Path:
    """The user's data folder (not created here)."""
    configured = os.environ.get("FINALS_DATA_DIR")
    if configured:
        return Path(configured)
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_FOLDER, appauthor=False))


def log_dir() -> Path:
    """Where the crash log goes: the user's log folder, or `logs` in FINALS_DATA_DIR."""
    configured = os.environ.get("FINALS_DATA_DIR")
    if configured:
        return Path(configured) / "logs"
    from platformdirs import user_log_dir

    return Path(user_log_dir(APP_FOLDER, appauthor=False))


def demo_path() -> Path:
    """The demo final the window opens when no file is given, in the user's data folder
    (created there, with its folder, on first use)."""
    folder = data_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise FinalsError(
            f"无法建立用户数据文件夹 {folder}（{exc.strerror or exc}）。"
            "请检查该位置的权限，或用环境变量 FINALS_DATA_DIR 指定另一个文件夹。"
        ) from exc
    return folder / DEMO_NAME
