"""Manual edits of a round (人工调整): pure functions on a tuple of `PairedGame`.

Each edit returns a new tuple sorted by table; tables keep their numbers unless moved.
A round can also be built by hand: tables added for players not yet paired (`add_pair`),
taken out (`remove_table`), or all of them (`clear_tables`).
An impossible edit (unknown entrant or table) raises `EditError` with a Chinese message
and changes nothing.  Edits never judge legality: the caller runs `check_round` after
every edit and shows its findings as warnings.
"""

from __future__ import annotations

from dataclasses import replace

from app.domain import EntrantId
from app.pairing.model import PairedGame


class EditError(ValueError):
    """An edit that cannot be made, with a Chinese message for the user.

    A message about one entrant holds `{who}`: the caller names him as people know him
    (seed number and name) through `message(who)`; `str(error)` falls back to the id.
    """

    def __init__(self, template: str, entrant: int | None = None) -> None:
        super().__init__(template)
        self.template = template
        self.entrant = entrant

    def message(self, who: str) -> str:
        return self.template.replace("{who}", who)

    def __str__(self) -> str:
        return self.message(f"选手（编号{self.entrant}）")


def _sorted(games: list[PairedGame]) -> tuple[PairedGame, ...]:
    return tuple(sorted(games, key=lambda g: g.table))


def _find(games: tuple[PairedGame, ...], entrant: int) -> int:
    for k, g in enumerate(games):
        if entrant in (g.first, g.second):
            return k
    raise EditError("{who}不在本轮编排中", entrant)


def _table_index(games: tuple[PairedGame, ...], table: int) -> int:
    for k, g in enumerate(games):
        if g.table == table:
            return k
    raise EditError(f"本轮没有第{table}台")


def _put(game: PairedGame, old: EntrantId, new: EntrantId | None) -> PairedGame:
    """`game` with entrant `old` replaced by `new` (None: `old`'s seat becomes empty)."""
    if game.first == old:
        if new is None:
            if game.second is None:
                raise EditError(f"第{game.table}台只剩一名选手，不能移走")
            return PairedGame(game.table, game.second, None)
        return replace(game, first=new)
    return replace(game, second=new)


def swap_players(
    games: tuple[PairedGame, ...], a: EntrantId, b: EntrantId
) -> tuple[PairedGame, ...]:
    """Entrants a and b exchange places (tables and seats)."""
    ka, kb = _find(games, a), _find(games, b)
    out = list(games)
    if ka == kb:
        g = out[ka]
        if g.second is not None:
            out[ka] = PairedGame(g.table, g.second, g.first)
        return _sorted(out)
    out[ka] = _put(out[ka], a, b)
    out[kb] = _put(out[kb], b, a)
    return _sorted(out)


def exchange_colours(games: tuple[PairedGame, ...], table: int) -> tuple[PairedGame, ...]:
    """The two players of `table` exchange seats (first ↔ second)."""
    k = _table_index(games, table)
    g = games[k]
    if g.second is None:
        raise EditError(f"第{table}台是轮空，不能交换先后手")
    out = list(games)
    out[k] = PairedGame(g.table, g.second, g.first)
    return _sorted(out)


def set_against(
    games: tuple[PairedGame, ...], a: EntrantId, b: EntrantId
) -> tuple[PairedGame, ...]:
    """a and b meet at a's table (a keeps his seat); their former opponents meet at b's
    table (the one without an opponent gets the bye there)."""
    if a == b:
        raise EditError("不能让选手与自己对局")
    ka, kb = _find(games, a), _find(games, b)
    if ka == kb:
        return _sorted(list(games))
    ga, gb = games[ka], games[kb]
    x = ga.second if ga.first == a else ga.first  # a's former opponent
    y = gb.second if gb.first == b else gb.first  # b's former opponent
    if ga.first == a:
        new_a = PairedGame(ga.table, a, b)
    else:
        new_a = PairedGame(ga.table, b, a)
    lone = x if x is not None else y
    new_b: PairedGame | None
    if lone is None:
        new_b = None
    elif x is None or y is None:
        new_b = PairedGame(gb.table, lone, None)
    else:
        new_b = PairedGame(gb.table, x, y) if gb.first == b else PairedGame(gb.table, y, x)
    out = [g for k, g in enumerate(games) if k not in (ka, kb)]
    out.append(new_a)
    if new_b is not None:
        out.append(new_b)
    return _sorted(out)


def move_table(games: tuple[PairedGame, ...], table: int, new_table: int) -> tuple[PairedGame, ...]:
    """Renumber `table` to `new_table`; the table that had that number takes the old one."""
    if new_table < 1:
        raise EditError(f"台号必须是正整数（收到{new_table}）")
    k = _table_index(games, table)
    out = list(games)
    for j, g in enumerate(out):
        if g.table == new_table and j != k:
            out[j] = replace(g, table=table)
    out[k] = replace(out[k], table=new_table)
    return _sorted(out)


def give_bye(games: tuple[PairedGame, ...], entrant: EntrantId) -> tuple[PairedGame, ...]:
    """`entrant` gets the bye; the former bye player takes his place.

    If the round has no bye, an entrant who is not yet paired gets a new bye table at the
    end; a paired entrant cannot get a bye then (someone would be left without a game).
    """
    byes = [k for k, g in enumerate(games) if g.second is None]
    present = any(entrant in (g.first, g.second) for g in games)
    if not byes:
        if present:
            raise EditError("本轮没有轮空台，不能把已编排的选手改为轮空")
        last = max((g.table for g in games), default=0)
        return _sorted([*games, PairedGame(last + 1, entrant, None)])
    kb = byes[0]
    holder = games[kb].first
    if holder == entrant:
        return _sorted(list(games))
    if not present:
        raise EditError("{who}不在本轮编排中，不能与轮空选手互换", entrant)
    return swap_players(games, entrant, holder)


def add_pair(
    games: tuple[PairedGame, ...], first: EntrantId, second: EntrantId
) -> tuple[PairedGame, ...]:
    """A new table for two players who are not yet in the round (a round built by hand):
    `first` moves first. It takes the lowest free table number; the bye board stays last."""
    if first == second:
        raise EditError("不能让选手与自己对局")
    for who in (first, second):
        for g in games:
            if who in (g.first, g.second):
                raise EditError(f"{{who}}已在第{g.table}台，请先拆开该台", who)
    used = {g.table for g in games}
    table = next(t for t in range(1, len(used) + 2) if t not in used)
    out = list(games)
    byes = [k for k, g in enumerate(out) if g.second is None and g.table < table]
    if byes:  # the bye board keeps the last number: the new table takes the bye's
        k = byes[-1]
        table, out[k] = out[k].table, replace(out[k], table=table)
    return _sorted([*out, PairedGame(table, first, second)])


def remove_table(games: tuple[PairedGame, ...], table: int) -> tuple[PairedGame, ...]:
    """Take `table` out of the round: its players are unpaired again (to pair by hand)."""
    k = _table_index(games, table)
    return _sorted([g for j, g in enumerate(games) if j != k])


def clear_tables(games: tuple[PairedGame, ...]) -> tuple[PairedGame, ...]:
    """No table left: the round is rebuilt by hand."""
    return ()
