"""Issue 13, teams, at the command line: a late team needs --force and is marked; an
ineligible team is marked by `finals teams`, `finals prizes` (with a 警告 on stderr) and
the prize sheet; the two team settings are shown and checked by `finals settings`."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from app.services.tournament import open_tournament
from tests.cli.runner import run
from tests.finals import demo_copy


@pytest.fixture(scope="module")
def master(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("team-cli") / "played.finals"
    demo_copy(demo_master("shaoxing-gomoku-2022", players=40, seed=5, rounds=2), path)
    return path


@pytest.fixture
def final(master: Path, tmp_path: Path) -> str:
    """A Gomoku final (40 players) with rounds 1 and 2 of the open event played."""
    target = tmp_path / "final.finals"
    db = open_tournament(master)
    try:
        db.backup_to(target)
    finally:
        db.close()
    return str(target)


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    return json.loads(out)


def _seen(capsys: pytest.CaptureFixture[str], final: str) -> tuple[Any, ...]:
    """Everything a user can list: players, teams, prizes, the audit log."""
    doc = _json(capsys, "export", final, "--json")
    doc.pop("exported_at")
    return doc, _json(capsys, "log", final, "--json")


def _free_men(capsys: pytest.CaptureFixture[str], final: str, count: int) -> str:
    players = _json(capsys, "players", final, "--event", "OPEN", "--json")
    teams = _json(capsys, "players", final, "--event", "MTEAM", "--json")
    taken = {m for t in teams for m in t["members"]}
    free = [
        str(p["seed"])
        for p in players
        if p["gender"] == "M" and p["name"] not in taken and "外卡" not in (p["source"] or "")
    ]
    return ",".join(free[:count])


def _champion(capsys: pytest.CaptureFixture[str], final: str) -> dict[str, Any]:
    event = _json(capsys, "teams", final, "--event", "MTEAM", "--json")[0]
    return next(e for e in event["entrants"] if e["id"] == event["standings"][0]["entrant"])


def test_a_late_compose_is_refused_in_chinese_and_changes_nothing(
    final: str, capsys: pytest.CaptureFixture[str]
) -> None:
    members = _free_men(capsys, final, 3)
    before = _seen(capsys, final)
    code, out, err = run(
        capsys, "compose", final, "--event", "MTEAM", "--name", "迟到队", "--members", members
    )
    assert code == 1 and out == ""
    assert "公开组已编排到第2轮" in err and "总决赛前" in err and "--force" in err
    assert "Traceback" not in err
    code, _, err = run(capsys, "dissolve", final, "1", "--event", "MTEAM")
    assert code == 1 and "--force" in err
    assert _seen(capsys, final) == before


def test_a_forced_late_team_is_marked_on_the_team_list(
    final: str, capsys: pytest.CaptureFixture[str]
) -> None:
    members = _free_men(capsys, final, 3)
    code, out, err = run(
        capsys,
        "--operator",
        "王裁判",
        "compose",
        final,
        "--event",
        "MTEAM",
        "--name",
        "强制队",
        "--members",
        members,
        "--force",
    )
    assert code == 0, err
    assert "已组成“强制队”" in out and "强制" in out and "第2轮" in out
    code, out, _ = run(capsys, "teams", final, "--event", "MTEAM")
    row = next(line for line in out.splitlines() if "强制队" in line)
    assert "第2轮编排后强制组队" in row and "王裁判" in row
    others = [line for line in out.splitlines() if "男队" in line]
    assert others and not any("强制" in line for line in others)
    team = next(
        e
        for e in _json(capsys, "teams", final, "--event", "MTEAM", "--json")[0]["entrants"]
        if e["name"] == "强制队"
    )
    assert team["late"]["action"] == "composed" and team["late"]["after_round"] == 2
    log = _json(capsys, "log", final, "--limit", "1", "--json")[0]
    assert log["action"] == "强制组队" and log["operator"] == "王裁判"


def test_a_forced_late_dissolution_is_listed_under_the_teams(
    final: str, capsys: pytest.CaptureFixture[str]
) -> None:
    name = _json(capsys, "players", final, "--event", "WTEAM", "--json")[0]["name"]
    code, out, err = run(capsys, "dissolve", final, "1", "--event", "WTEAM", "--force")
    assert code == 0 and f"已解散“{name}”" in out and "强制" in out
    code, out, _ = run(capsys, "teams", final, "--event", "WTEAM")
    assert f"第2轮编排后强制解散“{name}”" in out
    changes = _json(capsys, "teams", final, "--event", "WTEAM", "--json")[0]["late_changes"]
    assert [(c["action"], c["team"]) for c in changes] == [("dissolved", name)]


def test_a_late_change_read_back_from_the_export_is_the_same_and_an_unknown_one_is_refused(
    final: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The export's late changes are read back typed (`LateChangeAction`, `EntrantId`): the
    document gives the same marks and words as the file; an action this program never writes
    is refused naming the team."""
    from app.domain import LateChangeAction
    from app.io.export_json import DocumentError, from_document
    from app.services.read_model import load_final

    members = _free_men(capsys, final, 3)
    argv = ("compose", final, "--event", "MTEAM", "--name", "强制队", "--members", members)
    assert run(capsys, *argv, "--force")[0] == 0
    name = _json(capsys, "players", final, "--event", "WTEAM", "--json")[0]["name"]
    assert run(capsys, "dissolve", final, "1", "--event", "WTEAM", "--force")[0] == 0
    doc = _json(capsys, "export", final, "--json")
    db = open_tournament(Path(final))
    try:
        from_file = load_final(db)
    finally:
        db.close()
    from_doc = from_document(doc)
    for final_read in (from_file, from_doc):
        team = next(e for e in final_read.event("MTEAM").entrants if e.name == "强制队")  # type: ignore[union-attr]
        assert team.late is not None and team.late.action is LateChangeAction.COMPOSED
        assert team.late.entrant == team.id
        assert team.late.describe().startswith("第2轮编排后强制组队")
        dissolved = final_read.event("WTEAM").late_changes  # type: ignore[union-attr]
        assert [(c.action, c.team) for c in dissolved] == [(LateChangeAction.DISSOLVED, name)]
    wteam = next(e for e in doc["events"] if e["code"] == "WTEAM")
    wteam["late_changes"][0]["action"] = "renamed"
    with pytest.raises(DocumentError, match=f"队伍“{name}”的临时变动“renamed”无法识别"):
        from_document(doc)


