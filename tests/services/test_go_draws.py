"""Issue 13, clause 8: with komi 3又3/4子 (7.5目) a Go game has no draw (和棋).

On the Go preset's real data (the demo final): `=` is refused on every path that records
a result (one table, a CSV of a round, a team-match board), with a Chinese message and
nothing written; an integer komi, or the setting `draws=allowed`, lets a draw through; the
demo final records no Go draws.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

from app.errors import FinalsError
from app.services.audit import audit_log
from app.services.read_model import build_export
from app.services.results import (
    DrawRefused,
    record_board_result,
    record_result,
    record_results,
)
from app.services.rounds import pair_next
from app.services.tournament import (
    open_tournament,
    set_tournament_fields,
    tournament_settings,
    update_event_settings,
)
from app.settings import parse_komi, tournament_problems
from app.store.database import Database
from tests.cli.runner import run
from tests.finals import demo_copy

DRAW_SPELLINGS = ("=", "和", "和棋", "½-½", "1/2-1/2", "＝")


@pytest.fixture(scope="module")
def go_template(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Go preset's demo final, 160 players, round 1 of 男子个人 and 男子双人 paired."""
    path = tmp_path_factory.mktemp("go-draws") / "go.finals"
    demo_copy(demo_master("hangzhou-go", players=160, seed=5), path)
    db = open_tournament(path)
    try:
        pair_next(db, "MEN")
        pair_next(db, "MPAIR")
    finally:
        db.close()
    return path


@pytest.fixture
def go_file(go_template: Path, tmp_path: Path) -> Path:
    target = tmp_path / "go.finals"
    target.write_bytes(go_template.read_bytes())
    return target


@pytest.fixture
def go(go_file: Path):
    db = open_tournament(go_file)
    yield db
    db.close()


def _results(db: Database, code: str, number: int = 1) -> dict[int, str | None]:
    event = next(e for e in build_export(db)["events"] if e["code"] == code)
    rnd = next(r for r in event["rounds"] if r["number"] == number)
    return {g["table"]: g["result"] for g in rnd["games"] if g["second"] is not None}


# -- the komi, read -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text,points,jigo",
    [
        ("3又3/4子", Fraction(15, 2), False),  # the Hangzhou regulation (RULES §9)
        ("３又３／４子", Fraction(15, 2), False),
        ("3¾子", Fraction(15, 2), False),
        ("3.75子", Fraction(15, 2), False),
        ("黑贴3又3/4子", Fraction(15, 2), False),
        ("7.5目", Fraction(15, 2), False),
        ("7.5", Fraction(15, 2), False),  # no unit: points
        ("6.5目", Fraction(13, 2), False),
        ("黑贴7目半", Fraction(15, 2), False),
        ("3子半", Fraction(7), True),
        ("3又1/2子", Fraction(7), True),  # 7 points: a jigo is possible
        ("6目", Fraction(6), True),
        ("0", Fraction(0), True),
    ],
)
def test_komi_is_read_as_the_regulation_writes_it(text: str, points: Fraction, jigo: bool) -> None:
    komi = parse_komi(text)
    assert komi is not None and komi.points == points and komi.allows_jigo is jigo


@pytest.mark.parametrize(
    "text", ["abc", "3又5/4子", "3又3/0子", "贴", "子", "100子", "-3", "3/4/5", "7.5目半", "半"]
)
def test_a_komi_that_cannot_be_read_is_refused(text: str) -> None:
    assert parse_komi(text) is None
    (problem,) = tournament_problems({"komi": text})
    assert problem.key == "komi" and "3又3/4子" in problem.message


def test_a_bad_komi_is_refused_by_the_command_and_nothing_stored(capsys, go_file: Path) -> None:
    code, _, err = run(capsys, "settings", str(go_file), "--set", "komi=三又四分之三")
    assert code == 1 and "komi" in err and "3又3/4子" in err
    code, out, _ = run(capsys, "settings", str(go_file), "--json")
    assert json.loads(out)["settings"]["komi"] == "3又3/4子"


def test_the_draw_rule_is_a_setting_shown_with_its_effect(capsys, go_file: Path) -> None:
    code, out, err = run(capsys, "settings", str(go_file))
    assert code == 0, err
    line = next(x for x in out.splitlines() if x.startswith("draws = "))
    assert "auto" in line and "不能记和棋" in line  # what it means for this final, now
    code, out, _ = run(capsys, "settings", str(go_file), "--json")
    assert json.loads(out)["settings"]["draws"] == "auto"
    code, _, err = run(capsys, "settings", str(go_file), "--set", "draws=maybe")
    assert code == 1 and "draws" in err and "allowed" in err and "refused" in err


# -- every path refuses "=" for Go ----------------------------------------------------------


@pytest.mark.parametrize("spelling", DRAW_SPELLINGS)
def test_one_table_cannot_be_a_draw(go: Database, spelling: str) -> None:
    logged = len(audit_log(go))
    with pytest.raises(DrawRefused) as caught:
        record_result(go, "MEN", 1, 1, spelling)
    message = caught.value.message
    assert "和棋" in message and "3又3/4子" in message and "draws=allowed" in message
    assert _results(go, "MEN")[1] is None and len(audit_log(go)) == logged
    record_result(go, "MEN", 1, 1, "1-0")  # a win is fine
    with pytest.raises(DrawRefused):  # ... and cannot be corrected into a draw
        record_result(go, "MEN", 1, 1, spelling)
    assert _results(go, "MEN")[1] == "1-0"


