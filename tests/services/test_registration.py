from datetime import datetime
from pathlib import Path

import pytest
from sqlalchemy import func, select

from app.errors import FinalsError
from app.services.audit import audit_log
from app.services.players import list_entrants
from app.services.registration import import_sheet
from app.store.models import Player
from tests.services.sheets import player, write_sheet


def _count_players(db) -> int:
    with db.reading() as session:
        return session.scalar(select(func.count()).select_from(Player))


def test_import_registers_players_teams_and_seeds(gomoku, tmp_path: Path) -> None:
    rows = [
        player("王五", birth="1988.3.4", 来源="外卡", 段位="三段", 身份证号="330000198803040011"),
        player(
            "张三",
            birth=datetime(1990, 5, 3),
            来源="入围赛第3期",
            名次=2,
            events="公开组、男子团体",
            **{"队名/搭档": "绍兴队"},
        ),
        player(
            "李四",
            birth="1991年6月7日",
            来源="入围赛第1期",
            名次=1,
            events="公开组、男子团体",
            **{"队名/搭档": "绍兴队"},
        ),
        player(
            "赵六",
            birth="19920102",
            来源="入围赛第2期",
            名次=5,
            events="公开组，男子团体",
            **{"队名/搭档": "绍兴队"},
        ),
        player("陈小明", birth="2012/3/4", events="少儿组"),
        player("孙丽", "女", birth="1995-01-01", 来源="外卡", 段位="五段"),
    ]
    summary = import_sheet(gomoku, write_sheet(tmp_path / "ok.xlsx", rows), operator="甲")
    assert summary.players == 6
    assert summary.entrants == {"OPEN": 5, "YOUTH": 1, "MTEAM": 1}
    open_list = list_entrants(gomoku, "OPEN")
    # Qualifiers by their qualifying rank first, then wild cards by grade (五段 before 三段).
    assert [e.name for e in open_list] == ["李四", "张三", "赵六", "孙丽", "王五"]
    assert [e.seed for e in open_list] == [1, 2, 3, 4, 5]
    team = list_entrants(gomoku, "MTEAM")[0]
    assert team.name == "绍兴队" and team.members == ("张三", "李四", "赵六")
    assert audit_log(gomoku)[0].operator == "甲"


def test_a_sheet_with_bad_rows_changes_nothing_and_names_every_row(gomoku, tmp_path: Path) -> None:
    rows = [
        player("好人甲", 身份证号="330000199001010011"),
        player(None),  # row 3: missing name
        player("性别错", gender="未知"),  # row 4: unknown gender
        player("日期错", birth="1990-13-45"),  # row 5: bad date
        player("重号", 身份证号="330000199001010011"),  # row 6: duplicate ID number
        player("好人甲", birth="1990-01-01"),  # row 7: same name + birth date
        player("超龄少儿", birth="2001-01-01", events="少儿组"),  # row 8: youth window
        player(
            "女队员", "女", events="公开组、男子团体", **{"队名/搭档": "一队"}
        ),  # row 9: team gender + size
        player("无此项目", events="象棋组"),  # row 10: unknown event
    ]
    before = audit_log(gomoku)
    with pytest.raises(FinalsError) as caught:
        import_sheet(gomoku, write_sheet(tmp_path / "bad.xlsx", rows))
    details = "\n".join(caught.value.details)
    for row, column in [
        (3, "姓名"),
        (4, "性别"),
        (5, "出生日期"),
        (6, "身份证号"),
        (7, "姓名"),
        (8, "出生日期"),
        (9, "性别"),
        (9, "队名/搭档"),
        (10, "项目"),
    ]:
        assert f"第{row}行【{column}】" in details, (row, column, details)
    assert "未导入任何选手" in caught.value.message
    assert _count_players(gomoku) == 0
    assert audit_log(gomoku) == before


def test_duplicates_against_players_already_registered(gomoku, tmp_path: Path) -> None:
    import_sheet(gomoku, write_sheet(tmp_path / "a.xlsx", [player("张三", 身份证号="X1")]))
    with pytest.raises(FinalsError) as caught:
        import_sheet(
            gomoku,
            write_sheet(tmp_path / "b.xlsx", [player("张三"), player("李四", 身份证号="X1")]),
        )
    text = "\n".join(caught.value.details)
    assert "第2行【姓名】" in text and "已经登记" in text
    assert "第3行【身份证号】" in text
    assert _count_players(gomoku) == 1


def test_csv_in_gbk_with_chinese_headers(gomoku, tmp_path: Path) -> None:
    path = tmp_path / "players.csv"
    path.write_bytes(
        "姓名,性别,出生日期,单位,项目\n张三,男,2010.5.3,杭州棋院,少儿组\n李娜,女,1990/1/2,宁波棋院,公开组\n".encode(
            "gb18030"
        )
    )
    summary = import_sheet(gomoku, path)
    assert summary.entrants == {"YOUTH": 1, "OPEN": 1}


def test_missing_headers_and_missing_file(gomoku, tmp_path: Path) -> None:
    with pytest.raises(FinalsError, match="缺少表头：性别"):
        import_sheet(gomoku, write_sheet(tmp_path / "h.xlsx", [{"姓名": "张三"}], headers=["姓名"]))
    with pytest.raises(FinalsError, match="找不到报名表"):
        import_sheet(gomoku, tmp_path / "none.xlsx")


def test_pairs_must_match_their_event(tmp_path: Path) -> None:
    from app.services.tournament import create_tournament

    db = create_tournament(tmp_path / "go.finals", "hangzhou-go")
    good = [
        player("甲", events="男女混双", **{"队名/搭档": "乙"}),
        player("乙", "女", events="男女混双", **{"队名/搭档": "甲"}),
        player("父亲", birth="1980-01-01", events="亲子双人", **{"队名/搭档": "孩子"}),
        player("孩子", birth="2014-01-01", events="亲子双人", **{"队名/搭档": "父亲"}),
    ]
    summary = import_sheet(db, write_sheet(tmp_path / "pairs.xlsx", good))
    assert summary.pairs == 2
    assert [e.members for e in list_entrants(db, "XPAIR")] == [("甲", "乙")]
    bad = [
        player("丙", events="男女混双", **{"队名/搭档": "丁"}),
        player("丁", events="男女混双", **{"队名/搭档": "丙"}),
        player("大人", birth="1980-01-01", events="亲子双人", **{"队名/搭档": "大人二"}),
        player("大人二", birth="1982-01-01", events="亲子双人", **{"队名/搭档": "大人"}),
        player("单身", events="男子双人", **{"队名/搭档": "不存在"}),
    ]
    with pytest.raises(FinalsError) as caught:
        import_sheet(db, write_sheet(tmp_path / "bad.xlsx", bad))
    text = "\n".join(caught.value.details)
    assert "须为一男一女" in text and "未成年人" in text and "不在报名表" in text
    db.close()
