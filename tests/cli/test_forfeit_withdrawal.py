"""The consecutive-forfeit rule (pairing.withdraw_after_forfeits, issue 25 §1): a player who
forfeits N rounds running is withdrawn from the next round on, as a recorded status change
the arbiter can see everywhere and undo with `finals reinstate`."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.cli.runner import run
from tests.finals import copy_of, demo_copy

ABSENTEE = 3  # the seed who does not come


@pytest.fixture(scope="module")
def master(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Gomoku final, 20 players in its open event, nothing paired."""
    path = tmp_path_factory.mktemp("forfeits") / "master.finals"
    demo_copy(demo_master("shaoxing-gomoku-2022", players=20, seed=11), path)
    return path


@pytest.fixture
def final(master: Path, tmp_path: Path) -> str:
    return str(copy_of(master, tmp_path / "final.finals"))


def _play(path: str, forfeits: set[int] | dict[int, set[int]], rounds: int = 1) -> list[int]:
    """Pair and play `rounds` rounds of OPEN; the seeds in `forfeits` (or, per round, the
    seeds of `forfeits[round]`) lose by forfeit. The rounds paired."""
    from app.services.results import record_result
    from app.services.rounds import pair_next
    from app.services.tournament import open_tournament

    db = open_tournament(path)
    numbers = []
    try:
        for _ in range(rounds):
            view = pair_next(db, "OPEN")
            out = forfeits.get(view.number, set()) if isinstance(forfeits, dict) else forfeits
            away = {i for i, seed in view.seeds.items() if seed in out}
            for g in view.games:
                if g.second is None:
                    continue
                first_out, second_out = g.first in away, g.second in away
                result = (
                    "--"
                    if first_out and second_out
                    else "-+"
                    if first_out
                    else "+-"
                    if second_out
                    else "1-0"
                )
                record_result(db, "OPEN", view.number, g.table, result)
            numbers.append(view.number)
    finally:
        db.close()
    return numbers


def _status(capsys: pytest.CaptureFixture[str], path: str, seed: int) -> str:
    rows = json.loads(run(capsys, "players", path, "--event", "OPEN", "--json")[1])
    return str(next(r["status"] for r in rows if r["seed"] == seed))


def _paired_seeds(capsys: pytest.CaptureFixture[str], path: str, number: int) -> set[int]:
    code, out, err = run(
        capsys, "pairing", path, "--event", "OPEN", "--round", str(number), "--json"
    )
    assert code == 0, err
    games = json.loads(out)["games"]
    return {g["first_seed"] for g in games} | {g["second_seed"] for g in games if g["second"]}


def test_two_forfeits_withdraw_him_from_the_next_round_on_recorded_and_named(
    final: str, capsys: pytest.CaptureFixture[str]
) -> None:
    _play(final, {ABSENTEE}, rounds=2)
    code, out, err = run(capsys, "pair", final, "--event", "OPEN")
    assert code == 0, err
    # the pairing output names him and why
    assert "本轮不参加编排（1人）" in out
    assert f"{ABSENTEE} " in out and "连续弃权取消资格（第1–2轮连续弃权，自第3轮起退赛）" in out
    # a recorded status change: players, the export and the log say so
    assert _status(capsys, final, ABSENTEE) == "withdrawn"
    listing = run(capsys, "players", final, "--event", "OPEN")[1]
    line = next(x for x in listing.splitlines() if x.split()[:2] == ["OPEN", str(ABSENTEE)])
    assert line.split()[-1] == "退赛"
    export = json.loads(run(capsys, "export", final, "--json")[1])
    open_event = next(e for e in export["events"] if e["code"] == "OPEN")
    assert next(e for e in open_event["entrants"] if e["seed"] == ABSENTEE)["status"] == "withdrawn"
    log = json.loads(run(capsys, "log", final, "--json")[1])
    changes = [e for e in log if e["action"] == "选手状态"]
    assert len(changes) == 1
    assert changes[0]["after"]["reason"] == "连续弃权2轮" and changes[0]["after"]["round"] == 3
    pairing = next(e for e in log if e["action"] == "编排" and e["target"] == "OPEN 第3轮")
    assert any("连续弃权2轮" in w for w in pairing["after"]["withdrawn"])
    # `finals pairing`: the list, the reason and the rule in force
    code, out, err = run(capsys, "pairing", final, "--event", "OPEN", "--round", "3")
    assert code == 0, err
    assert "本轮不参加编排（1人）" in out and "连续弃权取消资格（第1–2轮" in out
    assert "连续弃权取消资格：连续弃权2轮者自下一轮起退赛" in out
    data = json.loads(run(capsys, "pairing", final, "--event", "OPEN", "--round", "3", "--json")[1])
    assert [(s["seed"], s["reason"]) for s in data["sitting_out"]] == [
        (ABSENTEE, "连续弃权取消资格")
    ]
    assert data["withdraw_after_forfeits"] == 2
    # never paired again: round 3 is finished, rounds 4 and 5 leave him out as 退赛
    _finish(final, 3)
    _play(final, set(), rounds=2)
    for number in (3, 4, 5):
        assert ABSENTEE not in _paired_seeds(capsys, final, number)
    out = run(capsys, "pairing", final, "--event", "OPEN", "--round", "5")[1]
    assert "退赛（自第3轮起）" in out
    # the standings mark him
    lines = run(capsys, "standings", final, "--event", "OPEN")[1].splitlines()
    assert lines[1].split()[-1] == "状态"
    row = next(x for x in lines[2:] if x.split()[1] == str(ABSENTEE))
    assert row.split()[-1] == "退赛（自第3轮）"


