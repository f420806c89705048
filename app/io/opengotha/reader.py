"""Reading an OpenGotha file (`parse_opengotha`), hardened: a DOCTYPE or an entity
declaration is refused outright, expat gives each element's line for the messages.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from xml.parsers import expat

from app.io.opengotha.model import (
    GOTHA_ROUNDS,
    KEPT_TREES,
    MAX_BYTES,
    MAX_TABLES,
    PLACEMENT_NAMES,
    PLAYER_EXTRA,
    SWISS_PLACEMENT,
    UNSUPPORTED_RESULTS,
    GothaBye,
    GothaError,
    GothaGame,
    GothaParameters,
    GothaPlayer,
    GothaResult,
    GothaTournament,
    KeptNode,
)
from app.io.opengotha.ranks import parse_rank, rank_text, rating_of_rank

# -- reading -------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Element:
    tag: str
    attrs: Mapping[str, str]
    line: int
    parent: str  # the parent's tag ("" for the root)
    depth: int = 0  # 0 for the root


@dataclass
class _Reader:
    elements: list[_Element] = field(default_factory=list)
    stack: list[str] = field(default_factory=list)


def _refuse_declarations(data: bytes) -> None:
    for word in (b"<!DOCTYPE", b"<!ENTITY"):
        at = data.find(word)
        if at >= 0:
            line = data.count(b"\n", 0, at) + 1
            what = "文档类型声明（DOCTYPE）" if word == b"<!DOCTYPE" else "实体声明（ENTITY）"
            raise GothaError(
                f"第{line}行：文件含有{what}。OpenGotha 文件不需要它，为安全起见不予读取；"
                "请用 OpenGotha 重新导出，或删去这一段后再导入。"
            )


_DECLARATION = re.compile(
    rb"""\A(?:\xef\xbb\xbf)?<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._:-]+)["']"""
)
_TEXT_DECLARATION = re.compile(r"""(\A<\?xml[^>]*?encoding\s*=\s*["'])[^"']+""")
_EXPAT_OWN = {
    "utf-8",
    "utf8",
    "utf-16",
    "utf16",
    "iso-8859-1",
    "latin-1",
    "latin1",
    "us-ascii",
    "ascii",
}


def _as_utf8(data: bytes) -> bytes:
    """The file in UTF-8 when it declares an encoding expat cannot read itself (GBK, GB2312,
    UTF-7, windows-1252...) but Python can; refused in Chinese when nobody can."""
    found = _DECLARATION.match(data)
    if found is None:
        return data
    declared = found.group(1).decode("ascii")
    if declared.lower() in _EXPAT_OWN:
        return data
    try:
        text = data.decode(codecs.lookup(declared).name)
    except LookupError:
        raise GothaError(
            f"文件声明的编码“{declared}”无法识别。请在 OpenGotha 中重新导出（UTF-8 编码），"
            "或把文件另存为 UTF-8 编码，并把第一行的 encoding 改为 UTF-8 后再导入。"
        ) from None
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise GothaError(
            f"第{line}行：文件声明的编码是“{declared}”，但内容不是该编码（编码不符）。"
            "请在 OpenGotha 中重新导出（UTF-8 编码）后再导入。"
        ) from None
    # The same document, declared as what it now is.
    return _TEXT_DECLARATION.sub(r"\1UTF-8", text.lstrip("\ufeff"), count=1).encode("utf-8")


