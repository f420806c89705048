"""Looking up what several use cases share: an event's eligibility rules, an entrant by seed
or name, a stored player as the eligibility checks read one (players, registration and teams
all use them; none of those modules imports another for them)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.errors import FinalsError
from app.io.registration import EventRules, PlayerRow
from app.services.snapshots import event_settings_of
from app.store.models import Entrant, Event, Player, Round


def event_rules(session: Session) -> list[EventRules]:
    """Every event's eligibility rules; a bad stored value (an older version's) stops here
    with the command that fixes it, never deep inside a check."""
    events = list(session.scalars(select(Event).order_by(Event.position)))
    typed = {event.code: event_settings_of(event, "eligibility").eligibility for event in events}
    return [
        EventRules(
            code=e.code,
            name=e.name,
            kind=e.kind,
            aliases=tuple(e.eligibility.get("aliases", [])),
            source_event=e.source_event,
            # The typed values, defaults filled in (e.g. professionals allowed unless set).
            eligibility=dict(vars(typed[e.code])),
        )
        for e in events
    ]


def find_entrant(session: Session, event: Event, who: str) -> Entrant:
    """An entrant by seed number or by name."""
    who = who.strip()
    if who.isdecimal():  # not isdigit: "²" is a digit int() cannot read
        for entrant in event.entrants:
            if entrant.seed == int(who):
                return entrant
        raise FinalsError(
            f"{event.name}没有序号为 {who} 的选手。请用 finals players 查看序号。",
            window=f"{event.name}没有序号为 {who} 的选手。序号见“选手”页。",
        )
    matches = [e for e in event.entrants if e.name == who]
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise FinalsError(f"{event.name}中没有名为“{who}”的选手。请检查姓名或改用序号。")
    seeds = "、".join(str(e.seed) for e in matches)
    raise FinalsError(f"{event.name}中有{len(matches)}名“{who}”（序号 {seeds}）。请改用序号指定。")


def player_row(player: Player, row: int = 0, events: tuple[str, ...] = ()) -> PlayerRow:
    """A stored player as the eligibility checks of app.io.registration read one."""
    return PlayerRow(
        row=row,
        name=player.name,
        gender=player.gender,
        birth_date=player.birth_date,
        unit=player.unit,
        region=player.region,
        grade=player.grade,
        rating=player.rating,
        source=player.source,
        qualifier_rank=player.qualifier_rank,
        id_number=None,
        phone=None,
        seed=None,
        events=events,
        group=None,
        platform_account=player.platform_account,
    )


def find_round(event: Event, number: int | None) -> Round:
    """The event's round `number` (its latest when None), or a message saying why not."""
    if number is not None and number < 1:
        raise FinalsError(f"轮次应为 1 或更大的整数（收到 {number}）。不写轮次即为最近一轮。")
    if not event.rounds:
        raise FinalsError(f"{event.name}还没有编排任何轮次。")
    number = number or event.rounds[-1].number
    for rnd in event.rounds:
        if rnd.number == number:
            return rnd
    raise FinalsError(f"{event.name}第{number}轮还没有编排（已编排到第{len(event.rounds)}轮）。")
