"""McMahon at the command line (issue 18): the settings, `finals mcmahon`, the report kind
`mcmahon`, pairing by McMahon score, the standings, and the refusal of a player without a
readable grade (exit 1, a Chinese message naming him and the fix, the file unchanged)."""

from __future__ import annotations

import hashlib
import json
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.cli.runner import run
from tests.finals import copy_of, demo_copy


@pytest.fixture(scope="module")
def go_master(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("mcmahon") / "go.finals"
    demo_copy(demo_master("hangzhou-go", players=20, seed=11, rounds=0), path)
    return path


@pytest.fixture
def go(go_master: Path, tmp_path: Path) -> Path:
    """A fresh copy of a small Go final before round 1: 20 players, all with a grade."""
    return copy_of(go_master, tmp_path / "go.finals")


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _mcmahon(capsys: pytest.CaptureFixture[str], f: Path) -> None:
    code, out, err = run(
        capsys,
        "settings",
        str(f),
        "--event",
        "MEN",
        "--set",
        "pairing.system=mcmahon",
        "--set",
        "mcmahon.bar=3段",
        "--set",
        "mcmahon.floor=10k",
    )
    assert code == 0, err
    assert "pairing.system = mcmahon" in out
    assert "mcmahon.bar = 3段" in out and "mcmahon.floor = 10k" in out


def test_settings_defaults_and_mcmahon_order(capsys: pytest.CaptureFixture[str], go: Path) -> None:
    code, out, _ = run(capsys, "settings", str(go), "--event", "MEN", "--json")
    shown = json.loads(out)
    assert "mcmahon" not in shown  # the settings in force: a Swiss event has no McMahon's
    code, out, _ = run(
        capsys, "settings", str(go), "--event", "MEN", "--set", "pairing.system=mcmahon"
    )
    assert code == 0 and "mcmahon.bar = 5段" in out and "mcmahon.floor = 20级" in out
    _mcmahon(capsys, go)
    code, out, _ = run(capsys, "settings", str(go), "--event", "MEN", "--json")
    shown = json.loads(out)
    assert shown["pairing"]["system"] == "mcmahon"
    assert shown["standings"]["tiebreaks"] == ["麦克马洪分", "SOS", "SOSOS", "SODOS"]
    # Back to swiss: the McMahon order goes with it.
    code, out, _ = run(
        capsys, "settings", str(go), "--event", "MEN", "--set", "pairing.system=swiss"
    )
    assert code == 0
    assert 'standings.tiebreaks = ["对手分"' in out


@pytest.mark.parametrize(
    ("setting", "words"),
    [
        ("mcmahon.bar=3dx", "mcmahon.bar"),
        ("mcmahon.floor=职业五段", "mcmahon.floor"),
        ("mcmahon.floor=6段", "应高于下限"),
        ("mcmahon.bar=一百段", "mcmahon.bar"),
        ("mcmahon.bra=5段", "mcmahon.bar"),  # a typo of the key: "did you mean"
    ],
)
def test_bad_mcmahon_settings_are_refused(
    capsys: pytest.CaptureFixture[str], go: Path, setting: str, words: str
) -> None:
    before = _digest(go)
    code, _out, err = run(capsys, "settings", str(go), "--event", "MEN", "--set", setting)
    assert code == 1
    assert "未修改项目 MEN" in err and words in err
    assert "Traceback" not in err
    assert _digest(go) == before


def test_mcmahon_only_for_individual_events(capsys: pytest.CaptureFixture[str], go: Path) -> None:
    code, out, _ = run(capsys, "events", str(go), "--json")
    events = json.loads(out)["events"]
    pair = next(e["code"] for e in events if e["kind"] == "pair")
    before = _digest(go)
    code, _, err = run(
        capsys, "settings", str(go), "--event", pair, "--set", "pairing.system=mcmahon"
    )
    assert code == 1 and "只用于个人项目" in err
    assert _digest(go) == before


def test_view_pair_and_rank_by_mcmahon_score(capsys: pytest.CaptureFixture[str], go: Path) -> None:
    _mcmahon(capsys, go)
    code, out, err = run(capsys, "mcmahon", str(go), "--event", "MEN")
    assert code == 0, err
    assert "序号" in out and "段级位" in out and "起始分" in out and "组别" in out
    assert "上限 mcmahon.bar = 3段" in out and "下限 mcmahon.floor = 10k" in out
    assert "上限组" in out
    code, out, _ = run(capsys, "mcmahon", str(go), "--event", "MEN", "--json")
    listed = json.loads(out)
    starts = {p["seed"]: p["start"] for p in listed["players"]}
    assert len(starts) == 20
    for p in listed["players"]:  # 3段 and above: 12 grades above 10级, 2 points each
        if p["group"] == "上限组":
            assert p["start"] == 24
    code, out, err = run(capsys, "pair", str(go), "--event", "MEN")
    assert code == 0, err
    code, out, err = run(capsys, "check", str(go), "--event", "MEN", "--round", "1")
    assert code == 0, err
    code, out, _ = run(capsys, "pairing", str(go), "--event", "MEN", "--round", "1", "--json")
    games = json.loads(out)["games"]
    assert len(games) == 10
    for g in games:  # the pairing list shows the McMahon score each player brings
        assert g["first_score"] == starts[g["first_seed"]]
        assert g["second_score"] == starts[g["second_seed"]]
        # round 1 inside the groups: a float at most one group down
        assert abs(starts[g["first_seed"]] - starts[g["second_seed"]]) <= 2
    # Manual edits on a McMahon round: checked like any other, the report in McMahon scores.
    one, two = games[0], games[1]
    code, out, err = run(
        capsys,
        "swap",
        str(go),
        str(one["first_seed"]),
        str(two["first_seed"]),
        "--event",
        "MEN",
        "--round",
        "1",
    )
    assert code == 0, err
    code, out, err = run(capsys, "undo-edit", str(go), "--event", "MEN", "--round", "1")
    assert code == 0, err
    code, out, err = run(capsys, "pairing", str(go), "--event", "MEN", "--round", "1")
    assert code == 0, err
    assert "麦克马洪分 24" in out and "麦克马洪制" in out
    code, out, _ = run(capsys, "pairing", str(go), "--event", "MEN", "--round", "1", "--json")
    assert json.loads(out)["games"] == games
    # Results in, the standings rank by 麦克马洪分, SOS, SOSOS, SODOS.
    for g in games:
        code, _, err = run(
            capsys,
            "result",
            str(go),
            "1-0",
            "--event",
            "MEN",
            "--round",
            "1",
            "--table",
            str(g["table"]),
            "--manner",
            "中盘胜",
        )
        assert code == 0, err
    code, out, err = run(capsys, "standings", str(go), "--event", "MEN", "--explain")
    assert code == 0, err
    assert "积分  麦克马洪分  SOS  SOSOS  SODOS" in out
    assert "麦克马洪分 → SOS → SOSOS → SODOS" in out  # the rules line
    code, out, err = run(capsys, "standings", str(go), "--event", "MEN", "--json")
    shown = json.loads(out)
    assert shown["tiebreak_order"] == ["麦克马洪分", "SOS", "SOSOS", "SODOS"]
    mms = [r["tiebreaks"]["麦克马洪分"] for r in shown["standings"]]
    assert mms == sorted(mms, reverse=True)
    code, _, err = run(capsys, "pair", str(go), "--event", "MEN")
    assert code == 0, err
    code, _, err = run(capsys, "check", str(go), "--event", "MEN", "--round", "2")
    assert code == 0, err


def test_a_player_without_a_grade_is_refused(capsys: pytest.CaptureFixture[str], go: Path) -> None:
    _mcmahon(capsys, go)
    code, _, err = run(capsys, "add-player", str(go), "--event", "MEN", "--name", "新来者")
    assert code == 0, err
    before = _digest(go)
    code, _, err = run(capsys, "pair", str(go), "--event", "MEN")
    assert code == 1
    assert "21号新来者（未填段位）" in err
    assert "--grade" in err and "麦克马洪" in err
    assert "Traceback" not in err
    assert _digest(go) == before
    # The start list names him too (exit 0: it is a view), and is printed with a warning.
    code, out, err = run(capsys, "mcmahon", str(go), "--event", "MEN")
    assert code == 0
    assert "段位无法识别" in out and "新来者" in err
    code, _, err = run(capsys, "edit-player", str(go), "21", "--event", "MEN", "--grade", "15级")
    assert code == 0, err
    code, _, err = run(capsys, "pair", str(go), "--event", "MEN")
    assert code == 0, err


def test_report_kind_mcmahon_pdf_and_excel(
    capsys: pytest.CaptureFixture[str], go: Path, tmp_path: Path
) -> None:
    from openpyxl import load_workbook

    pdf, xlsx = tmp_path / "mm.pdf", tmp_path / "mm.xlsx"
    code, _, err = run(capsys, "report", str(go), "mcmahon", "-o", str(pdf), "--event", "MEN")
    assert code == 1 and "不是麦克马洪制" in err and not pdf.exists()
    _mcmahon(capsys, go)
    code, out, err = run(capsys, "report", str(go), "mcmahon", "-o", str(pdf), "--event", "MEN")
    assert code == 0, err
    assert "麦克马洪起始分" in out
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, encoding="utf-8", check=True
    ).stdout
    assert (
        "麦克马洪起始分" in text
        and "上限组" in text
        and "上限 3段" in text
        and "mcmahon.bar" not in text
    )  # no keys for players (issue 26)
    fonts = subprocess.run(
        ["pdffonts", str(pdf)], capture_output=True, encoding="utf-8", check=True
    )
    assert all(" yes " in line for line in fonts.stdout.splitlines()[2:])  # embedded
    code, _, err = run(capsys, "report", str(go), "mcmahon", "-o", str(xlsx))
    assert code == 0, err
    sheet = load_workbook(xlsx).worksheets[0]
    head = [c.value for c in sheet[1]]
    assert head == ["顺序", "序号", "姓名", "单位", "段级位", "起始分", "组别"]
    assert sheet.max_row >= 21


