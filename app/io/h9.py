"""EGF h9: the results table the European Go Database (EGD) reads (issue 18).

What the EGF's rating pages ("Tournament table format") and OpenGotha's writer
(`ExternalDocument.generateH9File`, `ScoredPlayer.halfGamesStrings`) say:

* A plain ASCII text; everything after a semicolon is a comment, empty lines are ignored.
  The header is comment lines with bracketed keys: `; CL[A]` (tournament class),
  `; EV[name]`, `; PC[country,city]`, `; DT[begin,end]` (yyyy-mm-dd), `; HA[...]`
  (handicap rule; left out here: every game carries its handicap, 0), `; KM[7.5]` (komi in
  points), `; TM[minutes]` (adjusted time), `; CM[comment]`.
* One line per player: place, name (surname then given name, a space inside either
  written as `_`), rank (`3d`, `5k`), country (two letters), club (up to 4 characters),
  score columns (OpenGotha writes its placement criteria), then one entry per round.  Every
  line has the same number of round entries.
* A round entry is `<opponent's place><symbol>[/<colour>[<h>]]`: symbol `+` win, `-`
  loss, `=` jigo; colour `w` or `b`; h the handicap (`23+/w0`, `11-/b0`).  A round without
  a game: `0+` a free win, `0-` a free round, `0=` a free round counted half.  OpenGotha
  marks a result by default (forfeit, not rated) with `!` instead of `/` (`12+!`).

This program's side: places are the standings order (a shared rank gets consecutive
places, so every reference names one line); Black moves first, so our first mover is
`b`.  A bye is `0+` (or `0=` / `0-` when a bye scores a draw / nothing); a round the player
did not play is `0-`.  Names are pinyin (`app.pinyin`: surname readings of polyphonic
surnames, 复姓 whole), "Surname Given" with capitals, ü as yu (Lyu); the club is the
pinyin initials of the unit (up to 4) unless one is given; the country is CN unless given.
Only rounds whose every game has a result are written.  Pure: no store.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import date

from app.domain import Result
from app.io.opengotha import GothaError, rank_value, split_name
from app.pinyin import name_key
from app.readmodel.model import FinalEvent, TournamentFacts
from app.settings.komi import parse_komi

CLASSES = ("A", "B", "C", "D")
# Our tie-breaks under the names EGF tables use.
COLUMN_NAMES = {
    "积分": "Pts",
    "对手分": "SOS",
    "中间分": "SOS-2",
    "去一最低对手分": "SOS-1",
    "累进分": "CUSS",
    "对手累进分": "SOCUS",
    "胜局数": "NBW",
    "后手胜局数": "WINW",
    "后手局数": "GMSW",
    "直胜": "DC",
    "犯规": "FOUL",
    "等级分": "RTG",
    "抽签": "LOT",
    "麦克马洪分": "MMS",
    "SOS": "SOS",
    "SOSOS": "SOSOS",
    "SODOS": "SODOS",
}
SCORE_COLUMNS = 4


@dataclass(frozen=True)
class H9Options:
    country: str = "CN"
    club: str | None = None  # one club code for every player; None: from the unit
    tournament_class: str = "A"
    time: int | None = None  # adjusted time in minutes (TM); None: not written
    city: str | None = None  # PC's city; None: the venue in pinyin


@dataclass(frozen=True)
class H9Round:
    """One round of one player: the opponent's place (0: no game) and the symbol."""

    opponent: int
    symbol: str  # + - =
    colour: str = ""  # w | b | "" (no game, or a forfeit)
    forfeit: bool = False

    def text(self) -> str:
        if self.opponent == 0:
            return f"0{self.symbol}"
        if self.forfeit:
            return f"{self.opponent}{self.symbol}!"
        return f"{self.opponent}{self.symbol}/{self.colour}0"


@dataclass(frozen=True)
class H9Player:
    place: int
    surname: str
    given: str
    rank: str  # 3d, 5k
    country: str
    club: str
    scores: tuple[str, ...]
    rounds: tuple[H9Round, ...]
    entrant: int = 0  # the entrant's id (not written)


@dataclass(frozen=True)
class H9Table:
    header: tuple[tuple[str, str], ...]  # (key, value), in order
    columns: tuple[str, ...]
    players: tuple[H9Player, ...]

    @property
    def rounds(self) -> int:
        return max((len(p.rounds) for p in self.players), default=0)


