"""Issue 13, teams: registered before the final, members qualified online, an ineligible
team marked wherever it is ranked or paid (Gomoku §十二(四)4: 「所有队员需要通过网络选拔赛
取得晋级资格，在总决赛前由各参赛队统一报名」).

Every case runs on a demo final of the real presets (app.demo.build_demo)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from app.errors import FinalsError
from app.services.audit import audit_log
from app.services.players import edit_player, list_entrants, set_status
from app.services.read_model import build_export
from app.services.registration import import_sheet
from app.services.snapshots import event_settings_of
from app.services.teams import compose, dissolve, problems, team_lock
from app.services.tournament import get_event, open_tournament, update_event_settings
from app.store.database import Database
from tests.finals import demo_copy
from tests.services.sheets import player, write_sheet


def _copy(master: Path, target: Path) -> Database:
    source = open_tournament(master)
    try:
        source.backup_to(target)
    finally:
        source.close()
    return open_tournament(target)


@pytest.fixture(scope="module")
def masters(
    demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Path]:
    """The module's finals, copies of the session's masters (each test copies its own)."""
    folder = tmp_path_factory.mktemp("team-rules")
    out = {}
    for name, preset, rounds in (
        ("fresh", "shaoxing-gomoku-2022", 0),
        ("played", "shaoxing-gomoku-2022", 2),
        ("go", "hangzhou-go", 0),
    ):
        master = demo_master(preset, players=40, seed=5, rounds=rounds)
        out[name] = demo_copy(master, folder / f"{name}.finals")
    return out


@pytest.fixture
def fresh(masters: dict[str, Path], tmp_path: Path) -> Database:
    db = _copy(masters["fresh"], tmp_path / "fresh.finals")
    yield db
    db.close()


@pytest.fixture
def played(masters: dict[str, Path], tmp_path: Path) -> Database:
    """The Gomoku final with rounds 1 and 2 of the open event played."""
    db = _copy(masters["played"], tmp_path / "played.finals")
    yield db
    db.close()


@pytest.fixture
def go(masters: dict[str, Path], tmp_path: Path) -> Database:
    db = _copy(masters["go"], tmp_path / "go.finals")
    yield db
    db.close()


def _state(db: Database) -> tuple[Any, ...]:
    """What a user could see change: every entrant list and the audit log's length."""
    return (list_entrants(db), len(audit_log(db)))


def _free_men(db: Database, count: int, source: str = "入围赛") -> list[str]:
    """Seed numbers of men of the open event in no team, with a qualifier's source."""
    in_teams = {m for t in list_entrants(db, "MTEAM") for m in t.members}
    men = [
        r
        for r in list_entrants(db, "OPEN")
        if r.gender == "M" and r.name not in in_teams and source in (r.source or "")
    ]
    assert len(men) >= count
    return [str(r.seed) for r in men[:count]]


def _team(doc: dict[str, Any], code: str, name: str) -> dict[str, Any]:
    event = next(e for e in doc["events"] if e["code"] == code)
    return next(e for e in event["entrants"] if e["name"] == name)


# -- 1. registered before the final -----------------------------------------------------------


def test_a_team_composed_after_round_1_is_refused_and_nothing_changes(played: Database) -> None:
    before = _state(played)
    with pytest.raises(FinalsError) as caught:
        compose(played, "MTEAM", "迟到队", _free_men(played, 3))
    text = str(caught.value)
    assert "公开组" in text and "第2轮" in text and "--force" in text
    assert "总决赛前" in text
    assert _state(played) == before


def test_a_team_dissolved_after_round_1_is_refused_and_nothing_changes(played: Database) -> None:
    team = list_entrants(played, "MTEAM")[0]
    before = _state(played)
    with pytest.raises(FinalsError, match="--force"):
        dissolve(played, "MTEAM", team.name)
    assert _state(played) == before


def test_the_lock_says_why_before_round_1_it_is_open(fresh: Database, played: Database) -> None:
    assert team_lock(fresh, "MTEAM") is None
    reason = team_lock(played, "WTEAM")
    assert reason is not None and "公开组" in reason and "第2轮" in reason


def test_forcing_a_late_team_is_audited_and_shown_on_the_team(played: Database) -> None:
    members = _free_men(played, 3)
    made = compose(played, "MTEAM", "强制队", members, "张裁判", force=True)
    assert made.name == "强制队"
    entry = audit_log(played, 1)[0]
    assert entry.operator == "张裁判" and entry.action == "强制组队"
    assert entry.after["after_round"] == 2 and entry.target == "MTEAM 强制队"
    doc = build_export(played)
    late = _team(doc, "MTEAM", "强制队")["late"]
    assert late["action"] == "composed" and late["after_round"] == 2
    assert late["operator"] == "张裁判" and late["forced"] is True
    # the teams registered in time carry no mark
    others = [
        e
        for e in next(e for e in doc["events"] if e["code"] == "MTEAM")["entrants"]
        if e["name"] != "强制队"
    ]
    assert others and all(e["late"] is None for e in others)


