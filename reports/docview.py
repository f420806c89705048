"""A thin index over the read model of a final (`app.readmodel.Final`) for the reports.

`DocView(final)` finds an event by code or name (with the Chinese messages a user can act
on), `EventView(view, final_event)` finds an entrant, a round or a category; both hand out
the typed objects (FinalEntrant, FinalRound, FinalGame, Standing, …).  The reports read
only the fields the read model names, so nothing private can reach paper.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from functools import cached_property
from typing import Any

from app.domain import EntrantId, EntrantStatus, EventKind, Seed
from app.readmodel.model import (
    Final,
    FinalCategory,
    FinalEntrant,
    FinalEvent,
    FinalRound,
    GradeLine,
    PrizeLine,
)
from app.settings import EventSettings, TournamentSettings, tournament_settings_lenient
from app.standings.categories import CategoryStanding
from app.standings.model import Standing
from reports.errors import ReportError

GAME_NAMES = {"gomoku": "五子棋", "go": "围棋"}


def fmt_points(value: Any) -> str:
    """2 → "2", 1.5 → "1.5", None → ""."""
    if value is None or value == "":
        return ""
    try:
        number = float(value)
    except (TypeError, ValueError):
        return str(value)
    if number == int(number):
        return str(int(number))
    return f"{number:g}"


def parse_date(text: Any) -> date | None:
    if not text:
        return None
    try:
        return date.fromisoformat(str(text)[:10])
    except ValueError:
        return None


@dataclass(frozen=True)
class Colours:
    """How the first and second mover are called in this game."""

    first: str  # 先手 / 黑方
    second: str
    first_short: str  # 先 / 黑
    second_short: str


GOMOKU_COLOURS = Colours("先手", "后手", "先", "后")
GO_COLOURS = Colours("黑方", "白方", "黑", "白")


def unknown_entrant(entrant_id: int) -> FinalEntrant:
    """What a sheet prints for an entrant the final does not list: "#12", no seed."""
    return FinalEntrant(
        id=EntrantId(entrant_id),
        seed=Seed(0),
        name=f"#{entrant_id}",
        gender=None,
        unit=None,
        region=None,
        birth_date=None,
        grade=None,
        rating=None,
        source=None,
        status=EntrantStatus.PLAYING,
        members=(),
        member_ids=(),
        eligibility_problems=(),
        late=None,
    )


def seed_text(entrant: FinalEntrant) -> str:
    """The seed number (序号) as printed; "" when the entrant has none."""
    return str(entrant.seed) if entrant.seed else ""


class EventView:
    """One event of the final with its entrants, rounds and standings indexed."""

    def __init__(self, doc: DocView, event: FinalEvent) -> None:
        self.doc = doc
        self.event = event

    @property
    def code(self) -> str:
        return self.event.code

    @property
    def name(self) -> str:
        return self.event.name or self.code

    @property
    def kind(self) -> str:
        return self.event.kind

    @property
    def rounds_planned(self) -> int:
        return int(self.event.rounds_planned or len(self.rounds))

    @property
    def stored(self) -> Any:
        """The event's settings as the file holds them (`StoredEvent`: mappings)."""
        return self.event.stored

    @property
    def settings(self) -> EventSettings:
        """The event's settings, typed (defaults in place of unset values)."""
        return self.event.settings

    @cached_property
    def entrants(self) -> dict[int, FinalEntrant]:
        return {e.id: e for e in self.event.entrants}

    @cached_property
    def rounds(self) -> tuple[FinalRound, ...]:
        return tuple(sorted(self.event.rounds, key=lambda r: r.number))

    @property
    def standings(self) -> tuple[Standing, ...]:
        return self.event.standings.rows

    @property
    def category_standings(self) -> Mapping[str, tuple[CategoryStanding, ...]]:
        return self.event.category_standings

    @property
    def categories(self) -> tuple[FinalCategory, ...]:
        return self.event.categories

    def entrant(self, entrant_id: int) -> FinalEntrant:
        return self.entrants.get(EntrantId(int(entrant_id))) or unknown_entrant(int(entrant_id))

    def round(self, number: int | None, *, need_games: bool = True) -> FinalRound:
        """The round `number`, or the latest paired one when None."""
        rounds = self.rounds
        if self.kind == EventKind.TEAM and not rounds:
            raise ReportError(f"“{self.name}”是团体项目，没有轮次对阵；请选择其来源个人项目。")
        if not rounds:
            raise ReportError(f"“{self.name}”尚未编排任何轮次。")
        if number is None:
            return rounds[-1]
        for rnd in rounds:
            if rnd.number == number:
                if need_games and not rnd.games:
                    break
                return rnd
        done = "、".join(str(r.number) for r in rounds)
        raise ReportError(f"“{self.name}”第{number}轮尚未编排（已编排的轮次：{done}）。")

    @property
    def last_complete_round(self) -> int:
        """The round the final's standings are after."""
        return self.event.standings.after_round

    def category(self, key: str) -> FinalCategory:
        for cat in self.categories:
            if key in (cat.code, cat.name):
                return cat
        names = "、".join(f"{c.code}（{c.name}）" for c in self.categories) or "无"
        raise ReportError(f"“{self.name}”没有组别“{key}”。可选组别：{names}。")

    @property
    def tiebreak_order(self) -> list[str]:
        """The event's tie-breaks in force, in order (every value held if none is set)."""
        order = [name for name in self.event.standings.tiebreak_order if name != "积分"]
        if order:
            return order
        seen: list[str] = []
        for row in self.standings:
            seen += [n for n in row.tiebreaks if n != "积分" and n not in seen]
        return seen

    @property
    def scoring_lines(self) -> dict[str, float]:
        """The points per outcome in force, by name (win, draw, loss, bye, …)."""
        return self.event.scoring.to_dict()

    @property
    def standings_rules(self) -> Mapping[str, Any]:
        """The standings conventions in force (a summed team event: as stored)."""
        if self.event.standings_settings is not None:
            return self.event.standings_settings.to_dict()
        return self.event.stored.group("standings")

    @property
    def is_team_match(self) -> bool:
        """A team event played as matches (pairing.team_format=match): its own rounds, match
        points (场分) and board points (局分), not the sum of its members' results."""
        return self.kind == EventKind.TEAM and self.event.team_match

    def source_event(self) -> EventView | None:
        code = self.event.source_event
        if not code:
            return None
        for event in self.doc.events:
            if event.code == code:
                return event
        return None


