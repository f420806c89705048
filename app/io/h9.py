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
Only rounds whose every game has a result are written.

An event imported from OpenGotha (issue 29 §4) is written as OpenGotha writes it: the
file's header (EV, PC's city, DT, KM; HA[h<n>] when its handicap correction is n > 0), each
player's own country and a club code already of up to 4 Latin letters or digits (`38Gr`),
the file's split of a name with spaces as `_` (`lavielle_escoubet julie`), each game's
handicap (`/b4`), a McMahon round on leave by what it counts (`0=` half a win), and the
score columns in wins (MMS 25, not 50; a half as `.5`).  Pure: no store.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

from app.domain import EntrantId, EventKind, Result
from app.io.opengotha import GothaError, kept_facts, player_key, rank_value, split_name
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
    handicap: int = 0

    def text(self) -> str:
        if self.opponent == 0:
            return f"0{self.symbol}"
        if self.forfeit:
            return f"{self.opponent}{self.symbol}!"
        return f"{self.opponent}{self.symbol}/{self.colour}{self.handicap}"


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
    """A club code already of up to 4 Latin letters or digits as it is (OpenGotha's `38Gr`);
    otherwise up to 4 capitals: the pinyin initials of the unit (杭州市棋类协会 → HZSQ)."""
    if not unit:
        return "xxxx"
    if re.fullmatch(r"[A-Za-z0-9]{1,4}", unit.strip()):
        return unit.strip()
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


def _refuse_rewritten(options: H9Options) -> None:
    """The header texts the arbiter typed are written as typed or refused: never cut or
    stripped of what h9 cannot hold without saying so."""
    if not re.fullmatch(r"[A-Za-z]{2}", options.country):
        raise GothaError(f"--country “{options.country}”应为两个拉丁字母（如 CN），未导出。")
    if options.club is not None and not re.fullmatch(r"[A-Za-z0-9]{1,4}", options.club):
        raise GothaError(
            f"--club “{options.club}”应为 1 到 4 个拉丁字母或数字（如 HZWQ），未导出；"
            "省略则取各单位的拼音首字母。"
        )
    if options.city is not None and (
        not options.city.strip() or ascii_text(options.city) != options.city
    ):
        raise GothaError(
            f"--city “{options.city}”只能用拉丁字母、数字、空格和 - _ . , '（如 Hangzhou），"
            "未导出；省略则取比赛地点的拼音。"
        )


def event_h9(facts: TournamentFacts, event: FinalEvent, options: H9Options) -> H9Table:
    """The event's h9 table: players in standings order, the rounds every result of which
    is in."""
    if event.kind != EventKind.INDIVIDUAL:
        raise GothaError(
            f"项目 {event.code}（{event.name}）不是个人赛：EGF h9 只收个人成绩。请换一个个人赛项目。"
        )
    _refuse_rewritten(options)
    country = options.country.upper()
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
    kept = kept_facts(event)
    found = kept.get("players")
    kept_players: Mapping[str, Any] = found if isinstance(found, Mapping) else {}
    general = _kept_set(kept, "GeneralParameterSet")
    absent = _absent_symbol(event)
    win = event.scoring.win or 1
    players: list[H9Player] = []
    for row in rows:
        entrant = event.entrant(row.entrant)
        assert entrant is not None
        halves: list[H9Round] = []
        for r in rounds:
            g = games.get((r, row.entrant))
            if g is None and r in entrant.absent_rounds and absent:
                halves.append(H9Round(0, absent))  # on leave: what the McMahon score counts
                continue
            halves.append(_half(g, row.entrant, place, event))
        surname, given = _file_name(kept_players, entrant.name) or latin_name(entrant.name)
        club = options.club if options.club else club_code(entrant.unit)
        scores = tuple(
            _number(_in_wins(c, row.points if c == "积分" else row.tiebreaks.get(c, 0.0), win))
            for c in columns
        )
        own = ascii_text(entrant.country or "").upper()
        players.append(
            H9Player(
                place=place[row.entrant],
                surname=surname,
                given=given,
                rank=h9_rank(entrant.grade),
                country=own if len(own) == 2 else country,
                club=ascii_text(club).replace(" ", "")[:4] or "xxxx",
                scores=scores,
                rounds=tuple(halves),
                entrant=row.entrant,
            )
        )
    komi = parse_komi(facts.komi)
    header: list[tuple[str, str]] = [("CL", options.tournament_class)]
    if general.get("name"):  # the event's own header, as the imported file had it
        header.append(("EV", ascii_text(general["name"]).strip() or event.code))
    else:
        header.append(("EV", " ".join(w.capitalize() for w in romanise(facts.title)) or event.code))
    venue = general.get("location") if general else facts.venue
    city = (
        options.city
        if options.city is not None
        else " ".join(w.capitalize() for w in romanise(venue or ""))
    )
    header.append(("PC", f"{country},{ascii_text(city)}"))
    begin, end = (
        (_iso(general.get("beginDate")), _iso(general.get("endDate")))
        if general
        else (facts.start_date, facts.end_date)
    )
    header.append(("DT", _dates(begin, end)))
    correction = _whole(_kept_set(kept, "HandicapParameterSet").get("hdCorrection"))
    if correction > 0:  # as OpenGotha writes it: the handicap lowered by this many stones
        header.append(("HA", f"h{correction}"))
    if general.get("komi"):
        header.append(("KM", ascii_text(general["komi"]).strip() or "7.5"))
    else:
        header.append(("KM", f"{float(komi.points):g}" if komi else "7.5"))
    if options.time is not None:
        header.append(("TM", str(options.time)))
    header.append(("CM", f"{event.code} {ascii_text(' '.join(romanise(event.name)))}".strip()))
    return H9Table(
        header=tuple(header),
        columns=tuple(COLUMN_NAMES.get(c, f"TB{k}") for k, c in enumerate(columns, 1)),
        players=tuple(players),
    )


