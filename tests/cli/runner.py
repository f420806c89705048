"""Running the `finals` command inside a test, as a user at a terminal would."""

from __future__ import annotations

import pytest

from app.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """(exit code, stdout, stderr); bad usage (argparse's exit 2) is an exit code too."""
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err