def _finish(path: str, number: int) -> None:
    from app.services.results import record_result
    from app.services.rounds import round_view
    from app.services.tournament import open_tournament

    db = open_tournament(path)
    try:
        view = round_view(db, "OPEN", number)
        for g in view.games:
            if g.second is not None and view.results.get(g.table) is None:
                record_result(db, "OPEN", number, g.table, "1-0")
    finally:
        db.close()


def test_reinstate_brings_him_back_from_the_next_round(
    final: str, capsys: pytest.CaptureFixture[str]
) -> None:
    _play(final, {ABSENTEE}, rounds=2)
    assert run(capsys, "pair", final, "--event", "OPEN")[0] == 0
    code, out, err = run(capsys, "reinstate", final, str(ABSENTEE), "--event", "OPEN")
    assert code == 0 and "恢复参赛" in out, err
    assert _status(capsys, final, ABSENTEE) == "playing"
    log = json.loads(run(capsys, "log", final, "--json")[1])
    assert [e["after"]["status"] for e in log if e["action"] == "选手状态"][:2] == [
        "playing",
        "withdrawn",
    ]
    _finish(final, 3)
    _play(final, set(), rounds=1)
    assert ABSENTEE in _paired_seeds(capsys, final, 4)


def test_deleting_the_pairing_gives_the_withdrawal_back_and_pairing_again_makes_it(
    final: str, capsys: pytest.CaptureFixture[str]
) -> None:
    _play(final, {ABSENTEE}, rounds=2)
    assert run(capsys, "pair", final, "--event", "OPEN")[0] == 0
    assert run(capsys, "unpair", final, "--event", "OPEN")[0] == 0
    assert _status(capsys, final, ABSENTEE) == "playing"
    code, out, err = run(capsys, "pair", final, "--event", "OPEN")
    assert code == 0 and "连续弃权取消资格" in out, err
    assert _status(capsys, final, ABSENTEE) == "withdrawn"
    actions = [
        (e["action"], (e["after"] or {}).get("status"))
        for e in json.loads(run(capsys, "log", final, "--json")[1])
        if e["action"] == "选手状态"
    ]
    assert actions == [
        ("选手状态", "withdrawn"),
        ("选手状态", "playing"),
        ("选手状态", "withdrawn"),
    ]


