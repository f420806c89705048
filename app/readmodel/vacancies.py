"""Prize places left empty by a disqualification (取消资格, 不顺延): which, and whose.

With `standings.disqualified_places` "empty" a disqualified entrant keeps no place and the
place he held is not given (RULES §7: a prize place nobody holds is not paid). The prize
lists say so, so that nobody looks for the missing line.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.domain import EntrantId
from app.readmodel.model import Final


@dataclass(frozen=True, slots=True)
class VacantPlace:
    """A prize place of an event's own list that a disqualified entrant left empty."""

    event: str
    table_name: str
    place: int
    title: str
    amount: int  # yuan, as the prize table pays it
    entrant: EntrantId
    name: str

    def text(self) -> str:
        return (
            f"空缺：{self.table_name}第{self.place}名（{self.title}）{self.amount}元不发"
            f"——{self.name}取消资格，名次不顺延"
        )

    def to_dict(self) -> dict[str, object]:
        return {
            "event": self.event,
            "table": self.table_name,
            "place": self.place,
            "title": self.title,
            "amount": self.amount,
            "entrant": self.entrant,
            "name": self.name,
        }


def vacant_prize_places(final: Final) -> tuple[VacantPlace, ...]:
    """The prize places of each event's own list held by nobody because their holder was
    disqualified (a place he shared stays with the others: nothing is vacant)."""
    found = []
    for event in final.events:
        standings = event.standings
        if not standings.vacated:
            continue
        names = {e.id: e.name for e in event.entrants}
        for table in event.prize_tables:
            if table.category is not None:
                continue
            paid = table.places_paid(len(event.entrants))
            for row in standings.disqualified:
                if row.shared or row.rank > paid:
                    continue
                prize = next(
                    (p for p in table.places if p.place_from <= row.rank <= p.place_to), None
                )
                if prize is None:
                    continue
                found.append(
                    VacantPlace(
                        event=event.code,
                        table_name=table.name,
                        place=row.rank,
                        title=prize.title,
                        amount=prize.amount,
                        entrant=row.entrant,
                        name=names.get(row.entrant, ""),
                    )
                )
    return tuple(found)
