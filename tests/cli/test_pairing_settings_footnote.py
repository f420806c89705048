"""The pairing list's 编排设置 names every setting that decided the round, defaults included
(issue 38 §5): the Go final stores only some of them, and the printed list, `finals pairing`
and the window's pairing report word them from the one typed rendering."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

from pypdf import PdfReader

from app.pairing.model import PairingSettings
from tests.cli.runner import run
from tests.finals import demo_copy

NAMED = ("禁连三：是", "先后手差上限：2", "末轮积分优先于先后手：是", "弃权视为已相遇：是")


def _pdf_text(path: Path) -> str:
    return re.sub(r"\s+", "", "".join(p.extract_text() or "" for p in PdfReader(path).pages))


def test_the_go_pairing_list_names_the_settings_in_force_defaults_included(
    demo_master: Callable[..., Path], tmp_path: Path, capsys
) -> None:  # noqa: ANN001
    path = demo_copy(
        demo_master("hangzhou-go", players=40, seed=7, rounds=2), tmp_path / "go.finals"
    )
    # the Go preset stores system, first round, same unit and opening mode only: the rest
    # are defaults
    out = tmp_path / "p.pdf"
    code, _out, err = run(capsys, "report", str(path), "pairings", "--event", "MEN", "-o", str(out))
    assert code == 0, err
    text = _pdf_text(out)
    for words in NAMED:
        assert words in text, words
    # finals pairing (and the window's pairing report, the same text) words them the same
    code, shown, err = run(capsys, "pairing", str(path), "--event", "MEN", "--json")
    assert code == 0, err
    report = json.loads(shown)["report"]
    for line in PairingSettings().lines():
        assert line in report and re.sub(r"\s+", "", line) in text, line


def test_one_rendering_of_the_typed_settings() -> None:
    lines = PairingSettings().lines()
    assert lines[:3] == (
        "编排：积分编排（同分段内相邻配对）",
        "首轮：序号对半（1对n/2+1）",
        "同单位回避：前3轮回避",
    )
    assert all(words in lines for words in NAMED)
    changed = PairingSettings(
        system="mcmahon",
        first_round="adjacent",
        same_unit="never",
        no_three_in_row=False,
        max_colour_surplus=3,
        last_round_scores_over_colour=False,
        forfeit_counts_as_met=False,
        opening_mode="lot",
    ).lines()
    assert "首轮：麦克马洪组内1对2、3对4" in changed and "同单位回避：不回避" in changed
    assert "禁连三：否" in changed and "先后手差上限：3" in changed
    assert "末轮积分优先于先后手：否" in changed and "弃权视为已相遇：否" in changed
    assert "开局：每轮抽签指定开局（全场统一），相邻轮次不重复" in changed