def _elements(data: bytes) -> list[_Element]:
    if len(data) > MAX_BYTES:
        raise GothaError(f"文件超过 {MAX_BYTES // 1_000_000} MB，不像 OpenGotha 文件。")
    _refuse_declarations(data)
    data = _as_utf8(data)
    reader = _Reader()
    parser = expat.ParserCreate()

    def start(tag: str, attrs: dict[str, str]) -> None:
        parent = reader.stack[-1] if reader.stack else ""
        reader.elements.append(
            _Element(tag, attrs, parser.CurrentLineNumber, parent, len(reader.stack))
        )
        reader.stack.append(tag)

    def end(tag: str) -> None:
        reader.stack.pop()

    def refuse(*_args: object) -> None:
        raise GothaError(
            f"第{parser.CurrentLineNumber}行：文件含有文档类型或实体声明，为安全起见不予读取；"
            "请用 OpenGotha 重新导出。"
        )

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    parser.ExternalEntityRefHandler = refuse  # type: ignore[assignment]
    try:
        parser.Parse(data, True)
    except expat.ExpatError as exc:
        if exc.lineno == 1 and not reader.elements:
            raise GothaError(
                "这不是 XML 文件（OpenGotha 文件以 <?xml 开头，根元素为 <Tournament>）。"
                "请在 OpenGotha 中用“文件 → 导出 → 完整 XML”另存后再导入。"
            ) from None
        raise GothaError(
            f"第{exc.lineno}行第{exc.offset + 1}列：XML 格式错误（{expat.ErrorString(exc.code)}）。"
            "文件可能不完整或被手工改坏，请用 OpenGotha 重新导出。"
        ) from None
    return reader.elements


def _int(
    el: _Element,
    attr: str,
    default: int | None = None,
    low: int | None = None,
    high: int | None = None,
) -> int:
    text = el.attrs.get(attr)
    if text is None or not text.strip():
        if default is None:
            raise GothaError(f"第{el.line}行 <{el.tag}>：缺少属性 {attr}，请补上。")
        return default
    try:
        value = int(text.strip())
    except ValueError:
        raise GothaError(
            f"第{el.line}行 <{el.tag}>：属性 {attr}=“{text}”应为整数，请改正。"
        ) from None
    if low is not None and value < low:
        raise GothaError(f"第{el.line}行 <{el.tag}>：属性 {attr}=“{text}”应不小于 {low}，请改正。")
    if high is not None and value > high:
        raise GothaError(
            f"第{el.line}行 <{el.tag}>：属性 {attr}=“{text}”应不大于 {high}"
            f"（OpenGotha 最多 {GOTHA_ROUNDS} 轮、{MAX_TABLES} 台），请改正。"
        )
    return value


def _player(el: _Element) -> GothaPlayer:
    name = el.attrs.get("name", "").strip()
    first = el.attrs.get("firstName", "").strip()
    if not name or not first:
        raise GothaError(f"第{el.line}行 <Player>：姓（name）和名（firstName）都不能为空，请补上。")
    rank_attr = el.attrs.get("rank", "30K")
    try:
        value = parse_rank(rank_attr)
    except ValueError:
        raise GothaError(
            f"第{el.line}行 <Player name=“{name}” firstName=“{first}”>：段级位 rank=“{rank_attr}”"
            "无法识别。请改为 5D（5段）、10K（10级）这样的写法，从 30K 到 9D。"
        ) from None
    rating = _int(el, "rating", rating_of_rank(value))
    flags = el.attrs.get("participating", "1" * GOTHA_ROUNDS)
    participating = tuple(
        (flags[r] != "0") if r < len(flags) else True for r in range(GOTHA_ROUNDS)
    )
    status = el.attrs.get("registeringStatus", "FIN").strip().upper() or "FIN"
    if status not in ("FIN", "PRE"):
        raise GothaError(
            f"第{el.line}行 <Player name=“{name}”>：registeringStatus=“{status}”应为 FIN（正式报名）"
            "或 PRE（预报名），请改正。"
        )
    return GothaPlayer(
        name=name,
        first_name=first,
        rank=rank_text(value),
        rating=rating,
        rating_origin=el.attrs.get("ratingOrigin", ""),
        country=el.attrs.get("country", ""),
        club=el.attrs.get("club", ""),
        participating=participating,
        registered=status == "FIN",
        line=el.line,
        smms_correction=_int(el, "smmsCorrection", 0, low=-9, high=9),
        extra=_player_extra(el.attrs),
    )


