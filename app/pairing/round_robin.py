"""Berger tables (循环赛贝格尔编排表).

Positions are 1..n.  For an odd n a phantom position n + 1 is added; its partner has the
bye, returned as `(position, 0)` at the end of the round.  The first number of a pair
moves first.  Round numbers past one cycle start a second cycle with the seats reversed.

The construction is FIDE's: position n (or the phantom) is fixed; in round r (0-based k)
it meets p = (k · n/2) mod (n − 1) + 1, moving second in odd rounds and first in even
rounds; the others meet in pairs p + j v p − j (mod n − 1), j = 1 .. n/2 − 1, the first
of them moving first.  This reproduces the published tables (4: 1-4 2-3 / 4-3 1-2 /
2-4 3-1).
"""

from __future__ import annotations

MAX_ENTRANTS = 24


def berger_rounds(n: int) -> int:
    """Rounds in one cycle for n entrants."""
    if n < 2:
        return 0
    return n - 1 if n % 2 == 0 else n


def berger_round(n: int, round_number: int) -> list[tuple[int, int]]:
    """The pairs of Berger round `round_number` (1-based) for n entrants."""
    if n < 2 or round_number < 1:
        return []
    m = n + (n % 2)  # even size, including the phantom
    cycle = m - 1
    k = (round_number - 1) % cycle
    second_cycle = ((round_number - 1) // cycle) % 2 == 1

    def wrap(x: int) -> int:
        return (x - 1) % cycle + 1

    p = (k * (m // 2)) % cycle + 1
    pairs: list[tuple[int, int]] = [(p, m) if k % 2 == 0 else (m, p)]
    for j in range(1, m // 2):
        pairs.append((wrap(p + j), wrap(p - j)))
    if second_cycle:
        pairs = [(b, a) for a, b in pairs]
    if m != n:
        bye = [a if b == m else b for a, b in pairs if m in (a, b)]
        pairs = [pr for pr in pairs if m not in pr] + [(bye[0], 0)]
    return pairs
