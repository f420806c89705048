from __future__ import annotations

from app.pairing.checker import check_round
from app.pairing.edits import exchange_colours
from app.pairing.engine import pair_round
from app.pairing.report import explain, format_report

from .helpers import L, W, request

HIST = [(1, 1, 3, W), (1, 4, 2, L)]


def test_notes_give_scores_floats_and_colour_reasons():
    hist = [(1, 1, 3, W), (1, 2, 4, W), (1, 5, None, None)]
    req = request(5, 2, hist)
    p = pair_round(req)
    assert len(p.notes) == len(p.games)
    for note, game in zip(p.notes, p.games, strict=True):
        assert note.table == game.table
        if game.second is None:
            assert note.colour_reason == "轮空"
        else:
            assert note.colour_reason
            if note.first_score > (note.second_score or 0):
                assert (note.first_float, note.second_float) == ("↓", "↑")


def test_manual_colours_are_explained_as_such():
    req = request(4, 2, HIST)
    p = pair_round(req)
    edited = exchange_colours(p.games, 1)
    assert explain(req, edited)[0].colour_reason == "人工指定"


def test_format_report_lists_tables_relaxations_and_findings():
    units = ["杭州", "杭州", "杭州", "宁波"]
    req = request(4, 1, units=units)
    p = pair_round(req)
    text = format_report(req, p, check_round(req, p.games))
    assert text.startswith("第1轮编排（共2台）")
    assert "第1台  1号张三（0分）" in text
    assert "同单位回避无法全部满足" in text
    assert "[same_unit]" in text
    assert (
        "编排设置：编排：积分编排（同分段内相邻配对）；首轮：序号对半（1对n/2+1）；同单位回避：前3轮回避"
        in text
    )
    plain = format_report(req, p.games, ())
    assert "检查结果：未发现违规" in plain
