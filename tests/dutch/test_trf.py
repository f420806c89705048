"""TRF-16: reading, writing, line ends, and the `finals trf` commands."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.cli.main import main
from app.io.trf import TrfError, parse_pairs, parse_trf, with_round, write_pairs, write_trf
from app.services.tournament import create_tournament
from tests.shared_files import require

from .test_reference import REFERENCE

SAMPLE = """012 Sample Open
001    1      Alpha One                         2679                             2.0    1     3 w 1     2 b =
001    2      Beta Two                          2662                             1.0    2     4 b 1     1 w =
001    3      Gamma Three                       2393                             0.5    3     1 b 0  0000 - H
001    4      Delta Four                        2284                             1.0    4     2 w 0  0000 - U
092 FIDE_DUTCH_2025
XXR 5
XXC white1
"""


def test_parse_reads_players_rounds_and_trfx_lines() -> None:
    trf = parse_trf(SAMPLE)
    assert trf.name == "Sample Open" and trf.total_rounds == 5 and trf.initial_colour == "white"
    assert [p.number for p in trf.players] == [1, 2, 3, 4]
    one = trf.player(1)
    assert one.name == "Alpha One" and one.rating == 2679 and one.points == 2.0
    assert (one.rounds[0].opponent, one.rounds[0].colour, one.rounds[0].result) == (3, "w", "1")
    assert trf.player(3).rounds[1].result == "H" and trf.player(3).rounds[1].opponent is None
    assert trf.player(4).rounds[1].paired and not trf.player(4).rounds[1].played
    assert trf.rounds_played == 2


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_any_line_end_reads_the_same(newline: str) -> None:
    assert parse_trf(SAMPLE.replace("\n", newline)) == parse_trf(SAMPLE)


def test_write_then_read_is_the_same_file() -> None:
    trf = parse_trf(SAMPLE)
    text = write_trf(trf)
    assert parse_trf(text) == trf
    # Player lines keep the fixed columns byte for byte.
    assert [ln for ln in text.splitlines() if ln.startswith("001")] == [
        ln for ln in SAMPLE.splitlines() if ln.startswith("001")
    ]


def test_reference_files_round_trip() -> None:
    require(REFERENCE)
    for path in sorted(REFERENCE.glob("*.trf"))[:40]:
        trf = parse_trf(path.read_text())
        again = parse_trf(write_trf(trf))
        assert again == trf, path.name


def test_bad_lines_are_named() -> None:
    with pytest.raises(TrfError, match="对手9号不在文件中"):
        parse_trf(
            "012 x\n001    1      A                                 2679                             1.0    1     9 w 1\n"
        )
    with pytest.raises(TrfError, match="第2行.*结果代码"):
        parse_trf(
            "012 x\n001    1      A                                 2679                             1.0    1  0000 - Q\n"
        )
    with pytest.raises(TrfError, match="没有选手"):
        parse_trf("012 empty\n")


def test_pairs_format_and_next_round() -> None:
    text = write_pairs([(5, 2), (7, 0)])
    assert text == "2\n5 2\n7 0\n" and parse_pairs(text) == [(5, 2), (7, 0)]
    trf = with_round(parse_trf(SAMPLE), [(1, 4), (2, 3)])
    assert trf.rounds_played == 3 and trf.player(4).rounds[2].colour == "b"


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_trf_pair_command_writes_the_engines_form(tmp_path: Path, capsys) -> None:
    require(REFERENCE)
    src = REFERENCE / "t000-p9-r4.trf"
    expected = (REFERENCE / "t000-p9-r4.pairs").read_text()
    code, out, _ = _run(capsys, "trf", "pair", str(src))
    assert code == 0 and parse_pairs(out) == parse_pairs(expected)
    out_file = tmp_path / "r4.pairs"
    assert _run(capsys, "trf", "pair", str(src), "-o", str(out_file))[0] == 0
    assert parse_pairs(out_file.read_text()) == parse_pairs(expected)


def test_import_then_export_keeps_players_games_and_results(tmp_path: Path, capsys) -> None:
    f = tmp_path / "t.finals"
    create_tournament(f, "shaoxing-gomoku-2022").close()
    src = tmp_path / "in.trf"
    src.write_text(SAMPLE.replace("\n", "\r\n"), encoding="utf-8")
    code, out, _ = _run(capsys, "trf", "import", str(f), str(src), "--code", "CHESS")
    assert code == 0 and "4 名选手" in out and "H" in out  # the half-point bye is named
    code, _, err = _run(capsys, "trf", "import", str(f), str(src), "--code", "CHESS")
    assert code == 1 and "已存在" in err
    out_trf = tmp_path / "out.trf"
    assert _run(capsys, "trf", "export", str(f), "--event", "CHESS", "-o", str(out_trf))[0] == 0
    back = parse_trf(out_trf.read_text(encoding="utf-8"))
    orig = parse_trf(SAMPLE)
    assert back.total_rounds == 5 and back.initial_colour == "white"
    for p in orig.players:
        q = back.player(p.number)
        assert q.name == p.name and q.rating == p.rating
        assert q.rounds[0] == p.rounds[0]  # round 1: every game and colour and result
    assert back.player(4).rounds[1].result == "U"
    # The imported event pairs round 3 by the Dutch system through `finals pair`.
    code, out, _ = _run(capsys, "pair", str(f), "--event", "CHESS")
    assert code == 0 and "第3轮" in out
    code, _, _ = _run(capsys, "check", str(f), "--event", "CHESS")
    assert code == 0


FORFEITER = """012 Forfeits Open
001    1      Alpha One                         2679                             2.0    1     2 b 1     3 w 1
001    2      Beta Two                          2662                             0.0    6     1 w 0     4 b 0
001    3      Gamma Three                       2393                             1.0    3     4 w 1     1 b 0
001    4      Delta Four                        2284                             1.0    4     3 b 0     2 w 1
001    5      Eps Five                          2200                             0.0    5     6 w -     6 b -
001    6      Zeta Six                          2100                             2.0    2     5 b +     5 w +
XXR 5
"""


def test_an_imported_trf_event_follows_fide_and_stores_only_known_settings(
    tmp_path: Path, capsys
) -> None:
    """Issue 29 §5: no scoring.absent (not a setting), and the Chinese consecutive-forfeit
    exclusion is not applied: the player who forfeited rounds 1 and 2 is paired in round 3."""
    import json

    from app.services.tournament import event_setting_problems, open_tournament

    f = tmp_path / "t.finals"
    create_tournament(f, "shaoxing-gomoku-2022").close()
    src = tmp_path / "in.trf"
    src.write_text(FORFEITER, encoding="utf-8")
    assert _run(capsys, "trf", "import", str(f), str(src), "--code", "CHESS")[0] == 0
    db = open_tournament(f)
    try:
        assert event_setting_problems(db, "CHESS") == []
    finally:
        db.close()
    code, out, _ = _run(capsys, "settings", str(f), "--event", "CHESS", "--json")
    assert code == 0
    assert "absent" not in json.loads(out)["scoring"]
    code, out, err = _run(capsys, "pair", str(f), "--event", "CHESS", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["sitting_out"] == [] and data["withdraw_after_forfeits"] == 0
    paired = {g["first_seed"] for g in data["games"]} | {
        g["second_seed"] for g in data["games"] if g["second"]
    }
    assert 5 in paired


def test_requested_byes_are_kept_counted_and_written_back(tmp_path: Path, capsys) -> None:
    """Issue 29 §5: TRF's requested byes (H ½, F 1, Z 0) are kept — not paired in their
    round, their points in 积分, in the export and in the TRF written back."""
    import json

    f = tmp_path / "t.finals"
    create_tournament(f, "shaoxing-gomoku-2022").close()
    src = tmp_path / "in.trf"
    src.write_text(SAMPLE, encoding="utf-8")  # SAMPLE: player 3 has H in round 2
    code, out, err = _run(capsys, "trf", "import", str(f), str(src), "--code", "CHESS")
    assert code == 0, err
    assert "已保留请求轮空" in out and "第2轮 3号 H（0.5分）" in out and "未导入" not in out
    export = json.loads(_run(capsys, "export", str(f), "--json")[1])
    chess = next(e for e in export["events"] if e["code"] == "CHESS")
    three = next(e for e in chess["entrants"] if e["seed"] == 3)
    code, out, _ = _run(capsys, "standings", str(f), "--event", "CHESS", "--json")
    rows = {r["entrant"]: r for r in json.loads(out)["standings"]}
    assert rows[three["id"]]["points"] == 0.5  # lost round 1, half-point bye in round 2
    assert rows[three["id"]]["tiebreaks"]["累进分"] == 0.5  # 0 after round 1, ½ after 2
    assert three["requested_byes"] == [{"round": 2, "points": 0.5}]
    assert 2 in three["absent_rounds"]
    assert all("requested_byes" not in e for e in chess["entrants"] if e["seed"] != 3)
    out_trf = tmp_path / "out.trf"
    assert _run(capsys, "trf", "export", str(f), "--event", "CHESS", "-o", str(out_trf))[0] == 0
    back = parse_trf(out_trf.read_text(encoding="utf-8"))
    assert back.player(3).rounds[1].result == "H" and back.player(3).points == 0.5
    # round 3 is paired on the score with the bye's half point
    code, out, err = _run(capsys, "pair", str(f), "--event", "CHESS", "--json")
    assert code == 0, err
    scores = {}
    for g in json.loads(out)["games"]:
        scores[g["first_seed"]] = g.get("first_score")
        if g["second"]:
            scores[g["second_seed"]] = g.get("second_score")
    assert scores[3] == 0.5
