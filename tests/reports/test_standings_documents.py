"""Standings, category standings, cross-table, teams and pairs."""

import pytest

from reports import ReportError, build_report
from reports.crosstable import cell_text
from reports.docview import DocView, fmt_points
from tests.reports.conftest import as_final, page_count, pdf_pages, pdf_text


def _event(doc, code):
    return next(e for e in doc["events"] if e["code"] == code)


def test_standings_list_every_player_with_points_and_tiebreaks(tmp_path, gomoku):
    out = build_report(as_final(gomoku), "standings", tmp_path / "s.pdf", event="OPEN")
    event = _event(gomoku, "OPEN")
    by_id = {e["id"]: e for e in event["entrants"]}
    text = pdf_text(out)
    for row in event["standings"]:
        entrant = by_id[row["entrant"]]
        rank = f"{row['rank']}=" if row["shared"] else str(row["rank"])
        assert f"{rank}{entrant['seed']}{entrant['name']}" in text
    top = event["standings"][0]
    tb = top["tiebreaks"]
    assert (
        f"{fmt_points(top['points'])}{fmt_points(tb['对手分'])}{fmt_points(tb['累进分'])}{fmt_points(tb['胜局数'])}"
        in text
    )
    first = pdf_pages(out)[0]
    assert "公开组最终成绩排名表" in first and "第7轮后（最终）" in first
    for column in ("对手分", "累进分", "胜局数", "后手胜局数", "直胜", "犯规"):
        assert column in first
    assert "排名依据：积分→对手分→累进分→胜局数→后手胜局数→直胜→犯规" in text
    assert "轮空计入对手分：不计" in text


def test_women_standings_are_the_filtered_overall_list(tmp_path, go):
    out = build_report(as_final(go), "standings", tmp_path / "w.pdf", event="MEN", category="W")
    event = _event(go, "MEN")
    by_id = {e["id"]: e for e in event["entrants"]}
    text = pdf_text(out)
    rows = event["category_standings"]["W"]
    overall = {r["entrant"]: r for r in event["standings"]}
    for row in rows:
        entrant = by_id[row["entrant"]]
        assert entrant["gender"] == "F"
        # the tie mark of the whole table (19=) goes with the overall place (issue 14, case 6)
        mark = "=" if overall[row["entrant"]].get("shared") else ""
        rank = f"{row['rank']}{'=' if row.get('shared') else ''}"
        assert f"{rank}{row['overall_rank']}{mark}{entrant['seed']}{entrant['name']}" in text
    assert "女子个人最终成绩排名表" in text and "总名次" in text  # not 男子个人 最终女子个人…
    men = [e["name"] for e in event["entrants"] if e["gender"] == "M" and e["name"] not in text]
    assert men  # men are not on the women's list


def test_standings_only_after_the_round_the_export_holds(tmp_path, go_live):
    build_report(as_final(go_live), "standings", tmp_path / "ok.pdf", event="MEN", round=4)
    with pytest.raises(ReportError, match="第4轮后的排名"):
        build_report(as_final(go_live), "standings", tmp_path / "no.pdf", event="MEN", round=3)


def test_unknown_category_names_the_choices(tmp_path, gomoku):
    with pytest.raises(ReportError, match="可选组别：W（女子）"):
        build_report(
            as_final(gomoku), "standings", tmp_path / "x.pdf", event="OPEN", category="U12"
        )


def test_crosstable_shows_opponent_colour_and_result_every_round(tmp_path, go):
    out = build_report(as_final(go), "crosstable", tmp_path / "c.pdf", event="MEN")
    event = _event(go, "MEN")
    by_id = {e["id"]: e for e in event["entrants"]}
    text = pdf_text(out)
    leader = by_id[event["standings"][0]["entrant"]]
    cells = []
    for rnd in event["rounds"]:
        game = next(g for g in rnd["games"] if leader["id"] in (g["first"], g["second"]))
        if game["second"] is None:
            cells.append("轮空")
            continue
        is_first = game["first"] == leader["id"]
        opponent = by_id[game["second"] if is_first else game["first"]]
        word = {"1-0": ("胜", "负"), "0-1": ("负", "胜"), "=": ("和", "和")}[game["result"]]
        cells.append(
            f"{opponent['seed']}{'黑' if is_first else '白'}{word[0] if is_first else word[1]}"
        )
    assert f"{leader['seed']}{leader['name']}" in text
    assert "".join(cells) in text
    assert "第9轮" in text
    assert page_count(out) >= 360 // 40


def test_crosstable_cells_in_compact_form(go):
    view = DocView(as_final(go))
    event = view.event("MEN")
    rnd = event.round(2)
    forfeit = next(g for g in rnd.games if g.result == "+-")
    winner, loser = forfeit.first, forfeit.second
    assert loser is not None
    assert cell_text(view, event, forfeit, winner).endswith("黑胜*")
    assert cell_text(view, event, forfeit, loser).endswith("白负*")
    assert cell_text(view, event, None, winner) == "—"


def test_gomoku_crosstable_uses_seats(tmp_path, gomoku):
    out = build_report(as_final(gomoku), "crosstable", tmp_path / "c.pdf", event="OPEN")
    text = pdf_text(out)
    assert (
        "先胜" in text and "后负" in text and "黑" not in text.split("说明")[0].replace("执黑", "")
    )


def test_team_standings_with_members(tmp_path, gomoku):
    out = build_report(as_final(gomoku), "teams", tmp_path / "t.pdf")
    text = pdf_text(out)
    for code in ("MT", "WT"):
        event = _event(gomoku, code)
        by_id = {e["id"]: e for e in event["entrants"]}
        for row in event["standings"]:
            team = by_id[row["entrant"]]
            assert team["name"] in text
            for member in team["members"]:
                assert member in text
    assert "男子团体最终团体成绩表" in text and "女子团体最终团体成绩表" in text
    assert page_count(out) == 2


def test_pair_standings_one_section_per_event(tmp_path, go):
    out = build_report(as_final(go), "pairs", tmp_path / "p.pdf")
    text = pdf_text(out)
    for code in ("MD", "WD", "XD", "PC"):
        event = _event(go, code)
        assert f"{event['name']}最终双人赛成绩表" in text
        for entrant in event["entrants"]:
            for member in entrant["members"]:
                assert member in text
