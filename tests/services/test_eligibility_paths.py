"""Eligibility holds on every path: import, add-player, edit-player, compose, and the report.

Issue 13, clauses 4, 5, 6 and 11, on the presets' own events: Go §六.2 (no professional
players), the birth and grade windows of both 少儿组, 亲子双人 as parent and child, the Go
youth clause's 弈战 platform username; and a player in both the open and the youth event.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import func, select, text

from app.errors import FinalsError
from app.io.registration import is_professional_grade
from app.services.audit import audit_log
from app.services.players import add_player, edit_player, eligibility_problems, list_entrants
from app.services.read_model import build_export
from app.services.registration import import_sheet
from app.services.teams import compose
from app.services.tournament import create_tournament, event_settings, update_event_settings
from app.store.database import Database, open_database
from app.store.migrations import MIGRATIONS, SCHEMA_VERSION
from app.store.models import Player
from tests.services.sheets import HEADERS, player, write_sheet

SHEET = [*HEADERS, "平台账号"]


@pytest.fixture
def go(tmp_path: Path) -> Database:
    db = create_tournament(tmp_path / "go.finals", "hangzhou-go", operator="测试裁判")
    yield db
    db.close()


def _players(db: Database) -> int:
    with db.reading() as session:
        return session.scalar(select(func.count()).select_from(Player))


def _fails(call, *args, **kwargs) -> FinalsError:  # noqa: ANN001
    with pytest.raises(FinalsError) as caught:
        call(*args, **kwargs)
    return caught.value


def _text(error: FinalsError) -> str:
    return "\n".join([error.message, *error.details])


def _youth(name: str, birth: str = "2012-03-04", account: str | None = "", **extra) -> dict:
    """A 少儿组 row; its platform account is made up from the name unless given (None: empty)."""
    extra.setdefault("段位", "2段")
    return player(
        name,
        birth=birth,
        events="少儿组",
        平台账号=f"yz_{name}" if account == "" else account,
        **extra,
    )


# -- clause 4: professional Go players may not enter (Go §六.2) ----------------------------------


@pytest.mark.parametrize(
    "grade",
    [
        "职业五段",
        "职业初段",
        "职业9段",
        "P2",
        "p9",
        "2p",
        "9P",
        "Ｐ２",
        "职业二段",
        "5段（职业）",
        "pro 3d",
        "3 dan pro",
    ],
)
def test_professional_grades_are_recognised(grade: str) -> None:
    assert is_professional_grade(grade)


@pytest.mark.parametrize(
    "grade", ["5段", "业余5段", "业余五段", "1级", "初段", "6d", "3 kyu", "", None, "四段"]
)
def test_amateur_grades_are_not_professional(grade: str | None) -> None:
    assert not is_professional_grade(grade)


def test_the_go_preset_refuses_professionals_at_import_naming_row_and_column(
    go: Database, tmp_path: Path
) -> None:
    rows = [
        player("业余甲", events="男子个人", 段位="5段"),
        player("职业乙", events="男子个人", 段位="职业五段"),  # row 3
        player("职业丙", events="男子个人", 段位="P2"),  # row 4
        player("业余丁", events="男子个人", 段位="业余6段"),
        player("职业戊", events="男子个人", 段位="3p"),  # row 6
        player("职业己", events="男子双人", 段位="职业初段", **{"队名/搭档": "业余庚"}),  # row 7
        player("业余庚", events="男子双人", 段位="4段", **{"队名/搭档": "职业己"}),
    ]
    before = audit_log(go)
    error = _fails(import_sheet, go, write_sheet(tmp_path / "pros.xlsx", rows))
    text = _text(error)
    for row, name in ((3, "职业乙"), (4, "职业丙"), (6, "职业戊"), (7, "职业己")):
        assert f"第{row}行【段位】" in text and name in text, (row, text)
    assert "第2行" not in text and "第5行" not in text and "第8行" not in text
    assert "职业段位" in text and "不得参赛" in text
    assert _players(go) == 0 and audit_log(go) == before


def test_professionals_refused_in_youth_too_and_the_setting_is_per_event(
    go: Database, tmp_path: Path
) -> None:
    settings = {
        code: event_settings(go, code)["eligibility"]["professionals"]
        for code in ("MEN", "YOUTH", "MPAIR", "WPAIR", "XPAIR", "PCPAIR")
    }
    assert settings == dict.fromkeys(settings, False)
    error = _fails(
        import_sheet,
        go,
        write_sheet(tmp_path / "y.xlsx", [_youth("小职业", 段位="职业初段")], SHEET),
    )
    assert "第2行【段位】" in _text(error)
    # The organisers may open an event to professionals: the same sheet then imports.
    update_event_settings(go, "MEN", {"eligibility.professionals": True})
    summary = import_sheet(
        go, write_sheet(tmp_path / "m.xlsx", [player("职业乙", events="男子个人", 段位="职业五段")])
    )
    assert summary.entrants == {"MEN": 1}


def test_gomoku_has_no_professional_rule(gomoku: Database, tmp_path: Path) -> None:
    assert event_settings(gomoku, "OPEN")["eligibility"]["professionals"] is True
    summary = import_sheet(gomoku, write_sheet(tmp_path / "g.xlsx", [player("甲", 段位="P2")]))
    assert summary.players == 1


def test_add_player_and_edit_player_refuse_professionals_naming_the_field(go: Database) -> None:
    error = _fails(add_player, go, "MEN", {"name": "职业乙", "gender": "男", "grade": "P2"})
    assert "【段位】" in error.message and "职业" in error.message
    assert list_entrants(go, "MEN") == []
    seed = add_player(go, "MEN", {"name": "业余甲", "gender": "男", "grade": "5段"})
    before = audit_log(go)
    error = _fails(edit_player, go, "MEN", str(seed), {"grade": "职业二段"})
    assert "【段位】" in error.message and "男子个人" in error.message
    assert list_entrants(go, "MEN")[0].grade == "5段" and audit_log(go) == before


def test_compose_refuses_a_professional_in_a_pair(go: Database, tmp_path: Path) -> None:
    update_event_settings(go, "MEN", {"eligibility.professionals": True})
    import_sheet(
        go,
        write_sheet(
            tmp_path / "m.xlsx",
            [
                player("职业乙", events="男子个人", 段位="职业五段"),
                player("业余甲", events="男子个人", 段位="5段"),
            ],
        ),
    )
    error = _fails(compose, go, "MPAIR", None, ["职业乙", "业余甲"])
    assert "职业乙" in _text(error) and "职业段位" in _text(error)
    assert list_entrants(go, "MPAIR") == []


# -- clause 5: every rule on every path ----------------------------------------------------------


def test_edit_player_refuses_a_youth_birth_date_out_of_the_window(
    gomoku: Database, tmp_path: Path
) -> None:
    import_sheet(
        gomoku,
        write_sheet(tmp_path / "y.xlsx", [player("小明", birth="2012-03-04", events="少儿组")]),
    )
    before = audit_log(gomoku)
    error = _fails(edit_player, gomoku, "YOUTH", "小明", {"birth_date": "2007-05-01"})
    assert "【出生日期】" in error.message and "少儿组" in error.message
    assert "2008-09-01" in error.message
    assert list_entrants(gomoku, "YOUTH")[0].birth_date == "2012-03-04"
    assert audit_log(gomoku) == before
    edit_player(gomoku, "YOUTH", "小明", {"birth_date": "2013-03-04"})  # inside: fine
    assert list_entrants(gomoku, "YOUTH")[0].birth_date == "2013-03-04"


def test_edit_player_checks_grade_windows_of_go_youth(go: Database, tmp_path: Path) -> None:
    import_sheet(go, write_sheet(tmp_path / "y.xlsx", [_youth("小明")], SHEET))
    error = _fails(edit_player, go, "YOUTH", "小明", {"grade": "3级"})
    assert "【段位】" in error.message and "1级" in error.message
    error = _fails(edit_player, go, "YOUTH", "小明", {"birth_date": "2007-12-31"})
    assert "【出生日期】" in error.message


def test_edit_player_checks_the_gender_of_teams_and_pairs(
    gomoku: Database, go: Database, tmp_path: Path
) -> None:
    import_sheet(
        gomoku,
        write_sheet(
            tmp_path / "t.xlsx",
            [
                player(
                    f"男{i}",
                    birth=f"198{i}-01-01",
                    events="公开组、男子团体",
                    **{"队名/搭档": "绍兴队"},
                )
                for i in range(3)
            ],
        ),
    )
    error = _fails(edit_player, gomoku, "OPEN", "男1", {"gender": "女"})
    assert "【性别】" in error.message and "男子" in error.message
    assert [r.gender for r in list_entrants(gomoku, "OPEN")] == ["M", "M", "M"]

    # A pair's members are edited where they play alone (a pair is edited through them).
    import_sheet(
        go,
        write_sheet(
            tmp_path / "x.xlsx",
            [
                player("甲", events="男子个人、男女混双", **{"队名/搭档": "乙"}),
                player("乙", "女", events="男子个人、男女混双", **{"队名/搭档": "甲"}),
            ],
        ),
    )
    assert list_entrants(go, "XPAIR")[0].members == ("甲", "乙")
    error = _fails(edit_player, go, "MEN", "乙", {"gender": "男"})
    assert "【性别】" in error.message and "一男一女" in error.message


def test_an_edit_that_does_not_touch_an_old_problem_goes_through(
    gomoku: Database, tmp_path: Path
) -> None:
    """Data an older version let in: the unit can still be corrected; the report names it."""
    import_sheet(
        gomoku,
        write_sheet(tmp_path / "y.xlsx", [player("小明", birth="2012-03-04", events="少儿组")]),
    )
    with gomoku.engine.begin() as conn:  # as an older version wrote it, past the checks
        conn.execute(text("UPDATE player SET birth_date = '2001-02-03' WHERE name = '小明'"))
    found = eligibility_problems(gomoku)
    assert [(p.event, p.entrant, p.level) for p in found] == [("YOUTH", "小明", "error")]
    assert "2001-02-03" in found[0].message and "少儿组" in found[0].message
    edit_player(gomoku, "YOUTH", "小明", {"unit": "绍兴少年宫"})
    assert list_entrants(gomoku, "YOUTH")[0].unit == "绍兴少年宫"
    edit_player(gomoku, "YOUTH", "小明", {"birth_date": "2012-03-04"})
    assert eligibility_problems(gomoku) == []


def test_the_report_lists_individual_problems_of_every_event(go: Database, tmp_path: Path) -> None:
    import_sheet(
        go,
        write_sheet(
            tmp_path / "a.xlsx",
            [player("甲", events="男子个人", 段位="5段"), _youth("小明")],
            SHEET,
        ),
    )
    with sqlite3.connect(go.path) as conn:
        conn.execute("UPDATE player SET grade = '职业三段' WHERE name = '甲'")
        conn.execute("UPDATE player SET platform_account = NULL WHERE name = '小明'")
    found = {(p.event, p.entrant): p for p in eligibility_problems(go)}
    assert set(found) == {("MEN", "甲"), ("YOUTH", "小明")}
    assert "职业" in found[("MEN", "甲")].message
    assert "平台账号" in found[("YOUTH", "小明")].message


# -- a player in both the open and the youth event ------------------------------------------------


def test_a_child_in_both_open_and_youth_is_a_warning_not_a_refusal(
    gomoku: Database, tmp_path: Path
) -> None:
    assert event_settings(gomoku, "YOUTH")["eligibility"]["exclusive_with"] == ["OPEN"]
    summary = import_sheet(
        gomoku,
        write_sheet(
            tmp_path / "b.xlsx",
            [player("小明", birth="2012-03-04", events="公开组、少儿组"), player("甲")],
        ),
    )
    assert summary.entrants == {"OPEN": 2, "YOUTH": 1}
    assert len(summary.warnings) == 1
    assert (
        "小明" in summary.warnings[0]
        and "公开组" in summary.warnings[0]
        and "少儿组" in summary.warnings[0]
    )
    found = eligibility_problems(gomoku)
    assert [(p.event, p.entrant, p.level) for p in found] == [("YOUTH", "小明", "warning")]
    update_event_settings(gomoku, "YOUTH", {"eligibility.exclusive_with": []})
    assert eligibility_problems(gomoku) == []


def test_the_same_person_added_twice_by_hand_is_seen_across_events(gomoku: Database) -> None:
    add_player(gomoku, "OPEN", {"name": "小明", "gender": "男", "birth_date": "2012-03-04"})
    add_player(gomoku, "YOUTH", {"name": "小明", "gender": "男", "birth_date": "2012-03-04"})
    found = eligibility_problems(gomoku)
    assert [(p.event, p.level) for p in found] == [("YOUTH", "warning")]


def test_an_unknown_event_in_exclusive_with_is_refused(go: Database) -> None:
    error = _fails(update_event_settings, go, "YOUTH", {"eligibility.exclusive_with": ["OPEN"]})
    assert "exclusive_with" in error.message and "MEN" in error.message


# -- clause 6: 亲子双人 means parent and child ---------------------------------------------------


def _pair(a: tuple[str, str, str], b: tuple[str, str, str]) -> list[dict]:
    return [
        player(a[0], a[1], birth=a[2], events="亲子双人", **{"队名/搭档": b[0]}),
        player(b[0], b[1], birth=b[2], events="亲子双人", **{"队名/搭档": a[0]}),
    ]


def test_siblings_a_day_apart_are_not_parent_and_child(go: Database, tmp_path: Path) -> None:
    # The final starts 2022-10-27: the elder turns 18 that day, the younger the day after.
    rows = _pair(("哥哥", "男", "2004-10-27"), ("弟弟", "男", "2004-10-28"))
    error = _fails(import_sheet, go, write_sheet(tmp_path / "s.xlsx", rows))
    text = _text(error)
    assert "第2行【出生日期】" in text and "年长" in text and "18" in text
    assert list_entrants(go, "PCPAIR") == []


@pytest.mark.parametrize(
    ("parent", "child", "ok"),
    [
        ("1986-01-01", "2005-06-01", True),  # 19 years older, the child 17 on the start date
        ("1990-01-01", "2007-12-31", False),  # a day short of 18 years older
        ("1990-01-01", "2008-01-01", True),  # exactly 18 years older
        ("1980-01-01", "2004-10-27", False),  # the "child" is 18 on the start date
        ("1980-01-01", "2004-10-28", True),  # ... and a day younger is 17
    ],
)
def test_parent_child_ages(go: Database, tmp_path: Path, parent: str, child: str, ok: bool) -> None:
    rows = _pair(("家长", "女", parent), ("孩子", "男", child))
    if ok:
        assert import_sheet(go, write_sheet(tmp_path / "p.xlsx", rows)).pairs == 1
    else:
        assert "第2行【出生日期】" in _text(
            _fails(import_sheet, go, write_sheet(tmp_path / "p.xlsx", rows))
        )


def test_parent_child_numbers_are_settings(go: Database, tmp_path: Path) -> None:
    shown = event_settings(go, "PCPAIR")["eligibility"]
    assert shown["child_under"] == 18 and shown["parent_older_by"] == 18
    update_event_settings(
        go, "PCPAIR", {"eligibility.parent_older_by": 16, "eligibility.child_under": 19}
    )
    rows = _pair(("家长", "女", "1990-01-01"), ("孩子", "男", "2006-06-01"))  # 16 older; child 16
    assert import_sheet(go, write_sheet(tmp_path / "p.xlsx", rows)).pairs == 1
    error = _fails(update_event_settings, go, "PCPAIR", {"eligibility.parent_older_by": 0})
    assert "parent_older_by" in error.message


def test_compose_and_edit_apply_the_parent_child_rule(go: Database, tmp_path: Path) -> None:
    import_sheet(
        go,
        write_sheet(
            tmp_path / "m.xlsx",
            [
                player("哥哥", birth="2004-10-27", events="男子个人"),
                player("弟弟", birth="2004-10-28", events="男子个人"),
            ],
        ),
    )
    error = _fails(compose, go, "PCPAIR", None, ["哥哥", "弟弟"])
    assert "年长" in _text(error)
    rows = _pair(("家长", "女", "1980-01-01"), ("孩子", "男", "2010-01-01"))
    rows[1]["项目"] = "男子个人、亲子双人"
    import_sheet(go, write_sheet(tmp_path / "p.xlsx", rows))
    error = _fails(edit_player, go, "MEN", "孩子", {"birth_date": "1999-01-01"})
    assert "【出生日期】" in error.message and "亲子双人" in error.message


# -- clause 11: the 弈战 platform username of the Go youth ---------------------------------------


def test_go_youth_requires_the_platform_account_at_import(go: Database, tmp_path: Path) -> None:
    assert event_settings(go, "YOUTH")["eligibility"]["platform_account_required"] is True
    assert event_settings(go, "MEN")["eligibility"]["platform_account_required"] is False
    rows = [
        _youth("小明", account="yz_xiaoming2012"),
        _youth("小红", account=None),
        _youth("小刚", account="yz\u202e刚"),
    ]
    error = _fails(import_sheet, go, write_sheet(tmp_path / "y.xlsx", rows, SHEET))
    text = _text(error)
    assert "第3行【平台账号】" in text and "弈战" in text
    assert "第4行【平台账号】" in text and "U+202E" in text
    assert "第2行" not in text and _players(go) == 0


def test_the_platform_account_is_stored_shown_to_the_arbiter_and_never_exported(
    go: Database, tmp_path: Path
) -> None:
    rows = [
        _youth("小明", account="yz_xiaoming2012"),
        _youth("小红", account="  弈战小红  "),
        player("甲", events="男子个人", 平台账号="yz_jia_adult"),
    ]
    import_sheet(go, write_sheet(tmp_path / "y.xlsx", rows, SHEET))
    youth = {r.name: r.platform_account for r in list_entrants(go, "YOUTH")}
    assert youth == {"小明": "yz_xiaoming2012", "小红": "弈战小红"}
    export = build_export(go)
    doc = json.dumps(export, ensure_ascii=False)
    for account in ("yz_xiaoming2012", "弈战小红", "yz_jia_adult"):
        assert account not in doc
    assert not any("platform_account" in e for ev in export["events"] for e in ev["entrants"])
    log = json.dumps([e.to_dict() for e in audit_log(go)], ensure_ascii=False)
    assert "yz_xiaoming2012" not in log


def test_a_duplicate_platform_account_is_refused(go: Database, tmp_path: Path) -> None:
    import_sheet(go, write_sheet(tmp_path / "a.xlsx", [_youth("小明", account="yz_1")], SHEET))
    error = _fails(
        import_sheet,
        go,
        write_sheet(
            tmp_path / "b.xlsx",
            [
                _youth("小红", account="yz_2"),
                _youth("小刚", account="yz_2"),
                _youth("小强", account="yz_1"),
            ],
            SHEET,
        ),
    )
    text = _text(error)
    assert "第3行【平台账号】" in text and "第2行" in text
    assert "第4行【平台账号】" in text and "小明" in text


def test_add_and_edit_player_require_the_platform_account(go: Database) -> None:
    fields = {"name": "小明", "gender": "男", "birth_date": "2012-03-04", "grade": "1段"}
    error = _fails(add_player, go, "YOUTH", fields)
    assert "【平台账号】" in error.message and list_entrants(go, "YOUTH") == []
    seed = add_player(go, "YOUTH", {**fields, "platform_account": "yz_xm"})
    assert list_entrants(go, "YOUTH")[0].platform_account == "yz_xm"
    before = audit_log(go)
    error = _fails(edit_player, go, "YOUTH", str(seed), {"platform_account": ""})
    assert "【平台账号】" in error.message and audit_log(go) == before
    error = _fails(edit_player, go, "YOUTH", str(seed), {"platform_account": "yz\x1b[2J"})
    assert "平台账号" in error.message and "U+001B" in error.message
    edit_player(go, "YOUTH", str(seed), {"platform_account": "yz_xm_new"})
    assert list_entrants(go, "YOUTH")[0].platform_account == "yz_xm_new"
    entry = audit_log(go)[0]  # the change is logged, the account itself is not
    assert entry.action == "修改选手" and entry.after["已修改（不公开）"] == ["平台账号"]
    assert "yz_xm" not in json.dumps([e.to_dict() for e in audit_log(go)], ensure_ascii=False)


def test_a_file_from_before_the_platform_column_is_upgraded(go: Database, tmp_path: Path) -> None:
    import_sheet(go, write_sheet(tmp_path / "a.xlsx", [player("甲", events="男子个人")]))
    path = go.path
    go.close()
    with sqlite3.connect(path) as conn:
        conn.execute("ALTER TABLE player DROP COLUMN platform_account")
        before = [m.__name__ for m in MIGRATIONS].index("_player_platform_account")
        conn.execute(f"PRAGMA user_version={before}")
    db = open_database(path)
    try:
        with db.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA user_version").scalar() == SCHEMA_VERSION
        assert [r.name for r in list_entrants(db, "MEN")] == ["甲"]
        assert list_entrants(db, "MEN")[0].platform_account is None
        assert db.integrity_check() == "ok"
    finally:
        db.close()
