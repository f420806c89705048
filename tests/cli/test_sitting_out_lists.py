"""The pairing lists name who sits the round out and why (issue 38 §5), as `finals pairing`
does: a player looking for his name on the wall finds it. A past round lists who sat out
that round, not who is out today."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.cli.runner import run
from tests.finals import demo_copy


def _pdf_text(path: Path) -> str:
    return re.sub(r"\s+", "", "".join(p.extract_text() or "" for p in PdfReader(path).pages))


@pytest.fixture(scope="module")
def played(
    demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory
) -> tuple[str, dict[int, str]]:
    """The Go final after round 3 was paired: seed 3 on leave for it, seed 5 withdrawn from
    it; then seed 7 withdrawn from round 4 (after round 3 was paired)."""
    import contextlib
    import io

    from app.cli.main import main

    path = tmp_path_factory.mktemp("sitting-out") / "go.finals"
    demo_copy(demo_master("hangzhou-go", players=40, seed=7, rounds=2), path)
    file = str(path)

    def finals(*argv: str) -> str:
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            assert main(list(argv)) == 0, argv
        return out.getvalue()

    finals("absent", file, "3", "--event", "MEN", "--round", "3")
    finals("withdraw", file, "5", "--event", "MEN", "--round", "3")
    finals("pair", file, "--event", "MEN")
    finals("withdraw", file, "7", "--event", "MEN", "--round", "4")
    names = {
        p["seed"]: p["name"]
        for p in json.loads(finals("players", file, "--event", "MEN", "--json"))
    }
    return file, names


@pytest.mark.parametrize("large", [True, False], ids=["wall", "desk"])
def test_the_pairing_list_names_who_sits_the_round_out(
    played: tuple[str, dict[int, str]],
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    large: bool,
) -> None:
    file, names = played
    out = tmp_path / "r3.pdf"
    argv = ["report", file, "pairings", "--event", "MEN", "--round", "3", "-o", str(out)]
    code, _out, err = run(capsys, *argv, *(["--large"] if large else []))
    assert code == 0, err
    text = _pdf_text(out)
    assert "本轮不参加编排" in text
    assert f"{names[3]}" in text and "请假" in text
    assert f"{names[5]}" in text and "退赛" in text
    # seed 7 plays round 3 (his withdrawal is from round 4): at his table, never "退赛"
    assert text.count(names[7]) == 1
    assert "自第4轮起" not in text
    # what finals pairing says of the same round
    code, shown, err = run(capsys, "pairing", file, "--event", "MEN", "--round", "3", "--json")
    assert code == 0, err
    assert [s["name"] for s in json.loads(shown)["sitting_out"]] == [names[3], names[5]]


def test_a_past_round_lists_who_sat_out_that_round(
    played: tuple[str, dict[int, str]], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    file, names = played
    out = tmp_path / "r2.pdf"
    code, _out, err = run(
        capsys, "report", file, "pairings", "--event", "MEN", "--round", "2", "--large",
        "-o", str(out),
    )  # fmt: skip
    assert code == 0, err
    text = _pdf_text(out)
    assert "本轮不参加编排" not in text and "请假" not in text and "退赛" not in text
    for seed in (3, 5, 7):  # all three played round 2
        assert text.count(names[seed]) == 1
