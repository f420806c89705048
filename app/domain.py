"""The shared vocabulary of the pure core: results, scoring and played games.

Pairing (`app.pairing`) and standings (`app.standings`) both read games through these
frozen types; neither knows about the store.  "first" is the first mover (Black in Go
and Gomoku; TRF "white"), "second" the second mover.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import NewType

EntrantId = NewType("EntrantId", int)
"""An entrant's id in the file (a player, pair or team of one event): never a seed number."""

Seed = NewType("Seed", int)
"""An entrant's seed number in its event (编号 1, 2, …): what people type and see."""


class Outcome(StrEnum):
    """One side's outcome of one game: over the board, by forfeit, not played or a bye."""

    WIN = "W"
    LOSS = "L"
    DRAW = "D"
    FORFEIT_WIN = "FW"
    FORFEIT_LOSS = "FL"
    NOT_PLAYED = "NP"
    BYE = "BYE"

    @property
    def zh(self) -> str:
        """The cross-table's word: 胜, 负, 和, 未赛, 轮空 (a forfeit is marked apart)."""
        return OUTCOME_WORDS_ZH[self]

    @property
    def en(self) -> str:
        return _OUTCOME_WORDS_EN[self]

    @property
    def trf_code(self) -> str:
        """The FIDE TRF-16 result code: 1 0 = + - (not played: "-"; a bye: "U")."""
        return TRF_CODES[self]

    @property
    def is_win(self) -> bool:
        """Won over the board or by forfeit."""
        return self in (Outcome.WIN, Outcome.FORFEIT_WIN)

    @property
    def is_played(self) -> bool:
        """Played over the board (won, drawn or lost)."""
        return self in (Outcome.WIN, Outcome.DRAW, Outcome.LOSS)


class Result(StrEnum):
    """The result of one table, the first mover's side first (TRF order)."""

    FIRST_WINS = "1-0"
    SECOND_WINS = "0-1"
    DRAW = "="
    FIRST_WINS_BY_FORFEIT = "+-"
    SECOND_WINS_BY_FORFEIT = "-+"
    DOUBLE_FORFEIT = "--"
    NOT_PLAYED = "0-0"
    BYE = "bye"

    @property
    def is_forfeit(self) -> bool:
        return self in (
            Result.FIRST_WINS_BY_FORFEIT,
            Result.SECOND_WINS_BY_FORFEIT,
            Result.DOUBLE_FORFEIT,
        )

    @property
    def is_played(self) -> bool:
        """A game actually played over the board (forfeits, byes and 0-0 are not)."""
        return self in (Result.FIRST_WINS, Result.SECOND_WINS, Result.DRAW)

    @property
    def wording(self) -> ResultWording:
        return RESULT_WORDING[self]

    @property
    def zh(self) -> str:
        """Chinese words, seat-neutral: 先手胜, 后手弃权, 和棋 …"""
        return self.wording.zh()

    @property
    def en(self) -> str:
        """English words: "first wins", "second forfeits" …"""
        return self.wording.en

    @property
    def key(self) -> str | None:
        """The result-entry key typed after a table number ("12 1"); None for a bye."""
        return self.wording.key

    @property
    def score_text(self) -> str:
        """How a printed sheet shows it: "1 : 0", "和", "+ : -", "未赛", "轮空"."""
        return self.wording.score

    def words_zh(self, first: str = "先手", second: str = "后手", explain: bool = False) -> str:
        """Chinese words with the movers named as the game calls them: `words_zh("黑", "白")`
        gives 黑胜, 白弃权; `explain=True` adds who wins a forfeit: 白弃权（黑胜）."""
        return self.wording.zh(first, second, explain)

    def outcome(self, first_side: bool) -> Outcome:
        """The first or the second mover's outcome (`Outcome.WIN`, … `Outcome.BYE`)."""
        pair = self.wording.outcomes
        return pair[0] if first_side else pair[1]

    def trf_code(self, first_side: bool) -> str:
        """The FIDE TRF result code of the first mover (TRF "white") or the second:
        1 0 = + - (not played counts as a loss by forfeit, "-"; a bye is "U")."""
        return self.outcome(first_side).trf_code


