"""The disqualified (取消资格) a list shows after its ranking: the event's, or a category's
own (the standings' rule for who belongs to a category)."""

from __future__ import annotations

from app.readmodel.model import FinalCategory, FinalEntrant, FinalEvent
from app.standings.categories import Category, in_category
from app.standings.model import Standing, StandingsEntrant


def in_final_category(entrant: FinalEntrant, cat: FinalCategory) -> bool:
    """Whether `entrant` belongs to `cat` (the standings' own rule, `in_category`)."""
    category = Category(
        cat.code, cat.name, cat.gender, cat.born_from, cat.born_to, min_grade=cat.min_grade
    )
    born = entrant.birth_date.isoformat() if entrant.birth_date else None
    person = StandingsEntrant(
        entrant.id, entrant.seed, gender=entrant.gender, birth_date=born, grade=entrant.grade
    )
    try:
        return in_category(person, category)
    except ValueError:
        return False


def disqualified_rows(event: FinalEvent, category: str | None = None) -> tuple[Standing, ...]:
    """The disqualified of `event`'s standings, or of one of its categories (by code or
    name): listed after the ranking, with no place."""
    gone = event.standings.disqualified
    if category is None:
        return gone
    cat = next((c for c in event.categories if category in (c.code, c.name)), None)
    if cat is None:  # a list the arbiter filtered himself: none of the regulation's own
        return ()
    entrants = {e.id: e for e in event.entrants}
    return tuple(
        r for r in gone if r.entrant in entrants and in_final_category(entrants[r.entrant], cat)
    )
