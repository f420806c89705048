"""OpenGotha XML (issue 18): an event out, a tournament in, and back again.

The round trip runs on files the tests make (the demo's Go final); the fixture below is a
tournament in OpenGotha 3.5's published structure, as its `ExternalDocument.generateXMLFile`
writes it (attributes in the alphabetical order its DOM serialiser gives them).  A bad file
is refused with a Chinese message naming the line and the fix, and changes nothing.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.domain import Result
from app.errors import FinalsError
from app.io.opengotha import (
    MCMAHON_PLACEMENT,
    SWISS_PLACEMENT,
    GothaBye,
    GothaError,
    GothaGame,
    GothaParameters,
    GothaPlayer,
    GothaResult,
    GothaTournament,
    join_name,
    parse_opengotha,
    parse_rank,
    rank_of_grade,
    split_name,
    write_opengotha,
)
from app.services.opengotha import export_opengotha, import_opengotha
from app.services.read_model import load_final
from app.services.tournament import create_tournament, open_tournament
from tests.finals import demo_copy

# Two rounds, five players finally registered and one pre-registered; a bye in round 1, a
# forfeit, a jigo, a game with no result yet, a player who sits out round 2.
FIXTURE = """<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<Tournament dataVersion="201" externalIPAddress="192.168.1.20" fullVersionNumber="3.51" runningMode="SAL" saveDT="20230415183012">
<Players>
<Player agaExpirationDate="" agaId="" club="Pari" country="FR" egfPin="10278015" ffgLicence="0512345" ffgLicenceStatus="" firstName="Luc" grade="2D" name="Vannier" participating="11111111111111111111" rank="2D" rating="2150" ratingOrigin="EGF" registeringStatus="FIN" smmsCorrection="0"/>
<Player agaExpirationDate="" agaId="" club="杭州" country="CN" egfPin="" ffgLicence="" ffgLicenceStatus="" firstName="三" grade="5D" name="张" participating="11111111111111111111" rank="5D" rating="2400" ratingOrigin="MAN" registeringStatus="FIN" smmsCorrection="0"/>
<Player agaExpirationDate="" agaId="" club="" country="CN" egfPin="" ffgLicence="" ffgLicenceStatus="" firstName="明宇" grade="3K" name="欧阳" participating="10111111111111111111" rank="3K" rating="1800" ratingOrigin="INI" registeringStatus="FIN" smmsCorrection="0"/>
<Player agaExpirationDate="" agaId="" club="Brno" country="CZ" egfPin="" ffgLicence="" ffgLicenceStatus="" firstName="Jana" grade="1K" name="Nováková" participating="11111111111111111111" rank="1k" rating="2000" ratingOrigin="EGF" registeringStatus="FIN" smmsCorrection="0"/>
<Player agaExpirationDate="" agaId="" club="" country="DE" egfPin="" ffgLicence="" ffgLicenceStatus="" firstName="Hans" grade="12K" name="van der Berg" participating="11111111111111111111" rank="12K" rating="1300" ratingOrigin="EGF" registeringStatus="FIN" smmsCorrection="0"/>
<Player agaExpirationDate="" agaId="" club="" country="" egfPin="" ffgLicence="" ffgLicenceStatus="" firstName="Late" grade="20K" name="Comer" participating="11111111111111111111" rank="20K" rating="100" ratingOrigin="INI" registeringStatus="PRE" smmsCorrection="0"/>
</Players>
<Games>
<Game blackPlayer="VANNIERLUC" handicap="0" knownColor="true" result="RESULT_BLACKWINS" roundNumber="1" tableNumber="1" whitePlayer="张三"/>
<Game blackPlayer="欧阳明宇" handicap="0" knownColor="true" result="RESULT_WHITEWINS_BYDEF" roundNumber="1" tableNumber="2" whitePlayer="NOVÁKOVÁJANA"/>
<Game blackPlayer="张三" handicap="0" knownColor="true" result="RESULT_EQUAL" roundNumber="2" tableNumber="1" whitePlayer="NOVÁKOVÁJANA"/>
<Game blackPlayer="VANDERBERGHANS" handicap="0" knownColor="true" result="RESULT_UNKNOWN" roundNumber="2" tableNumber="2" whitePlayer="VANNIERLUC"/>
</Games>
<ByePlayers>
<ByePlayer player="VANDERBERGHANS" roundNumber="1"/>
</ByePlayers>
<TournamentParameterSet>
<GeneralParameterSet basicTime="60" beginDate="2023-04-15" canByoYomiTime="300" complementaryTimeSystem="CANBYOYOMI" director="Luc" endDate="2023-04-16" fischerTime="10" genCountNotPlayedGamesAsHalfPoint="false" genMMBar="3D" genMMFloor="20K" genMMS2ValueAbsent="1" genMMS2ValueBye="2" genMMZero="30K" genNBW2ValueAbsent="0" genNBW2ValueBye="2" genRoundDownNBWMMS="true" komi="7.5" location="Paris" name="Tournoi de Paris" nbMovesCanTime="15" numberOfCategories="1" numberOfRounds="4" shortName="paris2023" size="19" stdByoYomiTime="30"/>
<HandicapParameterSet hdBasedOnMMS="true" hdCeiling="9" hdCorrection="1" hdNoHdRankThreshold="1D"/>
<PlacementParameterSet>
<PlacementCriteria>
<PlacementCriterion name="MMS" number="1"/>
<PlacementCriterion name="SOSM" number="2"/>
<PlacementCriterion name="SOSOSM" number="3"/>
<PlacementCriterion name="NULL" number="4"/>
<PlacementCriterion name="NULL" number="5"/>
<PlacementCriterion name="NULL" number="6"/>
</PlacementCriteria>
</PlacementParameterSet>
<PairingParameterSet paiBaAvoidDuplGame="500000000000000" paiBaBalanceWB="1000000" paiBaDeterministic="true" paiBaRandom="0" paiMaAdditionalPlacementCritSystem1="Rating" paiMaAdditionalPlacementCritSystem2="NULL" paiMaAvoidMixingCategories="0" paiMaCompensateDUDD="true" paiMaDUDDLowerMode="MID" paiMaDUDDUpperMode="MID" paiMaDUDDWeight="100000000" paiMaLastRoundForSeedSystem1="1" paiMaMaximizeSeeding="5000000" paiMaMinimizeScoreDifference="100000000000" paiMaSeedSystem1="SPLITANDSLIP" paiMaSeedSystem2="SPLITANDSLIP" paiSeAvoidSameGeo="100000000000" paiSeBarThresholdActive="true" paiSeDefSecCrit="100000000000" paiSeMinimizeHandicap="0" paiSeNbWinsThresholdActive="true" paiSePreferMMSDiffRatherThanSameClub="3" paiSePreferMMSDiffRatherThanSameClubsGroup="2" paiSePreferMMSDiffRatherThanSameCountry="1" paiSeRankThreshold="4D" paiStandardNX1Factor="0.5"/>
<DPParameterSet displayClCol="true" displayCoCol="true" displayIndGamesInMatches="true" displayNPPlayers="false" displayNumCol="true" displayPlCol="true" gameFormat="full" playerSortType="name" showByePlayer="true" showNotFinallyRegisteredPlayers="true" showNotPairedPlayers="true" showNotParticipatingPlayers="false" showPlayerClub="true" showPlayerCountry="false" showPlayerGrade="true"/>
<PublishParameterSet exportToLocalFile="true" htmlAutoScroll="false" print="false"/>
</TournamentParameterSet>
<TeamTournamentParameterSet>
<TeamGeneralParameterSet teamSize="4"/>
<TeamPlacementParameterSet>
<PlacementCriteria>
<PlacementCriterion name="TEAMP" number="1"/>
<PlacementCriterion name="BDW" number="2"/>
</PlacementCriteria>
</TeamPlacementParameterSet>
</TeamTournamentParameterSet>
</Tournament>
"""


def data_of(path: Path) -> str:
    """The file's data as a user sees it: every event, round, game, standing and the log."""
    from app.services.audit import audit_log
    from app.services.read_model import build_export

    db = open_tournament(path)
    try:
        doc = build_export(db)
        doc.pop("exported_at", None)
        blob = json.dumps(
            [doc, [e.to_dict() for e in audit_log(db)]],
            ensure_ascii=False,
            sort_keys=True,
            default=str,
        )
        return hashlib.sha256(blob.encode()).hexdigest()
    finally:
        db.close()


