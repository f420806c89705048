"""Disqualification, 取消资格 (issue 38 §4): `finals disqualify FILE WHO --event E --reason T`
at any time, also after the last round: the player leaves the ranking, the prizes, the
grades and the certificates; he is shown as 取消资格 on the standings, the crosstable and the
export; a certificate issued to him before is void in the register; `--undo` gives it all
back. Bad input is refused in Chinese, exit 1, the file unchanged."""

from __future__ import annotations

import hashlib
import json
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.cli.runner import run
from tests.finals import copy_of, demo_copy

REASON = "经查实冒名参赛"


@pytest.fixture(scope="module")
def master(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Gomoku final played to its end: 20 players in its open event, 9 rounds."""
    path = tmp_path_factory.mktemp("disqualify") / "master.finals"
    demo_copy(demo_master("shaoxing-gomoku-2022", players=20, rounds=9), path)
    return path


@pytest.fixture
def final(master: Path, tmp_path: Path) -> Path:
    return copy_of(master, tmp_path / "final.finals")


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    return json.loads(out)


def _standings(capsys: pytest.CaptureFixture[str], f: Path, *extra: str) -> dict[str, Any]:
    return dict(_json(capsys, "standings", str(f), "--event", "OPEN", "--json", *extra))


def _prizes(capsys: pytest.CaptureFixture[str], f: Path) -> list[dict[str, Any]]:
    doc = _json(capsys, "prizes", str(f), "--json")
    return [p for p in doc["prizes"] if p["event"] == "OPEN" and p["category"] is None]


def _grades(capsys: pytest.CaptureFixture[str], f: Path) -> list[dict[str, Any]]:
    doc = _json(capsys, "grades", str(f), "--json")
    rows = doc["grades"] if isinstance(doc, dict) else doc
    return [g for g in rows if g["event"] == "OPEN"]


def _seed_of(capsys: pytest.CaptureFixture[str], f: Path, entrant: int) -> int:
    players = _json(capsys, "players", str(f), "--event", "OPEN", "--json")
    return next(p["seed"] for p in players if p["id"] == entrant)


def _second(capsys: pytest.CaptureFixture[str], f: Path) -> tuple[int, int]:
    """The entrant ranked 2nd alone (the silver medallist) and his seed."""
    rows = _standings(capsys, f)["standings"]
    second = [r for r in rows if r["rank"] == 2]
    assert len(second) == 1 and not second[0]["shared"], second
    entrant = second[0]["entrant"]
    return entrant, _seed_of(capsys, f, entrant)


def _disqualify(capsys: pytest.CaptureFixture[str], f: Path, seed: int, *extra: str) -> str:
    code, out, err = run(
        capsys, "disqualify", str(f), str(seed), "--event", "OPEN", "--reason", REASON, *extra
    )
    assert code == 0, err
    return out


def _text(pdf: Path) -> str:
    return subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, encoding="utf-8", check=True
    ).stdout


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_after_the_last_round_he_leaves_ranking_prizes_grades_and_is_shown_disqualified(
    final: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    entrant, seed = _second(capsys, final)
    before = _standings(capsys, final)
    prizes_before = _prizes(capsys, final)
    assert entrant in {p["entrant"] for p in prizes_before}
    assert entrant in {g["entrant"] for g in _grades(capsys, final)}

    out = _disqualify(capsys, final, seed)
    assert "取消资格" in out and REASON in out

    after = _standings(capsys, final)
    ranked = {r["entrant"]: r for r in after["standings"]}
    assert entrant not in ranked
    # 不顺延 (the default): his place stays empty, nobody else's moves
    assert [r["rank"] for r in after["standings"]] == [
        r["rank"] for r in before["standings"] if r["entrant"] != entrant
    ]
    assert 2 not in {r["rank"] for r in after["standings"]}
    assert [d["entrant"] for d in after["disqualified"]] == [entrant]
    assert after["disqualified"][0]["note"] == f"取消资格（第9轮后：{REASON}）"
    assert "不顺延" in after["explanation"][0]

    prizes = _prizes(capsys, final)
    assert entrant not in {p["entrant"] for p in prizes}
    assert 2 not in {p["place"] for p in prizes}  # the silver is not paid
    assert {p["entrant"]: p["amount_fen"] for p in prizes if p["place"] != 2} == {
        p["entrant"]: p["amount_fen"] for p in prizes_before if p["place"] != 2
    }
    assert entrant not in {g["entrant"] for g in _grades(capsys, final)}
    # the prize lists say the silver is vacant and why, so nobody looks for the line
    vacant = _json(capsys, "prizes", str(final), "--json")["vacant_places"]
    assert [(v["event"], v["place"], v["title"], v["entrant"]) for v in vacant] == [
        ("OPEN", 2, "亚军", entrant)
    ]
    code, text, _ = run(capsys, "prizes", str(final))
    assert code == 0 and f"空缺：公开组第2名（亚军）{vacant[0]['amount']}元不发" in text
    sheet = tmp_path / "prizes.pdf"
    assert run(capsys, "report", str(final), "prizes", "--event", "OPEN", "-o", str(sheet))[0] == 0
    assert "空缺：公开组第2名（亚军）" in _text(sheet).replace("\n", "")

    code, text, _ = run(capsys, "standings", str(final), "--event", "OPEN")
    assert code == 0 and f"取消资格（第9轮后：{REASON}）" in text

    doc = _json(capsys, "export", str(final), "--json")
    event = next(e for e in doc["events"] if e["code"] == "OPEN")
    row = next(e for e in event["entrants"] if e["id"] == entrant)
    assert row["status"] == "disqualified"
    assert row["disqualification"] == {"after_round": 9, "reason": REASON}
    assert entrant not in {r["entrant"] for r in event["standings"]}
    assert event["settings"]["standings"]["disqualified_games"] == "keep"
    assert event["settings"]["standings"]["disqualified_places"] == "empty"

    cross = tmp_path / "cross.pdf"
    code, _, err = run(
        capsys, "report", str(final), "crosstable", "--event", "OPEN", "-o", str(cross)
    )
    assert code == 0, err
    assert "取消" in _text(cross) and REASON in _text(cross).replace("\n", "")

    table = tmp_path / "standings.pdf"
    code, _, err = run(
        capsys, "report", str(final), "standings", "--event", "OPEN", "-o", str(table)
    )
    assert code == 0, err
    printed = _text(table)
    assert "取消资格者之后的名次：不顺延" in printed and "取消资格者的对局：保留" in printed

    certificates = tmp_path / "certificates.pdf"
    code, _, err = run(
        capsys, "report", str(final), "certificates", "--event", "OPEN", "-o", str(certificates)
    )
    assert code == 0, err
    name = next(e["name"] for e in event["entrants"] if e["id"] == entrant)
    assert name not in _text(certificates)


def test_undo_gives_everything_back(final: Path, capsys: pytest.CaptureFixture[str]) -> None:
    entrant, seed = _second(capsys, final)
    standings, prizes = _standings(capsys, final), _prizes(capsys, final)
    _disqualify(capsys, final, seed)
    code, out, err = run(capsys, "disqualify", str(final), str(seed), "--event", "OPEN", "--undo")
    assert code == 0, err
    assert "撤销" in out
    assert _standings(capsys, final) == standings
    assert _prizes(capsys, final) == prizes
    players = _json(capsys, "players", str(final), "--event", "OPEN", "--json")
    assert next(p for p in players if p["id"] == entrant)["status"] == "playing"
    log = _json(capsys, "log", str(final), "--json")
    actions = [e["action"] for e in log]
    assert "取消资格" in actions and "撤销取消资格" in actions
    # finals reinstate undoes it too
    _disqualify(capsys, final, seed)
    code, _, err = run(capsys, "reinstate", str(final), str(seed), "--event", "OPEN")
    assert code == 0, err
    assert _prizes(capsys, final) == prizes


def test_move_up_gives_his_place_to_the_next(
    final: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    entrant, seed = _second(capsys, final)
    before = _standings(capsys, final)["standings"]
    third = [r["entrant"] for r in before if r["rank"] == 3]
    code, _, err = run(
        capsys,
        "settings",
        str(final),
        "--event",
        "OPEN",
        "--set",
        "standings.disqualified_places=move_up",
    )
    assert code == 0, err
    _disqualify(capsys, final, seed)
    after = _standings(capsys, final)
    assert [r["rank"] for r in after["standings"]][:2] == [1, 2]
    assert len(after["standings"]) == len(before) - 1
    prizes = _prizes(capsys, final)
    assert {p["entrant"] for p in prizes if p["place"] == 2} == set(third)
    assert "顺延" in after["explanation"][0]


def test_annulled_games_count_for_nobody(final: Path, capsys: pytest.CaptureFixture[str]) -> None:
    entrant, seed = _second(capsys, final)
    doc = _json(capsys, "export", str(final), "--json")
    event = next(e for e in doc["events"] if e["code"] == "OPEN")
    beaten = {  # his opponents who scored against him, and the points they scored
        (g["second"] if g["first"] == entrant else g["first"]): g
        for r in event["rounds"]
        for g in r["games"]
        if entrant in (g["first"], g["second"]) and g["second"] is not None
    }
    points = {r["entrant"]: r["points"] for r in _standings(capsys, final)["standings"]}
    code, _, err = run(
        capsys,
        "settings",
        str(final),
        "--event",
        "OPEN",
        "--set",
        "standings.disqualified_games=annul",
    )
    assert code == 0, err
    _disqualify(capsys, final, seed)
    kept = {r["entrant"]: r["points"] for r in _standings(capsys, final)["standings"]}
    win, draw = 2, 1  # the Gomoku final's scoring
    for opponent, game in beaten.items():
        got = {"1-0": (win, 0), "0-1": (0, win), "=": (draw, draw)}.get(game["result"], (0, 0))
        scored = got[0] if game["first"] == opponent else got[1]
        assert kept[opponent] == points[opponent] - scored
    assert "作废" in _standings(capsys, final)["explanation"][0]


def test_a_certificate_issued_before_is_void_in_the_register(
    final: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    entrant, seed = _second(capsys, final)
    out = tmp_path / "certificates.pdf"
    code, _, err = run(
        capsys, "report", str(final), "certificates", "--event", "OPEN", "-o", str(out)
    )
    assert code == 0, err
    his = [
        r
        for r in _json(capsys, "certificates-register", str(final), "--json")
        if r["entrant"] == entrant
    ]
    assert his and not any(r["void"] for r in his)
    message = _disqualify(capsys, final, seed)
    assert his[0]["number"] in message
    register = {
        r["number"]: r for r in _json(capsys, "certificates-register", str(final), "--json")
    }
    assert all(register[r["number"]]["void"] for r in his)
    others = [r for r in register.values() if r["entrant"] != entrant]
    assert others and not any(r["void"] for r in others)


def test_a_disqualified_player_is_not_paired_and_sits_out_as_disqualified(
    final: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Disqualified mid-event (an extra round after the 9th): paired no more, and the
    pairing names why; the rounds he played stay as they were."""
    _entrant, seed = _second(capsys, final)
    code, _, err = run(
        capsys, "settings", str(final), "--event", "OPEN", "--set", "rounds_planned=10"
    )
    assert code == 0, err
    _disqualify(capsys, final, seed)
    code, _, err = run(capsys, "pair", str(final), "--event", "OPEN")
    assert code == 0, err
    code, out, err = run(capsys, "pairing", str(final), "--event", "OPEN", "--round", "10")
    assert code == 0, err
    assert "取消资格" in out
    code, out, err = run(capsys, "check", str(final), "--event", "OPEN", "--round", "9")
    assert code == 0, out + err


def test_a_round_paired_when_he_was_disqualified_stays_without_him_when_paired_again(
    final: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Disqualified while round 10 is paired (he is in it); the round's pairing is deleted
    and made again: he is not in it, and its check passes."""
    _entrant, seed = _second(capsys, final)
    assert (
        run(capsys, "settings", str(final), "--event", "OPEN", "--set", "rounds_planned=10")[0] == 0
    )
    assert run(capsys, "pair", str(final), "--event", "OPEN")[0] == 0
    _disqualify(capsys, final, seed)
    assert run(capsys, "unpair", str(final), "--event", "OPEN")[0] == 0
    paired = _json(capsys, "pair", str(final), "--event", "OPEN", "--json")
    seeds = {g["first_seed"] for g in paired["games"]} | {
        g["second_seed"] for g in paired["games"] if g["second"]
    }
    assert seed not in seeds
    code, out, err = run(capsys, "check", str(final), "--event", "OPEN", "--round", "10")
    assert code == 0, out + err


@pytest.mark.parametrize(
    ("who", "reason", "words"),
    [
        ("99", REASON, "没有序号为 99"),
        ("无名氏", REASON, "没有名为“无名氏”"),
        ("2", "", "理由"),
        ("2", "   ", "理由"),
        ("2", "冒名\x1b[2J", "控制字符"),
        ("2", "冒名\u202e", "不可见字符"),
    ],
)
def test_bad_input_is_refused_in_chinese_and_changes_nothing(
    final: Path, capsys: pytest.CaptureFixture[str], who: str, reason: str, words: str
) -> None:
    digest = _digest(final)
    code, out, err = run(
        capsys, "disqualify", str(final), who, "--event", "OPEN", "--reason", reason
    )
    assert code == 1
    assert words in err and "Traceback" not in err
    assert _digest(final) == digest


def test_twice_or_undo_of_nobody_is_refused_and_changes_nothing(
    final: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "disqualify", str(final), "2", "--event", "OPEN", "--undo")
    assert code == 1 and "没有被取消资格" in err
    _disqualify(capsys, final, 2)
    digest = _digest(final)
    code, _, err = run(
        capsys, "disqualify", str(final), "2", "--event", "OPEN", "--reason", "又一次"
    )
    assert code == 1 and "已被取消资格" in err and "--undo" in err
    code, _, err = run(capsys, "withdraw", str(final), "2", "--event", "OPEN")
    assert code == 1 and "已被取消资格" in err
    assert _digest(final) == digest


def test_the_help_is_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "disqualify", "--help")
    assert code == 0
    assert "取消资格" in out and "--reason" in out and "--undo" in out


def test_a_category_list_shows_its_own_disqualified_after_its_ranking(
    final: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    women = _standings(capsys, final, "--category", "women")["standings"]
    best = women[0]["entrant"]
    _disqualify(capsys, final, _seed_of(capsys, final, best))
    after = _standings(capsys, final, "--category", "women")
    assert best not in {r["entrant"] for r in after["standings"]}
    assert [d["entrant"] for d in after["disqualified"]] == [best]
    assert 1 not in {r["rank"] for r in after["standings"]}  # 不顺延 in the category too
    code, text, err = run(capsys, "standings", str(final), "--event", "OPEN", "--category", "women")
    assert code == 0, err
    assert text.strip().splitlines()[-2].endswith(f"取消资格（第9轮后：{REASON}）")
    # a man's disqualification is not listed among the women
    men = [
        r
        for r in _standings(capsys, final)["standings"]
        if r["entrant"] not in {w["entrant"] for w in women}
    ]
    _disqualify(capsys, final, _seed_of(capsys, final, men[0]["entrant"]))
    again = _standings(capsys, final, "--category", "women")
    assert [d["entrant"] for d in again["disqualified"]] == [best]
