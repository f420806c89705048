"""Small builders for hand-made pairing cases: entrant id = seed number."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from app.domain import GameRecord, Result
from app.pairing.model import PairedGame, PairingEntrant, PairingRequest, PairingSettings

NAMES = ("张三 李四 王五 赵六 钱七 孙八 周九 吴十 郑一 冯二 陈三 褚四 卫五 蒋六 沈七 韩八").split()

W, L, D = Result.FIRST_WINS, Result.SECOND_WINS, Result.DRAW


def entrants(n: int, units: Sequence[str | None] | None = None) -> tuple[PairingEntrant, ...]:
    return tuple(
        PairingEntrant(
            id=k,
            seed=k,
            name=NAMES[k - 1] if k <= len(NAMES) else f"选手{k}",
            unit=units[k - 1] if units else None,
        )
        for k in range(1, n + 1)
    )


def games(rows: Iterable[tuple[int, int, int | None, Result | None]]) -> tuple[GameRecord, ...]:
    """(round, first, second or None for a bye, result) → records, tables in row order."""
    out = []
    per_round: dict[int, int] = {}
    for rnd, first, second, result in rows:
        per_round[rnd] = per_round.get(rnd, 0) + 1
        res = Result.BYE if second is None and result is None else result
        out.append(GameRecord(rnd, per_round[rnd], first, second, res))
    return tuple(out)


def request(
    n: int,
    round_number: int,
    history: Iterable[tuple[int, int, int | None, Result | None]] = (),
    *,
    active: Iterable[int] | None = None,
    units: Sequence[str | None] | None = None,
    rounds_planned: int = 9,
    lot_seed: int | None = None,
    **settings: object,
) -> PairingRequest:
    return PairingRequest(
        round_number=round_number,
        rounds_planned=rounds_planned,
        entrants=entrants(n, units),
        active=frozenset(active if active is not None else range(1, n + 1)),
        history=games(history),
        settings=PairingSettings.from_dict(dict(settings)),
        lot_seed=lot_seed,
    )


def pairs(games_: Sequence[PairedGame]) -> list[tuple[int, int | None]]:
    return [(g.first, g.second) for g in games_]


def unordered(games_: Sequence[PairedGame]) -> set[frozenset[int | None]]:
    return {frozenset((g.first, g.second)) for g in games_}