# Columns counted in game points: written in wins, OpenGotha's unit (MMS 25, not 50).
_IN_POINTS = frozenset(
    "积分 对手分 中间分 去一最低对手分 累进分 对手累进分 麦克马洪分 SOS SOSOS SODOS".split()
)


def _in_wins(column: str, value: float, win: float) -> float:
    return value / win if column in _IN_POINTS else value


def _absent_symbol(event: FinalEvent) -> str:
    """A McMahon round on leave as OpenGotha writes it (its MMS for the round: `0+` a win,
    `0=` half, `0-` none); "" elsewhere (a round not played is `0-`)."""
    typed = event.settings
    if typed.pairing.system != "mcmahon":
        return ""
    score = typed.mcmahon.absent_score
    return "+" if score >= 1 else "=" if score >= 0.5 else "-"


def _file_name(players: Mapping[str, Any], name: str) -> tuple[str, str] | None:
    """The imported file's own surname and given name, spaces as `_` (OpenGotha's
    `lavielle_escoubet julie`); None when the file did not split the name otherwise."""
    kept = players.get(player_key(*split_name(name)))
    if not isinstance(kept, Mapping) or "name" not in kept or "firstName" not in kept:
        return None
    surname = "_".join(ascii_text(str(kept["name"])).split())
    given = "_".join(ascii_text(str(kept["firstName"])).split())
    return (surname, given) if surname else None


def _kept_set(kept: Mapping[str, Any], tag: str) -> dict[str, str]:
    tree = (kept.get("parameters") or {}).get("TournamentParameterSet")
    if not isinstance(tree, list) or len(tree) != 3:
        return {}
    for child in tree[2]:
        if child[0] == tag:
            return {str(k): str(v) for k, v in child[1].items()}
    return {}


def _iso(text: str | None) -> date | None:
    try:
        return date.fromisoformat((text or "").strip())
    except ValueError:
        return None


def _whole(text: str | None) -> int:
    try:
        return int((text or "0").strip())
    except ValueError:
        return 0


def _dates(start: date | None, end: date | None) -> str:
    if start is None and end is None:
        return ""
    first = start or end
    last = end or start
    assert first is not None and last is not None
    return f"{first.isoformat()},{last.isoformat()}"


def _half(g: object, entrant: int, place: dict[EntrantId, int], event: FinalEvent) -> H9Round:
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
        return H9Round(opponent, "=", colour, handicap=g.handicap)
    if result is Result.NOT_PLAYED or result is None:
        return H9Round(0, "-")
    if result is Result.DOUBLE_FORFEIT:
        return H9Round(opponent, "-", forfeit=True)
    if result.is_forfeit:
        won = (result is Result.FIRST_WINS_BY_FORFEIT) == first
        return H9Round(opponent, "+" if won else "-", forfeit=True)
    won = (result is Result.FIRST_WINS) == first
    return H9Round(opponent, "+" if won else "-", colour, handicap=g.handicap)


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