def test_the_rule_set_to_zero_withdraws_nobody_and_the_report_says_so(
    final: str, capsys: pytest.CaptureFixture[str]
) -> None:
    set_zero = ["--set", "pairing.withdraw_after_forfeits=0"]
    assert run(capsys, "settings", final, "--event", "OPEN", *set_zero)[0] == 0
    _play(final, {ABSENTEE}, rounds=3)
    assert _status(capsys, final, ABSENTEE) == "playing"
    assert ABSENTEE in _paired_seeds(capsys, final, 3)
    out = run(capsys, "pairing", final, "--event", "OPEN", "--round", "3")[1]
    assert "连续弃权取消资格：不执行" in out


def test_leave_and_withdrawal_are_listed_with_their_reason(
    final: str, capsys: pytest.CaptureFixture[str]
) -> None:
    _play(final, set(), rounds=1)
    assert run(capsys, "absent", final, "5", "--event", "OPEN", "--round", "2")[0] == 0
    assert run(capsys, "withdraw", final, "6", "--event", "OPEN")[0] == 0
    code, out, err = run(capsys, "pair", final, "--event", "OPEN", "--json")
    assert code == 0, err
    listed = [(s["seed"], s["reason"], s["detail"]) for s in json.loads(out)["sitting_out"]]
    assert listed == [(5, "请假", "第2轮"), (6, "退赛", "自第2轮起")]
    out = run(capsys, "pairing", final, "--event", "OPEN")[1]
    assert "本轮不参加编排（2人）" in out and "请假（第2轮）" in out


@st.composite
def patterns(draw: st.DrawFn) -> dict[int, set[int]]:
    """For two players, the rounds (1–5) they forfeit while they are paired."""
    return {seed: draw(st.sets(st.integers(1, 5), max_size=4)) for seed in (ABSENTEE, ABSENTEE + 8)}


@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(patterns())
def test_random_forfeits_over_a_real_final(
    master: Path, tmp_path_factory: pytest.TempPathFactory, pattern: dict[int, set[int]]
) -> None:
    """Whatever the forfeits, a player with two running is withdrawn from the next round on
    and never paired again; everyone else is paired every round."""
    from app.services.rounds import round_view
    from app.services.tournament import open_tournament

    path = str(copy_of(master, tmp_path_factory.mktemp("random") / "final.finals"))
    by_round: dict[int, set[int]] = {}
    for seed, rounds in pattern.items():
        for number in rounds:
            by_round.setdefault(number, set()).add(seed)
    _play(path, by_round, rounds=5)
    db = open_tournament(path)
    try:
        views = [round_view(db, "OPEN", n) for n in range(1, 6)]
    finally:
        db.close()
    id_of = {seed: i for i, seed in views[0].seeds.items()}
    for seed in pattern:
        run_length, out_from = 0, None
        for view in views:
            paired = {w for g in view.games for w in (g.first, g.second)}
            if out_from is None and run_length >= 2:
                out_from = view.number
            if out_from is not None:
                assert id_of[seed] not in paired
                continue
            assert id_of[seed] in paired
            lost = view.number in pattern[seed] and any(
                id_of[seed] in (g.first, g.second) and g.second is not None for g in view.games
            )
            run_length = run_length + 1 if lost else 0


