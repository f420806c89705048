"""The team line-up sheet (团体赛出场名单): per round, each team's players in board order.

For events played as team matches.  Member k of a team plays board k; the first team of
a match moves first on odd boards, the second on even ones (app.services.rounds).  When
the round is paired each sheet names the opponent and the table; before pairing the
sheets list each team's registered order for the captain to confirm and sign.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, PageBreak, Spacer

from app.domain import EventKind
from app.readmodel.model import Final, FinalEntrant, FinalGame, FinalRound
from reports.docview import DocView, EventView, seed_text
from reports.errors import ReportError
from reports.fonts import register_fonts
from reports.pdf_common import (
    Column,
    Header,
    ReportDoc,
    SetHeader,
    TableSpec,
    heading,
    make_table,
    scale_columns,
)
from reports.rounds import round_date_text, sorted_games

SHEETS_PER_PAGE = 3


def is_team_match(event: EventView) -> bool:
    if event.kind != EventKind.TEAM:
        return False
    if event.is_team_match:  # pairing.team_format = match
        return True
    return any(g.boards for r in event.rounds for g in r.games)


def lineup_events(view: DocView, event: str | None) -> list[EventView]:
    if event is not None:
        found = view.event(event)
        if not is_team_match(found):
            raise ReportError(
                f"“{found.name}”不是团体对抗项目，没有出场名单（团体项目按对抗赛进行时，"
                f"其设置 pairing.team_format 为 match）。"
            )
        return [found]
    found_all = [e for e in view.events if is_team_match(e)]
    if not found_all:
        raise ReportError("赛事文件中没有团体对抗项目，无需出场名单。")
    return found_all


def board_count(event: EventView) -> int:
    size = event.settings.eligibility.team_size
    if size is not None and size > 0:
        return size
    return max((len(e.members) for e in event.entrants.values()), default=0)


def team_boards(
    game: FinalGame | None,
    team_is_first: bool,
    members: list[str],
    boards: int,
    colours: tuple[str, str],
) -> list[list[str]]:
    """[board, player, colour] of one team: from the paired boards, else its member order."""
    rows = []
    paired = {b.board: b for b in (game.boards if game is not None else ())}
    for number in range(1, boards + 1):
        moves_first = (number % 2 == 1) == team_is_first
        board = paired.get(number)
        if board is not None:
            player = board.first if moves_first else board.second
        else:
            player = members[number - 1] if number - 1 < len(members) else ""
        colour = colours[0] if moves_first else colours[1]
        rows.append([f"第{number}板", str(player), colour if paired else "", ""])
    for reserve in members[boards:]:
        rows.append(["替补", str(reserve), "", ""])
    return rows


def _sheet(
    view: DocView,
    event: EventView,
    number: int,
    team: FinalEntrant,
    game: FinalGame | None,
    opponent: FinalEntrant | None,
    team_is_first: bool,
    width: float,
) -> Flowable:
    colours = (view.colours.first, view.colours.second)
    title = f"{event.name}　第{number}轮　出场名单"
    line = f"队名：{team.name}（序号 {seed_text(team)}）"
    if game is not None:
        if opponent:
            line += f"　　对手：{opponent.name}　　台号：{game.table}"
        else:
            line += "　　本轮轮空"
    columns = [
        Column("板次", 18 * mm),
        Column("棋手", 70 * mm, "left"),
        Column("执子" if not view.is_gomoku else "先后手", 24 * mm),
        Column("备注", 74 * mm, "left"),
    ]
    rows = team_boards(
        game,
        team_is_first,
        list(team.members),
        board_count(event),
        colours,
    )
    spec = TableSpec(
        scale_columns(columns, width),
        font_size=10,
        extra_styles=[
            ("TOPPADDING", (0, 1), (-1, -1), 3.5),
            ("BOTTOMPADDING", (0, 1), (-1, -1), 4),
        ],
    )
    return KeepTogether(
        [
            heading(title, 12),
            Spacer(1, 1.5 * mm),
            heading(line, 10),
            Spacer(1, 1.5 * mm),
            make_table(spec, rows),
            Spacer(1, 3 * mm),
            heading(
                "队长签名：＿＿＿＿＿＿＿＿　　提交时间：＿＿＿＿＿＿　　裁判签名：＿＿＿＿＿＿＿＿",
                10,
            ),
            Spacer(1, 9 * mm),
        ]
    )


def lineup_round(event: EventView, number: int | None) -> tuple[int, FinalRound | None]:
    """The round to print: the one asked for, else the latest paired; round 1 before pairing."""
    if not event.rounds:
        if number not in (None, 1):
            raise ReportError(f"“{event.name}”尚未编排任何轮次，只能打印第1轮的出场名单。")
        return 1, None
    if number is not None and number == event.rounds[-1].number + 1:
        return number, None  # the next round, before it is paired
    rnd = event.round(number)
    return rnd.number, rnd


def build_lineup_pdf(
    final: Final,
    out: Path,
    *,
    event: str | None = None,
    round: int | None = None,  # noqa: A002
    printed_at: datetime | None = None,
) -> Path:
    register_fonts()
    view = DocView(final)
    events = lineup_events(view, event)
    story: list[Flowable] = []
    first_header: Header | None = None
    width = 186 * mm
    for ev in events:
        number, rnd = lineup_round(ev, round)
        header = Header(
            title=view.title,
            document=f"{ev.name}　第{number}轮团体赛出场名单",
            event=f"项目：{ev.name}",
            round_text=f"第{number}轮（共{ev.rounds_planned}轮）",
            date_text=round_date_text(view, rnd),
        )
        first_header = first_header or header
        if story:
            story.append(PageBreak())
        story.append(SetHeader(header))
        if rnd is None:
            teams = sorted(ev.entrants.values(), key=lambda e: e.seed)
            for team in teams:
                story.append(_sheet(view, ev, number, team, None, None, True, width))
            continue
        for game in sorted_games(rnd):
            first = ev.entrant(game.first)
            second = ev.entrant(game.second) if game.second is not None else None
            story.append(_sheet(view, ev, number, first, game, second, True, width))
            if second is not None:
                story.append(_sheet(view, ev, number, second, game, first, False, width))
    assert first_header is not None
    report = ReportDoc(out, first_header, printed_at=printed_at, subject="团体赛出场名单")
    report.build_story(story)
    return out
