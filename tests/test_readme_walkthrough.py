"""The README's "Running a final, step by step", taken literally (issue 41 §6): every command
of its walkthrough, as written there, runs in an empty folder and succeeds, with the
`r1.csv` the README shows beside it."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
FINALS = Path(sys.executable).parent / ("finals.exe" if os.name == "nt" else "finals")


def _section() -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index("## Running a final, step by step")
    return text[start : text.index("\n## ", start + 3)]


def walkthrough() -> list[list[str]]:
    """The commands of the walkthrough's first ```sh block, comments dropped."""
    block = re.search(r"```sh\n(.*?)```", _section(), re.S)
    assert block is not None, "the walkthrough has no sh block"
    commands = [shlex.split(line, comments=True) for line in block.group(1).splitlines()]
    return [words for words in commands if words]


def results_csv() -> str:
    block = re.search(r"```csv\n(.*?)```", _section(), re.S)
    assert block is not None, "the walkthrough shows no r1.csv"
    return block.group(1)


def test_the_walkthrough_is_the_whole_workflow() -> None:
    names = [words[1] for words in walkthrough()]
    assert names[:2] == ["new", "template"]
    assert "import" in names and names.count("pair") >= 2 and "results" in names
    assert all(words[0] == "finals" for words in walkthrough())


@pytest.mark.skipif(not FINALS.exists(), reason="the finals command is not installed here")
def test_the_readme_walkthrough_runs_as_written(tmp_path: Path) -> None:
    (tmp_path / "r1.csv").write_text(results_csv(), encoding="utf-8")
    env = {**os.environ, "FINALS_DATA_DIR": str(tmp_path / "data"), "PYTHONUTF8": "1"}
    for words in walkthrough():
        done = subprocess.run(
            [str(FINALS), *words[1:]],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            encoding="utf-8",
            errors="replace",
            check=False,
        )
        shown = shlex.join(words)
        assert done.returncode == 0, f"{shown}\n{done.stdout}\n{done.stderr}"
        assert "警告" not in done.stderr, f"{shown}\n{done.stderr}"
    assert (tmp_path / "final.json").stat().st_size > 0
    assert (tmp_path / "wall.pdf").stat().st_size > 0
