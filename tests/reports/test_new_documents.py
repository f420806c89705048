"""The documents of issue 14: 秩序册, 签到表, 台号牌, 团体赛出场名单, 颁奖顺序表.

Each is printed for both presets from a demo final made through the program's own use
cases (and from the report fixtures where a finished final is needed), then read back.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from app.pinyin import name_key
from app.services.read_model import build_export
from app.services.rounds import pair_next
from app.services.schedule import set_round_time
from app.services.tournament import list_events, open_tournament, update_event_settings
from reports import KINDS, ReportError, build_report
from reports.entries import unit_key
from reports.prizes import fmt_amount
from tests.finals import demo_copy
from tests.reports.conftest import as_final, page_count, pdf_pages, pdf_text

PRESETS = ("shaoxing-gomoku-2022", "hangzhou-go")


@pytest.fixture(scope="module", params=PRESETS)
def demo(
    request: pytest.FixtureRequest,
    demo_master: Callable[..., Path],
    tmp_path_factory: pytest.TempPathFactory,
) -> dict[str, Any]:
    """The export of a demo final of 60 players with 2 rounds played and its team event played
    as matches (a copy of the session's master, changed)."""
    preset = request.param
    path = tmp_path_factory.mktemp("new-documents") / f"{preset}.finals"
    demo_copy(demo_master(preset, players=60, seed=7, rounds=2), path)
    db = open_tournament(path)
    try:
        update_event_settings(db, "MTEAM", {"pairing.team_format": "match", "rounds_planned": 3})
        # The arbiter enters the timetable (the regulations print it as an image).
        first = list_events(db)[0].code
        day = "2022-11-26" if preset.startswith("shaoxing") else "2022-10-28"
        for number, at in ((1, f"{day} 09:00"), (2, f"{day} 14:00")):
            set_round_time(db, first, number, at)
        pair_next(db, "MTEAM")
        return build_export(db)
    finally:
        db.close()


def _event(doc: dict[str, Any], code: str) -> dict[str, Any]:
    return next(e for e in doc["events"] if e["code"] == code)


def _in_order(text: str, words: list[str]) -> bool:
    positions = []
    start = 0
    for word in words:
        found = text.find(word, start)
        if found < 0:
            return False
        positions.append(found)
        start = found + len(word)
    return True


def test_the_new_kinds_are_offered() -> None:
    for kind, name in (
        ("entries", "秩序册"),
        ("checkin", "签到表"),
        ("cards", "台号牌"),
        ("lineup", "团体赛出场名单"),
        ("ceremony", "颁奖顺序表"),
    ):
        assert KINDS[kind] == name


# --------------------------------------------------------------------------- 秩序册


def test_entries_list_every_player_under_their_unit_with_seed(tmp_path, demo) -> None:
    out = build_report(as_final(demo), "entries", tmp_path / "entries.pdf")
    text = pdf_text(out)
    assert "秩序册" in text
    for event in demo["events"]:
        assert event["name"] in text
        for entrant in event["entrants"]:
            assert entrant["name"] in text
            if event["kind"] == "individual":
                assert f"{entrant['seed']}{entrant['name']}" in text
    individual = demo["events"][0]
    units = sorted({e["unit"] for e in individual["entrants"]}, key=unit_key)
    own_pages = [p for p in pdf_pages(out) if f"秩序册{individual['name']}" in p]
    assert _in_order("".join(own_pages), units)
    assert demo["tournament"]["venue"] in text


def test_entries_print_the_schedule_of_the_export(tmp_path, demo) -> None:
    # the timetable entered with `finals schedule` (tournament setting `schedule`)
    first = demo["events"][0]
    assert first["schedule"], "the timetable reaches the export"
    text = pdf_text(build_report(as_final(demo), "entries", tmp_path / "entries.pdf"))
    assert "竞赛日程" in text
    starts = sorted(first["schedule"].items(), key=lambda item: item[1])
    words = []
    for number, at in starts:
        words += [at[11:16], f"{first['name']}第{number}轮"]
    assert _in_order(text, words)
    day = starts[0][1][:10]
    assert f"{day[5:7]}月{day[8:10]}日" in text


def test_entries_without_a_schedule_print_no_times(tmp_path, demo) -> None:
    """No timetable set: the 竞赛日程 section (a 秩序册 has one, issue 39) names each event's
    rounds and says the times are announced at the venue; no time is made up."""
    doc = {**demo, "events": [{**e, "schedule": {}} for e in demo["events"]]}
    for event in doc["events"]:
        event["rounds"] = [{**r, "scheduled": None} for r in event["rounds"]]
    text = pdf_text(build_report(as_final(doc), "entries", tmp_path / "entries.pdf"))
    assert "秩序册" in text and "竞赛日程" in text and "各轮开赛时间以赛场公告为准" in text
    schedule = text.split("竞赛日程", 1)[1].split("以赛场公告为准", 1)[0]
    assert not re.search(r"\d{1,2}:\d{2}", schedule)


def test_entries_mark_a_withdrawn_entrant_and_name_no_other_mark(tmp_path, demo) -> None:
    """（退赛） after the name, and the note names that mark alone: an entrant's status is
    playing or withdrawn (a round's absence, 请假, is no entrant status)."""
    doc = {**demo, "events": [dict(e) for e in demo["events"]]}
    first = doc["events"][0]
    first["entrants"] = [dict(e) for e in first["entrants"]]
    gone = first["entrants"][0]
    gone["status"] = "withdrawn"
    text = pdf_text(build_report(as_final(doc), "entries", tmp_path / "e.pdf", event=first["code"]))
    assert f"{gone['name']}（退赛）" in text.replace(" ", "").replace("\n", "")
    assert "（退赛）为导出时的状态" in text and "缺席" not in text


def test_entries_of_one_event(tmp_path, demo) -> None:
    pairs_or_teams = next(e for e in demo["events"] if e["kind"] == "team")
    text = pdf_text(
        build_report(as_final(demo), "entries", tmp_path / "e.pdf", event=pairs_or_teams["code"])
    )
    for team in pairs_or_teams["entrants"]:
        assert team["name"] in text
        assert all(m in text for m in team["members"])
    assert demo["events"][0]["entrants"][0]["name"] not in text or "队员" in text


# --------------------------------------------------------------------------- 签到表


@pytest.mark.parametrize("order", ["unit", "pinyin"])
def test_checkin_sheet_has_every_player_in_order_and_a_signature_column(
    tmp_path, demo, order
) -> None:
    event = demo["events"][0]
    out = build_report(
        as_final(demo), "checkin", tmp_path / "c.pdf", event=event["code"], order=order
    )
    text = pdf_text(out)
    assert "签到表" in text and "签名" in text
    assert ("按单位排序" if order == "unit" else "按姓名拼音排序") in text
    if order == "pinyin":
        names = sorted((e["name"] for e in event["entrants"]), key=name_key)
        assert _in_order(
            text,
            [
                f"{e['seed']}{e['name']}"
                for e in sorted(event["entrants"], key=lambda e: name_key(e["name"]))
            ],
        )
        assert text.find(names[0]) < text.find(names[-1])
    else:
        rows = sorted(event["entrants"], key=lambda e: (unit_key(e["unit"]), e["seed"]))
        assert _in_order(text, [f"{e['seed']}{e['name']}{e['unit']}" for e in rows])


def test_checkin_sheet_lets_every_member_of_a_team_sign(tmp_path, demo) -> None:
    team_event = next(e for e in demo["events"] if e["kind"] == "team")
    text = pdf_text(
        build_report(as_final(demo), "checkin", tmp_path / "c.pdf", event=team_event["code"])
    )
    for team in team_event["entrants"]:
        assert f"{team['name']}{team['members'][0]}" in text
        assert all(m in text for m in team["members"])


def test_checkin_sheet_of_the_whole_final_has_a_section_per_event(tmp_path, demo) -> None:
    pages = pdf_pages(build_report(as_final(demo), "checkin", tmp_path / "c.pdf"))
    for event in demo["events"]:
        assert any(f"{event['name']}签到表" in p for p in pages)


def test_checkin_refuses_an_unknown_order(tmp_path, demo) -> None:
    with pytest.raises(ReportError, match="pinyin"):
        build_report(as_final(demo), "checkin", tmp_path / "c.pdf", order="age")


# --------------------------------------------------------------------------- 台号牌


@pytest.mark.parametrize("card", ["tent", "a5"])
def test_one_card_per_table_up_to_the_largest_round(tmp_path, demo, card) -> None:
    event = demo["events"][0]
    tables = max(len([g for g in r["games"] if g["second"] is not None]) for r in event["rounds"])
    out = build_report(
        as_final(demo), "cards", tmp_path / "cards.pdf", event=event["code"], card=card
    )
    pages = pdf_pages(out)
    assert len(pages) == tables
    for number, page in enumerate(pages, start=1):
        assert f"第{number}台" in page and event["name"] in page
    from pypdf import PdfReader

    box = PdfReader(str(out)).pages[0].mediabox
    width, height = round(float(box.width) / 72 * 25.4), round(float(box.height) / 72 * 25.4)
    assert (width, height) == ((297, 210) if card == "tent" else (210, 148))


def test_cards_of_the_whole_final_skip_team_events_scored_from_individual_games(
    tmp_path, demo
) -> None:
    text = pdf_text(build_report(as_final(demo), "cards", tmp_path / "cards.pdf"))
    summed = _event(demo, "WTEAM")
    assert summed["name"] not in text
    assert _event(demo, "MTEAM")["name"] in text  # played as matches: at tables
    with pytest.raises(ReportError, match="没有台号"):
        build_report(as_final(demo), "cards", tmp_path / "x.pdf", event="WTEAM")


def test_cards_before_round_one_count_half_the_players(tmp_path, gomoku) -> None:
    youth = _event(gomoku, "YOUTH")
    youth["rounds"] = []
    out = build_report(as_final(gomoku), "cards", tmp_path / "cards.pdf", event="YOUTH", card="a5")
    assert page_count(out) == len(youth["entrants"]) // 2


# --------------------------------------------------------------------------- 出场名单


def test_lineup_sheet_lists_each_team_by_board_with_colours(tmp_path, demo) -> None:
    event = _event(demo, "MTEAM")
    rnd = event["rounds"][0]
    out = build_report(as_final(demo), "lineup", tmp_path / "l.pdf", event="MTEAM", round=1)
    text = pdf_text(out)
    first_colour, second_colour = (
        ("先手", "后手") if demo["tournament"]["game"] == "gomoku" else ("黑方", "白方")
    )
    assert "第1轮团体赛出场名单" in text and "队长签名" in text
    teams = {e["id"]: e for e in event["entrants"]}
    for game in rnd["games"]:
        first = teams[game["first"]]
        assert f"队名：{first['name']}（序号{first['seed']}）" in text
        if game["second"] is None:
            continue
        second = teams[game["second"]]
        b1, b2 = game["boards"][0], game["boards"][1]
        # the first team's sheet: board 1 first mover, board 2 second mover
        assert _in_order(
            text,
            [
                f"队名：{first['name']}（序号{first['seed']}）",
                f"对手：{second['name']}",
                f"台号：{game['table']}",
                f"第1板{b1['first']}{first_colour}",
                f"第2板{b2['second']}{second_colour}",
                f"队名：{second['name']}（序号{second['seed']}）",
                f"第1板{b1['second']}{second_colour}",
                f"第2板{b2['first']}{first_colour}",
            ],
        )


def test_lineup_of_a_team_with_the_bye(tmp_path, demo) -> None:
    doc = {**demo, "events": [dict(e) for e in demo["events"]]}
    event = _event(doc, "MTEAM")
    rnd = dict(event["rounds"][0])
    games = [dict(g) for g in rnd["games"]]
    bye = {**games[-1], "second": None, "result": "bye", "boards": []}
    rnd["games"] = games[:-1] + [bye]
    event["rounds"] = [rnd]
    team = next(e for e in event["entrants"] if e["id"] == bye["first"])
    text = pdf_text(build_report(as_final(doc), "lineup", tmp_path / "l.pdf", event="MTEAM"))
    sheet = text[text.find(f"队名：{team['name']}（序号{team['seed']}）") :]
    assert sheet.split("队长签名")[0].count("台号") == 0 and "本轮轮空" in sheet
    assert _in_order(sheet, [f"第1板{team['members'][0]}", f"第2板{team['members'][1]}"])


def test_lineup_before_pairing_lists_registered_order(tmp_path, gomoku) -> None:
    team_event = _event(gomoku, "MT")
    team_event["settings"].setdefault("pairing", {})["team_format"] = "match"
    text = pdf_text(build_report(as_final(gomoku), "lineup", tmp_path / "l.pdf"))
    for team in team_event["entrants"]:
        members = team["members"]
        assert _in_order(
            text,
            [f"队名：{team['name']}（序号{team['seed']}）"]
            + [f"第{k}板{m}" for k, m in enumerate(members, start=1)],
        )


def test_lineup_needs_a_team_match_event(tmp_path, gomoku) -> None:
    with pytest.raises(ReportError, match="团体对抗"):
        build_report(as_final(gomoku), "lineup", tmp_path / "l.pdf")
    with pytest.raises(ReportError, match="不是团体对抗项目"):
        build_report(as_final(gomoku), "lineup", tmp_path / "l.pdf", event="OPEN")


# --------------------------------------------------------------------------- 颁奖顺序


def _yuan(prize: dict) -> Decimal:
    """A fixture prize's money (the document's `amount`, in yuan), exactly."""
    return Decimal(str(prize["amount"]))


@pytest.mark.parametrize("final", ["gomoku", "go"])
def test_ceremony_runs_lowest_place_first_events_in_regulation_order(
    tmp_path, request, final
) -> None:
    doc = request.getfixturevalue(final)
    text = pdf_text(build_report(as_final(doc), "ceremony", tmp_path / "c.pdf"))
    assert "颁奖顺序表" in text
    tables = list(dict.fromkeys(p["table"] for p in doc["prizes"]))
    assert _in_order(text, [f"{t}：" for t in tables])
    for table in tables:
        rows = [p for p in doc["prizes"] if p["table"] == table]
        lowest = max(rows, key=lambda p: p["place"])
        champion = min(rows, key=lambda p: p["place"])
        section = text[text.find(f"{table}：") :]
        assert section.find(lowest["name"]) < section.find(champion["name"])
        assert f"{champion['title']}" in section
        total = sum(_yuan(p) for p in rows)
        assert f"奖金合计{fmt_amount(total)}元" in section
    for prize in doc["prizes"]:
        assert prize["name"] in text
        assert fmt_amount(_yuan(prize)) in text
    assert f"共{len(doc['prizes'])}人次上台领奖" in text


def test_ceremony_of_demo_finals(tmp_path, demo) -> None:
    # the demo finals are after round 2: refused as final, printed as provisional (issue 26)
    with pytest.raises(ReportError, match="--provisional"):
        build_report(as_final(demo), "ceremony", tmp_path / "c.pdf")
    out = build_report(as_final(demo), "ceremony", tmp_path / "c.pdf", provisional=True)
    text = pdf_text(out)
    assert all("临时（" in page and "轮后" in page for page in pdf_pages(out))
    for prize in demo["prizes"]:
        assert prize["name"] in text


def test_ceremony_without_prizes_says_so(tmp_path, gomoku) -> None:
    gomoku["prizes"] = []
    with pytest.raises(ReportError, match="没有奖项"):
        build_report(as_final(gomoku), "ceremony", tmp_path / "c.pdf")