@dataclass(frozen=True)
class ResultWording:
    """How one result is written, typed and read (see `RESULT_WORDING`).

    `zh_pattern` names the movers `{f}` and `{s}`; `forfeit_winner` is the side a forfeit
    result awards the game to (`{f}`/`{s}`), so the words can explain it.
    """

    zh_pattern: str
    en: str
    key: str | None
    score: str
    outcomes: tuple[Outcome, Outcome]
    spellings: tuple[str, ...]  # accepted besides the value itself, shown in the help
    hidden_spellings: tuple[str, ...] = ()  # accepted, not shown in the help
    forfeit_winner: str = ""

    def zh(self, first: str = "先手", second: str = "后手", explain: bool = False) -> str:
        words = self.zh_pattern.format(f=first, s=second)
        if explain and self.forfeit_winner:
            words += "（" + self.forfeit_winner.format(f=first, s=second) + "胜）"
        return words


RESULT_WORDING: dict[Result, ResultWording] = {
    Result.FIRST_WINS: ResultWording(
        "{f}胜",
        "first wins",
        "1",
        "1 : 0",
        (Outcome.WIN, Outcome.LOSS),
        ("1:0", "黑胜"),
        ("先手胜", "先胜", "黑棋胜"),
    ),
    Result.SECOND_WINS: ResultWording(
        "{s}胜",
        "second wins",
        "0",
        "0 : 1",
        (Outcome.LOSS, Outcome.WIN),
        ("0:1", "白胜"),
        ("后手胜", "后胜", "白棋胜"),
    ),
    Result.DRAW: ResultWording(
        "和棋",
        "draw",
        "=",
        "和",
        (Outcome.DRAW, Outcome.DRAW),
        ("½-½", "和"),
        ("和棋", "½:½", "1/2-1/2", "1/2:1/2", "平局"),
    ),
    # 白弃权 = White (the second mover) forfeits, so the first mover wins by forfeit.
    Result.FIRST_WINS_BY_FORFEIT: ResultWording(
        "{s}弃权",
        "second forfeits",
        "+",
        "+ : -",
        (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
        ("白弃权",),
        ("后手弃权",),
        forfeit_winner="{f}",
    ),
    Result.SECOND_WINS_BY_FORFEIT: ResultWording(
        "{f}弃权",
        "first forfeits",
        "-",
        "- : +",
        (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
        ("黑弃权",),
        ("先手弃权",),
        forfeit_winner="{s}",
    ),
    Result.DOUBLE_FORFEIT: ResultWording(
        "双方弃权",
        "both forfeit",
        "--",
        "- : -",
        (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS),
        ("双弃权",),
        ("双方弃权",),
    ),
    Result.NOT_PLAYED: ResultWording(
        "未赛",
        "not played",
        "00",
        "未赛",
        (Outcome.NOT_PLAYED, Outcome.NOT_PLAYED),
        ("0:0", "未赛"),
        (),
    ),
    Result.BYE: ResultWording("轮空", "bye", None, "轮空", (Outcome.BYE, Outcome.BYE), (), ()),
}

OUTCOME_WORDS_ZH: dict[Outcome, str] = {
    Outcome.WIN: "胜",
    Outcome.LOSS: "负",
    Outcome.DRAW: "和",
    Outcome.FORFEIT_WIN: "胜",
    Outcome.FORFEIT_LOSS: "负",
    Outcome.NOT_PLAYED: "未赛",
    Outcome.BYE: "轮空",
}
"""One side's outcome in a cross-table cell ("12黑胜"; a forfeit is marked apart)."""

_OUTCOME_WORDS_EN: dict[Outcome, str] = {
    Outcome.WIN: "won",
    Outcome.LOSS: "lost",
    Outcome.DRAW: "drawn",
    Outcome.FORFEIT_WIN: "won by forfeit",
    Outcome.FORFEIT_LOSS: "lost by forfeit",
    Outcome.NOT_PLAYED: "not played",
    Outcome.BYE: "bye",
}

TRF_CODES: dict[Outcome, str] = {
    Outcome.WIN: "1",
    Outcome.LOSS: "0",
    Outcome.DRAW: "=",
    Outcome.FORFEIT_WIN: "+",
    Outcome.FORFEIT_LOSS: "-",
    Outcome.NOT_PLAYED: "-",
    Outcome.BYE: "U",
}
"""One side's outcome as a TRF-16 result code (see `app.io.trf`)."""

ENTERED_RESULTS: tuple[Result, ...] = tuple(r for r in Result if r is not Result.BYE)
"""Results a person can enter for a table (a bye is given by the pairing, never typed)."""

RESULT_ALIASES: dict[str, Result] = {
    spelling: result
    for result in ENTERED_RESULTS
    for spelling in (result.value, *result.wording.spellings, *result.wording.hidden_spellings)
}
"""Every accepted spelling (after `normalize_result_text`) → its result."""

RESULT_KEYS: dict[str, Result] = {
    r.wording.key: r for r in ENTERED_RESULTS if r.wording.key is not None
}
"""The result-entry keys ("12 1⏎"): 1 0 = + - -- 00."""

_DASHES = str.maketrans({c: "-" for c in "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u2043\ufe58"})


def normalize_result_text(text: str) -> str:
    """Full-width forms, Unicode dashes and spaces folded: "１：０" → "1:0", "1 – 0" → "1-0"."""
    text = unicodedata.normalize("NFKC", text).translate(_DASHES)
    return "".join(text.split()).replace("1\u20442", "½")


def parse_result(text: str) -> Result | None:
    """The result a person typed, or None when it is not one we know (never raises).

    Accepted everywhere (window, CLI, CSV, phone): see `RESULT_HELP`.  A bye is not a
    result anyone types, so "bye" is refused.
    """
    if not isinstance(text, str):
        return None
    return RESULT_ALIASES.get(normalize_result_text(text))


def parse_result_key(text: str) -> Result | None:
    """A result-entry key ("1", "0", "=", "+", "-", "--", "00") or any accepted spelling."""
    if not isinstance(text, str):
        return None
    folded = normalize_result_text(text)
    return RESULT_KEYS.get(folded) or RESULT_ALIASES.get(folded)


def result_help(results: Iterable[Result] = ENTERED_RESULTS) -> str:
    """What can be typed for each result, in Chinese, e.g. for an error message:
    "1-0 先手胜（或 1:0、黑胜）、0-1 后手胜（或 0:1、白胜）…"."""
    parts = []
    for result in results:
        wording = result.wording
        text = f"{result.value} {wording.zh()}"
        others = [s for s in wording.spellings if s != wording.zh()]
        if others:
            text += "（或 " + "、".join(others) + "）"
        parts.append(text)
    return "、".join(parts) + "；全角字符亦可"


RESULT_HELP = result_help()
"""The one help text listing every accepted result spelling."""


class EntrantStatus(StrEnum):
    """Whether an entrant is still in the event (a withdrawal names its first round apart;
    a disqualification, 取消资格, the round after which it applies and its reason)."""

    PLAYING = "playing"
    WITHDRAWN = "withdrawn"
    DISQUALIFIED = "disqualified"

    @property
    def zh(self) -> str:
        return {
            EntrantStatus.PLAYING: "参赛",
            EntrantStatus.WITHDRAWN: "退赛",
            EntrantStatus.DISQUALIFIED: "取消资格",
        }[self]

    @property
    def en(self) -> str:
        return {
            EntrantStatus.PLAYING: "Playing",
            EntrantStatus.WITHDRAWN: "Withdrawn",
            EntrantStatus.DISQUALIFIED: "Disqualified",
        }[self]


class RoundStatus(StrEnum):
    """An entrant's status for one round when it is not simply playing (请假: not paired,
    no bye; a requested bye's points are stored beside it)."""

    ABSENT = "absent"
    PLAYING = "playing"
    # Sat the round out as withdrawn, kept when the withdrawal is undone later (the round
    # stays as it was paired: 退赛 that round, not a missing player).
    WITHDRAWN = "withdrawn"

    @property
    def zh(self) -> str:
        return {
            RoundStatus.ABSENT: "请假",
            RoundStatus.PLAYING: "参赛",
            RoundStatus.WITHDRAWN: "退赛",
        }[self]

    @property
    def en(self) -> str:
        return {
            RoundStatus.ABSENT: "Absent",
            RoundStatus.PLAYING: "Playing",
            RoundStatus.WITHDRAWN: "Withdrawn",
        }[self]


class RoundState(StrEnum):
    """Where a round stands: paired (results still open) or complete (every table has one)."""

    PAIRED = "paired"
    COMPLETE = "complete"

    @property
    def zh(self) -> str:
        return "已完成" if self is RoundState.COMPLETE else "进行中"


class LateChangeAction(StrEnum):
    """What a forced late change did to a team after its source event's round 1 was paired."""

    COMPOSED = "composed"
    DISSOLVED = "dissolved"

    @property
    def zh(self) -> str:
        return "强制组队" if self is LateChangeAction.COMPOSED else "强制解散"


class EventKind(StrEnum):
    """What one entrant of an event is: a player, a pair or a team."""

    INDIVIDUAL = "individual"
    PAIR = "pair"
    TEAM = "team"

    @property
    def zh(self) -> str:
        return _EVENT_KIND_LABELS[self][0]

    @property
    def en(self) -> str:
        return _EVENT_KIND_LABELS[self][1]

    @property
    def has_members(self) -> bool:
        """A pair or a team: an entrant with members."""
        return self is not EventKind.INDIVIDUAL


_EVENT_KIND_LABELS: dict[EventKind, tuple[str, str]] = {
    EventKind.INDIVIDUAL: ("个人", "Individual"),
    EventKind.PAIR: ("双人", "Pair"),
    EventKind.TEAM: ("团体", "Team"),
}


class CertificateKind(StrEnum):
    """The certificates the program prints and numbers (issue 14)."""

    PRIZE = "prize"
    GRADE = "grade"
    PARTICIPATION = "participation"

    @property
    def zh(self) -> str:
        """The certificate's name as the register and the command line say it."""
        return _CERTIFICATE_LABELS[self][0]

    @property
    def en(self) -> str:
        return _CERTIFICATE_LABELS[self][1]


_CERTIFICATE_LABELS: dict[CertificateKind, tuple[str, str]] = {
    CertificateKind.PRIZE: ("获奖证书", "Prize certificate"),
    CertificateKind.GRADE: ("等级证书", "Grade certificate"),
    CertificateKind.PARTICIPATION: ("参赛证书", "Participation certificate"),
}


@dataclass(frozen=True)
class Scoring:
    """Points per outcome (RULES §1); negative values are allowed."""

    win: float = 2
    draw: float = 1
    loss: float = 0
    bye: float = 2
    forfeit_win: float = 2
    forfeit_loss: float = 0

    @classmethod
    def from_dict(cls, data: dict[str, float]) -> Scoring:
        known = {k: float(v) for k, v in data.items() if k in cls.__dataclass_fields__}
        return cls(**known)

    def to_dict(self) -> dict[str, float]:
        return {name: getattr(self, name) for name in self.__dataclass_fields__}


@dataclass(frozen=True)
class GameRecord:
    """One board of one round as the core sees it.

    `second` is None for a bye.  `result` is None while the game is unfinished.
    `seat_swapped` (Gomoku 三手交换) means the final colours were exchanged; colour
    balance always follows the seat (`first`/`second`).
    """

    round: int
    table: int
    first: EntrantId
    second: EntrantId | None
    result: Result | None
    fouls_first: int = 0
    fouls_second: int = 0
    seat_swapped: bool = False
    # Team matches: the board points each team scored in this match (局分).
    first_board_points: float = 0.0
    second_board_points: float = 0.0
    # Go (issue 29): the stones the second mover (White) gives the first (Black); 0: even.
    handicap: int = 0

    @property
    def is_bye(self) -> bool:
        return self.second is None

    def opponent_of(self, entrant: int) -> int | None:
        if entrant == self.first:
            return self.second
        if entrant == self.second:
            return self.first
        raise ValueError(f"entrant {entrant} did not play this game")

    def involves(self, entrant: int) -> bool:
        return entrant in (self.first, self.second)


def points_for(game: GameRecord, entrant: int, scoring: Scoring) -> float:
    """Points `entrant` earned in `game` (0 while unfinished)."""
    result = game.result
    if result is None:
        return 0.0
    if game.second is None or result is Result.BYE:
        return scoring.bye
    is_first = entrant == game.first
    if result is Result.DRAW:
        return scoring.draw
    if result is Result.NOT_PLAYED:
        return 0.0
    if result is Result.DOUBLE_FORFEIT:
        return scoring.forfeit_loss
    if result is Result.FIRST_WINS:
        return scoring.win if is_first else scoring.loss
    if result is Result.SECOND_WINS:
        return scoring.loss if is_first else scoring.win
    if result is Result.FIRST_WINS_BY_FORFEIT:
        return scoring.forfeit_win if is_first else scoring.forfeit_loss
    return scoring.forfeit_loss if is_first else scoring.forfeit_win


def outcome_for(game: GameRecord, entrant: int) -> Outcome | None:
    """`entrant`'s outcome of `game`; None while it is unfinished."""
    result = game.result
    if result is None:
        return None
    if game.second is None or result is Result.BYE:
        return Outcome.BYE
    return result.outcome(entrant == game.first)
