"""Entrant ids and seed numbers are distinct types (`EntrantId`, `Seed`): mypy refuses one
where the other is meant, in the read model, the team standings and the McMahon pairing."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from tests.dev_tools import needs

ROOT = Path(__file__).resolve().parents[1]

MIXED = """
from app.domain import EntrantStatus
from app.pairing.mcmahon import McMahonPlayer
from app.pairing.model import McMahonPairing
from app.readmodel.mcmahon import McMahonLine
from app.readmodel.model import FinalEntrant
from app.readmodel.player_card import PlayerCard
from app.standings.teams import TeamDef


def mixed(e: FinalEntrant, card: PlayerCard) -> None:
    McMahonPairing(bar=0, floor=0, ranks={e.seed: 1})  # line 12
    McMahonPairing(bar=0, floor=0, countries={card.seed: "FR"})  # line 13
    TeamDef(id=e.id, seed=e.id, name="", member_ids=())  # line 14
    TeamDef(id=e.id, seed=e.seed, name="", member_ids=(e.seed,))  # line 15
    McMahonPlayer(id=e.seed, seed=e.seed, name="", grade=None)  # line 16
    McMahonLine(e.id, e.id, "", "", "", None, None, "")  # line 17
    status: EntrantStatus = card.status
    text: str = "withdrawn"
    status = text  # line 20
    del status
"""


@needs("mypy")
def test_a_seed_is_refused_where_an_entrant_id_is_meant(tmp_path: Path) -> None:
    source = tmp_path / "mixed.py"
    source.write_text(MIXED, encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", str(source)],
        cwd=ROOT,
        capture_output=True,
        encoding="utf-8",
    )
    lines = {int(n) for n in re.findall(r"mixed\.py:(\d+): error", result.stdout)}
    assert lines == {12, 13, 14, 15, 16, 17, 20}, result.stdout