class DocView:
    """The whole final."""

    def __init__(self, final: Final) -> None:
        if not isinstance(final, Final):
            raise ReportError("这不是本程序导出的赛事文件（缺少 tournament 部分）。")
        self.final = final
        self.events = [EventView(self, e) for e in final.events]

    @property
    def tournament(self) -> Any:
        """The tournament's facts (`TournamentFacts`)."""
        return self.final.tournament

    @cached_property
    def settings(self) -> TournamentSettings:
        """The tournament's settings in force, typed (a bad stored value: its default)."""
        return tournament_settings_lenient(self.final.tournament.settings or {})[0]

    @property
    def title(self) -> str:
        return self.final.tournament.title

    @property
    def game(self) -> str:
        return self.final.tournament.game or "go"

    @property
    def is_gomoku(self) -> bool:
        return self.game == "gomoku"

    @property
    def colours(self) -> Colours:
        return GOMOKU_COLOURS if self.is_gomoku else GO_COLOURS

    @property
    def komi(self) -> str | None:
        return self.final.tournament.komi or None

    @property
    def venue(self) -> str | None:
        return self.final.tournament.venue or None

    @property
    def certificate(self) -> Mapping[str, Any]:
        """The stored `certificate` settings (a mapping, as written)."""
        data = self.final.tournament.certificate
        return data if isinstance(data, Mapping) else {}

    @property
    def exported_at(self) -> datetime | None:
        """When the final was read: a document's export time; the read model of an open
        file is the file as it is now (the export a print used to read was made just
        before it), so now."""
        text = self.final.exported_at
        if not text:
            return datetime.now().replace(microsecond=0)
        try:
            return datetime.fromisoformat(str(text))
        except ValueError:
            return None

    @property
    def prizes(self) -> tuple[PrizeLine, ...]:
        return self.final.prizes

    @property
    def withheld_prizes(self) -> tuple[PrizeLine, ...]:
        return self.final.withheld_prizes

    def vacancy_lines(self, table_name: str | None = None) -> list[str]:
        """The prize places a disqualification left empty (of one prize table, or all)."""
        from app.readmodel.vacancies import vacant_prize_places

        return [
            v.text()
            for v in vacant_prize_places(self.final)
            if table_name is None or v.table_name == table_name
        ]

    @property
    def grades(self) -> tuple[GradeLine, ...]:
        return self.final.grades

    def date_range(self) -> str:
        start = self.final.tournament.start_date
        end = self.final.tournament.end_date
        if start and end and start != end:
            return f"{start:%Y-%m-%d} 至 {end:%Y-%m-%d}"
        day = start or end
        return f"{day:%Y-%m-%d}" if day else ""

    def within_final(self, day: date) -> bool:
        """A day inside the final's dates; True when the final has no dates."""
        start, end = self.final.tournament.start_date, self.final.tournament.end_date
        return not (start and day < start) and not (end and day > end)

    def award_date(self) -> date:
        """The date printed on certificates: the last day, else the export date, else today."""
        end = self.final.tournament.end_date
        if end:
            return end
        exported = self.exported_at
        return exported.date() if exported else date.today()

    def event_by_code(self, code: str | None) -> EventView | None:
        return next((e for e in self.events if e.code == code), None)

    def event(self, key: str | None, *, kinds: tuple[str, ...] | None = None) -> EventView:
        """The event named by code or name; when None, the only event of those kinds."""
        candidates = [e for e in self.events if kinds is None or _accepts(e, kinds)]
        if key is None:
            if len(candidates) == 1:
                return candidates[0]
            if not candidates:
                raise ReportError("赛事文件中没有可打印的项目。")
            choices = "、".join(f"{e.code}（{e.name}）" for e in candidates)
            raise ReportError(f"请指定项目。可选项目：{choices}。")
        for event in self.events:
            if key in (event.code, event.name):
                if kinds is not None and not _accepts(event, kinds):
                    raise ReportError(
                        f"“{event.name}”是{KIND_NAMES.get(event.kind, event.kind)}项目，"
                        f"不能打印这种文件。"
                    )
                return event
        choices = "、".join(f"{e.code}（{e.name}）" for e in candidates) or "无"
        raise ReportError(f"找不到项目“{key}”。可选项目：{choices}。")

    def events_of(self, kinds: tuple[str, ...], key: str | None) -> list[EventView]:
        """All events of those kinds, or just the named one."""
        if key is not None:
            return [self.event(key, kinds=kinds)]
        found = [e for e in self.events if _accepts(e, kinds)]
        if not found:
            names = "、".join(KIND_NAMES[k] for k in kinds)
            raise ReportError(f"赛事文件中没有{names}项目。")
        return found


KIND_NAMES = {"individual": "个人", "pair": "双人", "team": "团体"}


def _accepts(event: EventView, kinds: tuple[str, ...]) -> bool:
    """A team event played as team matches has rounds: it prints like a pair event."""
    if event.kind in kinds:
        return True
    return event.kind == EventKind.TEAM and bool(event.rounds) and "pair" in kinds


def entrant_label(entrant: FinalEntrant) -> str:
    """The name to print: a pair's or team's name, else the person's."""
    return entrant.name


def named_after(name: str, members: Sequence[str]) -> bool:
    """True when `name` is just the members' names joined ("金明轩/夏洋", "于哲哲、谢平喆",
    "Hans Zimmermann/Anna Zimmermann"): then the name is printed once, not twice."""
    if not members:
        return False
    for separators in (r"[/／、,，&＆+＋]+", r"[/／、,，&＆+＋\s]+"):
        parts = [p.strip() for p in re.split(separators, name) if p.strip()]
        if sorted(parts) == sorted(m.strip() for m in members):
            return True
    return False


def members_text(entrant: FinalEntrant) -> str:
    return "、".join(entrant.members)
