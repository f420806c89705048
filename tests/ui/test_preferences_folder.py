"""Issue 41 §5: the window's preferences (operator, recent files, language, output folder)
live in the data folder FINALS_DATA_DIR names when it is set — a portable install on a USB
stick, and every test, which has its own — never in the real user's profile."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_window_run_with_its_own_data_folder_leaves_the_profile_alone(tmp_path: Path) -> None:
    from app.services.tournament import create_tournament

    final = tmp_path / "final.finals"
    create_tournament(final, "shaoxing-gomoku-2022").close()
    home, data = tmp_path / "home", tmp_path / "data"
    home.mkdir()
    env = {
        **os.environ,
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "FINALS_DATA_DIR": str(data),
        "QT_QPA_PLATFORM": "offscreen",
    }
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "app.cli.main",
            "gui",
            str(final),
            "--screenshot",
            str(tmp_path / "s.png"),
        ],
        capture_output=True,
        encoding="utf-8",
        cwd=ROOT,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    left = sorted(p.relative_to(home).as_posix() for p in home.rglob("*") if p.is_file())
    assert left == [], left  # nothing written to the user's own profile
    kept = (data / "preferences.ini").read_text(encoding="utf-8")
    assert "final.finals" in kept  # the recent file, remembered in the data folder


def test_each_test_has_its_own_data_folder(tmp_path: Path) -> None:
    from ui import prefs

    folder = Path(os.environ["FINALS_DATA_DIR"])
    assert folder.is_relative_to(tmp_path.parent.parent)  # this session's temporary folder
    assert folder.name.startswith("user-data")  # made for this test:
    assert [p.name for p in folder.iterdir()] in ([], ["preferences.ini"])  # nothing of another's
    assert Path(prefs.settings().fileName()) == folder / "preferences.ini"
