"""`finals report` prints the documents of issue 14 with their options."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from pypdf import PdfReader

from tests.cli.runner import run


def _text(path: Path) -> str:
    return re.sub(r"\s+", "", "".join(p.extract_text() or "" for p in PdfReader(str(path)).pages))


def test_new_kinds_and_their_options(
    built_demo: Callable[..., Path], tmp_path: Path, capsys
) -> None:  # noqa: ANN001
    path = tmp_path / "go.finals"
    built_demo(path, "hangzhou-go", players=40, seed=7, rounds=1)
    assert (
        run(
            capsys, "settings", str(path), "--event", "MTEAM", "--set", "pairing.team_format=match"
        )[0]
        == 0
    )
    jobs = [
        ("entries", [], "秩序册"),
        ("checkin", ["--event", "MEN", "--order", "pinyin"], "按姓名拼音排序"),
        ("cards", ["--event", "MEN", "--card", "a5"], "第1台"),
        ("lineup", ["--event", "MTEAM", "--round", "1"], "第1轮团体赛出场名单"),
        ("ceremony", ["--provisional"], "颁奖顺序表"),  # after round 1: provisional
    ]
    for kind, options, words in jobs:
        out = tmp_path / f"{kind}.pdf"
        code, stdout, err = run(capsys, "report", str(path), kind, *options, "-o", str(out))
        assert code == 0, err
        assert words in _text(out), kind
    code, _, err = run(
        capsys, "report", str(path), "checkin", "--order", "age", "-o", str(tmp_path / "x.pdf")
    )
    assert code != 0 and "pinyin" in err
    code, _, err = run(
        capsys, "report", str(path), "lineup", "--event", "MEN", "-o", str(tmp_path / "x.pdf")
    )
    assert code == 1 and "不是团体对抗项目" in err
    assert not (tmp_path / "x.pdf").exists()
