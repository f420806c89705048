"""A throw-away PostgreSQL server for the tests: a cluster in a temporary folder, listening on
a local socket only (no TCP port), fsync off. Debian's package provides the binaries.

`python -m tests.pg_cluster start FOLDER` starts one and prints its URL (CI does this once);
the suite's fixture (tests/conftest.py) starts its own when FINALS_TEST_POSTGRES is not set.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys
from pathlib import Path

SUPERUSER = "postgres"


def binaries() -> Path | None:
    """The folder of initdb and pg_ctl (Debian keeps them out of PATH)."""
    found = shutil.which("initdb")
    if found:
        return Path(found).resolve().parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(versions[-1]).parent if versions else None


def _as_server_user(argv: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: run it as the package's `postgres` user then."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *argv]
    return argv


def start(folder: Path) -> str:
    """Start a cluster in `folder` (made if need be); return the server's URL."""
    bin_dir = binaries()
    if bin_dir is None:
        raise RuntimeError("PostgreSQL is not installed (Debian: apt-get install postgresql)")
    folder.mkdir(parents=True, exist_ok=True)
    data, socket_dir = folder / "data", folder / "socket"
    socket_dir.mkdir(exist_ok=True)
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
        shutil.chown(socket_dir, "postgres")
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.PIPE, "check": True}
    subprocess.run(
        _as_server_user(
            [
                str(bin_dir / "initdb"),
                "-D",
                str(data),
                "-U",
                SUPERUSER,
                "--auth=trust",
                "-E",
                "UTF8",
                "--locale=C",
            ]
        ),
        **quiet,
    )
    options = (
        f"-c listen_addresses='' -c unix_socket_directories='{socket_dir}' "
        "-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
    )
    subprocess.run(
        _as_server_user(
            [
                str(bin_dir / "pg_ctl"),
                "-D",
                str(data),
                "-o",
                options,
                "-l",
                str(folder / "server.log"),
                "-w",
                "start",
            ]
        ),
        **quiet,
    )
    return f"postgresql://{SUPERUSER}@/postgres?host={socket_dir}"


def stop(folder: Path) -> None:
    bin_dir = binaries()
    if bin_dir is None:
        return
    subprocess.run(
        _as_server_user(
            [str(bin_dir / "pg_ctl"), "-D", str(folder / "data"), "-m", "fast", "stop"]
        ),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
    )


if __name__ == "__main__":
    command, where = sys.argv[1], Path(sys.argv[2])
    if command == "start":
        print(start(where))
    else:
        stop(where)
