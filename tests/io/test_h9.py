"""EGF h9 (issue 18): the header, one line per player, and cross references that agree.

The file is read back by a small parser written here from the EGF's format text (not the
writer's code): `<place> <surname> <given> <rank> <country> <club> <scores...> <rounds...>`,
a round being `<opponent's place><+|-|=>[/<w|b>[h]]` or with `!` for a forfeit.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from app.domain import Result
from app.errors import FinalsError
from app.io.h9 import H9Options, club_code, event_h9, latin_name, write_h9
from app.services.opengotha import export_h9
from app.services.read_model import load_final
from app.services.tournament import open_tournament
from tests.finals import demo_copy

ROUND = re.compile(r"^(\d+)([+\-=])(?:(!)|/([wb])(\d*))?$")


@dataclass
class Line:
    place: int
    name: str
    rank: str
    country: str
    club: str
    rounds: list[tuple[int, str, str, bool]]  # (opponent, symbol, colour, forfeit)


def read_h9(text: str, rounds: int) -> tuple[dict[str, str], list[Line]]:
    header: dict[str, str] = {}
    lines: list[Line] = []
    for raw in text.splitlines():
        if raw.startswith(";"):
            found = re.match(r"^;\s*([A-Z]{2})\[(.*)\]$", raw)
            if found:
                header[found.group(1)] = found.group(2)
            continue
        body = raw.split(";", 1)[0]
        if not body.strip():
            continue
        words = body.split()
        place = int(words[0])
        entries = words[-rounds:]
        parsed = []
        for entry in entries:
            m = ROUND.match(entry)
            assert m, entry
            parsed.append((int(m.group(1)), m.group(2), m.group(4) or "", m.group(3) == "!"))
        rank_at = next(k for k, w in enumerate(words) if re.fullmatch(r"\d{1,2}[dkp]", w))
        lines.append(
            Line(
                place=place,
                name=" ".join(words[1:rank_at]),
                rank=words[rank_at],
                country=words[rank_at + 1],
                club=words[rank_at + 2],
                rounds=parsed,
            )
        )
    return header, lines


@pytest.fixture(scope="module")
def demo(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("h9") / "go.finals"
    demo_copy(demo_master("hangzhou-go", players=40, seed=7, rounds=2), path)
    return path


def test_h9_of_the_demo_is_consistent(demo: Path, tmp_path: Path) -> None:
    out = tmp_path / "men.h9"
    db = open_tournament(demo)
    try:
        summary = export_h9(db, "MEN", out, "测试裁判", H9Options(time=90))
        event = load_final(db).event("MEN")
    finally:
        db.close()
    assert event is not None and summary.players == 40 and summary.rounds == 2
    raw = out.read_bytes()
    assert raw.isascii()
    text = raw.decode("ascii")
    header, lines = read_h9(text, 2)
    assert header["CL"] == "A" and header["KM"] == "7.5" and header["TM"] == "90"
    assert header["DT"] == "2022-10-27,2022-11-01"
    assert header["PC"].startswith("CN,") and header["EV"]
    # One line per player, places 1..n in the standings' order.
    assert [ln.place for ln in lines] == list(range(1, 41))
    order = [row.entrant for row in event.standings.rows]
    names = {e.id: e for e in event.entrants}
    for ln, entrant in zip(lines, order, strict=True):
        surname, given = latin_name(names[entrant].name)
        assert ln.name == f"{surname} {given}"
        assert ln.country == "CN" and re.fullmatch(r"\d{1,2}[dk]", ln.rank)
    # Cross references agree: if A beat B, B's line shows the loss against A's place, with
    # the other colour.
    by_place = {ln.place: ln for ln in lines}
    opposite = {"+": "-", "-": "+", "=": "="}
    for ln in lines:
        for r, (opp, symbol, colour, forfeit) in enumerate(ln.rounds):
            if opp == 0:
                continue
            theirs = by_place[opp].rounds[r]
            assert theirs[0] == ln.place
            assert theirs[3] == forfeit
            if forfeit and symbol == "-" and theirs[1] == "-":
                continue  # both forfeited
            assert theirs[1] == opposite[symbol]
            if not forfeit:
                assert {colour, theirs[2]} == {"w", "b"}
    # Black is the first mover: seed order of round 1's table 1.
    game = event.rounds[0].games[0]
    place = {entrant: k for k, entrant in enumerate(order, 1)}
    first = by_place[place[game.first]].rounds[0]
    assert first[0] == place[game.second] and first[2] == "b"
    won = Result(game.result) is Result.FIRST_WINS
    assert first[1] == ("+" if won else "-")
    # A forfeit carries "!" (the demo has one: -+).
    forfeits = [e for ln in lines for e in ln.rounds if e[3]]
    assert len(forfeits) == 2 and {f[1] for f in forfeits} == {"+", "-"}


def test_byes_and_unplayed_rounds_use_the_free_round_codes(demo: Path) -> None:
    from dataclasses import replace

    db = open_tournament(demo)
    try:
        final = load_final(db)
    finally:
        db.close()
    event = final.event("MEN")
    assert event is not None
    # Make round 2's table 1 a bye for its first player and drop its second player's game.
    rnd = event.rounds[1]
    game = rnd.games[0]
    bye = replace(game, second=None, result=Result.BYE.value)
    event = replace(event, rounds=(event.rounds[0], replace(rnd, games=(bye, *rnd.games[1:]))))
    table = event_h9(final.tournament, event, H9Options())
    _, lines = read_h9(write_h9(table), 2)
    place = {p.entrant: p.place for p in table.players}
    assert lines[place[game.first] - 1].rounds[1][:2] == (0, "+")  # a bye scores a win
    assert game.second is not None
    assert lines[place[game.second] - 1].rounds[1][:2] == (0, "-")  # no game


@pytest.mark.parametrize(
    ("name", "latin"),
    [
        ("张三丰", ("Zhang", "Sanfeng")),
        ("欧阳明宇", ("Ouyang", "Mingyu")),
        ("曾飞", ("Zeng", "Fei")),  # the surname reading
        ("吕伟", ("Lyu", "Wei")),
        ("Vannier Luc", ("Vannier", "Luc")),
        ("Nováková Jana", ("Novakova", "Jana")),
    ],
)
def test_names_in_pinyin(name: str, latin: tuple[str, str]) -> None:
    assert latin_name(name) == latin


def test_club_codes() -> None:
    assert club_code("杭州市棋类协会") == "HZSQ"
    assert club_code(None) == "xxxx"


def test_h9_refusals(demo: Path, tmp_path: Path) -> None:
    db = open_tournament(demo)
    try:
        with pytest.raises(FinalsError, match="个人赛"):
            export_h9(db, "MTEAM", tmp_path / "t.h9")
        # what h9 cannot hold is refused naming the flag, never cut or dropped silently
        for options, flag in (
            (H9Options(country="中国"), "--country"),
            (H9Options(country="CHN"), "--country"),
            (H9Options(club="HZWQX"), "--club"),
            (H9Options(club="杭州"), "--club"),
            (H9Options(city="杭州"), "--city"),
            (H9Options(city="Hangzhou（西湖）"), "--city"),
            (H9Options(city="  "), "--city"),
        ):
            with pytest.raises(FinalsError, match=flag):
                export_h9(db, "MEN", tmp_path / "t.h9", options=options)
        with pytest.raises(FinalsError, match="没有项目"):
            export_h9(db, "NOPE", tmp_path / "t.h9")
    finally:
        db.close()
    assert not (tmp_path / "t.h9").exists()
