"""A process killed in the middle of an import leaves the file as it was."""

import os
import signal
import subprocess
import sys
from pathlib import Path

from sqlalchemy import func, select

from app.services.tournament import create_tournament, open_tournament
from app.store.models import Player
from tests.services.sheets import player, write_sheet


def test_killed_import_leaves_the_file_intact(tmp_path: Path) -> None:
    path = tmp_path / "t.finals"
    create_tournament(path, "shaoxing-gomoku-2022").close()
    rows = [player(f"选手{i}", birth=f"19{60 + i % 40}-01-0{1 + i % 9}") for i in range(300)]
    sheet = write_sheet(tmp_path / "big.xlsx", rows)
    env = {**os.environ, "FINALS_FAULT_PAUSE_BEFORE_COMMIT": "60"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "app.cli.main", "import", str(path), str(sheet)],
        env=env,
        stderr=subprocess.PIPE,
        encoding="utf-8",
    )
    assert proc.stderr is not None
    line = proc.stderr.readline()
    assert "FAULT-PAUSE" in line  # every row is written, the commit not yet done
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)

    db = open_tournament(path)
    assert db.integrity_check() == "ok"
    with db.reading() as session:
        assert session.scalar(select(func.count()).select_from(Player)) == 0
    db.close()
