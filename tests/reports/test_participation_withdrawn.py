"""A participation certificate goes to everyone who sat at a board; before round 1 (a
provisional print) to everyone entered but an entrant already withdrawn.  The old rule
tested `status == "absent"`, a status no entrant has (absent is a round's, not an entrant's)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.services.read_model import load_final
from app.services.tournament import open_tournament
from reports.certificate_awards import select_certificates
from tests.cli.runner import run


def _names(path: Path) -> list[str]:
    db = open_tournament(path)
    try:
        final = load_final(db)
    finally:
        db.close()
    chosen = select_certificates(final, "participation", "OPEN", provisional=True)
    return [a.name for a in chosen.awards]


def test_a_withdrawn_entrant_has_no_participation_certificate_before_round_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "final.finals"
    code, _, err = run(
        capsys, "demo", "--preset", "shaoxing-gomoku-2022", "--rounds", "0", str(path)
    )
    assert code == 0, err
    everyone = _names(path)
    code, out, err = run(capsys, "players", str(path), "--event", "OPEN", "--json")
    assert code == 0, err
    assert run(capsys, "withdraw", str(path), "6", "--event", "OPEN")[0] == 0
    after = _names(path)
    assert len(after) == len(everyone) - 1
    (gone,) = set(everyone) - set(after)
    assert gone in out
