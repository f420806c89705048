"""Read-only views over the export document (docs/export-schema.md).

The reports only ever read the fields named here, so nothing private that a document
might carry by mistake can reach paper.  Missing optional fields fall back gracefully.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from functools import cached_property
from typing import Any

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


class EventView:
    """One event of the document with its entrants, rounds and standings indexed."""

    def __init__(self, doc: DocView, data: dict[str, Any]) -> None:
        self.doc = doc
        self.data = data

    @property
    def code(self) -> str:
        return str(self.data.get("code", ""))

    @property
    def name(self) -> str:
        return str(self.data.get("name") or self.code)

    @property
    def kind(self) -> str:
        return str(self.data.get("kind", "individual"))

    @property
    def rounds_planned(self) -> int:
        return int(self.data.get("rounds_planned") or len(self.rounds))

    @property
    def settings(self) -> dict[str, Any]:
        return self.data.get("settings") or {}

    @cached_property
    def entrants(self) -> dict[int, dict[str, Any]]:
        return {int(e["id"]): e for e in self.data.get("entrants", [])}

    @property
    def rounds(self) -> list[dict[str, Any]]:
        return sorted(self.data.get("rounds", []), key=lambda r: r["number"])

    @property
    def standings(self) -> list[dict[str, Any]]:
        return list(self.data.get("standings", []))

    @property
    def categories(self) -> list[dict[str, Any]]:
        return list(self.data.get("categories", []))

    def entrant(self, entrant_id: int | None) -> dict[str, Any]:
        if entrant_id is None:
            return {}
        return self.entrants.get(int(entrant_id), {"name": f"#{entrant_id}", "seed": ""})

    def round(self, number: int | None, *, need_games: bool = True) -> dict[str, Any]:
        """The round `number`, or the latest paired one when None."""
        rounds = self.rounds
        if self.kind == "team" and not rounds:
            raise ReportError(f"“{self.name}”是团体项目，没有轮次对阵；请选择其来源个人项目。")
        if not rounds:
            raise ReportError(f"“{self.name}”尚未编排任何轮次。")
        if number is None:
            return rounds[-1]
        for rnd in rounds:
            if rnd["number"] == number:
                if need_games and not rnd.get("games"):
                    break
                return rnd
        done = "、".join(str(r["number"]) for r in rounds)
        raise ReportError(f"“{self.name}”第{number}轮尚未编排（已编排的轮次：{done}）。")

    @property
    def last_complete_round(self) -> int:
        """The round the document's standings are after (the export says so)."""
        if isinstance(self.data.get("standings_round"), int):
            return int(self.data["standings_round"])
        numbers = [r["number"] for r in self.rounds if r.get("status") == "complete"]
        return max(numbers, default=0)

    def category(self, key: str) -> dict[str, Any]:
        for cat in self.categories:
            if key in (cat.get("code"), cat.get("name")):
                return cat
        names = "、".join(f"{c.get('code')}（{c.get('name')}）" for c in self.categories) or "无"
        raise ReportError(f"“{self.name}”没有组别“{key}”。可选组别：{names}。")

    @property
    def tiebreak_order(self) -> list[str]:
        """The event's tie-breaks in force, in order (every value exported if none is set)."""
        configured = (self.settings.get("standings") or {}).get("tiebreaks") or []
        order = [name for name in configured if name != "积分"]
        if order:
            return order
        seen: list[str] = []
        for row in self.standings:
            seen += [n for n in row.get("tiebreaks") or {} if n != "积分" and n not in seen]
        return seen

    @property
    def is_team_match(self) -> bool:
        """A team event played as matches (pairing.team_format=match): its own rounds, match
        points (场分) and board points (局分), not the sum of its members' results."""
        pairing = (self.settings or {}).get("pairing") or {}
        return self.kind == "team" and pairing.get("team_format") == "match"

    def source_event(self) -> EventView | None:
        code = self.data.get("source_event")
        if not code:
            return None
        for event in self.doc.events:
            if event.code == code:
                return event
        return None


class DocView:
    """The whole export document."""

    def __init__(self, doc: dict[str, Any]) -> None:
        if not isinstance(doc, dict) or "tournament" not in doc:
            raise ReportError("这不是本程序导出的赛事文件（缺少 tournament 部分）。")
        self.data = doc
        self.events = [EventView(self, e) for e in doc.get("events", [])]

    @property
    def tournament(self) -> dict[str, Any]:
        return self.data.get("tournament") or {}

    @property
    def title(self) -> str:
        return str(self.tournament.get("title") or "")

    @property
    def game(self) -> str:
        return str(self.tournament.get("game") or "go")

    @property
    def is_gomoku(self) -> bool:
        return self.game == "gomoku"

    @property
    def colours(self) -> Colours:
        return GOMOKU_COLOURS if self.is_gomoku else GO_COLOURS

    @property
    def komi(self) -> str | None:
        return self.tournament.get("komi") or None

    @property
    def exported_at(self) -> datetime | None:
        text = self.data.get("exported_at")
        if not text:
            return None
        try:
            return datetime.fromisoformat(str(text))
        except ValueError:
            return None

    @property
    def prizes(self) -> list[dict[str, Any]]:
        return list(self.data.get("prizes") or [])

    @property
    def grades(self) -> list[dict[str, Any]]:
        return list(self.data.get("grades") or [])

    def date_range(self) -> str:
        start = parse_date(self.tournament.get("start_date"))
        end = parse_date(self.tournament.get("end_date"))
        if start and end and start != end:
            return f"{start:%Y-%m-%d} 至 {end:%Y-%m-%d}"
        day = start or end
        return f"{day:%Y-%m-%d}" if day else ""

    def award_date(self) -> date:
        """The date printed on certificates: the last day, else the export date, else today."""
        end = parse_date(self.tournament.get("end_date"))
        if end:
            return end
        exported = self.exported_at
        return exported.date() if exported else date.today()

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
    return event.kind == "team" and bool(event.rounds) and "pair" in kinds


def entrant_label(entrant: dict[str, Any]) -> str:
    """The name to print: a pair's or team's name, else the person's."""
    return str(entrant.get("name") or "")


def members_text(entrant: dict[str, Any]) -> str:
    return "、".join(str(m) for m in entrant.get("members") or [])