def ascii_text(text: str) -> str:
    """Latin letters only: accents dropped, anything else (CJK, quotes) removed."""
    folded = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in folded if ch.isascii() and (ch.isalnum() or ch in " -_.,'"))


def _syllable(s: str) -> str:
    s = s.lower()
    s = re.sub(r"^([ln])v", r"\1yu", s)  # 吕 lv → lyu, 女 nv → nyu (passport spelling)
    return s.replace("v", "u").replace("ü", "u")


def romanise(text: str) -> list[str]:
    """The words of `text` in pinyin (surname readings first), Latin words kept."""
    syllables, _ = name_key(text)
    words: list[str] = []
    for s in syllables:
        if re.fullmatch(r"[a-zü]+", s):
            words.append(_syllable(s))
        else:
            words.extend(ascii_text(s).split())
    return words


def latin_name(name: str) -> tuple[str, str]:
    """(Surname, Given) in pinyin with capitals: 张三丰 → (Zhang, Sanfeng), 欧阳明宇 →
    (Ouyang, Mingyu), 吕伟 → (Lyu, Wei); a Latin name is folded to ASCII."""
    surname, given = split_name(name)
    if surname == given:
        given = ""
    if any("\u3400" <= ch <= "\u9fff" for ch in name):
        full = romanise(name)
        count = len(surname)
        sur = "".join(full[:count]).capitalize()
        giv = "".join(full[count:]).capitalize()
    else:
        sur = "_".join(ascii_text(surname).split())
        giv = "_".join(ascii_text(given).split())
    return sur or "X", giv


def club_code(unit: str | None) -> str:
    """Up to 4 capitals: the pinyin initials of the unit (杭州市棋类协会 → HZSQ)."""
    if not unit:
        return "xxxx"
    letters = "".join(w[0] for w in romanise(unit) if w).upper()
    return letters[:4] or "xxxx"


def h9_rank(grade: str | None) -> str:
    value = rank_value(grade)
    if value is None:
        return "30k"
    value = max(-30, min(8, value))
    return f"{value + 1}d" if value >= 0 else f"{-value}k"


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _complete_rounds(event: FinalEvent) -> list[int]:
    done = []
    for rnd in sorted(event.rounds, key=lambda r: r.number):
        if not rnd.games or any(g.result is None for g in rnd.games):
            break
        done.append(rnd.number)
    return done


def event_h9(facts: TournamentFacts, event: FinalEvent, options: H9Options) -> H9Table:
    """The event's h9 table: players in standings order, the rounds every result of which
    is in."""
    if event.kind != "individual":
        raise GothaError(
            f"项目 {event.code}（{event.name}）不是个人赛：EGF h9 只收个人成绩。请换一个个人赛项目。"
        )
    country = ascii_text(options.country).upper()
    if len(country) != 2:
        raise GothaError(f"国家代码“{options.country}”应为两个字母，如 CN。")
    if options.tournament_class not in CLASSES:
        raise GothaError(f"比赛等级“{options.tournament_class}”应为 A、B、C 或 D。")
    rounds = _complete_rounds(event)
    if not rounds:
        raise GothaError(
            f"项目 {event.code} 还没有结果齐全的轮次，h9 无成绩可写。请录入第1轮的全部结果后再导出。"
        )
    games = {
        (rnd.number, e): g
        for rnd in event.rounds
        if rnd.number in rounds
        for g in rnd.games
        for e in (g.first, g.second)
        if e is not None
    }
    implied = {e for (_, e) in games}
    rows = [row for row in event.standings.rows if row.entrant in implied]
    place = {row.entrant: k for k, row in enumerate(rows, 1)}
    columns = tuple(event.standings.tiebreak_order[:SCORE_COLUMNS]) or ("积分",)
    players: list[H9Player] = []
    for row in rows:
        entrant = event.entrant(row.entrant)
        assert entrant is not None
        halves: list[H9Round] = []
        for r in rounds:
            g = games.get((r, row.entrant))
            halves.append(_half(g, row.entrant, place, event))
        surname, given = latin_name(entrant.name)
        club = options.club if options.club else club_code(entrant.unit)
        scores = tuple(
            _number(row.points if c == "积分" else row.tiebreaks.get(c, 0.0)) for c in columns
        )
        players.append(
            H9Player(
                place=place[row.entrant],
                surname=surname,
                given=given,
                rank=h9_rank(entrant.grade),
                country=country,
                club=ascii_text(club).replace(" ", "")[:4] or "xxxx",
                scores=scores,
                rounds=tuple(halves),
                entrant=row.entrant,
            )
        )
    komi = parse_komi(facts.komi)
    header: list[tuple[str, str]] = [("CL", options.tournament_class)]
    header.append(("EV", " ".join(w.capitalize() for w in romanise(facts.title)) or event.code))
    city = (
        options.city
        if options.city is not None
        else " ".join(w.capitalize() for w in romanise(facts.venue or ""))
    )
    header.append(("PC", f"{country},{ascii_text(city)}"))
    header.append(("DT", _dates(facts.start_date, facts.end_date)))
    header.append(("KM", f"{float(komi.points):g}" if komi else "7.5"))
    if options.time is not None:
        header.append(("TM", str(options.time)))
    header.append(("CM", f"{event.code} {ascii_text(' '.join(romanise(event.name)))}".strip()))
    return H9Table(
        header=tuple(header),
        columns=tuple(COLUMN_NAMES.get(c, f"TB{k}") for k, c in enumerate(columns, 1)),
        players=tuple(players),
    )