def test_a_dutch_event_follows_its_own_rules_unless_the_arbiter_turns_the_rule_on(
    final: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(
        capsys, "settings", final, "--event", "OPEN", "--set", "pairing.system=dutch"
    )
    assert code == 0, err
    assert "pairing.withdraw_after_forfeits = 0" in out
    assert "注：OPEN是荷兰制项目" in out and "pairing.withdraw_after_forfeits=2" in out
    shown = json.loads(run(capsys, "settings", final, "--event", "OPEN", "--json")[1])
    assert shown["pairing"]["withdraw_after_forfeits"] == 0
    _play(final, {ABSENTEE}, rounds=3)
    assert _status(capsys, final, ABSENTEE) == "playing"
    assert ABSENTEE in _paired_seeds(capsys, final, 3)
    # turned on: the next pairing withdraws him (three forfeits running)
    turn_on = ["--set", "pairing.withdraw_after_forfeits=2"]
    code, out, err = run(capsys, "settings", final, "--event", "OPEN", *turn_on)
    assert code == 0 and "注：" not in out, err
    code, out, err = run(capsys, "pair", final, "--event", "OPEN")
    assert code == 0 and "连续弃权取消资格" in out, err
    assert _status(capsys, final, ABSENTEE) == "withdrawn"


def test_an_opengotha_import_does_not_apply_the_chinese_rule(
    built_demo: Callable[..., Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "go.finals"
    built_demo(path, "hangzhou-go", players=40, seed=7, rounds=1)
    xml = tmp_path / "men.xml"
    code, _out, err = run(capsys, "opengotha-export", str(path), "--event", "MEN", "-o", str(xml))
    assert code == 0, err
    code, out, err = run(capsys, "opengotha-import", str(path), str(xml), "--event", "OG")
    assert code == 0, err
    assert "连续弃权取消资格" in out + err
    shown = json.loads(run(capsys, "settings", str(path), "--event", "OG", "--json")[1])
    assert shown["pairing"]["withdraw_after_forfeits"] == 0


def test_the_window_and_the_standings_pdf_mark_him_withdrawn_from_the_round(
    final: str, capsys: pytest.CaptureFixture[str], tmp_path: Path, qapp: object
) -> None:
    """Issue 25 §5: 退赛（自第N轮） in every standings face, not only the command line."""
    from PySide6.QtCore import Qt

    from app.services.read_model import load_final
    from app.services.tournament import open_tournament
    from reports.build import build_report
    from tests.reports.conftest import pdf_pages
    from ui.models.standings import StandingsModel

    _play(final, {ABSENTEE}, rounds=2)
    assert run(capsys, "pair", final, "--event", "OPEN")[0] == 0
    _finish(final, 3)
    db = open_tournament(final)
    try:
        read = load_final(db)
    finally:
        db.close()
    seed_name = next(e.name for e in read.event("OPEN").entrants if e.seed == ABSENTEE)
    # the PDF: a 状态 column, his row carries the mark, nobody else's does
    pages = pdf_pages(build_report(read, "standings", tmp_path / "s.pdf", event="OPEN"))
    text = "".join(pages)
    assert "状态" in text
    lines = [x for page in pages for x in page.splitlines()]
    marked = [x for x in lines if "退赛（自第3轮）" in x]
    assert len(marked) == 1 and seed_name in marked[0]
    # the window: a Status column with the same words
    model = StandingsModel()
    model.set_event(read.event("OPEN"))
    column = next(i for i, c in enumerate(model._columns) if c.key == "status_note")
    shown = {
        model.data(model.index(r, column), Qt.ItemDataRole.DisplayRole)
        for r in range(model.rowCount())
    }
    assert shown == {"", "退赛（自第3轮）"}
    # standings after round 1, before the rule fired, carry no mark (nor the column)
    db = open_tournament(final)
    try:
        early = load_final(db, after_round=1)
    finally:
        db.close()
    text = "".join(pdf_pages(build_report(early, "standings", tmp_path / "r1.pdf", event="OPEN")))
    assert "退赛" not in text


def test_a_late_entrant_is_listed_as_not_yet_in_for_the_round_already_paired(
    final: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 25 §1: the sit-out list names 迟到未入 for an entrant added after the round
    was paired, with the round he plays from."""
    _play(final, set(), rounds=1)
    assert run(capsys, "pair", final, "--event", "OPEN")[0] == 0
    code, out, err = run(capsys, "add-player", final, "--event", "OPEN", "--name", "迟到者")
    assert code == 0, err
    data = json.loads(run(capsys, "pairing", final, "--event", "OPEN", "--round", "2", "--json")[1])
    late = [s for s in data["sitting_out"] if s["name"] == "迟到者"]
    assert [(s["reason"], s["detail"]) for s in late] == [("迟到未入", "自第3轮起参赛")]
    out = run(capsys, "pairing", final, "--event", "OPEN", "--round", "2")[1]
    assert "迟到未入（自第3轮起参赛）" in out
    # and he is paired in round 3
    _finish(final, 2)
    assert run(capsys, "pair", final, "--event", "OPEN")[0] == 0
    names = json.loads(
        run(capsys, "pairing", final, "--event", "OPEN", "--round", "3", "--json")[1]
    )["games"]
    assert any("迟到者" in (g["first_name"], g.get("second_name")) for g in names)