def _player_extra(attrs: Mapping[str, str]) -> dict[str, str]:
    """PLAYER_EXTRA of a <Player>: the ones it fills in, and an empty rating origin (a
    rating of unknown origin, which this program's own INI / MAN would change)."""
    extra = {k: attrs[k] for k in PLAYER_EXTRA if attrs.get(k)}
    if extra.get("ratingOrigin") in ("INI", "MAN"):
        del extra["ratingOrigin"]
    if attrs.get("ratingOrigin") == "":
        extra["ratingOrigin"] = ""
    return extra


def _result(el: _Element) -> GothaResult:
    text = el.attrs.get("result", "RESULT_UNKNOWN").strip()
    try:
        return GothaResult(text)
    except ValueError:
        allowed = "、".join(r.value for r in GothaResult)
        raise GothaError(
            f"第{el.line}行 <Game>：结果 result=“{text}”无法识别。请改为 {allowed} 之一。"
        ) from None


def _key(el: _Element, attr: str, keys: Mapping[str, GothaPlayer]) -> str:
    key = el.attrs.get(attr, "")
    if key not in keys:
        # OpenGotha's own fallback: the key as ASCII upper case.
        folded = key.replace(" ", "").upper()
        if folded in keys:
            return folded
        raise GothaError(
            f"第{el.line}行 <{el.tag}>：{attr}=“{key}”不是 <Players> 中任何一名选手"
            "（选手的键为姓名去掉空格后大写，如 ZHANGSAN 或 张三）。请改正选手名，"
            "或在 <Players> 中补上这名选手。"
        )
    return key


def parse_opengotha(data: bytes) -> GothaTournament:
    """Read an OpenGotha XML file; GothaError (Chinese, naming the line) on bad input."""
    elements = _elements(data)
    if not elements or elements[0].tag != "Tournament":
        root = elements[0].tag if elements else "（无）"
        raise GothaError(
            f"根元素是 <{root}>，不是 OpenGotha 的 <Tournament>：这不是 OpenGotha 比赛文件。"
            "请在 OpenGotha 中导出完整的 XML 比赛文件再导入。"
        )
    players: dict[str, GothaPlayer] = {}
    for el in elements:
        if el.tag == "Player" and el.parent == "Players":
            p = _player(el)
            if p.key in players:
                raise GothaError(
                    f"第{el.line}行 <Player>：选手“{p.name} {p.first_name}”与第"
                    f"{players[p.key].line}行的选手重复（键 {p.key} 相同）。"
                    "OpenGotha 按姓名区分选手，请删去重复的一行或改正姓名。"
                )
            players[p.key] = p
    if not players:
        raise GothaError(
            "文件中没有选手（<Players> 下没有 <Player>），无法导入。请确认导出的是完整的比赛文件。"
        )
    games: list[GothaGame] = []
    seen: dict[tuple[int, str], int] = {}
    tables: dict[tuple[int, int], int] = {}
    for el in elements:
        if el.tag != "Game" or el.parent != "Games":
            continue
        rnd = _int(el, "roundNumber", 1, low=1, high=GOTHA_ROUNDS)
        table = _int(el, "tableNumber", 1, low=1, high=MAX_TABLES)
        white, black = _key(el, "whitePlayer", players), _key(el, "blackPlayer", players)
        if white == black:
            raise GothaError(f"第{el.line}行 <Game>：白方和黑方是同一名选手，请改正。")
        for key in (white, black):
            if (rnd, key) in seen:
                raise GothaError(
                    f"第{el.line}行 <Game>：选手 {key} 在第{rnd}轮已有一盘棋（第"
                    f"{seen[(rnd, key)]}行），同一轮只能下一盘。请删去多余的一盘。"
                )
            seen[(rnd, key)] = el.line
        if (rnd, table) in tables:
            raise GothaError(
                f"第{el.line}行 <Game>：第{rnd}轮第{table}台与第{tables[(rnd, table)]}行重复，"
                "请改正台号。"
            )
        tables[(rnd, table)] = el.line
        known = el.attrs.get("knownColor", el.attrs.get("strKnownColor", "true")) != "false"
        games.append(
            GothaGame(
                round=rnd,
                table=table,
                white=white,
                black=black,
                result=_result(el),
                known_colour=known,
                handicap=_int(el, "handicap", 0, low=0),
                line=el.line,
            )
        )
    byes: list[GothaBye] = []
    for el in elements:
        # In <ByePlayers>; Pairgoth writes them in a <ByePlayer> wrapper of its own.
        if el.tag != "ByePlayer" or el.parent not in ("ByePlayers", "ByePlayer"):
            continue
        rnd = _int(el, "roundNumber", 1, low=1, high=GOTHA_ROUNDS)
        key = _key(el, "player", players)
        if (rnd, key) in seen:
            raise GothaError(
                f"第{el.line}行 <ByePlayer>：选手 {key} 在第{rnd}轮已有对局（第"
                f"{seen[(rnd, key)]}行），不能同时轮空。请删去其一。"
            )
        seen[(rnd, key)] = el.line
        byes.append(GothaBye(rnd, key, el.line))
    return GothaTournament(
        players=tuple(players.values()),
        games=tuple(sorted(games, key=lambda g: (g.round, g.table))),
        byes=tuple(sorted(byes, key=lambda b: b.round)),
        parameters=_parameters(elements),
        save_time=elements[0].attrs.get("saveDT", ""),
        kept=_kept_trees(elements),
        lost=_lost(elements),
    )


