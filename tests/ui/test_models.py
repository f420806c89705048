"""Table models on their own, without any widget."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt

from app.domain import EntrantStatus
from app.pairing.model import Finding, PairedGame, TableNote
from app.services.players import EntrantRow
from app.services.rounds import RoundView
from ui.models.base import ROW_ROLE
from ui.models.games import FINDING_COLOUR, OPEN_COLOUR, GamesModel, TableRow
from ui.models.players import PlayersFilter, PlayersModel
from ui.models.standings import StandingsModel
from ui.search import matches, search_keys

ROWS = [
    EntrantRow(
        event="OPEN",
        id=1,
        seed=1,
        name="张三",
        gender="M",
        unit="绍兴市棋类协会",
        region="绍兴",
        birth_date="2010-05-03",
        grade="3段",
        rating=1850,
        source="入围赛第3期",
        status=EntrantStatus.PLAYING,
        members=(),
        platform_account=None,
    ),
    EntrantRow(
        event="OPEN",
        id=2,
        seed=2,
        name="李四",
        gender="F",
        unit="杭州棋院",
        region="杭州",
        birth_date=None,
        grade=None,
        rating=None,
        source=None,
        status=EntrantStatus.WITHDRAWN,
        members=(),
        platform_account=None,
    ),
    EntrantRow(
        event="YOUTH",
        id=3,
        seed=1,
        name="曾小明",
        gender="M",
        unit="杭州棋院",
        region=None,
        birth_date=None,
        grade=None,
        rating=None,
        source=None,
        status=EntrantStatus.PLAYING,
        members=(),
        platform_account=None,
    ),
]


def filtered(**filters: object) -> list[str]:
    model = PlayersModel(ROWS)
    proxy = PlayersFilter()
    proxy.setSourceModel(model)
    proxy.set_filters(**filters)
    return [proxy.data(proxy.index(r, 0), ROW_ROLE).name for r in range(proxy.rowCount())]


def test_players_model_shows_rows_and_columns() -> None:
    model = PlayersModel(ROWS, event_names={"OPEN": "公开组"})
    assert model.rowCount() == 3
    name_column = model.column_of("name")
    assert model.data(model.index(0, name_column)) == "张三"
    assert model.data(model.index(0, model.column_of("event"))) == "公开组"
    assert model.data(model.index(0, model.column_of("rating"))) == "1850"
    assert model.data(model.index(1, model.column_of("rating"))) == ""


def test_search_by_initials_pinyin_and_hanzi() -> None:
    assert filtered(query="zs") == ["张三"]
    proxy_count = filtered(query="")
    assert len(proxy_count) == 3
    assert filtered(query="zhangsan") == ["张三"]
    assert filtered(query="张") == ["张三"]
    assert filtered(query="ZS") == ["张三"]
    # 曾 as a surname reads zēng, not céng
    assert filtered(query="zxm") == ["曾小明"]
    assert filtered(query="zengxiao") == ["曾小明"]
    assert filtered(query="杭州棋院") == ["李四", "曾小明"]


def test_filters_by_event_gender_unit_status() -> None:
    assert filtered(event_code="YOUTH") == ["曾小明"]
    assert filtered(gender="F") == ["李四"]
    assert filtered(unit="杭州棋院", status="playing") == ["曾小明"]
    assert filtered(status="withdrawn") == ["李四"]


def test_search_keys() -> None:
    assert search_keys("张三") == ("zhangsan", "zs")
    assert matches("ls", "李四")
    assert not matches("ww", "李四")
    # initials match from the start of a name, not in the middle of a long one
    assert not matches("zs", "台州实验小学女队")
    assert matches("tzsy", "台州实验小学女队")


def _view() -> RoundView:
    games = (PairedGame(1, 10, 11), PairedGame(2, 12, 13), PairedGame(3, 14, None))
    notes = (
        TableNote(1, 2.0, 2.0, 2.0, 2.0, colour_reason="先手次数少"),
        TableNote(2, 0.0, 0.0, 0.0, 0.0, same_unit=True),
    )
    return RoundView(
        event="OPEN",
        event_name="公开组",
        number=3,
        status="paired",
        opening=None,
        lot_seed=None,
        opening_seed=None,
        games=games,
        results={1: "1-0", 2: None, 3: "bye"},
        notes=notes,
        findings=(Finding("rematch", "12号与13号已经相遇", (2,), (12, 13)),),
        relaxations=(),
        report="",
        names={10: "甲", 11: "乙", 12: "丙", 13: "丁", 14: "戊"},
        seeds={10: 1, 11: 2, 12: 3, 13: 4, 14: 5},
        units={},
    )


def test_games_model_board_and_results() -> None:
    board = GamesModel()
    board.set_view(_view())
    assert board.rowCount() == 3
    assert board.data(board.index(0, board.column_of("first_name"))) == "甲"
    assert board.data(board.index(0, board.column_of("result"))) == "1-0"
    assert board.data(board.index(2, board.column_of("second_name"))) == board.tr("BYE")
    assert board.data(board.index(1, 0), Qt.ItemDataRole.BackgroundRole) == FINDING_COLOUR
    assert "已经相遇" in board.data(board.index(1, board.column_of("findings")))
    assert board.entrant_at(1, board.column_of("second_name")) == 13
    assert board.entrant_at(1, board.column_of("first_seed")) == 12

    results = GamesModel(results_mode=True)
    results.set_view(_view())
    assert results.open_tables() == [2]
    assert results.data(results.index(1, 0), Qt.ItemDataRole.BackgroundRole) == OPEN_COLOUR


def test_the_board_holds_one_table_row_per_table_read_by_name() -> None:
    board = GamesModel()
    board.set_view(_view())
    first, second, bye = board.rows()
    assert isinstance(second, TableRow)
    assert (second.table, second.first_name, second.second_name) == (2, "丙", "丁")
    assert second.findings == ("12号与13号已经相遇",) and second.same_unit
    assert (first.first_score, first.colour_reason) == (2.0, "先手次数少")
    assert bye.second is None and bye.second_name is None and bye.player(second=True) is None
    # a result typed is a new row; the row read from the round is as it was
    board.update_row(1, result="0-1")
    assert board.row(1) == replace(second, result="0-1") and second.result is None
    assert board.data(board.index(1, board.column_of("result"))) == "0-1"


def test_standings_model_has_tiebreak_columns() -> None:
    event = {
        "code": "OPEN",
        "kind": "individual",
        "categories": [],
        "settings": {"standings": {"tiebreaks": ["对手分", "累进分", "胜局数"]}},
        "entrants": [
            {"id": 1, "seed": 1, "name": "张三", "unit": "甲"},
            {"id": 2, "seed": 2, "name": "李四", "unit": "乙"},
        ],
        "standings": [
            {
                "rank": 1,
                "entrant": 2,
                "points": 4,
                "shared": False,
                "tiebreaks": {"积分": 4, "对手分": 2, "累进分": 6, "胜局数": 2, "等级分": 0},
            },
            {
                "rank": 2,
                "entrant": 1,
                "points": 0,
                "shared": False,
                "tiebreaks": {"积分": 0, "对手分": 4, "累进分": 0, "胜局数": 0, "等级分": 0},
            },
        ],
        "category_standings": {},
    }
    from app.io.export_json import from_document

    model = StandingsModel()
    model.set_event(from_document({"tournament": {"title": "t"}, "events": [event]}).events[0])
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert headers[-3:] == ["对手分", "累进分", "胜局数"]
    assert model.data(model.index(0, model.column_of("name"))) == "李四"
    assert model.data(model.index(0, model.column_of("tb:累进分"))) == "6"


def test_the_grades_table_says_who_already_holds_the_grade(qtbot) -> None:  # noqa: ANN001
    from app.readmodel.model import GradeLine
    from app.standings.grades import GradeAward
    from ui.models.standings import GradesModel

    model = GradesModel()
    model.set_grades(
        [
            GradeLine(
                GradeAward("YOUTH", None, 1, 11, "4段", held="5段", already_held=True),
                name="甲",
                unit="某校",
                on_form=False,
            ),
            GradeLine(
                GradeAward("YOUTH", None, 2, 12, "4段", held="2段", already_held=False),
                name="乙",
                unit="某校",
                on_form=True,
            ),
        ],
        {"YOUTH": "少儿组"},
    )
    assert model.data(model.index(0, model.column_of("event_name"))) == "少儿组"
    column = model.column_of("held")
    first = model.data(model.index(0, column))
    assert "5段" in first and ("not on the form" in first or "不列入申报表" in first)
    assert model.data(model.index(1, column)) == ""


def test_a_changed_player_row_is_a_new_row_shown_at_once() -> None:
    model = PlayersModel(list(ROWS))
    status = model.column_of("status")
    model.update_row(0, status=EntrantStatus.WITHDRAWN)
    assert model.row(0) == replace(ROWS[0], status=EntrantStatus.WITHDRAWN)
    assert ROWS[0].status == EntrantStatus.PLAYING  # the row read from the file is unchanged
    assert model.data(model.index(0, status)) in ("Withdrawn", "退赛")  # the language of the run
    assert model.data(model.index(0, 0), Qt.ItemDataRole.BackgroundRole) is not None