def test_forcing_a_late_dissolution_is_listed_with_the_event(played: Database) -> None:
    team = list_entrants(played, "WTEAM")[0]
    assert dissolve(played, "WTEAM", team.name, "李裁判", force=True) == team.name
    assert team.name not in [t.name for t in list_entrants(played, "WTEAM")]
    entry = audit_log(played, 1)[0]
    assert entry.action == "强制解散" and entry.operator == "李裁判"
    event = next(e for e in build_export(played)["events"] if e["code"] == "WTEAM")
    assert [
        (c["action"], c["team"], c["after_round"], c["operator"]) for c in event["late_changes"]
    ] == [("dissolved", team.name, 2, "李裁判")]
    assert event["late_changes"][0]["members"] == list(team.members)


def test_before_round_1_compose_and_dissolve_need_no_force(fresh: Database) -> None:
    made = compose(fresh, "MTEAM", "准时队", _free_men(fresh, 3))
    assert made.name == "准时队"
    assert dissolve(fresh, "MTEAM", "准时队") == "准时队"
    event = next(e for e in build_export(fresh)["events"] if e["code"] == "MTEAM")
    assert event["late_changes"] == []
    assert all(e["late"] is None for e in event["entrants"])


def test_a_sheet_with_a_team_imported_after_round_1_is_refused(
    played: Database, tmp_path: Path
) -> None:
    rows = [
        player(
            f"新人{i}",
            birth=f"198{i}-02-03",
            events="公开组、公开组团体（男子）",
            来源="入围赛第1期",
            **{"队名/搭档": "补报队"},
        )
        for i in range(3)
    ]
    before = _state(played)
    with pytest.raises(FinalsError) as caught:
        import_sheet(played, write_sheet(tmp_path / "late.xlsx", rows))
    text = str(caught.value) + "".join(caught.value.details or [])
    assert "第2行【队名/搭档】" in text and "补报队" in text and "--force" in text
    assert _state(played) == before


# -- 2. members qualified online -------------------------------------------------------------


def test_gomoku_team_events_exclude_wild_cards_go_does_not(fresh: Database, go: Database) -> None:
    with fresh.reading() as session:
        for code in ("MTEAM", "WTEAM"):
            settings = event_settings_of(get_event(session, code), "eligibility")
            assert list(settings.eligibility.team_excluded_sources) == ["外卡"]
    with go.reading() as session:
        for code in ("MTEAM", "WTEAM"):
            settings = event_settings_of(get_event(session, code), "eligibility")
            assert list(settings.eligibility.team_excluded_sources) == []


def test_the_demo_forms_valid_teams(fresh: Database, played: Database) -> None:
    for db in (fresh, played):
        sources = {r.name: r.source for r in list_entrants(db, "OPEN")}
        teams = list_entrants(db, "MTEAM") + list_entrants(db, "WTEAM")
        assert teams
        assert all("外卡" not in (sources[m] or "") for t in teams for m in t.members)
        assert problems(db) == []


def test_the_full_size_demo_champion_team_has_no_wild_card(
    demo_master: Callable[..., Path], tmp_path: Path
) -> None:
    path = demo_copy(demo_master("shaoxing-gomoku-2022"), tmp_path / "full.finals")
    db = open_tournament(path)
    try:
        sources = {r.name: r.source for r in list_entrants(db, "OPEN")}
        teams = list_entrants(db, "MTEAM") + list_entrants(db, "WTEAM")
        assert len(teams) >= 8
        assert all("外卡" not in (sources[m] or "") for t in teams for m in t.members)
        assert problems(db) == []
    finally:
        db.close()


def test_import_refuses_a_team_naming_a_wild_card(gomoku: Database, tmp_path: Path) -> None:
    rows = [
        player(
            "甲",
            birth="1980-01-01",
            events="公开组、公开组团体（男子）",
            来源="入围赛第1期",
            **{"队名/搭档": "绍兴队"},
        ),
        player(
            "乙",
            birth="1981-01-01",
            events="公开组、公开组团体（男子）",
            来源="外卡",
            **{"队名/搭档": "绍兴队"},
        ),
        player(
            "丙",
            birth="1982-01-01",
            events="公开组、公开组团体（男子）",
            来源="入围赛第2期",
            **{"队名/搭档": "绍兴队"},
        ),
    ]
    with pytest.raises(FinalsError) as caught:
        import_sheet(gomoku, write_sheet(tmp_path / "p.xlsx", rows))
    text = str(caught.value) + "".join(caught.value.details or [])
    assert "第3行【来源】" in text and "乙" in text and "外卡" in text and "网络选拔赛" in text
    assert list_entrants(gomoku) == []
    # A wild card in the open event alone is welcome.
    rows[1] = player("乙", birth="1981-01-01", 来源="外卡")
    rows.append(
        player(
            "丁",
            birth="1983-01-01",
            events="公开组、公开组团体（男子）",
            来源="入围赛第3期",
            **{"队名/搭档": "绍兴队"},
        )
    )
    import_sheet(gomoku, write_sheet(tmp_path / "q.xlsx", rows))
    assert list_entrants(gomoku, "MTEAM")[0].members == ("甲", "丙", "丁")


