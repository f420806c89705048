"""McMahon standings with a grade that cannot be read (issue 18): pairing refuses it; the
standings still rank (every document of the final is built from them, `finals mcmahon`
among them) but say so — the pairing's message naming the players and the fix, and what
is counted meanwhile — on the rules lines of `finals standings`, its JSON, the printed
standings and the window, instead of silently counting a start of 0."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from app.standings.model import NOTE, StandingsEntrant, StandingsRequest
from app.standings.ranking import compute_standings
from tests.cli.runner import run

from .helpers import game


def test_the_core_prints_the_notes_after_the_rules_line() -> None:
    entrants = (StandingsEntrant(1, 1, "A"), StandingsEntrant(2, 2, "B"))
    result = compute_standings(
        StandingsRequest(entrants, (game(1, 1, 1, 2, "1-0"),), 1, notes=("这里有问题。",))
    )
    assert result.explanation[0].startswith("第1轮后排名")
    assert result.explanation[1] == f"{NOTE}这里有问题。"
    plain = compute_standings(StandingsRequest(entrants, (game(1, 1, 1, 2, "1-0"),), 1))
    assert not any(line.startswith(NOTE) for line in plain.explanation)


@pytest.fixture
def go(built_demo: Callable[..., Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A McMahon event (MEN, 12 players) with round 1 played."""

    path = tmp_path / "go.finals"
    built_demo(path, "hangzhou-go", players=12, seed=5, rounds=0)
    code, _, err = run(
        capsys, "settings", str(path), "--event", "MEN", "--set", "pairing.system=mcmahon"
    )
    assert code == 0, err
    code, out, err = run(capsys, "pair", str(path), "--event", "MEN")
    assert code == 0, err
    code, out, err = run(capsys, "pairing", str(path), "--event", "MEN", "--json")
    for g in json.loads(out)["games"]:
        if g["second"] is not None:
            code, _, err = run(
                capsys, "result", str(path), "1-0", "--event", "MEN", "--round", "1",
                "--table", str(g["table"]),
            )  # fmt: skip
            assert code == 0, err
    return path


def _notes(path: Path) -> list[str]:
    from app.services.read_model import load_final
    from app.services.tournament import open_tournament

    db = open_tournament(path)
    try:
        event = load_final(db).event("MEN")
        assert event is not None
        return [line for line in event.standings.explanation if line.startswith(NOTE)]
    finally:
        db.close()


def test_standings_name_an_unreadable_grade_as_pairing_does(
    capsys: pytest.CaptureFixture[str], go: Path, tmp_path: Path
) -> None:
    assert _notes(go) == []  # every grade readable: nothing to say
    code, _, err = run(capsys, "standings", str(go), "--event", "MEN")
    assert code == 0 and "麦克马洪" not in err
    code, _, err = run(capsys, "edit-player", str(go), "3", "--event", "MEN", "--grade", "5断")
    assert code == 0, err
    notes = _notes(go)
    assert len(notes) == 1
    note = notes[0]
    assert "3号" in note and "段位“5断”" in note
    assert "finals edit-player FILE 序号 --event MEN --grade 5级" in note
    assert "起始分为 0" in note and "可能不准" in note
    # The same players and fix as the pairing's refusal.
    code, _, refused = run(capsys, "pair", str(go), "--event", "MEN")
    assert code == 1
    shared = refused.strip().split("改正后再编排")[0]
    shared = shared[shared.index("项目 MEN") :]
    assert shared and shared in note
    # The paired round is still shown (its results are entered from it), saying so.
    code, out, err = run(capsys, "pairing", str(go), "--event", "MEN", "--round", "1")
    assert code == 0, err
    assert "麦克马洪分" in out and "段位“5断”" in err and "按起始分 0 显示" in err
    # `finals standings`: ranked, and said on stderr (and in --explain and the JSON).
    code, out, err = run(capsys, "standings", str(go), "--event", "MEN")
    assert code == 0 and "名次" in out
    assert "3号" in err and "段位“5断”" in err and "finals edit-player" in err
    code, out, _ = run(capsys, "standings", str(go), "--event", "MEN", "--explain")
    assert note in out
    code, out, _ = run(capsys, "standings", str(go), "--event", "MEN", "--json")
    assert note in json.loads(out)["explanation"]
    # The start list still names him (it is built from the same read model).
    code, out, _ = run(capsys, "mcmahon", str(go), "--event", "MEN")
    assert code == 0 and "段位无法识别" in out
    # The printed standings carry it under 排名规则.
    pdf = tmp_path / "standings.pdf"
    code, _, err = run(capsys, "report", str(go), "standings", "-o", str(pdf), "--event", "MEN")
    assert code == 0, err
    text = subprocess.run(
        ["pdftotext", str(pdf), "-"], capture_output=True, encoding="utf-8", check=True
    ).stdout.replace("\n", "")
    assert "段位“5断”" in text and "可能不准" in text
    # Fixed: the note goes.
    code, _, err = run(capsys, "edit-player", str(go), "3", "--event", "MEN", "--grade", "5段")
    assert code == 0, err
    assert _notes(go) == []
