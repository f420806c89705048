"""What an OpenGotha file holds comes back out (issue 29 §1).

An import keeps the file's parameter sets (pairing, handicap, display, publish, team), the
event's own name, venue, dates and komi, each player's licences and the split of his name;
an export writes them back; import → export → import loses nothing on any shared file.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from app.io.opengotha import parse_opengotha
from app.services.opengotha import export_opengotha, import_opengotha
from app.services.tournament import create_tournament, open_tournament
from app.store.database import Database
from tests.shared_files import SHARED, require

REFERENCE = SHARED / "reference" / "opengotha"
FILES = ["Toulouse2024", "notsimplemm", "notsosimpleswiss", "simplemm", "simpleswiss"]


def _source(name: str) -> Path:
    source = REFERENCE / name / f"{name}.xml"
    require(source.parent)
    return source


def _final(tmp_path: Path) -> Database:
    path = tmp_path / "go.finals"
    create_tournament(path, "hangzhou-go").close()
    return open_tournament(path)


def _trip(tmp_path: Path, source: Path, code: str = "GOTHA") -> Path:
    """Import `source` into a new final, export it; the exported file."""
    db = _final(tmp_path)
    try:
        import_opengotha(db, source, code)
        out = tmp_path / f"{code}.xml"
        export_opengotha(db, code, out)
    finally:
        db.close()
    return out


def _attrs(path: Path, tag: str) -> dict[str, str]:
    root = ET.parse(path).getroot()
    found = root.find(f".//{tag}")
    assert found is not None, tag
    return dict(found.attrib)


@pytest.mark.parametrize("name", FILES)
def test_the_parameter_sets_come_back_as_the_file_had_them(tmp_path: Path, name: str) -> None:
    source = _source(name)
    out = _trip(tmp_path, source)
    for tag in (
        "PairingParameterSet",
        "HandicapParameterSet",
        "DPParameterSet",
        "PublishParameterSet",
        "TeamGeneralParameterSet",
    ):
        assert _attrs(out, tag) == _attrs(source, tag), tag


@pytest.mark.parametrize("name", FILES)
def test_the_events_own_name_venue_dates_and_komi_are_written(tmp_path: Path, name: str) -> None:
    source = _source(name)
    out = _trip(tmp_path, source)
    # Everything of the general set: the header, time system, counting of byes and absences.
    assert _attrs(out, "GeneralParameterSet") == _attrs(source, "GeneralParameterSet")


def _criteria(path: Path) -> list[str]:
    root = ET.parse(path).getroot()
    found = root.find("TournamentParameterSet/PlacementParameterSet/PlacementCriteria")
    assert found is not None
    return [c.attrib["name"] for c in found]


def test_a_swiss_event_with_sos_and_sosos_writes_its_placement_criteria(tmp_path: Path) -> None:
    from app.services.tournament import update_event_settings

    db = _final(tmp_path)
    try:
        import_opengotha(db, _source("simplemm"), "GOTHA")
        update_event_settings(
            db, "GOTHA", {"pairing.system": "swiss", "standings.tiebreaks": ["SOS", "SOSOS"]}
        )
        out = tmp_path / "swiss.xml"
        export_opengotha(db, "GOTHA", out)
    finally:
        db.close()
    assert _criteria(out) == ["NBW", "SOSW", "SOSOSW", "NULL", "NULL", "NULL"]


@pytest.mark.parametrize("name", ["simpleswiss", "notsosimpleswiss"])
def test_a_swiss_file_keeps_its_placement_criteria(tmp_path: Path, name: str) -> None:
    source = _source(name)
    assert _criteria(_trip(tmp_path, source)) == _criteria(source)


def test_a_pairgoth_file_with_a_bye_player_wrapper_imports(tmp_path: Path) -> None:
    """Pairgoth writes its byes inside <ByePlayer> (not <ByePlayers>), with keys it does not
    upper-case; OpenGotha itself skips them: here they come in as byes."""
    source = _source("notsimplemm")
    text = source.read_text(encoding="utf-8")
    text = text.replace("<ByePlayers>", "<ByePlayer>").replace("</ByePlayers>", "</ByePlayer>")
    text = text.replace('player="DURANDROMAIN"', 'player="DurandRomain"')
    pairgoth = tmp_path / "pairgoth.xml"
    pairgoth.write_text(text, encoding="utf-8")
    original = parse_opengotha(source.read_bytes())
    assert parse_opengotha(pairgoth.read_bytes()).byes == original.byes
    assert len(original.byes) == 3
    empty = tmp_path / "empty.xml"
    empty.write_text(
        text[: text.index("<ByePlayer>")]
        + "<ByePlayer>\n</ByePlayer>"
        + text[text.index("</ByePlayer>") + len("</ByePlayer>") :],
        encoding="utf-8",
    )
    assert parse_opengotha(empty.read_bytes()).byes == ()


def test_a_draw_is_refused_where_the_final_takes_none(tmp_path: Path) -> None:
    from app.errors import FinalsError
    from app.services.read_model import load_final
    from app.services.tournament import list_events, set_tournament_fields

    source = _source("simplemm")
    text = source.read_text(encoding="utf-8")
    game = next(x for x in text.splitlines() if "<Game " in x and 'roundNumber="2"' in x)
    drawn = tmp_path / "drawn.xml"
    drawn.write_text(
        text.replace(
            game,
            game.replace('result="RESULT_BLACKWINS"', 'result="RESULT_EQUAL"').replace(
                'result="RESULT_WHITEWINS"', 'result="RESULT_EQUAL"'
            ),
        ),
        encoding="utf-8",
    )
    line = text.splitlines().index(game) + 1
    db = _final(tmp_path)
    try:
        with pytest.raises(FinalsError) as refused:
            import_opengotha(db, drawn, "GOTHA")
        message = str(refused.value)
        assert f"第{line}行" in message and "第2轮" in message and "和棋" in message
        assert "komi=“7.5”" in message and "--set draws=allowed" in message
        assert not any(e.code == "GOTHA" for e in list_events(db))
        set_tournament_fields(db, {"draws": "allowed"})
        import_opengotha(db, drawn, "GOTHA")
        event = load_final(db).event("GOTHA")
        assert event is not None
        results = [g.result for r in event.rounds if r.number == 2 for g in r.games]
        assert "=" in results  # the draw, as the file has it
    finally:
        db.close()


def test_what_cannot_be_kept_is_named_field_by_field(tmp_path: Path) -> None:
    source = _source("simplemm")
    text = source.read_text(encoding="utf-8")
    noguchi = next(x for x in text.splitlines() if 'name="Noguchi"' in x)
    game = next(x for x in text.splitlines() if "<Game " in x)
    text = text.replace(
        noguchi,
        noguchi.replace('grade="7D"', 'grade="6D"').replace("<Player ", '<Player photo="n.jpg" '),
    )
    text = text.replace(game, game.replace("<Game ", '<Game comment="late" '))
    text = text.replace("</Games>", '</Games>\n    <Teams><Team name="Grenoble"/></Teams>')
    edited = tmp_path / "edited.xml"
    edited.write_text(text, encoding="utf-8")
    db = _final(tmp_path)
    try:
        plain = import_opengotha(db, source, "PLAIN").notes
        notes = import_opengotha(db, edited, "GOTHA").notes
    finally:
        db.close()
    added = [n for n in notes if n not in plain]
    assert any("grade" in n and "Noguchi" in n and "6D" in n for n in added), added
    assert any("photo" in n and "<Player>" in n for n in added), added
    assert any("comment" in n and "<Game>" in n for n in added), added
    assert any("<Teams>" in n for n in added), added
    assert not any("未保存" in n for n in plain), plain  # the shared file loses nothing


def _players(path: Path) -> list[dict[str, str]]:
    root = ET.parse(path).getroot()
    return sorted((dict(p.attrib) for p in root.iter("Player")), key=lambda a: a["name"])


@pytest.mark.parametrize("name", FILES)
def test_import_export_import_loses_nothing(tmp_path: Path, name: str) -> None:
    from app.services.tournament import event_settings

    source = _source(name)
    original = parse_opengotha(source.read_bytes())
    db = _final(tmp_path)
    try:
        import_opengotha(db, source, "ONE")
        out = tmp_path / "one.xml"
        export_opengotha(db, "ONE", out)
        import_opengotha(db, out, "TWO")
        assert event_settings(db, "TWO") == event_settings(db, "ONE")
    finally:
        db.close()
    back = parse_opengotha(out.read_bytes())
    # Every attribute of every player, as the file wrote it (names, ranks, ratings and
    # their origin, country, club, licences, rounds played, registration, correction).
    assert _players(out) == _players(source)

    def games(t: object) -> list[tuple[object, ...]]:
        return [
            (g.round, g.table, g.white, g.black, g.result, g.handicap, g.known_colour)
            for g in t.games
        ]

    assert games(back) == games(original)
    assert [(b.round, b.player) for b in back.byes] == [(b.round, b.player) for b in original.byes]
    assert back.parameters.placement == original.parameters.placement
