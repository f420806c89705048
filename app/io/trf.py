"""FIDE Tournament Report File (TRF-16) with the TRF(x) lines `XXR` and `XXC`.

Only what a Swiss pairing needs is interpreted; every other line is kept verbatim so
that a file read and written again changes nothing it does not understand.

Player lines (`001`) are fixed-width; 1-based columns:
    1-3 "001", 5-8 pairing number, 10 sex, 11-13 title, 15-47 name, 49-52 rating,
    54-56 federation, 58-68 FIDE id, 70-79 birth date, 81-84 points, 86-89 rank,
    then one 10-column block per round from column 92: 4 opponent, 1 blank, colour
    (`w`, `b`, `-`), 1 blank, result.
Result codes: `1 0 =` (played: win, loss, draw), `+ -` (forfeit win / loss), `W D L`
(win, draw, loss not rated), `U` (pairing-allocated bye), `H F Z` (half-point,
full-point and zero-point byes the player asked for), blank (not paired).
TRF "white" is the first mover (Black in Go and Gomoku).

Line ends may be CR, LF or CRLF; a file is written with LF.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from app.pairing.dutch_core import (
    BLACK,
    WHITE,
    DutchMatch,
    DutchPlayer,
    DutchTournament,
    pair_dutch_players,
    trf_order,
)

Colour = Literal["w", "b", "-"]

PLAYED_CODES = frozenset("10=WDL")
FORFEIT_CODES = frozenset("+-")
BYE_CODES = frozenset("UHFZ")
RESULT_CODES = PLAYED_CODES | FORFEIT_CODES | BYE_CODES


class TrfError(ValueError):
    """A TRF file that cannot be read; the message names the line."""


@dataclass(frozen=True)
class TrfRound:
    """One round of one player."""

    opponent: int | None  # pairing number, None for byes and unpaired rounds
    colour: Colour
    result: str  # one code of RESULT_CODES, or " " (not paired)

    @property
    def played(self) -> bool:
        """A game over the board (not a forfeit, not a bye)."""
        return self.opponent is not None and self.result in PLAYED_CODES

    @property
    def paired(self) -> bool:
        """The pairing gave the player an opponent or the pairing-allocated bye."""
        return self.opponent is not None or self.result == "U"

    def points(self, win: float = 1.0, draw: float = 0.5, loss: float = 0.0) -> float:
        code = self.result
        if code in "1W+FU":
            return win
        if code in "=DH":
            return draw
        return loss

    def block(self) -> str:
        opp = f"{self.opponent:4d}" if self.opponent is not None else "0000"
        if self.result == " " and self.opponent is None:
            return "          "
        return f"{opp} {self.colour} {self.result}  "


@dataclass(frozen=True)
class TrfPlayer:
    number: int
    name: str = ""
    sex: str = " "
    title: str = "   "
    rating: int = 0
    federation: str = "   "
    fide_id: str = ""
    birth: str = ""
    points: float = 0.0
    rank: int = 0
    rounds: tuple[TrfRound, ...] = ()

    def computed_points(self, win: float = 1.0, draw: float = 0.5) -> float:
        return sum(r.points(win, draw) for r in self.rounds)

    def line(self) -> str:
        text = (
            f"001 {self.number:4d} {self.sex[:1]:1}{self.title[:3]:>3} {self.name[:33]:<33} "
            f"{self.rating if self.rating else '':>4} {self.federation[:3]:<3} "
            f"{self.fide_id[:11]:>11} {self.birth[:10]:<10} {_fmt_points(self.points):>4} "
            f"{self.rank if self.rank else '':>4}"
        )
        text += "  " + "".join(r.block() for r in self.rounds)
        return text.rstrip()


@dataclass(frozen=True)
class TrfFile:
    players: tuple[TrfPlayer, ...]
    name: str = ""
    total_rounds: int | None = None  # XXR
    initial_colour: Literal["white", "black"] | None = None  # XXC white1 / black1
    other_lines: tuple[str, ...] = field(default=())  # kept verbatim, in order

    @property
    def rounds_played(self) -> int:
        """The rounds the file has a column for, a round only requested byes fill included."""
        return max((len(p.rounds) for p in self.players), default=0)

    @property
    def rounds_paired(self) -> int:
        """The rounds already paired, as bbpPairings counts them: up to the last round in
        which a player took part in a pairing (a game, a pairing-allocated bye U, a forfeit
        win +).  A later column holding only requested byes (H, F, Z) or absences belongs to
        a round still to pair: its players are not paired in it."""
        paired = 0
        for p in self.players:
            for k, r in enumerate(p.rounds):
                if r.opponent is None and r.result == " ":
                    continue  # blank: as if not there
                took_part = r.opponent is not None or r.result in ("U", "+")
                paired = max(paired, k + 1 if took_part else k)
        return paired

    def player(self, number: int) -> TrfPlayer:
        for p in self.players:
            if p.number == number:
                return p
        raise KeyError(number)


def _fmt_points(value: float) -> str:
    return f"{value:.1f}"


def split_lines(text: str) -> list[str]:
    """Lines of a text with CR, LF or CRLF line ends."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _int(text: str, what: str, lineno: int, default: int = 0) -> int:
    text = text.strip()
    if not text:
        return default
    try:
        return int(text)
    except ValueError:
        raise TrfError(f"第{lineno}行：{what}“{text}”不是整数") from None


