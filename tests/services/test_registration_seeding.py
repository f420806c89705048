"""Seed numbers after an import in bulk (issue 12): the same order the organiser always got.

Before round 1 an import numbers the whole event again (given 序号 first, qualifiers by
their rank, wild cards by grade); after round 1, newcomers follow the last seed and join
with the next round. Teams and pairs follow their event's last seed.
"""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import select

from app.services.players import list_entrants
from app.services.registration import import_sheet
from app.services.rounds import pair_next
from app.store.models import Entrant, Event
from tests.services.sheets import player, write_sheet


def _seeds(db, event: str = "OPEN") -> list[tuple[int, str]]:
    return [(e.seed, e.name) for e in list_entrants(db, event)]


def test_a_second_import_before_round_1_renumbers_the_whole_event(gomoku, tmp_path: Path) -> None:
    import_sheet(
        gomoku,
        write_sheet(
            tmp_path / "a.xlsx",
            [
                player("第三名", 来源="入围赛第1期", 名次=3),
                player("外卡五段", 来源="外卡", 段位="五段"),
            ],
        ),
    )
    import_sheet(
        gomoku,
        write_sheet(
            tmp_path / "b.xlsx",
            [
                player("外卡七段", 来源="外卡", 段位="七段"),
                player("第一名", 来源="入围赛第2期", 名次=1),
                player("第二名", 来源="入围赛第2期", 名次=2),
            ],
        ),
    )
    assert _seeds(gomoku) == [
        (1, "第一名"),
        (2, "第二名"),
        (3, "第三名"),
        (4, "外卡七段"),
        (5, "外卡五段"),
    ]


def test_given_seed_numbers_come_first_in_their_order(gomoku, tmp_path: Path) -> None:
    headers = ["序号", "姓名", "性别", "出生日期", "单位", "来源", "名次", "项目"]
    import_sheet(
        gomoku,
        write_sheet(
            tmp_path / "s.xlsx",
            [
                player("第一名", 来源="入围赛", 名次=1),
                player("指定二", 序号=2),
                player("指定一", 序号=1),
                player("无名次"),
            ],
            headers=headers,
        ),
    )
    assert _seeds(gomoku) == [(1, "指定一"), (2, "指定二"), (3, "第一名"), (4, "无名次")]


def test_after_round_1_newcomers_follow_the_last_seed_and_join_round_2(
    gomoku, tmp_path: Path
) -> None:
    import_sheet(
        gomoku,
        write_sheet(
            tmp_path / "a.xlsx",
            [
                player(f"选手{i}", 来源="入围赛", 名次=i, birth=f"1990-01-{i:02d}")
                for i in range(1, 7)
            ],
        ),
    )
    pair_next(gomoku, "OPEN")
    before = _seeds(gomoku)
    import_sheet(
        gomoku,
        write_sheet(
            tmp_path / "late.xlsx",
            [
                player("迟到乙", 来源="入围赛", 名次=1, birth="1991-02-02"),
                player("迟到甲", 来源="外卡", birth="1991-01-01"),
            ],
        ),
    )
    assert _seeds(gomoku) == [*before, (7, "迟到乙"), (8, "迟到甲")]
    with gomoku.reading() as session:
        joined = dict(
            session.execute(
                select(Entrant.name, Entrant.joined_round).join(Event).where(Event.code == "OPEN")
            ).all()
        )
    assert joined["迟到乙"] == joined["迟到甲"] == 2 and joined["选手1"] == 1


def test_teams_and_an_individual_event_of_one_import_are_numbered_apart(gomoku, tmp_path) -> None:
    team = {"events": "公开组、公开组团体（男子）"}
    import_sheet(
        gomoku,
        write_sheet(
            tmp_path / "t.xlsx",
            [
                *(
                    player(f"甲{i}", unit="甲单位", **team, **{"队名/搭档": "甲队"})
                    for i in range(3)
                ),
                *(
                    player(f"乙{i}", unit="乙单位", **team, **{"队名/搭档": "乙队"})
                    for i in range(3)
                ),
            ],
        ),
    )
    import_sheet(
        gomoku,
        write_sheet(
            tmp_path / "t2.xlsx",
            [
                *(
                    player(f"丙{i}", unit="丙单位", **team, **{"队名/搭档": "丙队"})
                    for i in range(3)
                ),
            ],
        ),
    )
    teams = list_entrants(gomoku, "MTEAM")
    assert [(t.seed, t.name, t.unit) for t in teams] == [
        (1, "甲队", "甲单位"),
        (2, "乙队", "乙单位"),
        (3, "丙队", "丙单位"),
    ]
    assert teams[2].members == ("丙0", "丙1", "丙2")
    assert [seed for seed, _ in _seeds(gomoku)] == list(range(1, 10))
