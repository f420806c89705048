"""Smoke test of the one-folder build: make a demo final, screenshot every view, offscreen,
with `finals` and once with the windowed `finals-gui`.

    python scripts/smoke_build.py [--dist dist/finals] [--out smoke-shots]

Exits 0 when the built program wrote a non-empty PNG for every view.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

VIEWS = ("players", "round", "results", "standings")


def program(dist: Path) -> Path:
    for name in ("finals.exe", "finals"):
        if (dist / name).exists():
            return dist / name
    raise SystemExit(f"no built program in {dist}: run `pyinstaller --noconfirm build.spec` first")


def run(cmd: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(cmd, env=env, capture_output=True, encoding="utf-8", timeout=180)
    took = time.perf_counter() - start
    if done.returncode != 0:
        print(done.stdout, done.stderr, sep="\n", file=sys.stderr)
        raise SystemExit(f"failed ({done.returncode}): {' '.join(cmd)}")
    return took


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--dist", default="dist/finals")
    parser.add_argument("--out", default=None)
    args = parser.parse_args()
    exe = program(Path(args.dist))
    env = dict(os.environ)
    if sys.platform.startswith("linux") and not env.get("DISPLAY"):
        env["QT_QPA_PLATFORM"] = "offscreen"
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(args.out or tmp)
        out.mkdir(parents=True, exist_ok=True)
        final = Path(tmp) / "smoke.finals"
        took = run(
            [
                str(exe),
                "demo",
                str(final),
                "--preset",
                "shaoxing-gomoku-2022",
                "--players",
                "40",
                "--rounds",
                "2",
            ],
            env,
        )
        print(f"demo made in {took:.1f} s")
        for view in VIEWS:
            png = out / f"{view}.png"
            took = run([str(exe), "gui", str(final), "--view", view, "--screenshot", str(png)], env)
            data = png.read_bytes() if png.exists() else b""
            if not data.startswith(b"\x89PNG") or len(data) < 10_000:
                raise SystemExit(f"no screenshot for {view}")
            print(f"{view}: {png} ({len(data) // 1024} KB, {took:.1f} s)")
        # the windowed program beside it (no console window on Windows): the same window
        gui = exe.with_name(exe.name.replace("finals", "finals-gui", 1))
        png = out / "finals-gui.png"
        took = run([str(gui), str(final), "--screenshot", str(png)], env)
        if not png.read_bytes().startswith(b"\x89PNG"):
            raise SystemExit(f"no screenshot from {gui.name}")
        print(f"{gui.name}: {png} ({took:.1f} s)")
    print("smoke test passed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
