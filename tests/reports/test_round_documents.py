"""Pairing list, pinyin index and result slips: what the arbiter posts and hands out."""

import math

import pytest
from pypinyin import lazy_pinyin

from app.pinyin import name_key
from reports import ReportError, build_report
from reports.docview import DocView
from reports.slips import qr_payload
from tests.reports.conftest import as_final, page_count, pdf_pages, pdf_text


def _round(doc, code, number):
    event = next(e for e in doc["events"] if e["code"] == code)
    rnd = next(r for r in event["rounds"] if r["number"] == number)
    by_id = {e["id"]: e for e in event["entrants"]}
    return event, rnd, by_id


def test_pairing_list_shows_every_table_and_player_with_the_bye_last(tmp_path, go_live):
    out = build_report(as_final(go_live), "pairings", tmp_path / "p.pdf", event="MEN")
    event, rnd, by_id = _round(go_live, "MEN", 5)
    pages = pdf_pages(out)
    text = "".join(pages)
    assert len(rnd["games"]) == 180
    for game in rnd["games"]:
        assert by_id[game["first"]]["name"] in text
        if game["second"] is not None:
            assert by_id[game["second"]]["name"] in text
    bye = next(g for g in rnd["games"] if g["second"] is None)
    last_page = pages[-1]
    assert f"{bye['table']}{by_id[bye['first']]['seed']}{by_id[bye['first']]['name']}" in last_page
    assert "轮空（轮空）" in last_page
    assert last_page.index("轮空（轮空）") > last_page.index(f"{bye['table'] - 1}")
    # header, seat labels and the settings in force
    assert "男子个人第5轮对阵表" in pages[0]
    assert "黑方" in pages[0] and "白方" in pages[0]
    assert "贴目：3又3/4子" in pages[0]
    assert "同单位回避：前3轮回避" in text and "禁连三" in text and "计分：胜2分" in text
    assert f"第1页/共{len(pages)}页" in pages[0]


def test_gomoku_pairing_list_names_the_opening_and_the_seats(tmp_path, gomoku_live):
    out = build_report(as_final(gomoku_live), "pairings", tmp_path / "p.pdf", event="OPEN")
    _, rnd, _ = _round(gomoku_live, "OPEN", 5)
    text = pdf_text(out)
    assert f"指定开局：{rnd['opening']}" in text
    assert "先手" in text and "后手" in text
    assert f"开局抽签种子：{rnd['opening_seed']}" in text


def test_pairing_list_of_a_finished_round_shows_results(tmp_path, gomoku):
    out = build_report(as_final(gomoku), "pairings", tmp_path / "p.pdf", event="OPEN", round=2)
    text = pdf_text(out)
    assert "1:0" in text and "0:1" in text and "+:-" in text  # the round 2 no-show


def test_index_is_in_pinyin_order_with_table_and_seat(tmp_path, go_live):
    out = build_report(as_final(go_live), "index", tmp_path / "i.pdf", event="MEN")
    _, rnd, by_id = _round(go_live, "MEN", 5)
    text = pdf_text(out)
    seat_of = {}
    for game in rnd["games"]:
        seat_of[game["first"]] = (game["table"], "黑方" if game["second"] is not None else "")
        if game["second"] is not None:
            seat_of[game["second"]] = (game["table"], "白方")
    for entrant_id, (table, seat) in seat_of.items():
        entrant = by_id[entrant_id]
        cell = f"{entrant['name']}{entrant['seed']}{table if seat else '轮空'}{seat}"
        assert cell in text, cell
    # pinyin order on the first page, read down the first block
    names = sorted({by_id[i]["name"] for i in seat_of}, key=name_key)
    first = text.index(names[0])
    assert first < text.index(names[1]) < text.index(names[2])


def test_surnames_sort_by_their_surname_reading():
    assert name_key("曾强")[0][0] == "zeng"
    assert name_key("单磊")[0][0] == "shan"
    assert lazy_pinyin("张三") == name_key("张三")[0]


def test_pair_event_index_lists_each_member(tmp_path, go_live):
    out = build_report(as_final(go_live), "index", tmp_path / "i.pdf", event="PC")
    event, rnd, by_id = _round(go_live, "PC", 5)
    text = pdf_text(out)
    for entrant in event["entrants"]:
        for member in entrant["members"]:
            assert member in text


@pytest.mark.parametrize("per_page", [3, 4])
def test_slips_one_per_table_several_per_page(tmp_path, go_live, per_page):
    from reports.slips import build_slips_pdf

    out = build_slips_pdf(as_final(go_live), tmp_path / "s.pdf", event="MEN", per_page=per_page)
    _, rnd, by_id = _round(go_live, "MEN", 5)
    tables = [g for g in rnd["games"] if g["second"] is not None]
    assert page_count(out) == math.ceil(len(tables) / per_page)
    pages = pdf_pages(out)
    assert "第1台" in pages[0]
    for game in tables[:per_page]:
        assert f"第{game['table']}台" in pages[0]
        assert by_id[game["first"]]["name"] in pages[0]
        assert by_id[game["second"]]["name"] in pages[0]
    text = "".join(pages)
    for label in (
        "黑胜",
        "白胜",
        "黑弃权",
        "白弃权",
        "双方弃权",
        "犯规",
        "裁判员签名",
        "棋手签名",
    ):
        assert label in text
    assert "和棋" not in text  # Go, komi 3又3/4子: no draw box (issue 13)


def test_gomoku_slips_carry_the_opening_and_swap_boxes(tmp_path, gomoku_live):
    out = build_report(as_final(gomoku_live), "slips", tmp_path / "s.pdf", event="OPEN")
    _, rnd, _ = _round(gomoku_live, "OPEN", 5)
    first = pdf_pages(out)[0]
    assert f"开局：{rnd['opening']}" in first
    assert "三手交换" in first and "先胜" in first and "禁手" in first


def test_slip_qr_holds_the_phone_link_or_nothing(go_live):
    """Issue 14: a bare token or a `finals:` identifier opens nothing on a phone."""
    view = DocView(as_final(go_live))
    game = view.event("MEN").round(5).games[0]
    assert qr_payload({}, "MEN", 5, game) is None
    links = {("MEN", 5, game.table): "http://192.168.1.10:8765/t/k3J9secret"}
    assert qr_payload(links, "MEN", 5, game) == "http://192.168.1.10:8765/t/k3J9secret"
    assert qr_payload(links, "MEN", 4, game) is None  # another round's table: another page


def test_round_not_paired_is_a_clear_error(tmp_path, go_live):
    with pytest.raises(ReportError, match="第8轮尚未编排"):
        build_report(as_final(go_live), "pairings", tmp_path / "p.pdf", event="MEN", round=8)
    assert not (tmp_path / "p.pdf").exists()


def test_team_event_has_no_pairing_list(tmp_path, go_live):
    with pytest.raises(ReportError, match="团体"):
        build_report(as_final(go_live), "pairings", tmp_path / "p.pdf", event="MT")