def _parse_round(block: str, lineno: int, rnd: int) -> TrfRound:
    block = block.ljust(8)
    opp_text = block[0:4].strip()
    colour = block[5:6].strip().lower() or "-"
    result = block[7:8]
    if not opp_text and not result.strip():
        return TrfRound(None, "-", " ")
    opponent = _int(opp_text, f"第{rnd}轮对手编号", lineno) if opp_text else 0
    if colour not in ("w", "b", "-"):
        raise TrfError(f"第{lineno}行：第{rnd}轮颜色“{colour}”应为 w、b 或 -")
    code = result.upper() if result.strip() else " "
    if code not in RESULT_CODES and code != " ":
        raise TrfError(f"第{lineno}行：第{rnd}轮结果代码“{result}”无法识别")
    if opponent == 0:
        return TrfRound(None, "-", code)
    return TrfRound(opponent, colour, code)  # type: ignore[arg-type]


def _parse_player(line: str, lineno: int) -> TrfPlayer:
    padded = line.ljust(91)
    number = _int(padded[4:8], "选手编号", lineno)
    if number <= 0:
        raise TrfError(f"第{lineno}行：选手编号缺失")
    points_text = padded[80:84].strip()
    try:
        points = float(points_text) if points_text else 0.0
    except ValueError:
        raise TrfError(f"第{lineno}行：积分“{points_text}”不是数字") from None
    rounds: list[TrfRound] = []
    tail = line[91:] if len(line) > 91 else ""
    k = 0
    while k * 10 < len(tail):
        block = tail[k * 10 : k * 10 + 10]
        rounds.append(_parse_round(block, lineno, k + 1))
        k += 1
    while rounds and rounds[-1].opponent is None and rounds[-1].result == " ":
        rounds.pop()
    return TrfPlayer(
        number=number,
        sex=padded[9:10],
        title=padded[10:13],
        name=padded[14:47].strip(),
        rating=_int(padded[48:52], "等级分", lineno),
        federation=padded[53:56].strip(),
        fide_id=padded[57:68].strip(),
        birth=padded[69:79].strip(),
        points=points,
        rank=_int(padded[85:89], "名次", lineno),
        rounds=tuple(rounds),
    )


def parse_trf(text: str) -> TrfFile:
    """Read a TRF-16 file; raises TrfError naming the line on bad input."""
    players: list[TrfPlayer] = []
    other: list[str] = []
    name = ""
    total: int | None = None
    initial: Literal["white", "black"] | None = None
    for lineno, line in enumerate(split_lines(text.lstrip("\ufeff")), 1):
        if not line.strip():
            continue
        tag = line[:3]
        if tag == "001":
            players.append(_parse_player(line, lineno))
            continue
        if tag == "012":
            name = line[4:].strip()
        elif tag == "XXR":
            total = _int(line[4:], "总轮数", lineno)
        elif tag == "XXC":
            words = line[4:].lower().split()
            if "white1" in words:
                initial = "white"
            elif "black1" in words:
                initial = "black"
        other.append(line)
    numbers = [p.number for p in players]
    if len(set(numbers)) != len(numbers):
        raise TrfError("选手编号有重复")
    if not players:
        raise TrfError("文件中没有选手行（001）")
    known = set(numbers)
    for p in players:
        for rnd, r in enumerate(p.rounds, 1):
            if r.opponent is not None and r.opponent not in known:
                raise TrfError(f"{p.number}号选手第{rnd}轮的对手{r.opponent}号不在文件中")
    return TrfFile(
        players=tuple(sorted(players, key=lambda p: p.number)),
        name=name,
        total_rounds=total,
        initial_colour=initial,
        other_lines=tuple(other),
    )


def write_trf(trf: TrfFile) -> str:
    """The file as text (LF line ends); header lines first, then the players."""
    lines: list[str] = []
    seen_012 = seen_xxr = seen_xxc = False
    for line in trf.other_lines:
        tag = line[:3]
        if tag == "012":
            seen_012 = True
            line = f"012 {trf.name}"
        elif tag == "XXR":
            seen_xxr = True
            if trf.total_rounds is None:
                continue
            line = f"XXR {trf.total_rounds}"
        elif tag == "XXC":
            seen_xxc = True
            if trf.initial_colour is None:
                continue
            line = f"XXC {trf.initial_colour}1"
        lines.append(line)
    head: list[str] = []
    if not seen_012:
        head.append(f"012 {trf.name}")
    lines = head + lines
    if not seen_xxr and trf.total_rounds is not None:
        lines.append(f"XXR {trf.total_rounds}")
    if not seen_xxc and trf.initial_colour is not None:
        lines.append(f"XXC {trf.initial_colour}1")
    # Players right after the 012 line, as the usual files have them.
    players = [p.line() for p in trf.players]
    insert_at = 1 if lines and lines[0].startswith("012") else 0
    out = lines[:insert_at] + players + lines[insert_at:]
    return "\n".join(out) + "\n"