def test_an_ineligible_team_is_marked_and_paid_with_a_warning(
    final: str, capsys: pytest.CaptureFixture[str]
) -> None:
    champion = _champion(capsys, final)
    member = champion["members"][0]
    assert run(capsys, "withdraw", final, member, "--event", "OPEN")[0] == 0
    code, out, err = run(capsys, "teams", final, "--event", "MTEAM")
    assert code == 0
    row = next(line for line in out.splitlines() if champion["name"] in line)
    assert row.startswith("1") and "不符合参赛条件" in row
    assert f"{member}已退赛" in out
    code, out, err = run(capsys, "prizes", final)
    assert code == 0
    row = next(line for line in out.splitlines() if champion["name"] in line)
    assert "※" in row and "10000" in row
    assert f"{member}已退赛" in out  # the footnote
    warnings = [line for line in err.splitlines() if line.startswith("警告：")]
    assert len(warnings) == 1
    assert champion["name"] in warnings[0] and "不符合参赛条件" in warnings[0]
    assert "奖金照发" in warnings[0] and "eligibility.ineligible_team_prizes" in warnings[0]
    code, out, err = run(capsys, "prizes", final, "--json")
    assert code == 0 and err.startswith("警告：")
    prize = next(p for p in json.loads(out)["prizes"] if p["name"] == champion["name"])
    assert prize["ineligible"] is True