_PLAYER_ATTRS = frozenset(
    "name firstName country club rank rating participating registeringStatus smmsCorrection "
    "grade".split()
) | frozenset(PLAYER_EXTRA)
_GAME_ATTRS = frozenset(
    "roundNumber tableNumber whitePlayer blackPlayer knownColor strKnownColor handicap "
    "result".split()
)
_READ_TAGS = {"Players": "Tournament", "Player": "Players", "Games": "Tournament"}
_READ_TAGS |= {"Game": "Games", "ByePlayers": "Tournament", "ByePlayer": "ByePlayers"}


def _lost(elements: Sequence[_Element]) -> tuple[str, ...]:
    """What an import drops, field by field: a player's declared grade other than his rank,
    attributes and elements this program has no place for (KEPT_TREES are kept whole)."""
    lines: list[str] = []
    unknown: dict[tuple[str, str], list[int]] = {}
    elements_lost: dict[str, list[int]] = {}
    inside = -1  # depth of the kept tree being read
    for el in elements:
        if inside >= 0 and el.depth <= inside:
            inside = -1
        if inside >= 0 or el.depth == 0:
            continue
        if el.tag in KEPT_TREES and el.depth == 1:
            inside = el.depth
            continue
        if el.tag == "ByePlayer" and el.parent in ("Tournament", "ByePlayer"):
            continue  # Pairgoth's wrapper and the byes in it
        if _READ_TAGS.get(el.tag) != el.parent:
            if el.depth == 1 or el.parent not in elements_lost:
                elements_lost.setdefault(el.tag, []).append(el.line)
            continue
        known = _PLAYER_ATTRS if el.tag == "Player" else _GAME_ATTRS if el.tag == "Game" else ()
        for attr in el.attrs:
            if known and attr not in known:
                unknown.setdefault((el.tag, attr), []).append(el.line)
        if el.tag == "Player":
            grade, rank = el.attrs.get("grade", "").strip(), el.attrs.get("rank", "").strip()
            if grade and grade.upper() != rank.upper():
                who = f"{el.attrs.get('name', '')} {el.attrs.get('firstName', '')}".strip()
                lines.append(
                    f"第{el.line}行 <Player>：{who} 的申报段级位 grade=“{grade}”与 rank=“{rank}”"
                    "不同，未保存（本程序只存 rank，导出时 grade 写 rank）"
                )
    for (tag, attr), at in unknown.items():
        lines.append(f"<{tag}> 的属性 {attr}（{len(at)} 处，第{at[0]}行起）未保存")
    for tag, at in elements_lost.items():
        lines.append(f"元素 <{tag}>（第{at[0]}行起）本程序不读，未保存")
    return tuple(lines)


