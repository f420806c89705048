"""Issue 41 §2: every output a command writes (the template, the JSON export, a TRF export, the
players' site) is written under a temporary name and renamed when whole. On a full disk (a
real one: a small tmpfs in a private mount namespace, a few KiB left) the command exits 1 with
a Chinese message naming the file and the disk, leaves no truncated file and no temporary
one, and a file it was asked to replace (`--force`) keeps its old bytes."""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli.main import main
from tests.services.sheets import player, write_sheet

ROOT = Path(__file__).resolve().parents[2]
OLD = "an old export\n"  # ASCII: the shell writes it in the locale encoding


def _private_mounts() -> bool:
    if shutil.which("unshare") is None:
        return False
    probe = subprocess.run(
        ["unshare", "-m", "sh", "-c", "mount -t tmpfs tmpfs /mnt"], capture_output=True
    )
    return probe.returncode == 0


pytestmark = pytest.mark.skipif(not _private_mounts(), reason="no private mount namespaces here")

COMMANDS = {
    "template": ["template", "{d}/报名表.xlsx"],
    "export": ["export", "{f}", "--json", "-o", "{d}/final.json"],
    "export-force": ["export", "{f}", "--json", "-o", "{d}/old.json", "--force"],
    "trf": ["trf", "export", "{f}", "--event", "OPEN", "-o", "{d}/open.trf"],
    "html": ["html", "{f}", "-o", "{d}/site"],
}


def _on_a_full_disk(final: Path, work: Path) -> tuple[dict[str, str], list[str], str]:
    """Run every command onto a 256 KiB tmpfs filled up to its last 4 KiB; what each said
    (`{name}.rc`, `{name}.err`), the files left on the disk, the old file's text after."""
    out, disk = work / "out", work / "disk"
    out.mkdir(parents=True)
    disk.mkdir()
    d = shlex.quote(str(disk))
    lines = [
        "set -e",
        f"mount -t tmpfs -o size=256k tmpfs {d}",
        f"printf '%s' {shlex.quote(OLD)} > {d}/old.json",
        f"dd if=/dev/zero of={d}/filler bs=1k count=248 2>/dev/null",
        "set +e",
    ]
    env = "PYTHONPATH=" + shlex.quote(str(ROOT))
    for name, argv in COMMANDS.items():
        command = [a.format(f=final, d=disk) for a in argv]
        o = shlex.quote(str(out / name))
        lines.append(
            f"{env} {shlex.quote(sys.executable)} -m app.cli.main "
            + " ".join(map(shlex.quote, command))
            + f" >{o}.out 2>{o}.err; echo $? >{o}.rc"
        )
    listing = shlex.quote(str(out / "listing"))
    lines.append(f"(cd {d} && find . -mindepth 1 | sort) >{listing}")
    lines.append(f"cat {d}/old.json >{shlex.quote(str(out / 'old'))}")
    done = subprocess.run(
        ["unshare", "-m", "sh", "-c", "\n".join(lines)],
        capture_output=True,
        encoding="utf-8",
        cwd=ROOT,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    seen = {p.name: p.read_text(encoding="utf-8") for p in out.iterdir()}
    return seen, seen.pop("listing").split(), seen.pop("old")


def test_a_full_disk_leaves_no_short_output_and_says_so(tmp_path: Path) -> None:
    final = tmp_path / "final.finals"
    assert main(["new", str(final), "--preset", "shaoxing-gomoku-2022"]) == 0
    sheet = write_sheet(tmp_path / "players.xlsx", [player(f"选手{i}") for i in range(80)])
    assert main(["import", str(final), str(sheet)]) == 0

    seen, left, old = _on_a_full_disk(final, tmp_path / "run")

    for name in COMMANDS:
        err = seen[f"{name}.err"]
        assert seen[f"{name}.rc"].strip() == "1", f"{name}: {seen[name + '.out']}{err}"
        assert "磁盘" in err and "空间" in err, f"{name}: {err}"
        assert "程序内部错误" not in err and "Traceback" not in err, f"{name}: {err}"
        assert "Exception ignored" not in err, f"{name}: {err}"
    # nothing half-written under any name: only what was there before
    assert left == ["./filler", "./old.json"], left
    assert old == OLD
    assert "old.json" in seen["export-force.err"] and "保持原样" in seen["export-force.err"]
    assert "报名表.xlsx" in seen["template.err"]