def test_withheld_prizes_are_said_and_not_counted(
    final: str, capsys: pytest.CaptureFixture[str]
) -> None:
    champion = _champion(capsys, final)
    assert run(capsys, "withdraw", final, champion["members"][0], "--event", "OPEN")[0] == 0
    _, before, _ = run(capsys, "prizes", final)
    total_before = next(line for line in before.splitlines() if line.startswith("合计"))
    code, _, err = run(
        capsys,
        "settings",
        final,
        "--event",
        "MTEAM",
        "--set",
        "eligibility.ineligible_team_prizes=withhold",
    )
    assert code == 0, err
    code, out, err = run(capsys, "prizes", final)
    assert code == 0
    assert not any(
        champion["name"] in line and "10000" in line.split()[-1]
        for line in out.splitlines()
        if line.startswith("公开组团体")
    )
    assert f"未发：公开组团体（男子） 第1名 {champion['name']} 10000 元" in out
    assert any(
        "未发" in line and champion["name"] in line
        for line in err.splitlines()
        if line.startswith("警告：")
    )
    total_after = next(line for line in out.splitlines() if line.startswith("合计"))
    assert total_after != total_before


def test_the_team_settings_are_shown_and_checked(
    final: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "settings", final, "--event", "MTEAM")
    assert code == 0
    assert 'eligibility.team_excluded_sources = ["外卡"]' in out
    assert "eligibility.ineligible_team_prizes = pay" in out
    shown = _json(capsys, "settings", final, "--event", "WTEAM", "--json")["eligibility"]
    assert shown["team_excluded_sources"] == ["外卡"] and shown["ineligible_team_prizes"] == "pay"
    assert (
        "team_excluded_sources"
        not in _json(capsys, "settings", final, "--event", "OPEN", "--json")["eligibility"]
    )
    before = _seen(capsys, final)
    code, out, err = run(
        capsys,
        "settings",
        final,
        "--event",
        "MTEAM",
        "--set",
        "eligibility.ineligible_team_prizes=keep",
    )
    assert code == 1 and "eligibility.ineligible_team_prizes" in err and "withhold" in err
    code, out, err = run(
        capsys,
        "settings",
        final,
        "--event",
        "OPEN",
        "--set",
        "eligibility.team_excluded_sources=外卡",
    )
    assert code == 1 and "团体" in err
    assert _seen(capsys, final) == before
    code, out, err = run(
        capsys,
        "settings",
        final,
        "--event",
        "MTEAM",
        "--set",
        "eligibility.team_excluded_sources=外卡,特邀",
    )
    assert code == 0 and 'eligibility.team_excluded_sources = ["外卡", "特邀"]' in out


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs poppler-utils")
def test_the_prize_sheet_marks_the_ineligible_team_with_a_footnote(
    final: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    champion = _champion(capsys, final)
    member = champion["members"][0]
    assert run(capsys, "withdraw", final, member, "--event", "OPEN")[0] == 0
    pdf = tmp_path / "prizes.pdf"
    code, _, err = run(  # two rounds played: a provisional sheet (issue 26 §2)
        capsys, "report", final, "prizes", "--event", "MTEAM", "--provisional", "-o", str(pdf)
    )
    assert code == 0, err
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, encoding="utf-8", check=True
    ).stdout
    row = next(line for line in text.splitlines() if champion["name"] in line)
    assert "※" in row
    assert "※" in text.split(row, 1)[1]  # the footnote after the table
    assert f"{member}已退赛" in text and "不符合参赛条件" in text
    assert "奖金照发" in text


def test_the_prize_workbook_marks_an_ineligible_team_as_the_pdf_does(
    final: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    import openpyxl

    champion = _champion(capsys, final)
    member = champion["members"][0]
    assert run(capsys, "withdraw", final, member, "--event", "OPEN")[0] == 0
    out = tmp_path / "prizes.xlsx"
    code, _out, err = run(capsys, "report", final, "prizes", "--provisional", "-o", str(out))
    assert code == 0, err
    cells = [
        str(c.value)
        for ws in openpyxl.load_workbook(out).worksheets
        for row in ws.iter_rows()
        for c in row
        if c.value is not None
    ]
    assert any(c.startswith("※") and champion["name"] in c for c in cells)
    assert any("不符合参赛条件" in c and f"{member}已退赛" in c for c in cells)
