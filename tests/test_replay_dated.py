"""A final replayed through `finals` where time matters (issue 38): one player withdrawn
ahead (from round 5, while round 2 is next), one withdrawn by the forfeit rule, one
disqualified after the last round. Every past round is checked and reprinted afterwards and
lists exactly who sat it out and why; the standings, prizes and grades are recomputed from
the export independently."""

from __future__ import annotations

import json
import random
import subprocess
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import pytest

from tests.test_replay import POINTS, _sheet, finals

ROUNDS = 7
LEAVER = 5  # seed withdrawn from round 5 on, announced after round 1
ABSENTEE = 9  # seed who forfeits rounds 2 and 3: the rule withdraws him from round 4


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    return json.loads(finals(capsys, *argv))


def _expected_sitting_out(number: int) -> dict[int, str]:
    out = {}
    if number == 4:
        out[ABSENTEE] = "连续弃权取消资格"
    if number >= 5:
        out[ABSENTEE] = "退赛"
        out[LEAVER] = "退赛"
    return out


def test_a_final_with_a_withdrawal_ahead_the_forfeit_rule_and_a_disqualification(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = str(tmp_path / "final.finals")
    finals(capsys, "new", f, "--preset", "shaoxing-gomoku-2022")
    finals(capsys, "import", f, str(_sheet(tmp_path, 24, 38)))
    finals(capsys, "settings", f, "--event", "OPEN", "--set", f"rounds_planned={ROUNDS}")
    rng = random.Random(38)
    name_of = {
        p["seed"]: p["name"] for p in _json(capsys, "players", f, "--event", "OPEN", "--json")
    }
    for number in range(1, ROUNDS + 1):
        if number == 2:
            out = finals(capsys, "withdraw", f, str(LEAVER), "--event", "OPEN", "--round", "5")
            assert "自第5轮起退赛" in out
        paired = _json(capsys, "pair", f, "--event", "OPEN", "--json")
        assert paired["round"] == number
        lines = []
        for game in paired["games"]:
            if game["second"] is None:
                continue
            if number in (2, 3) and ABSENTEE in (game["first_seed"], game["second_seed"]):
                result = "-+" if game["first_seed"] == ABSENTEE else "+-"
            else:
                result = rng.choice(["1-0", "0-1", "=", "1-0", "0-1"])
            lines.append(f"{game['table']},{result}")
        csv = tmp_path / f"r{number}.csv"
        csv.write_text("\n".join(lines) + "\n", encoding="utf-8")
        finals(capsys, "results", f, str(csv), "--event", "OPEN", "--round", str(number))

    before = _json(capsys, "standings", f, "--event", "OPEN", "--json")["standings"]
    prizes_before = [
        p for p in _json(capsys, "prizes", f, "--json")["prizes"] if p["event"] == "OPEN"
    ]
    grades_before = _json(capsys, "grades", f, "--event", "OPEN", "--json")
    second = next(r for r in before if r["rank"] == 2 and not r["shared"])
    cheat_id = second["entrant"]
    cheat = next(
        p["seed"]
        for p in _json(capsys, "players", f, "--event", "OPEN", "--json")
        if p["id"] == cheat_id
    )
    finals(capsys, "disqualify", f, str(cheat), "--event", "OPEN", "--reason", "经查实冒名参赛")

    # every past round, checked and reprinted after all that: as it was paired
    for number in range(1, ROUNDS + 1):
        out = finals(capsys, "check", f, "--event", "OPEN", "--round", str(number))
        assert "违规" not in out
        view = _json(capsys, "pairing", f, "--event", "OPEN", "--round", str(number), "--json")
        assert {s["seed"]: s["reason"] for s in view["sitting_out"]} == _expected_sitting_out(
            number
        ), number
        pdf = tmp_path / f"pairings{number}.pdf"
        finals(
            capsys,
            "report",
            f,
            "pairings",
            "--event",
            "OPEN",
            "--round",
            str(number),
            "-o",
            str(pdf),
        )
        text = subprocess.run(
            ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, check=True
        ).stdout.decode("utf-8")
        assert f"第{number}轮" in text
        for seed in _expected_sitting_out(number):
            assert name_of[seed] in text, (number, name_of[seed])

    # the export, recomputed here from its games alone
    doc = _json(capsys, "export", f, "--json")
    event = next(e for e in doc["events"] if e["code"] == "OPEN")
    entrants = {e["id"]: e for e in event["entrants"]}
    by_seed = {e["seed"]: e["id"] for e in event["entrants"]}
    assert entrants[cheat_id]["status"] == "disqualified"
    assert entrants[cheat_id]["disqualification"]["after_round"] == ROUNDS
    assert entrants[by_seed[LEAVER]]["withdrawn_from_round"] == 5
    assert entrants[by_seed[ABSENTEE]]["withdrawn_from_round"] == 4
    points: Counter[int] = Counter()
    opponents: dict[int, list[int]] = defaultdict(list)
    progressive: Counter[int] = Counter()
    for rnd in event["rounds"]:
        playing = {g["first"] for g in rnd["games"]} | {
            g["second"] for g in rnd["games"] if g["second"]
        }
        expected_out = {by_seed[s] for s in _expected_sitting_out(rnd["number"])}
        assert playing == set(entrants) - expected_out, rnd["number"]
        for game in rnd["games"]:
            if game["second"] is None:
                points[game["first"]] += 2
                continue
            a, b = POINTS[game["result"]]
            points[game["first"]] += a
            points[game["second"]] += b
            opponents[game["first"]].append(game["second"])
            opponents[game["second"]].append(game["first"])
        for entrant in entrants:
            progressive[entrant] += points[entrant]
    rows = event["standings"]
    assert cheat_id not in {r["entrant"] for r in rows}  # he leaves the ranking
    assert {r["entrant"] for r in rows} == set(entrants) - {cheat_id}
    for row in rows:
        who = row["entrant"]
        assert row["points"] == points[who]
        # his games stay (the default): his opponents count his score in their 对手分
        assert row["tiebreaks"]["对手分"] == sum(points[o] for o in opponents[who])
        assert row["tiebreaks"]["累进分"] == progressive[who]
    # 不顺延 (the default): everyone keeps his place, the place he held stays empty
    rank_before = {r["entrant"]: r["rank"] for r in before}
    assert {r["entrant"]: r["rank"] for r in rows} == {
        e: r for e, r in rank_before.items() if e != cheat_id
    }
    assert 2 not in {r["rank"] for r in rows}
    prizes = [p for p in doc["prizes"] if p["event"] == "OPEN"]
    assert cheat_id not in {p["entrant"] for p in prizes}
    assert prizes == [p for p in prizes_before if p["entrant"] != cheat_id]
    grades = [g for g in doc["grades"] if g["event"] == "OPEN"]
    assert cheat_id not in {g["entrant"] for g in grades}
    # the grades of the others are as before (the command's rows also say after which round)
    kept = [g for g in grades_before if g["entrant"] != cheat_id]
    assert [{k: g[k] for k in grades[0]} for g in kept] == grades
    assert {g["after_round"] for g in grades_before} == {ROUNDS}
    rank = {r["entrant"]: r["rank"] for r in rows}
    assert all(rank[g["entrant"]] == g["rank"] for g in grades)
