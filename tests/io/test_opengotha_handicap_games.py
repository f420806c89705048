"""Issue 29 §3: a McMahon game paired for an imported OpenGotha event carries OpenGotha's
handicap (rank or MMS difference, its no-handicap rank, correction and ceiling; the weaker
player takes Black), stored on the game, shown by `finals pairing` and exported.

The reference: the games each shared McMahon file holds.  Where the program pairs the same
two players in a round as the file's organisers did, the colours and the handicap are the
file's.  (The organisers did not always play the engine's pairs, so not every game of the
file is comparable.)
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from app.io.opengotha import player_key, split_name
from app.pairing.engine import pair_round
from app.services.opengotha import import_opengotha
from app.services.snapshots import pairing_request
from app.services.tournament import create_tournament, get_event, open_tournament
from tests.cli.runner import run
from tests.finals import demo_copy
from tests.pairing.opengotha_reference import REFERENCE, numbered, tables
from tests.shared_files import require

FILES = ("Toulouse2024", "notsimplemm", "simplemm")
# Handicap games the program makes between the same two players as the file, per file
# (Toulouse 2024 holds 21 handicap games; the rest were pairs the engine does not make).
HANDICAP_GAMES = {"Toulouse2024": 18, "notsimplemm": 7, "simplemm": 7}


def _import(path: Path, source: Path) -> None:
    create_tournament(path, "hangzhou-go").close()
    db = open_tournament(path)
    try:
        import_opengotha(db, source, "GOTHA")
    finally:
        db.close()


@pytest.mark.parametrize("name", FILES)
def test_handicap_games_as_the_file_has_them(tmp_path: Path, name: str) -> None:
    require(REFERENCE / name)
    path = tmp_path / "go.finals"
    _import(path, REFERENCE / name / f"{name}.xml")
    played = tables(name)
    compared = handicapped = 0
    db = open_tournament(path)
    try:
        with db.reading() as session:
            event = get_event(session, "GOTHA")
            keys = {e.id: player_key(*split_name(e.name)) for e in event.entrants}
            for k, _ in numbered(REFERENCE / name, r"opengotha_engine_pairs_after_R(\d+)\.txt"):
                theirs = {frozenset((w, b)): (w, b, h) for w, b, h in played.get(k + 1, [])}
                for g in pair_round(pairing_request(event, k + 1)).games:
                    if g.second is None:
                        continue
                    ours = (keys[g.second], keys[g.first], g.handicap)  # White, Black, stones
                    game = theirs.get(frozenset(ours[:2]))
                    if game is None or not (game[2] or g.handicap):
                        continue
                    compared += 1
                    handicapped += g.handicap > 0
                    assert ours == game, f"round {k + 1}"
    finally:
        db.close()
    assert compared == handicapped == HANDICAP_GAMES[name]


def _after_round_1(tmp_path: Path) -> Path:
    """Toulouse 2024 as it stood after round 1 (the later rounds' games left out)."""
    text = (REFERENCE / "Toulouse2024" / "Toulouse2024.xml").read_text(encoding="utf-8")
    kept = [
        line
        for line in text.splitlines(keepends=True)
        if not re.search(r'<Game [^>]*roundNumber="([2-9]|\d\d)"', line)
    ]
    source = tmp_path / "toulouse_r1.xml"
    source.write_text("".join(kept), encoding="utf-8")
    return source


def test_a_paired_round_stores_shows_and_exports_its_handicaps(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    require(REFERENCE / "Toulouse2024")
    path = tmp_path / "go.finals"
    _import(path, _after_round_1(tmp_path))
    code, _, err = run(capsys, "pair", str(path), "--event", "GOTHA")
    assert code == 0, err
    code, out, err = run(capsys, "pairing", str(path), "--event", "GOTHA", "--json")
    assert code == 0, err
    games = json.loads(out)["games"]
    stones = {g["table"]: g["handicap"] for g in games}
    played = {frozenset((w, b)): (w, h) for w, b, h in tables("Toulouse2024")[2]}
    keys = {g["first"]: player_key(*split_name(g["first_name"])) for g in games}
    keys |= {g["second"]: player_key(*split_name(g["second_name"])) for g in games}
    # The round's handicap games the file's organisers played too, with the file's stones.
    same = [
        (g, played[pair])
        for g in games
        if (pair := frozenset((keys[g["first"]], keys[g["second"]]))) in played
    ]
    handicap_games = [(g, p) for g, p in same if p[1]]
    assert len(handicap_games) == 4
    for g, (white, stones_given) in handicap_games:
        assert (keys[g["second"]], g["handicap"]) == (white, stones_given)
    assert sum(1 for h in stones.values() if h) >= 4

    code, text, err = run(capsys, "pairing", str(path), "--event", "GOTHA", "--round", "2")
    assert code == 0, err
    head = next(line for line in text.splitlines() if "台号" in line)
    assert "让子" in head
    table = next(t for t, h in stones.items() if h)
    row = next(line for line in text.splitlines() if line.split()[:1] == [str(table)])
    assert str(stones[table]) in row.split()

    out_file = tmp_path / "out.xml"
    code, _, err = run(
        capsys, "opengotha-export", str(path), "--event", "GOTHA", "-o", str(out_file)
    )
    assert code == 0, err
    exported = out_file.read_text(encoding="utf-8")
    round_2 = re.findall(r'<Game [^>]*roundNumber="2"[^>]*>', exported)
    exported_stones = sorted(int(re.search(r'handicap="(\d+)"', g).group(1)) for g in round_2)  # type: ignore[union-attr]
    assert exported_stones == sorted(stones.values())

    # Played (Black wins every table), the round's games go to h9 with their stones.
    for t in stones:
        args = ("--event", "GOTHA", "--round", "2", "--table", str(t))
        code, _, err = run(capsys, "result", str(path), "1-0", *args)
        assert code == 0, err
    h9 = tmp_path / "out.h9"
    code, _, err = run(capsys, "h9", str(path), "--event", "GOTHA", "-o", str(h9))
    assert code == 0, err
    rows = [line.split() for line in h9.read_text(encoding="utf-8").splitlines()]
    round_2 = [row[-1] for row in rows if len(row) > 9 and row[0].isdigit()]
    black = sorted(int(cell.split("/b")[1]) for cell in round_2 if "+/b" in cell)
    assert black == sorted(stones.values())


@pytest.fixture(scope="module")
def demo(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("demo-go") / "go.finals"
    demo_copy(demo_master("hangzhou-go", players=40, seed=7, rounds=2), path)
    return path


def test_an_event_of_the_programs_own_shows_no_handicap(
    demo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = shutil.copy(demo, tmp_path / "go.finals")
    code, out, err = run(capsys, "pairing", str(path), "--event", "MEN", "--json")
    assert code == 0, err
    assert all("handicap" not in g for g in json.loads(out)["games"])
    code, text, err = run(capsys, "pairing", str(path), "--event", "MEN")
    assert code == 0, err
    assert "让子" not in text


def _stones(capsys: pytest.CaptureFixture[str], path: Path) -> dict[int, int]:
    code, out, err = run(capsys, "pairing", str(path), "--event", "GOTHA", "--json")
    assert code == 0, err
    return {g["table"]: g["handicap"] for g in json.loads(out)["games"]}


def test_an_edited_table_is_even_and_undo_gives_its_handicap_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    require(REFERENCE / "Toulouse2024")
    path = tmp_path / "go.finals"
    _import(path, _after_round_1(tmp_path))
    code, _, err = run(capsys, "pair", str(path), "--event", "GOTHA")
    assert code == 0, err
    paired = _stones(capsys, path)
    table = max(t for t, h in paired.items() if h)
    # Moving a table keeps its game, handicap and all.
    args = ("--event", "GOTHA", "--round", "2")
    code, _, err = run(capsys, "move-table", str(path), str(table), "1", *args)
    assert code == 0, err
    moved = _stones(capsys, path)
    assert (moved[1], moved[table]) == (paired[table], paired[1])
    code, _, err = run(capsys, "undo-edit", str(path), *args)
    assert code == 0, err
    assert _stones(capsys, path) == paired
    # Changing who moves first: the weaker player no longer has Black, the game is even.
    code, _, err = run(capsys, "swap-colours", str(path), str(table), *args)
    assert code == 0, err
    assert _stones(capsys, path) == {**paired, table: 0}
    code, _, err = run(capsys, "undo-edit", str(path), *args)
    assert code == 0, err
    assert _stones(capsys, path) == paired
