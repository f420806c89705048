"""The 26 Gomoku designated openings (指定开局, RULES §8) and the per-round draw.

Board 15×15, columns A–O, rows 1–15, centre H8.  Black 1 on H8; White 2 on H9 (直指,
direct) or I9 (斜指, indirect); Black 3 as listed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Literal

Kind = Literal["直指", "斜指"]


@dataclass(frozen=True)
class Opening:
    number: int
    name: str
    kind: Kind
    moves: str  # "H8 H9 H10"


def _build() -> tuple[Opening, ...]:
    direct = (
        ("寒星", "H10"),
        ("溪月", "I10"),
        ("疏星", "J10"),
        ("花月", "I9"),
        ("残月", "J9"),
        ("雨月", "I8"),
        ("金星", "J8"),
        ("松月", "H7"),
        ("丘月", "I7"),
        ("新月", "J7"),
        ("瑞星", "H6"),
        ("山月", "I6"),
        ("游星", "J6"),
    )
    indirect = (
        ("长星", "J10"),
        ("峡月", "J9"),
        ("恒星", "J8"),
        ("水月", "J7"),
        ("流星", "J6"),
        ("云月", "I8"),
        ("浦月", "I7"),
        ("岚月", "I6"),
        ("银月", "H7"),
        ("明星", "H6"),
        ("斜月", "G7"),
        ("名月", "G6"),
        ("彗星", "F6"),
    )
    out = [Opening(k + 1, name, "直指", f"H8 H9 {b3}") for k, (name, b3) in enumerate(direct)]
    out += [Opening(k + 14, name, "斜指", f"H8 I9 {b3}") for k, (name, b3) in enumerate(indirect)]
    return tuple(out)


OPENINGS: tuple[Opening, ...] = _build()
OPENINGS_BY_NAME: dict[str, Opening] = {o.name: o for o in OPENINGS}


def opening(name_or_number: str | int) -> Opening:
    """Look an opening up by name ("寒星") or number (1..26); KeyError if unknown."""
    if isinstance(name_or_number, int):
        if 1 <= name_or_number <= len(OPENINGS):
            return OPENINGS[name_or_number - 1]
        raise KeyError(name_or_number)
    return OPENINGS_BY_NAME[name_or_number.strip()]


def draw_opening(seed: int, previous: str | None, no_repeat: bool) -> str:
    """The opening drawn for a round with the recorded `seed` (same seed, same draw).

    With `no_repeat`, the opening of the previous round (`previous`) is not drawn again.
    """
    names = [o.name for o in OPENINGS]
    if no_repeat and previous is not None and previous.strip() in OPENINGS_BY_NAME:
        names.remove(previous.strip())
    return random.Random(seed).choice(names)