def test_the_command_refuses_a_draw_in_chinese_and_changes_nothing(capsys, go_file: Path) -> None:
    before = go_file.read_bytes()
    code, out, err = run(
        capsys, "result", str(go_file), "--event", "MEN", "--round", "1", "--table", "2", "="
    )
    assert code == 1 and out == ""
    assert "和棋" in err and "Traceback" not in err
    assert go_file.read_bytes() == before


def test_pair_events_are_go_games_too(go: Database) -> None:
    with pytest.raises(DrawRefused):
        record_result(go, "MPAIR", 1, 1, "=")


def test_a_round_file_with_a_draw_is_refused_whole(go: Database, tmp_path: Path) -> None:
    tables = sorted(_results(go, "MEN"))
    lines = [f"{t},1-0" for t in tables]
    lines[3] = f"{tables[3]},和"
    csv = tmp_path / "r1.csv"
    csv.write_text("台号,成绩\n" + "\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(FinalsError) as caught:
        record_results(go, "MEN", 1, csv)
    assert any(d.startswith("第5行") and "和棋" in d for d in caught.value.details), caught.value
    assert set(_results(go, "MEN").values()) == {None}  # all or nothing


def test_the_results_command_names_the_line(capsys, go_file: Path, tmp_path: Path) -> None:
    csv = tmp_path / "r1.csv"
    csv.write_text("1,1-0\n2,=\n", encoding="utf-8")
    code, _, err = run(capsys, "results", str(go_file), "--event", "MEN", "--round", "1", str(csv))
    assert code == 1 and "第2行" in err and "和棋" in err


def test_a_team_match_board_cannot_be_drawn_but_a_match_can(go: Database) -> None:
    for code in ("MTEAM", "WTEAM"):
        update_event_settings(go, code, {"pairing.team_format": "match", "rounds_planned": 3})
    view = pair_next(go, "WTEAM")  # two boards: 2:2 is a drawn match
    table = next(g.table for g in view.games if g.second is not None)
    with pytest.raises(DrawRefused):
        record_board_result(go, "WTEAM", 1, table, 1, "=")
    record_board_result(go, "WTEAM", 1, table, 1, "1-0")
    outcome = record_board_result(go, "WTEAM", 1, table, 2, "1-0")  # boards alternate colours
    assert outcome.board_points == (2, 2) and outcome.match_result == "="
    view = pair_next(go, "MTEAM")
    table = next(g.table for g in view.games if g.second is not None)
    with pytest.raises(DrawRefused):
        record_board_result(go, "MTEAM", 1, table, 2, "和")
    record_result(go, "MTEAM", 1, table, "=")  # a match result given directly: not a game


# -- when a draw is possible --------------------------------------------------------------


def test_an_integer_komi_leaves_jigo_possible(go: Database) -> None:
    set_tournament_fields(go, {"komi": "3又1/2子"})  # 7 points
    assert tournament_settings(go).refuses_draws("go") is False
    assert record_result(go, "MEN", 1, 1, "=").result == "="


def test_the_arbiter_may_allow_a_draw_and_refuse_it_again(go: Database) -> None:
    set_tournament_fields(go, {"draws": "allowed"})  # e.g. a triple ko (三劫循环) judged drawn
    assert record_result(go, "MEN", 1, 1, "=").result == "="
    set_tournament_fields(go, {"draws": "refused"})
    with pytest.raises(DrawRefused):
        record_result(go, "MEN", 1, 2, "=")


def test_gomoku_keeps_its_draws(gomoku: Database) -> None:
    assert tournament_settings(gomoku).refuses_draws("gomoku") is False
    from app.services.players import add_player

    for n in range(4):
        add_player(gomoku, "OPEN", {"name": f"棋手{n}", "gender": "男"})
    pair_next(gomoku, "OPEN")
    assert record_result(gomoku, "OPEN", 1, 1, "=").result == "="
    set_tournament_fields(gomoku, {"draws": "refused"})
    with pytest.raises(DrawRefused):
        record_result(gomoku, "OPEN", 1, 2, "=")


# -- the demo ------------------------------------------------------------------------------


def _draws(path: Path) -> dict[str, int]:
    db = open_tournament(path)
    try:
        doc = build_export(db)
    finally:
        db.close()
    return {
        e["code"]: sum(g["result"] == "=" for r in e["rounds"] for g in r["games"])
        for e in doc["events"]
        if e["rounds"]
    }


def test_the_go_demo_records_no_draws(built_demo: Callable[..., Path], tmp_path: Path) -> None:
    built_demo(tmp_path / "go.finals", "hangzhou-go", players=120, rounds=5)
    draws = _draws(tmp_path / "go.finals")
    assert draws and set(draws.values()) == {0}, draws


def test_the_gomoku_demo_still_has_draws(built_demo: Callable[..., Path], tmp_path: Path) -> None:
    built_demo(tmp_path / "wzq.finals", "shaoxing-gomoku-2022", players=60, rounds=4)
    assert _draws(tmp_path / "wzq.finals")["OPEN"] > 0