def test_compose_refuses_a_wild_card(fresh: Database) -> None:
    wild = _free_men(fresh, 1, source="外卡")
    before = _state(fresh)
    with pytest.raises(FinalsError) as caught:
        compose(fresh, "MTEAM", "外卡队", _free_men(fresh, 2) + wild)
    assert "外卡" in str(caught.value) + "".join(caught.value.details or [])
    assert "网络选拔赛" in "".join(caught.value.details or [])
    assert _state(fresh) == before


def test_go_teams_take_wild_cards(go: Database) -> None:
    in_teams = {m for t in list_entrants(go, "MTEAM") for m in t.members}
    men = [r for r in list_entrants(go, "MEN") if r.gender == "M" and r.name not in in_teams]
    wild = [str(r.seed) for r in men if "外卡" in (r.source or "")][:1]
    others = [str(r.seed) for r in men if "外卡" not in (r.source or "")][:2]
    assert compose(go, "MTEAM", "围棋队", others + wild).name == "围棋队"


def test_editing_a_team_member_into_a_wild_card_is_refused(fresh: Database) -> None:
    team = list_entrants(fresh, "MTEAM")[0]
    member = team.members[0]
    before = _state(fresh)
    with pytest.raises(FinalsError) as caught:
        edit_player(fresh, "OPEN", member, {"source": "主办方外卡"})
    text = str(caught.value)
    assert member in text and team.name in text and "外卡" in text
    assert _state(fresh) == before
    # Other fields of the same member, and the source of a player in no team, still change.
    edit_player(fresh, "OPEN", member, {"source": "入围赛第3期"})
    loner = _free_men(fresh, 1)[0]
    edit_player(fresh, "OPEN", loner, {"source": "外卡"})
    assert next(r for r in list_entrants(fresh, "OPEN") if str(r.seed) == loner).source == "外卡"


# -- 3. an ineligible team is marked, and paid by the setting --------------------------------


def _withdraw_champion_member(db: Database) -> tuple[str, str]:
    """Withdraw one member of the men's champion team from the open event's round 3."""
    doc = build_export(db)
    event = next(e for e in doc["events"] if e["code"] == "MTEAM")
    champion = next(e for e in event["entrants"] if e["id"] == event["standings"][0]["entrant"])
    member = champion["members"][0]
    set_status(db, "OPEN", member, "withdrawn")
    return champion["name"], member


def test_an_ineligible_team_is_marked_in_the_export_and_still_paid(played: Database) -> None:
    team, member = _withdraw_champion_member(played)
    doc = build_export(played)
    entrant = _team(doc, "MTEAM", team)
    assert any(member in p and "退赛" in p for p in entrant["eligibility_problems"])
    prize = next(p for p in doc["prizes"] if p["event"] == "MTEAM" and p["name"] == team)
    assert prize["ineligible"] is True and prize["amount"] == 10000
    assert prize["eligibility_problems"] == entrant["eligibility_problems"]
    assert doc["withheld_prizes"] == []
    others = [p for p in doc["prizes"] if p["name"] != team]
    assert others and not any(p["ineligible"] for p in others)


def test_withholding_is_a_setting(played: Database) -> None:
    team, _ = _withdraw_champion_member(played)
    update_event_settings(played, "MTEAM", {"eligibility.ineligible_team_prizes": "withhold"})
    doc = build_export(played)
    assert not any(p["name"] == team for p in doc["prizes"] if p["event"] == "MTEAM")
    withheld = doc["withheld_prizes"]
    assert [(p["name"], p["place"], p["amount"]) for p in withheld] == [(team, 1, 10000)]
    # nobody moves up into the withheld place
    assert all(p["place"] != 1 for p in doc["prizes"] if p["event"] == "MTEAM")


def test_the_prize_setting_refuses_a_bad_value(played: Database) -> None:
    before = _state(played)
    with pytest.raises(FinalsError) as caught:
        update_event_settings(played, "MTEAM", {"eligibility.ineligible_team_prizes": "maybe"})
    text = str(caught.value)
    assert "eligibility.ineligible_team_prizes" in text and "pay" in text and "withhold" in text
    with pytest.raises(FinalsError, match="团体"):
        update_event_settings(played, "OPEN", {"eligibility.team_excluded_sources": ["外卡"]})
    assert _state(played) == before
