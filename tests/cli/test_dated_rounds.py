"""Rounds told as they were (issue 38 §1–2): a withdrawal dated for a later round waits for
it, and a past round is checked and listed by who was active in it, whatever happened since
(a later withdrawal by hand or by the forfeit rule, a reinstatement)."""

from __future__ import annotations

import json
from collections.abc import Callable, Collection
from pathlib import Path

import pytest

from tests.cli.runner import run
from tests.finals import copy_of, demo_copy

LEAVER = 3  # the seed who must go home early
ABSENTEE = 7  # the seed who does not come


@pytest.fixture(scope="module")
def master(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Gomoku final, 20 players in its open event, nothing paired."""
    path = tmp_path_factory.mktemp("dated") / "master.finals"
    demo_copy(demo_master("shaoxing-gomoku-2022", players=20, seed=11), path)
    return path


@pytest.fixture
def final(master: Path, tmp_path: Path) -> str:
    return str(copy_of(master, tmp_path / "final.finals"))


def _pair_and_play(
    capsys: pytest.CaptureFixture[str], path: str, away: Collection[int] = ()
) -> int:
    """Pair the next round of OPEN and play it: the seeds in `away` lose by forfeit."""
    code, out, err = run(capsys, "pair", path, "--event", "OPEN", "--json")
    assert code == 0, err
    paired = json.loads(out)
    for g in paired["games"]:
        if g["second"] is None:
            continue
        first_out, second_out = g["first_seed"] in away, g["second_seed"] in away
        result = (
            "--"
            if first_out and second_out
            else "-+"
            if first_out
            else "+-"
            if second_out
            else "1-0"
        )
        number, table = str(paired["round"]), str(g["table"])
        assert (
            run(
                capsys,
                "result",
                path,
                result,
                "--event",
                "OPEN",
                "--round",
                number,
                "--table",
                table,
            )[0]
            == 0
        )
    return int(paired["round"])


def _round(capsys: pytest.CaptureFixture[str], path: str, number: int) -> dict:  # type: ignore[type-arg]
    code, out, err = run(
        capsys, "pairing", path, "--event", "OPEN", "--round", str(number), "--json"
    )
    assert code == 0, err
    return json.loads(out)  # type: ignore[no-any-return]


def _paired(data: dict) -> set[int]:  # type: ignore[type-arg]
    games = data["games"]
    return {g["first_seed"] for g in games} | {g["second_seed"] for g in games if g["second"]}


def _sitting_out(data: dict) -> dict[int, str]:  # type: ignore[type-arg]
    return {s["seed"]: s["reason"] for s in data["sitting_out"]}


def _check_every_round(capsys: pytest.CaptureFixture[str], path: str, rounds: int) -> None:
    """Each round passes its check, and the printed lists (read model) name the same
    players sitting it out, for the same reasons, as the pairing (the stored state)."""
    from app.readmodel.sitting_out import round_sitting_out
    from app.services.read_model import load_final
    from app.services.tournament import open_tournament

    db = open_tournament(path)
    try:
        final = load_final(db)
    finally:
        db.close()
    event = next(e for e in final.events if e.code == "OPEN")
    seed = {e.id: e.seed for e in event.entrants}
    for number in range(1, rounds + 1):
        code, out, err = run(capsys, "check", path, "--event", "OPEN", "--round", str(number))
        assert code == 0, f"第{number}轮：{out}{err}"
        assert "违规" not in out
        printed = {seed[s.id]: s.reason for s in round_sitting_out(event, number)}
        assert printed == _sitting_out(_round(capsys, path, number)), number


def test_a_withdrawal_for_a_later_round_is_paired_until_then(
    final: str, capsys: pytest.CaptureFixture[str]
) -> None:
    _pair_and_play(capsys, final)
    code, out, err = run(capsys, "withdraw", final, str(LEAVER), "--event", "OPEN", "--round", "4")
    assert code == 0 and "自第4轮起退赛" in out, err
    for number in (2, 3):
        assert _pair_and_play(capsys, final) == number
        data = _round(capsys, final, number)
        assert LEAVER in _paired(data) and LEAVER not in _sitting_out(data)
    assert _pair_and_play(capsys, final) == 4
    data = _round(capsys, final, 4)
    assert LEAVER not in _paired(data) and _sitting_out(data) == {LEAVER: "退赛"}
    text = run(capsys, "pairing", final, "--event", "OPEN", "--round", "4")[1]
    assert "退赛（自第4轮起）" in text
    _check_every_round(capsys, final, 4)


def test_past_rounds_are_checked_by_who_was_active_then(
    final: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # the absentee forfeits rounds 1 and 2: the rule withdraws him from round 3 on
    _pair_and_play(capsys, final, {ABSENTEE})
    _pair_and_play(capsys, final, {ABSENTEE})
    _pair_and_play(capsys, final)
    # a withdrawal by hand after round 3
    assert run(capsys, "withdraw", final, str(LEAVER), "--event", "OPEN")[0] == 0
    _pair_and_play(capsys, final)
    _check_every_round(capsys, final, 4)
    for number in (1, 2):
        assert _sitting_out(_round(capsys, final, number)) == {}
    assert _sitting_out(_round(capsys, final, 3)) == {ABSENTEE: "连续弃权取消资格"}
    assert _sitting_out(_round(capsys, final, 4)) == {ABSENTEE: "退赛", LEAVER: "退赛"}
    # the printed round view of a past round lists nobody who played it
    text = run(capsys, "pairing", final, "--event", "OPEN", "--round", "2")[1]
    assert "本轮不参加编排" not in text


def test_a_reinstated_player_still_sat_out_the_rounds_he_was_withdrawn_for(
    final: str, capsys: pytest.CaptureFixture[str]
) -> None:
    _pair_and_play(capsys, final)
    assert run(capsys, "withdraw", final, str(LEAVER), "--event", "OPEN")[0] == 0
    _pair_and_play(capsys, final)  # round 2 without him
    code, out, err = run(capsys, "reinstate", final, str(LEAVER), "--event", "OPEN")
    assert code == 0 and "自第3轮起恢复参赛（第2轮仍记为退赛）" in out, err
    _pair_and_play(capsys, final)  # round 3 with him
    _check_every_round(capsys, final, 3)
    assert _sitting_out(_round(capsys, final, 2)) == {LEAVER: "退赛"}
    assert LEAVER in _paired(_round(capsys, final, 3))
    export = json.loads(run(capsys, "export", final, "--json")[1])
    event = next(e for e in export["events"] if e["code"] == "OPEN")
    row = next(e for e in event["entrants"] if e["seed"] == LEAVER)
    assert row["status"] == "playing" and row["withdrawn_rounds"] == [2]
    log = json.loads(run(capsys, "log", final, "--json")[1])
    reinstated = [e for e in log if e["action"] == "选手状态" and e["after"]["status"] == "playing"]
    assert reinstated[0]["after"]["withdrawn_rounds"] == [2]


def test_deleting_the_pairing_of_a_round_he_sat_out_gives_it_back(
    final: str, capsys: pytest.CaptureFixture[str]
) -> None:
    _pair_and_play(capsys, final)
    assert run(capsys, "withdraw", final, str(LEAVER), "--event", "OPEN")[0] == 0
    assert run(capsys, "pair", final, "--event", "OPEN")[0] == 0  # round 2, no results yet
    assert run(capsys, "reinstate", final, str(LEAVER), "--event", "OPEN")[0] == 0
    assert run(capsys, "unpair", final, "--event", "OPEN")[0] == 0
    assert _pair_and_play(capsys, final) == 2
    assert LEAVER in _paired(_round(capsys, final, 2))


def test_a_past_round_is_shown_by_the_settings_it_was_paired_by(
    final: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    import subprocess

    _pair_and_play(capsys, final)
    code, _, err = run(
        capsys, "settings", final, "--event", "OPEN", "--set", "pairing.same_unit_rounds=5"
    )
    assert code == 0, err
    _pair_and_play(capsys, final)
    for number, words in ((1, "前3轮回避"), (2, "前5轮回避")):
        text = run(capsys, "pairing", final, "--event", "OPEN", "--round", str(number))[1]
        assert f"同单位回避：{words}" in text, number
        pdf = tmp_path / f"r{number}.pdf"
        code, _, err = run(
            capsys,
            "report",
            final,
            "pairings",
            "--event",
            "OPEN",
            "--round",
            str(number),
            "-o",
            str(pdf),
        )
        assert code == 0, err
        printed = subprocess.run(
            ["pdftotext", str(pdf), "-"], capture_output=True, check=True
        ).stdout.decode("utf-8")
        assert words in printed.replace("\n", ""), number
    export = json.loads(run(capsys, "export", final, "--json")[1])
    event = next(e for e in export["events"] if e["code"] == "OPEN")
    assert [r["pairing_settings"]["same_unit_rounds"] for r in event["rounds"]] == [3, 5]
    _check_every_round(capsys, final, 2)