def _kept_trees(elements: Sequence[_Element]) -> dict[str, KeptNode]:
    """KEPT_TREES of the file, each element as [tag, attributes, children]."""
    trees: dict[str, KeptNode] = {}
    path: list[KeptNode] = []
    top = -1  # the depth of the tree being read; -1: none
    for el in elements:
        if top >= 0 and el.depth <= top:
            top, path = -1, []
        if top < 0:
            if el.tag in KEPT_TREES and el.depth == 1 and el.tag not in trees:
                node: KeptNode = [el.tag, dict(el.attrs), []]
                trees[el.tag], top, path = node, el.depth, [node]
            continue
        node = [el.tag, dict(el.attrs), []]
        del path[el.depth - top :]
        path[-1][2].append(node)
        path.append(node)
    return trees


def _date(el: _Element | None, attr: str) -> date | None:
    if el is None:
        return None
    try:
        return date.fromisoformat(el.attrs.get(attr, "").strip())
    except ValueError:
        return None


def _parameters(elements: Sequence[_Element]) -> GothaParameters:
    gps = next((e for e in elements if e.tag == "GeneralParameterSet"), None)
    attrs: Mapping[str, str] = gps.attrs if gps is not None else {}
    placement = tuple(
        e.attrs.get("name", "NULL")
        for e in elements
        if e.tag == "PlacementCriterion"
        and e.parent == "PlacementCriteria"
        and e.attrs.get("name", "NULL") in PLACEMENT_NAMES
        and _in_individual_placement(elements, e)
    )
    criteria = tuple(c for c in placement if c != "NULL")
    mm = ("MMS", "STS", "SOSM", "SODOSM", "SOSOSM", "CUSSM", "SOSTS")
    system = "mcmahon" if any(c.startswith(mm) for c in criteria) else "swiss"
    rounds = 5
    if gps is not None:
        rounds = _int(gps, "numberOfRounds", 5, low=1, high=GOTHA_ROUNDS)

    def rank_attr(name: str, default: str) -> str:
        text = attrs.get(name, default)
        try:
            return rank_text(parse_rank(text))
        except ValueError:
            assert gps is not None
            raise GothaError(
                f"第{gps.line}行 <GeneralParameterSet>：{name}=“{text}”无法识别；"
                "请改为 4D、20K 这样的写法。"
            ) from None

    return GothaParameters(
        short_name=attrs.get("shortName", ""),
        name=attrs.get("name", ""),
        location=attrs.get("location", ""),
        director=attrs.get("director", ""),
        begin_date=_date(gps, "beginDate"),
        end_date=_date(gps, "endDate"),
        komi=attrs.get("komi", "7.5"),
        number_of_rounds=rounds,
        system=system,
        mm_bar=rank_attr("genMMBar", "4D"),
        mm_floor=rank_attr("genMMFloor", "20K"),
        placement=criteria or SWISS_PLACEMENT,
        mm_zero=rank_attr("genMMZero", "30K"),
        mms2_absent=_int(gps, "genMMS2ValueAbsent", 1, low=0, high=2) if gps else 1,
        round_down=attrs.get("genRoundDownNBWMMS", "true").strip().lower() != "false",
    )


def _in_individual_placement(elements: Sequence[_Element], target: _Element) -> bool:
    """A PlacementCriterion of the PlacementParameterSet (not the team one's)."""
    owner = ""
    for e in elements:
        if e.tag in ("PlacementParameterSet", "TeamPlacementParameterSet"):
            owner = e.tag
        if e is target:
            return owner == "PlacementParameterSet"
    return False


def describe_unsupported(t: GothaTournament) -> list[str]:
    """The games this program cannot hold (both win, a drawn forfeit): one line each."""
    return [
        f"第{g.line}行 <Game>：第{g.round}轮第{g.table}台的结果 {g.result.value}"
        f"（{UNSUPPORTED_RESULTS[g.result]}）本程序无法记录"
        for g in t.games
        if g.result in UNSUPPORTED_RESULTS
    ]


def iter_rounds(t: GothaTournament) -> Iterable[int]:
    return range(1, t.last_round + 1)
