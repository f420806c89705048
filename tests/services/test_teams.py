"""Composing teams and pairs by hand: the import's eligibility rules hold here too."""

from pathlib import Path

import pytest

from app.errors import FinalsError
from app.services.players import list_entrants, set_status
from app.services.registration import import_sheet
from app.services.teams import compose, dissolve, problems
from app.services.tournament import create_tournament
from tests.services.sheets import player, write_sheet


def test_team_of_three_men_from_the_open_event(gomoku, tmp_path: Path) -> None:
    rows = [player(f"男{i}", birth=f"198{i}-01-01") for i in range(4)] + [player("女甲", "女")]
    import_sheet(gomoku, write_sheet(tmp_path / "p.xlsx", rows))
    made = compose(gomoku, "MTEAM", "绍兴队", ["1", "2", "男2"])
    assert sorted(made.members) == ["男0", "男1", "男2"]
    assert list_entrants(gomoku, "MTEAM")[0].name == "绍兴队"
    with pytest.raises(FinalsError) as caught:
        compose(gomoku, "MTEAM", "二队", ["男3", "女甲"])
    text = str(caught.value)
    assert "每队应为3人" in text and "只限男子" in text
    with pytest.raises(FinalsError, match="已在"):
        compose(gomoku, "MTEAM", "三队", ["男0", "男3", "男1"])
    assert problems(gomoku) == []
    set_status(gomoku, "OPEN", "男0", "withdrawn")
    assert any("已退赛" in p.message for p in problems(gomoku))
    assert dissolve(gomoku, "MTEAM", "绍兴队") == "绍兴队"
    assert list_entrants(gomoku, "MTEAM") == []


def test_pairs_by_hand(tmp_path: Path) -> None:
    db = create_tournament(tmp_path / "go.finals", "hangzhou-go")
    rows = [
        player("父", birth="1980-01-01", events="男子个人"),
        player("子", birth="2015-01-01", events="男子个人"),
        player("母", "女", birth="1982-01-01", events="男子个人"),
    ]
    import_sheet(db, write_sheet(tmp_path / "p.xlsx", rows))
    assert compose(db, "PCPAIR", None, ["父", "子"]).name == "父/子"
    with pytest.raises(FinalsError, match="未成年人"):
        compose(db, "PCPAIR", None, ["父", "母"])
    assert compose(db, "XPAIR", None, ["父", "母"]).members == ("父", "母")
    with pytest.raises(FinalsError, match="一男一女"):
        compose(db, "XPAIR", None, ["父", "子"])
    with pytest.raises(FinalsError, match="个人项目"):
        compose(db, "MEN", None, ["父", "子"])
    db.close()


def test_teams_with_reserves_count_their_best_members(gomoku, tmp_path: Path) -> None:
    from app.services.read_model import build_export
    from app.services.tournament import update_event_settings

    # The organiser's rule: up to 4 registered, the best 3 count.
    update_event_settings(gomoku, "MTEAM", {"eligibility.team_max": 4, "standings.best_of": 3})
    rows = [
        player(
            f"男{i}", birth=f"198{i}-01-01", events="公开组、男子团体", **{"队名/搭档": "四人队"}
        )
        for i in range(4)
    ]
    import_sheet(gomoku, write_sheet(tmp_path / "p.xlsx", rows))
    team = list_entrants(gomoku, "MTEAM")[0]
    assert len(team.members) == 4
    doc = build_export(gomoku)
    assert next(e for e in doc["events"] if e["code"] == "MTEAM")["standings"][0]["entrant"]
