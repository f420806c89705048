"""The README's section on what the standings, the pairing and the export say (issue 25):
each export field and setting it names exists, as named, in a real export."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

from tests.cli.runner import run

README = Path(__file__).resolve().parents[1] / "README.md"


def _section() -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index("## What the standings, the pairing and the export say")
    return text[start : text.index("\n## ", start + 3)]


def test_the_fields_and_settings_the_readme_names_are_in_the_export(
    demo_master: Callable[..., Path], capsys
) -> None:  # noqa: ANN001
    section = _section()
    named = set(re.findall(r"`([a-z_]+(?:\.[a-z_]+)?)`", section))
    assert {"status", "withdrawn_from_round", "joined_round", "initial_points"} <= named
    export = json.loads(run(capsys, "export", str(demo_master("hangzhou-go")), "--json")[1])
    event = export["events"][0]
    entrant_keys = set(event["entrants"][0])
    settings = {f"{group}.{key}" for group, values in event["settings"].items() for key in values}
    from app.cli.main import COMMANDS

    # finals standings --json; finals prizes and grades --json
    cli_json = {"after_round", "heading", "after_rounds", "final"}
    # an entrant's fields present only when they say something (the schema names them)
    schema = (README.parent / "docs" / "export-schema.md").read_text(encoding="utf-8")
    optional = {"withdrawn_rounds", "requested_byes", "disqualification"}
    assert all(f'"{name}"' in schema for name in optional)
    unknown = {
        name
        for name in named
        if name not in entrant_keys | set(event) | settings | cli_json | optional | set(COMMANDS)
    }
    assert unknown == set()
    assert "pairing.withdraw_after_forfeits" in named
    assert event["settings"]["pairing"]["withdraw_after_forfeits"] == 2
    assert "第N−1轮后（第N轮进行中）" in section