def test_the_pairing_list_heads_mcmahon_scores_so(
    capsys: pytest.CaptureFixture[str], go: Path, tmp_path: Path
) -> None:
    """A McMahon event's score column holds McMahon scores: headed 麦克马洪分, not 积分, at
    the command line (pair, pairing), on the printed pairing list and in its workbook."""
    from openpyxl import load_workbook

    def head(out: str) -> str:
        return next(line for line in out.splitlines() if line.lstrip().startswith("台号"))

    code, out, err = run(capsys, "pair", str(go), "--event", "YOUTH")  # Swiss: points
    assert code == 0, err
    assert "积分" in head(out).split() and "麦克马洪分" not in out
    _mcmahon(capsys, go)
    code, out, err = run(capsys, "pair", str(go), "--event", "MEN")
    assert code == 0, err
    assert head(out).split() == ["台号", "先手", "后手", "麦克马洪分", "成绩"]
    code, out, err = run(capsys, "pairing", str(go), "--event", "MEN", "--round", "1")
    assert code == 0, err
    assert head(out).split() == ["台号", "先手", "后手", "麦克马洪分", "成绩"]
    pdf, xlsx = tmp_path / "pairings.pdf", tmp_path / "pairings.xlsx"
    for out_file in (pdf, xlsx):
        code, _, err = run(
            capsys, "report", str(go), "pairings", "-o", str(out_file), "--event", "MEN"
        )
        assert code == 0, err
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, encoding="utf-8", check=True
    ).stdout
    heading = next(line for line in text.splitlines() if "台号" in line)
    assert heading.count("麦克马洪分") == 2 and "积分" not in heading.replace("麦克马洪分", "")
    # the footnote is prose: it may wrap anywhere, as Chinese text does
    assert "麦克马洪分为本轮开始前的麦克马洪分" in "".join(text.split())
    sheet = load_workbook(xlsx).worksheets[0]
    titles = [c.value for row in sheet.iter_rows(max_row=4) for c in row]
    assert titles.count("麦克马洪分") == 2 and "积分" not in titles


def test_the_result_slips_head_mcmahon_scores_so(
    capsys: pytest.CaptureFixture[str], go: Path, tmp_path: Path
) -> None:
    _mcmahon(capsys, go)
    code, _, err = run(capsys, "pair", str(go), "--event", "MEN")
    assert code == 0, err
    pdf = tmp_path / "slips.pdf"
    code, _, err = run(capsys, "report", str(go), "slips", "-o", str(pdf), "--event", "MEN")
    assert code == 0, err
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, encoding="utf-8", check=True
    ).stdout
    headings = [line for line in text.splitlines() if "座次" in line]
    assert headings and all(
        "麦克马洪分" in h and "积分" not in h.replace("麦克马洪分", "") for h in headings
    )