def parse_pairs(text: str) -> list[tuple[int, int]]:
    """A pairing file: the pair count, then `WHITE BLACK` per board (0 = bye)."""
    rows = [ln.split() for ln in split_lines(text) if ln.strip()]
    if not rows:
        return []
    count = int(rows[0][0])
    pairs = [(int(r[0]), int(r[1])) for r in rows[1:]]
    if count != len(pairs):
        raise TrfError(f"配对文件首行写{count}对，实际{len(pairs)}对")
    return pairs


def write_pairs(pairs: list[tuple[int, int]]) -> str:
    """The output form of the FIDE-endorsed engines."""
    return "\n".join([str(len(pairs)), *(f"{w} {b}" for w, b in pairs)]) + "\n"


def with_round(trf: TrfFile, pairs: list[tuple[int, int]]) -> TrfFile:
    """The file with one more (unplayed, result blank) round from `pairs`, in the column
    of the round after those paired: a bye requested for that round (or a later one) stays."""
    extra: dict[int, TrfRound] = {}
    for w, b in pairs:
        if b == 0:
            extra[w] = TrfRound(None, "-", "U")
        else:
            extra[w] = TrfRound(b, "w", " ")
            extra[b] = TrfRound(w, "b", " ")
    rnd = trf.rounds_paired
    blank = TrfRound(None, "-", " ")
    players = []
    for p in trf.players:
        rounds = list(p.rounds[:rnd]) + [blank] * (rnd - len(p.rounds))
        rounds.append(extra.get(p.number, p.rounds[rnd] if len(p.rounds) > rnd else blank))
        rounds.extend(p.rounds[rnd + 1 :])
        players.append(replace(p, rounds=tuple(rounds)))
    return replace(trf, players=tuple(players))


__all__ = [
    "TrfError",
    "dutch_tournament",
    "pair_trf",
    "TrfFile",
    "TrfPlayer",
    "TrfRound",
    "parse_pairs",
    "parse_trf",
    "split_lines",
    "with_round",
    "write_pairs",
    "write_trf",
]


def dutch_tournament(trf: TrfFile, round_number: int | None = None) -> DutchTournament:
    """The Dutch engine's view of the file, to pair round `round_number` (the next one).

    Points are tenths, read from the file's points column (1 / ½ / 0).  A player with
    an entry for the round to be paired (e.g. a requested bye) is not paired.
    """
    played = trf.rounds_paired if round_number is None else round_number - 1
    order = sorted(trf.players, key=lambda p: p.number)
    players: list[DutchPlayer] = []
    to_pair: set[int] = set()
    for rank, p in enumerate(order):
        matches: list[DutchMatch] = []
        for r in p.rounds[:played]:
            colour = {"w": WHITE, "b": BLACK}.get(r.colour)
            matches.append(
                DutchMatch(
                    opponent=r.opponent,
                    colour=colour if r.opponent is not None else None,
                    played=r.played,
                    paired=r.paired,
                    win=r.result in "1W+FU" and r.result != " ",
                    points=round(10 * r.points()),
                )
            )
        while len(matches) < played:
            matches.append(DutchMatch(None, None, False, False, False, 0))
        score = round(10 * p.points) if p.points or not matches else 0
        if sum(m.points for m in matches) != score:
            score = sum(m.points for m in matches)
        players.append(DutchPlayer(p.number, rank, score, tuple(matches)))
        if (
            len(p.rounds) <= played
            or p.rounds[played].result == " "
            and p.rounds[played].opponent is None
        ):
            to_pair.add(p.number)
    initial = trf.initial_colour
    if initial is None:
        initial = _infer_initial_colour(order)
    return DutchTournament(
        players=tuple(players),
        to_pair=frozenset(to_pair),
        played_rounds=played,
        total_rounds=trf.total_rounds or max(played + 1, 1),
        win=10,
        draw=5,
        initial_white=initial == "white",
        forfeits_count_as_met=False,
    )


def _infer_initial_colour(order: list[TrfPlayer]) -> Literal["white", "black"]:
    """Without `XXC`: the colour the round-1 games give the pairing number 1 (white)."""
    for rank, p in enumerate(order):
        if p.rounds and p.rounds[0].played and p.rounds[0].colour in ("w", "b"):
            opp = p.rounds[0].opponent
            if opp is not None and opp > p.number:
                white = p.rounds[0].colour == "w"
                if rank % 2 == 1:
                    white = not white
                return "white" if white else "black"
    return "white"


def pair_trf(trf: TrfFile) -> list[tuple[int, int]]:
    """The next round of the file by the Dutch system, as `(white, black)`; bye `(n, 0)`."""
    return trf_order(pair_dutch_players(dutch_tournament(trf)))