@pytest.fixture(scope="module")
def demo(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("gotha") / "go.finals"
    demo_copy(demo_master("hangzhou-go", players=40, seed=7, rounds=2), path)
    return path


def fresh_go(path: Path) -> Path:
    """A Go final that records draws: the files read here have jigo (a final that records
    none refuses them, tests/io/test_opengotha_keep.py)."""
    from app.services.tournament import set_tournament_fields

    create_tournament(path, "hangzhou-go").close()
    db = open_tournament(path)
    try:
        set_tournament_fields(db, {"draws": "allowed"})
    finally:
        db.close()
    return path


def _pairings(path: Path, code: str) -> list[tuple[int, str, str, str | None]]:
    """(round, black, white, result) of every game, by names; byes as white "—"."""
    db = open_tournament(path)
    try:
        event = load_final(db).event(code)
        assert event is not None
        name = {e.id: e.name for e in event.entrants}
        return [
            (r.number, name[g.first], name[g.second] if g.second else "—", g.result)
            for r in event.rounds
            for g in r.games
        ]
    finally:
        db.close()


def _players(path: Path, code: str) -> list[tuple[int, str, str | None]]:
    db = open_tournament(path)
    try:
        event = load_final(db).event(code)
        assert event is not None
        return [(e.seed, e.name, rank_of_grade(e.grade)) for e in event.entrants]
    finally:
        db.close()


# -- the round trip -------------------------------------------------------------------------


def test_demo_event_round_trips_and_the_second_trip_is_byte_identical(
    demo: Path, tmp_path: Path
) -> None:
    first = tmp_path / "men.xml"
    db = open_tournament(demo)
    try:
        summary = export_opengotha(db, "MEN", first, "测试裁判")
    finally:
        db.close()
    assert summary.players == 40 and summary.rounds == 2

    f2 = fresh_go(tmp_path / "two.finals")
    db = open_tournament(f2)
    try:
        imported = import_opengotha(db, first, "GOTHA", None, "测试裁判")
        assert (imported.players, imported.rounds, imported.games) == (40, 2, 40)
        assert imported.name == "男子个人"  # the tournament's title is not repeated
        second = tmp_path / "again.xml"
        export_opengotha(db, "GOTHA", second)
    finally:
        db.close()

    # Same players (seeds, names with the Chinese kept, ranks), pairings, colours, results.
    assert _players(f2, "GOTHA") == _players(demo, "MEN")
    assert _pairings(f2, "GOTHA") == _pairings(demo, "MEN")

    f3 = fresh_go(tmp_path / "three.finals")
    db = open_tournament(f3)
    try:
        import_opengotha(db, second, "GOTHA")
        third = tmp_path / "third.xml"
        export_opengotha(db, "GOTHA", third)
    finally:
        db.close()
    assert third.read_bytes() == second.read_bytes()
    # The file's own header comes back, its short name too (issue 29): no byte differs.
    assert first.read_bytes() == second.read_bytes()


def test_namesakes_and_players_without_a_grade_come_back(demo: Path, tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "go.finals"
    shutil.copy(demo, path)
    with sqlite3.connect(path) as conn:
        event_id = conn.execute("SELECT id FROM event WHERE code = 'MEN'").fetchone()[0]
        conn.execute(
            "UPDATE entrant SET name = '王伟' WHERE event_id = ? AND seed IN (2, 3)", (event_id,)
        )
        conn.execute(
            "UPDATE player SET grade = NULL WHERE id = "
            "(SELECT player_id FROM entrant WHERE event_id = ? AND seed = 4)",
            (event_id,),
        )
    out = tmp_path / "men.xml"
    db = open_tournament(path)
    try:
        export_opengotha(db, "MEN", out)
    finally:
        db.close()
    t = parse_opengotha(out.read_bytes())
    assert [(p.name, p.first_name) for p in t.players[1:3]] == [("王", "伟(2)"), ("王", "伟(3)")]
    assert (t.players[3].rank, t.players[3].rating) == ("30K", -900)
    fresh = fresh_go(tmp_path / "fresh.finals")
    db = open_tournament(fresh)
    try:
        import_opengotha(db, out, "BACK")
    finally:
        db.close()
    assert _players(fresh, "BACK") == _players(path, "MEN")
    assert _pairings(fresh, "BACK") == _pairings(path, "MEN")
    db = open_tournament(fresh)
    try:
        event = load_final(db).event("BACK")
    finally:
        db.close()
    assert event is not None
    assert [e.name for e in event.entrants[1:3]] == ["王伟", "王伟"]
    assert event.entrants[3].grade is None


def test_exported_file_has_opengotha_structure(demo: Path, tmp_path: Path) -> None:
    out = tmp_path / "men.xml"
    db = open_tournament(demo)
    try:
        export_opengotha(db, "MEN", out)
        event = load_final(db).event("MEN")
    finally:
        db.close()
    assert event is not None
    import xml.etree.ElementTree as ET

    root = ET.fromstring(out.read_bytes())
    assert root.tag == "Tournament" and root.get("dataVersion") == "201"
    players = root.findall("Players/Player")
    assert len(players) == 40
    for p in players:
        assert p.get("name") and p.get("firstName")
        assert len(p.get("club", "")) <= 4 and p.get("country") == "CN"
        assert len(p.get("participating", "")) == 20
        parse_rank(p.get("rank", ""))
    keys = {(p.get("name", "") + p.get("firstName", "")).replace(" ", "").upper() for p in players}
    assert len(keys) == 40
    games = root.findall("Games/Game")
    assert len(games) == 40
    for g in games:
        assert g.get("whitePlayer") in keys and g.get("blackPlayer") in keys
    # The first mover is Black: seed 1's round-1 game as the program holds it.
    one = next(p for p in players if p.get("name") == "邵")
    first_game = event.rounds[0].games[0]
    name = {e.id: e.name for e in event.entrants}
    black = next(g for g in games if g.get("roundNumber") == "1" and g.get("tableNumber") == "1")
    assert name[first_game.first] == join_name(*split_name(name[first_game.first]))
    assert black.get("blackPlayer") == "".join(split_name(name[first_game.first]))
    assert one.get("rank") == "5D"
    tps = root.find("TournamentParameterSet")
    assert tps is not None
    for part in ("GeneralParameterSet", "HandicapParameterSet", "PairingParameterSet"):
        assert tps.find(part) is not None, part
    gps = tps.find("GeneralParameterSet")
    assert gps is not None and gps.get("komi") == "7.5" and gps.get("numberOfRounds") == "9"
    # Swiss: OpenGotha's default McMahon bar and floor.
    assert (gps.get("genMMBar"), gps.get("genMMFloor")) == ("4D", "20K")
    crits = [c.get("name") for c in tps.findall("PlacementParameterSet/PlacementCriteria/*")]
    assert crits[0] == "NBW" and "SOSW" in crits and len(crits) == 6


# -- OpenGotha's own file ----------------------------------------------------------------------


def test_a_file_as_opengotha_writes_it_imports(tmp_path: Path) -> None:
    src = tmp_path / "paris.xml"
    src.write_text(FIXTURE, encoding="utf-8")
    path = fresh_go(tmp_path / "f.finals")
    db = open_tournament(path)
    try:
        summary = import_opengotha(db, src, "PARIS", operator="测试裁判")
        event = load_final(db).event("PARIS")
    finally:
        db.close()
    assert event is not None
    assert (summary.players, summary.rounds, summary.games) == (6, 2, 4)
    assert summary.name == "Tournoi de Paris"
    assert event.rounds_planned == 4
    by_seed = {e.seed: e for e in event.entrants}
    assert [by_seed[k].name for k in range(1, 7)] == [
        "Vannier Luc",
        "张三",
        "欧阳明宇",
        "Nováková Jana",
        "van der Berg Hans",
        "Comer Late",
    ]
    assert [by_seed[k].grade for k in range(1, 7)] == ["2段", "5段", "3级", "1级", "12级", "20级"]
    assert by_seed[1].rating == 2150 and by_seed[3].rating is None  # INI: from the rank
    assert by_seed[2].unit == "杭州" and by_seed[3].unit is None
    assert by_seed[3].absent_rounds == (2,)  # participating "10…": sits out round 2
    assert by_seed[6].status == "withdrawn"  # PRE: not finally registered
    name = {e.id: e.name for e in event.entrants}
    r1, r2 = event.rounds
    assert r1.status == "complete" and r2.status == "paired"
    got = [(name[g.first], name[g.second] if g.second else None, g.result) for g in r1.games]
    assert got == [
        ("Vannier Luc", "张三", Result.FIRST_WINS.value),  # black = first mover
        ("欧阳明宇", "Nováková Jana", Result.SECOND_WINS_BY_FORFEIT.value),
        ("van der Berg Hans", None, Result.BYE.value),
    ]
    got = [(name[g.first], name[g.second or 0], g.result) for g in r2.games]
    assert got == [
        ("张三", "Nováková Jana", Result.DRAW.value),
        ("van der Berg Hans", "Vannier Luc", None),
    ]


def test_a_mcmahon_file_keeps_its_bar_and_floor_when_the_program_has_mcmahon(
    tmp_path: Path,
) -> None:
    t = parse_opengotha(FIXTURE.encode("utf-8"))
    assert t.parameters.system == "mcmahon"
    assert (t.parameters.mm_bar, t.parameters.mm_floor) == ("3D", "20K")
    assert t.parameters.placement == ("MMS", "SOSM", "SOSOSM")
    src = tmp_path / "paris.xml"
    src.write_text(FIXTURE, encoding="utf-8")
    path = fresh_go(tmp_path / "f.finals")
    db = open_tournament(path)
    try:
        summary = import_opengotha(db, src, "PARIS")
        event = load_final(db).event("PARIS")
        assert event is not None
        flat = event.stored.flat()
        assert flat.get("pairing.system") == "mcmahon", flat
        out = tmp_path / "back.xml"
        export_opengotha(db, "PARIS", out)
    finally:
        db.close()
    assert "麦克马洪" in summary.system
    back = parse_opengotha(out.read_bytes())
    assert back.parameters.system == "mcmahon"
    assert (back.parameters.mm_bar, back.parameters.mm_floor) == ("3D", "20K")


def test_a_mcmahon_event_exports_its_bar_floor_and_criteria(
    built_demo: Callable[..., Path], tmp_path: Path
) -> None:
    from app.services.tournament import update_event_settings

    path = tmp_path / "mm.finals"
    built_demo(path, "hangzhou-go", players=20, seed=3, rounds=0)
    db = open_tournament(path)
    try:
        update_event_settings(
            db, "MEN", {"pairing.system": "mcmahon", "mcmahon.bar": "4段", "mcmahon.floor": "1级"}
        )
        out = tmp_path / "mm.xml"
        export_opengotha(db, "MEN", out)
    finally:
        db.close()
    t = parse_opengotha(out.read_bytes())
    assert t.parameters.system == "mcmahon"
    assert (t.parameters.mm_bar, t.parameters.mm_floor) == ("4D", "1K")
    assert t.parameters.placement[0] == "MMS" and "SOSM" in t.parameters.placement
    f2 = fresh_go(tmp_path / "two.finals")
    db = open_tournament(f2)
    try:
        import_opengotha(db, out, "MM")
        event = load_final(db).event("MM")
        again = tmp_path / "again.xml"
        export_opengotha(db, "MM", again)
    finally:
        db.close()
    assert event is not None and event.stored.flat()["pairing.system"] == "mcmahon"
    assert again.read_bytes() == out.read_bytes()  # the file's own short name kept


def test_a_mcmahon_event_without_bar_and_floor_exports_the_programs_defaults(
    built_demo: Callable[..., Path],
    tmp_path: Path,
) -> None:
    """No mcmahon.bar/floor stored: the export says what the pairing uses (5段/20级 → 5D/20K),
    not OpenGotha's own defaults (4D)."""
    from app.pairing.mcmahon import DEFAULT_BAR, DEFAULT_FLOOR
    from app.services.tournament import event_settings, update_event_settings

    path = tmp_path / "mm.finals"
    built_demo(path, "hangzhou-go", players=12, seed=5, rounds=0)
    db = open_tournament(path)
    try:
        update_event_settings(db, "MEN", {"pairing.system": "mcmahon"})
        stored = load_final(db).event("MEN")
        assert stored is not None and "mcmahon.bar" not in stored.stored.flat()
        used = event_settings(db, "MEN")["mcmahon"]
        out = tmp_path / "mm.xml"
        export_opengotha(db, "MEN", out)
    finally:
        db.close()
    assert (used["bar"], used["floor"]) == (DEFAULT_BAR, DEFAULT_FLOOR) == ("5段", "20级")
    t = parse_opengotha(out.read_bytes())
    assert t.parameters.system == "mcmahon"
    assert (t.parameters.mm_bar, t.parameters.mm_floor) == ("5D", "20K")


# -- bad files ----------------------------------------------------------------------------------

BAD = {
    "not XML": ("012 Sample Open\n001    1      Alpha\n", "不是 XML"),
    "broken XML": (FIXTURE[: len(FIXTURE) // 2], "XML 格式错误"),
    "wrong root": ('<?xml version="1.0"?>\n<Tourney><Players/></Tourney>\n', "<Tourney>"),
    "unknown key": (
        FIXTURE.replace('whitePlayer="张三"', 'whitePlayer="LISI"'),
        "第12行 <Game>：whitePlayer=“LISI”不是 <Players> 中任何一名选手",
    ),
    "duplicate": (
        FIXTURE.replace('firstName="Jana"', 'firstName="Luc"').replace(
            'name="Nováková"', 'name="Vannier"'
        ),
        "第7行 <Player>：选手“Vannier Luc”与第4行的选手重复",
    ),
    "unknown rank": (FIXTURE.replace('rank="12K"', 'rank="12级"'), "rank=“12级”无法识别"),
    "unknown result": (
        FIXTURE.replace("RESULT_EQUAL", "RESULT_JIGO"),
        "第14行 <Game>：结果 result=“RESULT_JIGO”无法识别",
    ),
    "both win": (FIXTURE.replace("RESULT_EQUAL", "RESULT_BOTHWIN"), "双方均判胜"),
    "doctype": (
        FIXTURE.replace(
            "<Tournament ",
            '<!DOCTYPE t [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>\n<Tournament ',
            1,
        ),
        "第2行：文件含有文档类型声明（DOCTYPE）",
    ),
    "no players": (
        '<?xml version="1.0"?>\n<Tournament dataVersion="201"><Players/></Tournament>\n',
        "没有选手",
    ),
    "bad round": (
        FIXTURE.replace('roundNumber="2" tableNumber="2"', 'roundNumber="x" tableNumber="2"'),
        "roundNumber=“x”应为整数",
    ),
    "round 21": (
        FIXTURE.replace('roundNumber="2" tableNumber="2"', 'roundNumber="999999" tableNumber="2"'),
        "roundNumber=“999999”应不大于 20",
    ),
    "same round twice": (
        FIXTURE.replace(
            'result="RESULT_EQUAL" roundNumber="2"', 'result="RESULT_EQUAL" roundNumber="1"'
        ),
        "在第1轮已有一盘棋",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_bad_file_is_refused_in_chinese_and_changes_nothing(
    demo: Path, tmp_path: Path, case: str
) -> None:
    text, words = BAD[case]
    path = tmp_path / "go.finals"
    shutil.copy(demo, path)
    before = data_of(path)
    src = tmp_path / "bad.xml"
    src.write_text(text, encoding="utf-8")
    db = open_tournament(path)
    try:
        with pytest.raises(FinalsError) as caught:
            import_opengotha(db, src, "GOTHA", operator="测试裁判")
    finally:
        db.close()
    message = str(caught.value)
    assert words in message, message
    assert str(src) in message  # the file is named
    assert "请" in message  # and the fix
    assert data_of(path) == before


def test_entities_are_never_expanded() -> None:
    bomb = (
        b'<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">'
        b'<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>\n'
        b"<Tournament><Players><Player name='&lol2;' firstName='x'/></Players></Tournament>"
    )
    with pytest.raises(GothaError, match="DOCTYPE"):
        parse_opengotha(bomb)
    # An entity hidden behind an encoding other than ASCII is refused by the parser itself.
    utf16 = bomb.decode().replace('version="1.0"', 'version="1.0" encoding="UTF-16"')
    with pytest.raises(GothaError):
        parse_opengotha(utf16.encode("utf-16"))


def test_an_event_code_already_taken_changes_nothing(demo: Path, tmp_path: Path) -> None:
    path = tmp_path / "go.finals"
    shutil.copy(demo, path)
    src = tmp_path / "paris.xml"
    src.write_text(FIXTURE, encoding="utf-8")
    before = data_of(path)
    db = open_tournament(path)
    try:
        for code in ("men", "男子个人", "A B", ""):
            with pytest.raises(FinalsError):
                import_opengotha(db, src, code)
    finally:
        db.close()
    assert data_of(path) == before


def test_a_gomoku_final_takes_no_opengotha_file(tmp_path: Path) -> None:
    path = tmp_path / "g.finals"
    create_tournament(path, "shaoxing-gomoku-2022").close()
    src = tmp_path / "paris.xml"
    src.write_text(FIXTURE, encoding="utf-8")
    db = open_tournament(path)
    try:
        with pytest.raises(FinalsError, match="围棋"):
            import_opengotha(db, src, "PARIS")
    finally:
        db.close()


# -- the pieces -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "parts"),
    [
        ("张三", ("张", "三")),
        ("欧阳明宇", ("欧阳", "明宇")),
        ("诸葛亮", ("诸葛", "亮")),
        ("欧阳", ("欧", "阳")),  # two characters: a surname and a given name
        ("Vannier Luc", ("Vannier", "Luc")),
        ("王", ("王", "王")),
    ],
)
def test_names_split_and_join_back(name: str, parts: tuple[str, str]) -> None:
    assert split_name(name) == parts
    assert join_name(*parts) == name


@pytest.mark.parametrize(
    ("grade", "rank"),
    [
        ("5段", "5D"),
        ("业余3段", "3D"),
        ("初段", "1D"),
        ("1级", "1K"),
        ("十级", "10K"),
        (None, "30K"),
    ],
)
def test_grades_become_ranks(grade: str | None, rank: str) -> None:
    assert rank_of_grade(grade) == rank


# -- property: random small events, write → read → write ------------------------------------

SURNAMES = "王李张刘陈杨黄赵吴周"
GIVEN = "伟强磊军洋勇杰涛明超芳娜敏静"


@st.composite
def tournaments(draw: st.DrawFn) -> GothaTournament:
    count = draw(st.integers(2, 9))
    names = draw(
        st.lists(
            st.tuples(st.sampled_from(SURNAMES), st.text(GIVEN, min_size=1, max_size=2)),
            min_size=count,
            max_size=count,
            unique_by=lambda n: n[0] + n[1],
        )
    )
    players = tuple(
        GothaPlayer(
            name=s,
            first_name=g,
            rank=draw(st.sampled_from(["30K", "15K", "1K", "1D", "5D", "9D"])),
            rating=draw(st.integers(-900, 2949)),
            rating_origin=draw(st.sampled_from(["INI", "MAN"])),
            club=draw(st.text("杭州宁波AB", max_size=4)),
            participating=tuple(draw(st.lists(st.booleans(), min_size=20, max_size=20))),
            registered=draw(st.booleans()),
        )
        for s, g in names
    )
    keys = [p.key for p in players]
    games: list[GothaGame] = []
    byes: list[GothaBye] = []
    for rnd in range(1, draw(st.integers(0, 4)) + 1):
        order = draw(st.permutations(keys))
        for table, k in enumerate(range(0, len(order) - 1, 2), 1):
            games.append(
                GothaGame(
                    rnd,
                    table,
                    order[k],
                    order[k + 1],
                    draw(st.sampled_from(list(GothaResult))),
                    draw(st.booleans()),
                    draw(st.integers(0, 9)),
                )
            )
        if len(order) % 2:
            byes.append(GothaBye(rnd, order[-1]))
    system = draw(st.sampled_from(["swiss", "mcmahon"]))
    params = GothaParameters(
        short_name=draw(st.text("ABCxyz09", min_size=1, max_size=8)),
        name=draw(st.text("围棋赛 Open&<>\"'", max_size=12)),
        number_of_rounds=draw(st.integers(1, 20)),
        system=system,
        placement=MCMAHON_PLACEMENT if system == "mcmahon" else SWISS_PLACEMENT,
    )
    return GothaTournament(tuple(players), tuple(games), tuple(byes), params, "20230101000000")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(t=tournaments())
def test_write_read_write_is_stable(t: GothaTournament) -> None:
    text = write_opengotha(t)
    back = parse_opengotha(text.encode("utf-8"))
    assert [
        (p.key, p.rank, p.rating, p.club, p.participating, p.registered) for p in back.players
    ] == [(p.key, p.rank, p.rating, p.club, p.participating, p.registered) for p in t.players]
    strip = [
        (g.round, g.table, g.white, g.black, g.result, g.known_colour, g.handicap) for g in t.games
    ]
    assert [
        (g.round, g.table, g.white, g.black, g.result, g.known_colour, g.handicap)
        for g in back.games
    ] == sorted(strip, key=lambda g: (g[0], g[1]))
    assert [(b.round, b.player) for b in back.byes] == [(b.round, b.player) for b in t.byes]
    assert back.parameters.system == t.parameters.system
    assert write_opengotha(back) == text


# A service-level property: random small Go events through the program, export → import →
# export, the second file equal to the first but for the event code.
@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(t=tournaments())
def test_random_events_export_import_export_stable(tmp_path: Path, t: GothaTournament) -> None:
    from app.io.opengotha import UNSUPPORTED_RESULTS

    games = tuple(
        g.__class__(g.round, g.table, g.white, g.black, g.result, True, 0)
        for g in t.games
        if g.result not in UNSUPPORTED_RESULTS
    )
    t = GothaTournament(t.players, games, t.byes, t.parameters, t.save_time)
    folder = tmp_path / f"run{abs(hash(write_opengotha(t))) % 10**9}"
    folder.mkdir()
    src = folder / "in.xml"
    src.write_text(write_opengotha(t), encoding="utf-8")
    outs = []
    for k in (1, 2):
        path = fresh_go(folder / f"f{k}.finals")
        db = open_tournament(path)
        try:
            import_opengotha(db, src, "RND")
            out = folder / f"out{k}.xml"
            export_opengotha(db, "RND", out)
        finally:
            db.close()
        outs.append(out.read_bytes())
        src = out
    assert outs[0] == outs[1]


# Issue 42 §5: an XML declaring an encoding expat does not know.
_GOTHA_XML = (
    '<?xml version="1.0" encoding="{enc}"?>\n'
    '<Tournament dataVersion="201" runningProgram="OpenGotha" runningProgramVersion="3.51">\n'
    "<Players>\n"
    '<Player agaExpirationDate="" agaId="" club="HZ" country="CN" egfPin="" ffgLicence="" '
    'ffgLicenceStatus="" firstName="三" grade="1D" name="张" participating="11111" '
    'rank="1D" rating="2100" ratingOrigin="" registeringStatus="FIN" smmsCorrection="0"/>\n'
    "</Players>\n</Tournament>\n"
)


@pytest.mark.parametrize("encoding", ["GBK", "GB2312", "gb18030", "UTF-7", "windows-1252"])
def test_a_declared_encoding_python_knows_is_decoded(tmp_path: Path, encoding: str) -> None:
    from app.services.opengotha import read_opengotha

    text = _GOTHA_XML.replace("{enc}", encoding)
    if encoding.lower() == "windows-1252":
        text = text.replace('firstName="三"', 'firstName="Zoë"').replace(
            'name="张"', 'name="Müller"'
        )
    path = tmp_path / "t.xml"
    path.write_bytes(text.encode(encoding))
    tournament = read_opengotha(path)
    names = {(p.name, p.first_name) for p in tournament.players}
    assert names in ({("张", "三")}, {("Müller", "Zoë")}), names


@pytest.mark.parametrize("encoding", ["x-unknown-42", "GBK"])
def test_an_unknown_or_wrong_encoding_is_refused_in_chinese(tmp_path: Path, encoding: str) -> None:
    from app.errors import FinalsError
    from app.services.opengotha import read_opengotha

    path = tmp_path / "t.xml"
    data = _GOTHA_XML.replace("{enc}", encoding).encode("utf-8")
    if encoding == "GBK":
        data = data.replace("张".encode(), b"\xff\xff")  # not GBK
    path.write_bytes(data)
    with pytest.raises(FinalsError) as refused:
        read_opengotha(path)
    assert str(path) in refused.value.message and "编码" in refused.value.message
