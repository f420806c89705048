"""The player card over a small, hand-written read model (points worked out by hand)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from app.domain import EntrantStatus, Scoring
from app.readmodel.model import (
    Final,
    FinalEntrant,
    FinalEvent,
    FinalGame,
    FinalRound,
    TournamentFacts,
)
from app.readmodel.player_card import player_card
from app.settings import EventSettings, StoredEvent
from app.standings.model import Standing, Standings
from app.standings.prizes import PrizeRules


def _entrant(id_: int, name: str, status: EntrantStatus = EntrantStatus.PLAYING) -> FinalEntrant:
    return FinalEntrant(
        id=id_,
        seed=id_,
        name=name,
        gender="M",
        unit=f"单位{id_}",
        region=None,
        birth_date=None,
        grade="业余5段",
        rating=2000 - id_,
        source=None,
        status=status,
        members=(),
        member_ids=(),
        eligibility_problems=(),
        late=None,
    )


def _game(
    table: int, first: int, second: int | None, result: str | None, before: tuple[float, float]
) -> FinalGame:
    return FinalGame(
        table=table,
        first=first,
        second=second,
        result=result,
        manner=None,
        fouls=(0, 0),
        opening=None,
        seat_swapped=False,
        first_points=before[0],
        second_points=None if second is None else before[1],
    )


def _round(number: int, *games: FinalGame) -> FinalRound:
    return FinalRound(
        number=number,
        status="paired",
        opening=None,
        date=None,
        scheduled=None,
        lot_seed=None,
        opening_seed=None,
        relaxations=(),
        games=games,
    )


@pytest.fixture
def final() -> Final:
    # 6 entrants, 3 rounds, win 2 / draw 1 / loss 0 / bye 2 (Scoring's defaults).
    # R1: 1-3 1-0, 4-2 0-1, 5 bye; 6 not yet entered.
    # R2: 2-1 =, 3-5 -+ (5 wins by forfeit); 4 absent.
    # R3: 1-5 no result yet, 4-3 1-0, 6 bye (joined late); 2 withdrawn.
    rounds = (
        _round(
            1,
            _game(1, 1, 3, "1-0", (0, 0)),
            _game(2, 4, 2, "0-1", (0, 0)),
            _game(3, 5, None, "bye", (0, 0)),
        ),
        _round(2, _game(1, 2, 1, "=", (2, 2)), _game(2, 3, 5, "-+", (0, 2))),
        _round(
            3,
            _game(1, 1, 5, None, (3, 4)),
            _game(2, 4, 3, "1-0", (0, 0)),
            _game(3, 6, None, "bye", (0, 0)),
        ),
    )
    entrants = (
        _entrant(1, "张一"),
        _entrant(2, "李二", status=EntrantStatus.WITHDRAWN),
        _entrant(3, "王三"),
        _entrant(4, "赵四"),
        _entrant(5, "钱五"),
        _entrant(6, "孙六"),
    )
    standings = Standings(
        after_round=3,
        rows=(
            Standing(rank=1, entrant=5, points=4, tiebreaks={"积分": 4, "对手分": 3, "累进分": 8}),
            Standing(rank=2, entrant=1, points=3, tiebreaks={"积分": 3, "对手分": 7, "累进分": 5}),
            Standing(rank=3, entrant=2, points=3, tiebreaks={"积分": 3, "对手分": 3, "累进分": 5}),
        ),
        tiebreak_order=("积分", "对手分", "累进分"),
    )
    event = FinalEvent(
        code="OPEN",
        name="公开组",
        kind="individual",
        rounds_planned=5,
        source_event=None,
        stored=StoredEvent(code="OPEN", name="公开组", kind="individual"),
        settings=EventSettings(),
        scoring=Scoring(),
        standings_settings=None,
        team_match=False,
        categories=(),
        entrants=entrants,
        rounds=rounds,
        schedule={},
        standings=standings,
        category_standings={},
        late_changes=(),
    )
    return Final(
        revision=1,
        after_round=None,
        tournament=TournamentFacts(
            title="测试赛",
            game="go",
            organisers=(),
            venue=None,
            start_date=None,
            end_date=None,
            operators=(),
            komi=None,
            draws=True,
            certificate={},
        ),
        events=(event,),
        prizes=(),
        withheld_prizes=(),
        prize_rules=PrizeRules(),
        grades=(),
    )


def _rows(card) -> list[tuple]:  # noqa: ANN001
    return [
        (
            r.number,
            r.table,
            r.opponent_seed,
            r.opponent_name,
            r.colour,
            r.outcome,
            r.points,
            r.total,
        )
        for r in card.rounds
    ]


def test_a_player_with_every_kind_of_round(final: Final) -> None:
    card = player_card(final, "OPEN", 1)
    assert (card.seed, card.name, card.rank_text, card.points) == (1, "张一", "2", 3)
    assert _rows(card) == [
        (1, 1, 3, "王三", "黑", "胜", 2, 2),
        (2, 1, 2, "李二", "白", "和", 1, 3),
        (3, 1, 5, "钱五", "黑", "待赛", 0, 3),
    ]
    assert card.tiebreaks == (("对手分", 7), ("累进分", 5))
    assert card.status_changes == ()


def test_withdrawn_absent_and_late(final: Final) -> None:
    withdrawn = player_card(final, "OPEN", 2)
    assert _rows(withdrawn) == [
        (1, 2, 4, "赵四", "白", "胜", 2, 2),
        (2, 1, 1, "张一", "黑", "和", 1, 3),
        (3, None, None, None, "", "退赛", 0, 3),
    ]
    assert withdrawn.status_changes == ("第3轮起退赛",)

    absent = player_card(final, "OPEN", 4)
    assert _rows(absent) == [
        (1, 2, 2, "李二", "黑", "负", 0, 0),
        (2, None, None, None, "", "请假", 0, 0),
        (3, 2, 3, "王三", "黑", "胜", 2, 2),
    ]
    assert absent.status_changes == ("第2轮请假",)
    assert absent.rank is None and absent.tiebreaks == ()

    late = player_card(final, "OPEN", 6)
    assert [r.outcome for r in late.rounds] == ["未参赛", "未参赛", "轮空"]
    assert late.rounds[-1].total == 2 and late.rounds[-1].colour == ""
    assert late.status_changes == ("第3轮起参赛（之前各轮未参赛）",)


def test_forfeits_and_byes(final: Final) -> None:
    card = player_card(final, "OPEN", 5)
    assert _rows(card) == [
        (1, 3, None, None, "", "轮空", 2, 2),
        (2, 2, 3, "王三", "白", "对方弃权（胜）", 2, 4),
        (3, 1, 1, "张一", "白", "待赛", 0, 4),
    ]
    loser = player_card(final, "OPEN", 3)
    assert [r.outcome for r in loser.rounds] == ["负", "弃权（负）", "负"]


def test_gomoku_colours_are_seats(final: Final) -> None:
    gomoku = replace(final, tournament=replace(final.tournament, game="gomoku"))
    assert [r.colour for r in player_card(gomoku, "OPEN", 1).rounds] == ["先", "后", "先"]


def test_after_round(final: Final) -> None:
    card = player_card(replace(final, after_round=2), "OPEN", 4)
    assert [r.outcome for r in card.rounds] == ["负", "请假"]
    assert card.status_changes == ("第2轮请假",)


def test_unknown_entrant(final: Final) -> None:
    with pytest.raises(KeyError):
        player_card(final, "OPEN", 99)
    with pytest.raises(KeyError):
        player_card(final, "NOPE", 1)


def test_a_round_1_absence_read_from_the_file_is_leave_not_a_late_entry(
    built_demo: Callable[..., Path], tmp_path
) -> None:  # noqa: ANN001
    """The read model carries the stored statuses: a player excused from round 1 shows 请假
    there (the pairings alone cannot tell it from joining late)."""
    from app.services.players import set_status
    from app.services.read_model import load_final
    from app.services.results import record_result
    from app.services.rounds import pair_next
    from app.services.tournament import open_tournament

    path = tmp_path / "go.finals"
    built_demo(path, "hangzhou-go", players=20, seed=4, rounds=0)
    db = open_tournament(path)
    try:
        final = load_final(db)
        someone = final.event("MEN").entrants[3]  # type: ignore[union-attr]
        set_status(db, "MEN", str(someone.seed), "absent", 1)
        first = pair_next(db, "MEN")
        for game in first.games:
            if game.second is not None:
                record_result(db, "MEN", 1, game.table, "1-0")
        pair_next(db, "MEN")  # round 2: the player is back
        card = player_card(load_final(db), "MEN", someone.id)
        assert card.rounds[0].outcome == "请假"
        assert any("请假" in line for line in card.status_changes)
        assert not any("起参赛" in line for line in card.status_changes)
    finally:
        db.close()


def test_a_withdrawn_players_card_says_so_read_from_the_file_and_from_an_export(
    demo_master: Callable[..., Path], tmp_path: Path
) -> None:
    """The card's status is the vocabulary's own (`EntrantStatus`), whether the final is read
    from the file or from an exported document; an unknown status in a document is refused."""
    import json

    from app.io.export_json import DocumentError, from_document
    from app.services.players import set_status
    from app.services.read_model import build_export, load_final
    from app.services.tournament import open_tournament
    from tests.finals import demo_copy

    path = demo_copy(
        demo_master("hangzhou-go", players=20, seed=4, rounds=1), tmp_path / "g.finals"
    )
    db = open_tournament(path)
    try:
        someone = load_final(db).event("MEN").entrants[3]  # type: ignore[union-attr]
        set_status(db, "MEN", str(someone.seed), "withdrawn")
        doc = json.loads(json.dumps(build_export(db)))
        cards = [player_card(load_final(db), "MEN", someone.id)]
    finally:
        db.close()
    cards.append(player_card(from_document(doc), "MEN", someone.id))
    for card in cards:
        assert card.status is EntrantStatus.WITHDRAWN
        assert card.status.zh == "退赛"
        assert card.status_changes == ("第2轮起退赛",)
    men = next(e for e in doc["events"] if e["code"] == "MEN")
    men["entrants"][0]["status"] = "resting"
    with pytest.raises(DocumentError, match="的状态“resting”无法识别"):
        from_document(doc)