def _dates(start: date | None, end: date | None) -> str:
    if start is None and end is None:
        return ""
    first = start or end
    last = end or start
    assert first is not None and last is not None
    return f"{first.isoformat()},{last.isoformat()}"


def _half(g: object, entrant: int, place: dict[int, int], event: FinalEvent) -> H9Round:
    from app.readmodel.model import FinalGame

    if not isinstance(g, FinalGame):
        return H9Round(0, "-")
    result = Result(g.result) if g.result else None
    if g.second is None or result is Result.BYE:
        rules = event.scoring
        if rules.bye >= rules.win:
            return H9Round(0, "+")
        return H9Round(0, "=" if rules.bye >= rules.draw and rules.bye > rules.loss else "-")
    first = g.first == entrant
    opponent = place[g.second if first else g.first]
    colour = "b" if first else "w"
    if result is Result.DRAW:
        return H9Round(opponent, "=", colour)
    if result is Result.NOT_PLAYED or result is None:
        return H9Round(0, "-")
    if result is Result.DOUBLE_FORFEIT:
        return H9Round(opponent, "-", forfeit=True)
    if result.is_forfeit:
        won = (result is Result.FIRST_WINS_BY_FORFEIT) == first
        return H9Round(opponent, "+" if won else "-", forfeit=True)
    won = (result is Result.FIRST_WINS) == first
    return H9Round(opponent, "+" if won else "-", colour)


def write_h9(table: H9Table) -> str:
    """The file's text: ASCII, LF line ends, columns lined up."""
    lines = [f"; {key}[{value}]" for key, value in table.header]
    lines.append("; Generated by Finals Manager")
    lines.append(";")
    name_width = max([len(f"{p.surname} {p.given}") for p in table.players] + [20])
    head = f"; {'Pl':>2} {'Name':<{name_width}} {'Rk':>3} Co Club"
    head += "".join(f" {c[:5]:>5}" for c in table.columns)
    lines.append(head)
    for p in table.players:
        name = f"{p.surname} {p.given}".strip()
        text = f"{p.place:>4} {name:<{name_width}} {p.rank:>3} {p.country} {p.club:<4}"
        text += "".join(f" {s:>5}" for s in p.scores)
        text += "".join(f" {h.text():>7}" for h in p.rounds)
        lines.append(text.rstrip())
    out = "\n".join(lines) + "\n"
    if not out.isascii():  # never: every field went through ascii_text
        raise GothaError("h9 文件只能含 ASCII 字符；请用 --club、--city 给出拉丁字母写法。")
    return out


__all__ = [
    "CLASSES",
    "H9Options",
    "H9Player",
    "H9Round",
    "H9Table",
    "club_code",
    "event_h9",
    "latin_name",
    "romanise",
    "write_h9",
]
